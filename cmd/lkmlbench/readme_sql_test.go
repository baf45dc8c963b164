package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export/sqlite"
)

// sqlBlock finds the README's ```sql blocks.
var sqlBlock = regexp.MustCompile("(?s)```sql\n(.*?)```")

// TestReadmeSQL runs every SQL example of the README against a database
// crawled from the fixtures: each statement must run and return rows.
func TestReadmeSQL(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	var stmts []string
	for _, m := range sqlBlock.FindAllStringSubmatch(string(b), -1) {
		var cur []string
		for _, line := range strings.Split(m[1], "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "--") || strings.TrimSpace(line) == "" {
				continue
			}
			cur = append(cur, line)
			if strings.HasSuffix(strings.TrimSpace(line), ";") {
				stmts = append(stmts, strings.Join(cur, "\n"))
				cur = nil
			}
		}
		require.Empty(t, cur, "a statement without ';' at its end")
	}
	require.GreaterOrEqual(t, len(stmts), 4)

	db := filepath.Join(t.TempDir(), "readme.db")
	var stdout, stderr strings.Builder
	require.Equal(t, exitOK, run([]string{"crawl", "--db", db,
		filepath.Join("..", "..", "testdata", "series.mbox"),
		filepath.Join("..", "..", "testdata", "example-thread.mbox")}, &stdout, &stderr), stderr.String())
	st, err := sqlite.Open(db)
	require.NoError(t, err)
	defer st.Close()
	for _, q := range stmts {
		rows, err := st.DB().QueryContext(context.Background(), q)
		if !assert.NoError(t, err, q) {
			continue
		}
		n := 0
		for rows.Next() {
			n++
		}
		assert.NoError(t, rows.Err(), q)
		rows.Close()
		assert.Positive(t, n, "no rows: %s", q)
	}
}
