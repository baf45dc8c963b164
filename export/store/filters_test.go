package store

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestFilters(t *testing.T) {
	since := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
	q := Query{Series: "50%", Author: "kim", Since: since}
	pg := Dialect{Like: "ILIKE", Placeholder: func(n int) string { return fmt.Sprintf("$%d", n) }, Time: func(t time.Time) any { return t }}
	where, args := Filters(q, pg)
	assert.Equal(t, " WHERE se.title ILIKE $1 AND (t.author ILIKE $2 OR m.from_email ILIKE $3) AND m.date >= $4", where)
	assert.Equal(t, []any{`%50\%%`, "%kim%", "%kim%", since}, args)

	lite := Dialect{Like: "LIKE", Escape: ` ESCAPE '\'`, Placeholder: func(int) string { return "?" }, Time: func(t time.Time) any { return t.Unix() }}
	where, args = Filters(Query{Series: "x", Benchmark: "fio"}, lite)
	assert.Equal(t, ` WHERE t.benchmark LIKE ? AND se.title LIKE ? ESCAPE '\'`, where)
	assert.Len(t, args, 2)

	where, args = Filters(Query{}, lite)
	assert.Empty(t, where)
	assert.Empty(t, args)
}
