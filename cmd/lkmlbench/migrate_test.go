package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export/sqlite"
)

// splitToMaildir writes the messages of the mbox files, in order, as the
// files md/cur/01.fixture:2,S, 02..., of a Maildir under dir.
func splitToMaildir(t *testing.T, dir string, mboxes ...string) {
	t.Helper()
	for _, sub := range []string{"cur", "new", "tmp"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "md", sub), 0o755))
	}
	n := 0
	for _, path := range mboxes {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		for _, part := range bytes.Split(append([]byte("\n"), data...), []byte("\nFrom ")) {
			// The separator line itself is not part of the message.
			if i := bytes.IndexByte(part, '\n'); i >= 0 && len(bytes.TrimSpace(part[i+1:])) > 0 {
				n++
				name := filepath.Join(dir, "md", "cur", fmt.Sprintf("%02d.fixture:2,S", n))
				require.NoError(t, os.WriteFile(name, append(part[i+1:], '\n'), 0o644))
			}
		}
	}
}

// TestCrawlMigratesOldDatabase crawls a Maildir into a database that an
// older lkmlbench wrote (testdata/schema3-maildir.db: schema 3, made by
// commit f357067's crawl of this Maildir, which keyed the messages it
// decoded by their decoded text), as the error message about an old
// schema advises: the database migrates, no message is stored twice, and
// it then holds and prints exactly what a fresh crawl gives, its table
// numbering rebuilt. A crawl that decodes everything (--decode-all) keys
// every message as one that skips most does.
func TestCrawlMigratesOldDatabase(t *testing.T) {
	dir := t.TempDir()
	splitToMaildir(t, dir, filepath.Join("..", "..", "testdata", "example-thread.mbox"),
		filepath.Join("..", "..", "testdata", "series.mbox"))
	old, err := os.ReadFile(filepath.Join("testdata", "schema3-maildir.db"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "old.db"), old, 0o644))

	runCLI(t, dir, "crawl", "--db", "old.db", "md")
	runCLI(t, dir, "crawl", "--db", "fresh.db", "md")
	for _, db := range []string{"old.db", "fresh.db"} {
		runCLI(t, dir, "crawl", "--rescan", "--decode-all", "--db", db, "md")
		st, err := sqlite.OpenReadOnly(filepath.Join(dir, db))
		require.NoError(t, err)
		var msgs, tables int
		require.NoError(t, st.DB().QueryRow(`SELECT (SELECT count(*) FROM messages), (SELECT count(*) FROM tables)`).Scan(&msgs, &tables))
		require.NoError(t, st.Close())
		assert.Equal(t, 10, msgs, "%s: each message once", db)
		assert.Equal(t, 7, tables, db)
	}
	for _, args := range [][]string{{"query", "-f", "jsonl"}, {"summary", "--color", "never"}} {
		want := runCLI(t, dir, append(args, "--db", "fresh.db")...)
		require.NotEmpty(t, want)
		assert.Equal(t, want, runCLI(t, dir, append(args, "--db", "old.db")...), "%v", args)
	}
}
