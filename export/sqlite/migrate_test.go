package sqlite_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export/sqlite"
)

// TestConcurrentFirstOpen opens one new database file from several
// stores at once, as crawls started together do: each migration is
// applied once and every store opens on the current schema (or, at
// worst, says that the database is locked), never failing on a table
// another store has just created.
func TestConcurrentFirstOpen(t *testing.T) {
	for round := range 5 {
		path := filepath.Join(t.TempDir(), "c.db")
		const n = 6
		errs := make([]error, n)
		stores := make([]*sqlite.Store, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				stores[i], errs[i] = sqlite.Open(path)
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				assert.Contains(t, err.Error(), "locked by another process", "round %d, store %d", round, i)
				continue
			}
			require.NoError(t, stores[i].Close())
		}
		st, err := sqlite.OpenReadOnly(path)
		require.NoError(t, err, "the schema is whole")
		require.NoError(t, st.Close())
	}
}

// TestDeferredIndexesNoWrite: after a first crawl killed before it
// rebuilt its deferred indexes, the next store to open the database
// rebuilds them when it closes even if it stores nothing, as a crawl
// that finds every input read does.
func TestDeferredIndexesNoWrite(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	st, err := sqlite.Open(path)
	require.NoError(t, err)
	_, err = st.Put(ctx, benchRecords(20))
	require.NoError(t, err)
	require.NoError(t, st.DB().Close()) // killed: no Close

	st, err = sqlite.Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Close())

	st, err = sqlite.Open(path)
	require.NoError(t, err)
	defer st.Close()
	assert.Equal(t, []string{"messages_date", "messages_legacy", "messages_seq", "messages_series", "messages_thread", "observations_verdict"}, indexes(t, st.DB()))
}

// TestAnyFileName opens databases whose names hold the characters a
// SQLite URI gives a meaning to ('#', '?', '%', spaces, a leading '//'):
// each is created under its own name, beside no other file, and opens
// again read-only with what was stored.
func TestAnyFileName(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"a#b.db", "a?mode=ro.db", "100%25 sure.db", "a b  c.db", "#?%", "x%3Fy.db", "ümlaut.db"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for _, path := range []string{filepath.Join(dir, name), "//" + filepath.Join(dir, name)} {
				st, err := sqlite.Open(path)
				require.NoError(t, err, path)
				_, err = st.Put(ctx, benchRecords(3))
				require.NoError(t, err)
				require.NoError(t, st.Close())
				ro, err := sqlite.OpenReadOnly(path)
				require.NoError(t, err, path)
				var n int
				require.NoError(t, ro.DB().QueryRow(`SELECT count(*) FROM messages`).Scan(&n))
				assert.Equal(t, 3, n, path)
				require.NoError(t, ro.Close())
			}
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			var files []string
			for _, e := range entries {
				// A read-only reader may leave the WAL's files beside it.
				if n := e.Name(); n != name+"-wal" && n != name+"-shm" {
					files = append(files, n)
				}
			}
			assert.Equal(t, []string{name}, files, "the database and nothing else")
		})
	}
	// A relative name is relative to the working directory.
	dir := t.TempDir()
	t.Chdir(dir)
	st, err := sqlite.Open("rel#1.db")
	require.NoError(t, err)
	require.NoError(t, st.Close())
	_, err = os.Stat(filepath.Join(dir, "rel#1.db"))
	assert.NoError(t, err)
}
