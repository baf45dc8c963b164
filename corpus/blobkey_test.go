package corpus_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/corpus"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
)

// oldGitKeys turns the database at path into what lkmlbench wrote
// before schema 6: its git messages keyed by SHA-256 of their bytes
// (without the blank line that may end them) rather than by blob id,
// unmarked, at schema 5.
func oldGitKeys(t *testing.T, path string, commits, blobs []plumbing.Hash, msgs []string) {
	t.Helper()
	st, err := sqlite.Open(path)
	require.NoError(t, err)
	db := st.DB()
	for i, c := range commits {
		data := []byte(msgs[i])
		if bytes.HasSuffix(data, []byte("\n\n")) {
			data = data[:len(data)-1]
		}
		sum := sha256.Sum256(data)
		res, err := db.Exec(`UPDATE messages SET content_hash = ?, legacy_hash = 0 WHERE commit_id = ? AND content_hash = ?`,
			sum[:16], c.String(), blobs[i][:16])
		require.NoError(t, err)
		n, err := res.RowsAffected()
		require.NoError(t, err)
		require.EqualValues(t, 1, n, "commit %d is stored under its blob id", i)
	}
	_, err = db.Exec(`PRAGMA user_version = 5`)
	require.NoError(t, err)
	require.NoError(t, st.Close())
}

// TestGitBlobKeys: a public-inbox message is keyed by its blob id, by
// both git readers alike. A database whose git messages an older
// lkmlbench keyed by SHA-256 migrates (schema 6 marks them), and neither
// a rescan of the epoch, nor a rescan of a database merged from it,
// stores any of them twice.
func TestGitBlobKeys(t *testing.T) {
	msgs := corpusMessages(12)
	repo, commits, blobs := looseInbox(t, msgs, nil)
	ctx := context.Background()
	for _, reader := range gitReaders() {
		t.Run(reader, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "old.db")
			st, err := sqlite.Open(path)
			require.NoError(t, err)
			p, err := corpus.Crawl(ctx, st, []string{repo}, corpus.Options{GitReader: reader})
			require.NoError(t, err)
			require.EqualValues(t, 12, p.Stored)
			require.NoError(t, st.Close())
			oldGitKeys(t, path, commits, blobs, msgs)

			st = openStore(t, path)
			assert.Equal(t, 12, count(t, st, `SELECT count(*) FROM messages WHERE legacy_hash = 1`), "schema 6 marks the old keys")
			p, err = corpus.Crawl(ctx, st, []string{repo}, corpus.Options{GitReader: reader, Rescan: true})
			require.NoError(t, err)
			assert.Zero(t, p.Stored, "the rescan finds every message stored")
			assert.EqualValues(t, 12, p.Duplicates)

			merged := openStore(t, filepath.Join(dir, "merged.db"))
			_, err = corpus.Merge(ctx, merged, st)
			require.NoError(t, err)
			assert.Equal(t, 12, count(t, merged, `SELECT count(*) FROM messages WHERE legacy_hash = 1`), "the marks move with the messages")
			p, err = corpus.Crawl(ctx, merged, []string{repo}, corpus.Options{GitReader: reader, Rescan: true})
			require.NoError(t, err)
			assert.Zero(t, p.Stored, "nor does a rescan of the merged database")

			fresh := openStore(t, filepath.Join(dir, "fresh.db"))
			_, err = corpus.Crawl(ctx, fresh, []string{repo}, corpus.Options{GitReader: reader})
			require.NoError(t, err)
			for i, b := range blobs {
				assert.Equal(t, 1, count(t, fresh, `SELECT count(*) FROM messages WHERE commit_id = ? AND content_hash = ?`, commits[i].String(), b[:16]), "commit %d", i)
			}
		})
	}
}
