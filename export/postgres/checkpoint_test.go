package postgres_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/internal/pgtest"
)

// TestCheckpoints stores checkpoints with a batch and reads them back by
// input, as the SQLite store's test does: the input itself and the paths
// below it, not a sibling whose name starts alike, and only those of the
// asked selection; a later checkpoint of the same input replaces the
// earlier one. LastSeq is the highest Seq of a selection, Stored the
// messages of a source.
func TestCheckpoints(t *testing.T) {
	ctx := context.Background()
	st := open(t, pgtest.Database(t))
	last, err := st.LastSeq(ctx, "")
	require.NoError(t, err)
	assert.Equal(t, int64(-1), last, "no checkpoints yet")

	epoch := store.Checkpoint{Input: "/lists/inbox/git/0.git", Commit: "0123456789abcdef0123456789abcdef01234567", Seq: 40 << 20}
	box := store.Checkpoint{Input: "/lists/list.mbox", Offset: 4096, Line: 120, Seq: 7 << 20}
	box.Hash[0] = 7
	mail := store.Checkpoint{Input: "/lists/Maildir/1680000001.M1P1.host", Size: 2048, Seq: 9 << 20}
	sibling := store.Checkpoint{Input: "/lists/inbox2/git/0.git", Commit: "89abcdef0123456789abcdef0123456789abcdef", Seq: 12 << 20}
	filtered := store.Checkpoint{Input: "/lists/list.mbox", Selection: "shard=1/2", Offset: 99, Line: 3, Seq: 80 << 20}
	rec := record("a@x", 1)
	rec.Meta.Offset = 512
	stats, err := st.PutCheckpoints(ctx, []store.Record{rec}, []store.Checkpoint{epoch, box, mail, sibling, filtered})
	require.NoError(t, err)
	assert.Equal(t, 1, stats.Messages)

	for _, tc := range []struct {
		input, selection string
		want             []store.Checkpoint
	}{
		{"/lists/inbox", "", []store.Checkpoint{epoch}},
		{"/lists/list.mbox", "", []store.Checkpoint{box}},
		{"/lists/list.mbox", filtered.Selection, []store.Checkpoint{filtered}},
		{"/lists/Maildir", "", []store.Checkpoint{mail}},
	} {
		got, err := st.Checkpoints(ctx, tc.input, tc.selection)
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, "%s %q", tc.input, tc.selection)
	}
	last, err = st.LastSeq(ctx, "")
	require.NoError(t, err)
	assert.Equal(t, epoch.Seq, last)

	box.Offset, box.Line, box.Hash[0] = 8192, 240, 8
	_, err = st.PutCheckpoints(ctx, nil, []store.Checkpoint{box})
	require.NoError(t, err)
	got, err := st.Checkpoints(ctx, "/lists/list.mbox", "")
	require.NoError(t, err)
	assert.Equal(t, []store.Checkpoint{box}, got)

	stored, err := st.Stored(ctx, "list.mbox")
	require.NoError(t, err)
	assert.Equal(t, map[int64][16]byte{512: rec.Hash}, stored)
}
