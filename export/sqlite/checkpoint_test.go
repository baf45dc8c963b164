package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/export/store"
)

// TestCheckpoints stores checkpoints with a batch and reads them back by
// input: the input itself and the paths below it, not a sibling whose
// name starts alike, and only those of the asked selection. A later
// checkpoint of the same input replaces the earlier one.
func TestCheckpoints(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "c.db"))
	require.NoError(t, err)
	defer st.Close()

	epoch := store.Checkpoint{Input: "/lists/inbox/git/0.git", Commit: "0123456789abcdef0123456789abcdef01234567"}
	box := store.Checkpoint{Input: "/lists/list.mbox", Offset: 4096, Line: 120}
	box.Hash[0] = 7
	mail := store.Checkpoint{Input: "/lists/Maildir/1680000001.M1P1.host", Size: 2048}
	sibling := store.Checkpoint{Input: "/lists/inbox2/git/0.git", Commit: "89abcdef0123456789abcdef0123456789abcdef"}
	filtered := store.Checkpoint{Input: "/lists/list.mbox", Selection: "since=2024-01-01T00:00:00Z", Offset: 99, Line: 3}
	stats, err := st.PutCheckpoints(ctx, []store.Record{record("a@x", 1)}, []store.Checkpoint{epoch, box, mail, sibling, filtered})
	require.NoError(t, err)
	assert.Equal(t, 1, stats.Messages)

	got, err := st.Checkpoints(ctx, "/lists/inbox", "")
	require.NoError(t, err)
	assert.Equal(t, []store.Checkpoint{epoch}, got)

	got, err = st.Checkpoints(ctx, "/lists/list.mbox", "")
	require.NoError(t, err)
	assert.Equal(t, []store.Checkpoint{box}, got)

	got, err = st.Checkpoints(ctx, "/lists/list.mbox", filtered.Selection)
	require.NoError(t, err)
	assert.Equal(t, []store.Checkpoint{filtered}, got)

	got, err = st.Checkpoints(ctx, "/lists/Maildir", "")
	require.NoError(t, err)
	assert.Equal(t, []store.Checkpoint{mail}, got)

	box.Offset, box.Line, box.Hash[0] = 8192, 240, 8
	_, err = st.PutCheckpoints(ctx, nil, []store.Checkpoint{box})
	require.NoError(t, err)
	got, err = st.Checkpoints(ctx, "/lists/list.mbox", "")
	require.NoError(t, err)
	assert.Equal(t, []store.Checkpoint{box}, got)
}
