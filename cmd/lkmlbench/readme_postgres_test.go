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

	"github.com/lkmlbench/lkmlbench/export/postgres"
	"github.com/lkmlbench/lkmlbench/internal/pgtest"
)

// TestReadmePostgresQueries runs the example SQL queries of the README's
// PostgreSQL section against a crawl of the example thread: each must
// run and return rows.
func TestReadmePostgresQueries(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	readme := string(b)
	_, section, ok := strings.Cut(readme, "### A shared PostgreSQL database")
	require.True(t, ok, "README.md has no PostgreSQL section")
	blocks := pgsqlBlock.FindAllStringSubmatch(section, -1)
	require.Len(t, blocks, 1, "one ```pgsql block in the PostgreSQL section")
	var queries []string
	for _, q := range strings.Split(blocks[0][1], ";") {
		if strings.TrimSpace(q) != "" {
			queries = append(queries, q)
		}
	}
	require.Len(t, queries, 3)

	db := pgtest.Database(t)
	example, err := filepath.Abs(filepath.Join("..", "..", "testdata", "example-thread.mbox"))
	require.NoError(t, err)
	runCLI(t, t.TempDir(), "crawl", "--db", db, example)
	st, err := postgres.Open(context.Background(), db)
	require.NoError(t, err)
	defer st.Close()
	for _, q := range queries {
		rows, err := st.DB().Query(context.Background(), q)
		require.NoError(t, err, q)
		n := 0
		for rows.Next() {
			n++
		}
		require.NoError(t, rows.Err(), q)
		assert.Positive(t, n, "no rows from %s", q)
	}
}

// pgsqlBlock finds the README's ```pgsql blocks: SQL for PostgreSQL,
// which TestReadmeSQL (SQLite) leaves alone.
var pgsqlBlock = regexp.MustCompile("(?s)```pgsql\n(.*?)```")
