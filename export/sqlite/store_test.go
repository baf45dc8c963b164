package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

// table is a two-row table quoted at depth, written by author.
func table(msg, author string, depth int) model.Table {
	return model.Table{
		Source: "list.mbox", MessageID: msg, StartLine: 10 + depth, EndLine: 12 + depth, QuoteDepth: depth,
		Author: author, Format: "whitespace", Benchmark: "tbench", Context: []string{"tbench"},
		Variants: []string{"base", "new"},
		Rows: []model.Row{
			{Case: "1", Line: 11 + depth, Cells: []model.Cell{{Variant: "base", Field: "value", Value: "10.5"}, {Variant: "new", Field: "value", Value: "11.0"}}},
			{Case: "8", Line: 12 + depth, Flags: []string{"*"}, Cells: []model.Cell{{Variant: "base", Field: "value", Value: "80.25"}, {Variant: "new", Field: "value", Value: "79"}}},
		},
	}
}

func record(id string, hash byte, tables ...model.Table) store.Record {
	r := store.Record{Meta: model.Message{Source: "list.mbox", ID: id, Subject: "Re: [PATCH v2 1/3] sched: Cut wakeup cost",
		From: model.Address{Name: "Tess Kernel", Email: "tess@example.org"}, StartLine: 1, Patch: &model.PatchTag{Title: "sched: Cut wakeup cost", Version: 2, Index: 1, Total: 3}}, Tables: tables}
	r.Hash[0] = hash
	return r
}

func TestFoldQuotedCopies(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name       string
		recs       []store.Record
		wantAuthor string
		wantDepth  int
		wantMsg    string
		wantCopies int
		wantStats  store.PutStats
	}{
		{"quoted copy after the original", []store.Record{
			record("a@x", 1, table("a@x", "Tess Kernel", 0)),
			record("b@x", 2, table("b@x", "Tess Kernel", 1)),
		}, "Tess Kernel", 0, "a@x", 1, store.PutStats{Messages: 2, Tables: 1, Folded: 1}},
		{"original after a quoted copy replaces it", []store.Record{
			record("b@x", 2, table("b@x", "", 2)),
			record("a@x", 1, table("a@x", "Tess Kernel", 0)),
		}, "Tess Kernel", 0, "a@x", 1, store.PutStats{Messages: 2, Tables: 1, Folded: 1}},
		{"a message stored twice keeps one copy", []store.Record{
			record("a@x", 1, table("a@x", "Tess Kernel", 0)),
			record("a@x", 1, table("a@x", "Tess Kernel", 0)),
		}, "Tess Kernel", 0, "a@x", 0, store.PutStats{Messages: 1, Duplicates: 1, Tables: 1}},
		{"an edited message under the same id is kept", []store.Record{
			record("a@x", 1, table("a@x", "Tess Kernel", 0)),
			record("a@x", 9, table("a@x", "Tess Kernel", 0)),
		}, "Tess Kernel", 0, "a@x", 1, store.PutStats{Messages: 2, Tables: 1, Folded: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"))
			require.NoError(t, err)
			defer st.Close()
			stats, err := st.Put(ctx, tc.recs)
			require.NoError(t, err)
			assert.Equal(t, tc.wantStats, stats)
			obs, err := store.Observations(ctx, st, store.Query{})
			require.NoError(t, err)
			require.Len(t, obs, 4)
			for _, o := range obs {
				assert.Equal(t, "t01", o.Table)
				assert.Equal(t, tc.wantAuthor, o.Author)
				assert.Equal(t, tc.wantDepth, o.QuoteDepth)
				assert.Equal(t, tc.wantMsg, o.MessageID)
			}
			assert.Equal(t, []string{"*"}, obs[2].Flags)
			var copies int
			require.NoError(t, st.DB().QueryRow("SELECT quoted_copies FROM tables").Scan(&copies))
			assert.Equal(t, tc.wantCopies, copies)
		})
	}
}

func TestQueryFilters(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"))
	require.NoError(t, err)
	defer st.Close()
	other := table("c@x", "Mel Gorman", 0)
	other.Benchmark, other.Rows[0].Cells[0].Value = "hackbench", "1.25"
	_, err = st.Put(ctx, []store.Record{record("a@x", 1, table("a@x", "Tess Kernel", 0)), record("c@x", 3, other)})
	require.NoError(t, err)
	for _, tc := range []struct {
		q    store.Query
		want int
	}{
		{store.Query{}, 8},
		{store.Query{Benchmark: "hackbench"}, 4},
		{store.Query{Benchmark: "HACK%"}, 4},
		{store.Query{Author: "gorman"}, 4},
		{store.Query{Series: "wakeup cost"}, 8},
		{store.Query{Series: "nothing"}, 0},
		{store.Query{MessageID: "<a@x>"}, 4},
		// Plain text, not patterns: '%' and '_' match themselves.
		{store.Query{Series: "%"}, 0},
		{store.Query{Series: "wakeup_cost"}, 0},
		{store.Query{Author: "g_rman"}, 0},
		{store.Query{Author: "%"}, 0},
	} {
		obs, err := store.Observations(ctx, st, tc.q)
		require.NoError(t, err)
		assert.Len(t, obs, tc.want, "%+v", tc.q)
	}
}

// TestOpenReadOnly: a database is read without being written (its bytes
// stay the same, a write fails), and files that are no lkmlbench database
// are errors rather than new databases.
func TestOpenReadOnly(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "t.db")
	st, err := sqlite.Open(path)
	require.NoError(t, err)
	_, err = st.Put(ctx, []store.Record{record("a@x", 1, table("a@x", "Tess Kernel", 0))})
	require.NoError(t, err)
	require.NoError(t, st.Close())
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	ro, err := sqlite.OpenReadOnly(path)
	require.NoError(t, err)
	obs, err := store.Observations(ctx, ro, store.Query{})
	require.NoError(t, err)
	assert.Len(t, obs, 4)
	_, err = ro.Put(ctx, []store.Record{record("b@x", 2)})
	assert.Error(t, err, "a read-only store refuses writes")
	require.NoError(t, ro.Close())
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after)

	empty := filepath.Join(dir, "empty.db")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	_, err = sqlite.OpenReadOnly(empty)
	assert.ErrorContains(t, err, "empty file, not an lkmlbench database")
	info, err := os.Stat(empty)
	require.NoError(t, err)
	assert.Zero(t, info.Size(), "the empty file stays empty")

	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", other)
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE x (y)")
	require.NoError(t, err)
	require.NoError(t, db.Close())
	_, err = sqlite.OpenReadOnly(other)
	assert.ErrorContains(t, err, "not an lkmlbench database")

	_, err = sqlite.OpenReadOnly(filepath.Join(dir, "missing.db"))
	assert.Error(t, err)
	assert.NoFileExists(t, filepath.Join(dir, "missing.db"))
}

// TestLockedDatabase holds the write lock from another connection: Put
// fails with an error that says so, and the database keeps what it had.
func TestLockedDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	st, err := sqlite.Open(path)
	require.NoError(t, err)
	defer st.Close()
	_, err = st.Put(ctx, []store.Record{record("a@x", 1)})
	require.NoError(t, err)

	other, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	defer other.Close()
	conn, err := other.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()
	_, err = conn.ExecContext(ctx, "BEGIN IMMEDIATE")
	require.NoError(t, err)

	_, err = st.Put(ctx, []store.Record{record("b@x", 2, table("b@x", "Tess Kernel", 0))})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "locked by another process")
	assert.Contains(t, err.Error(), path)
	_, err = conn.ExecContext(ctx, "ROLLBACK")
	require.NoError(t, err)

	var n int
	require.NoError(t, st.DB().QueryRow("SELECT count(*) FROM messages").Scan(&n))
	assert.Equal(t, 1, n)
	_, err = st.Put(ctx, []store.Record{record("b@x", 2, table("b@x", "Tess Kernel", 0))})
	require.NoError(t, err)
}

// TestEachReplays checks that Each gives back what Put stored.
func TestEachReplays(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"))
	require.NoError(t, err)
	defer st.Close()
	in := []store.Record{record("a@x", 1, table("a@x", "Tess Kernel", 0)), record("b@x", 2, table("b@x", "", 1))}
	_, err = st.Put(ctx, in)
	require.NoError(t, err)
	var got []*store.Record
	require.NoError(t, st.Each(ctx, func(r *store.Record) error { got = append(got, r); return nil }))
	require.Len(t, got, 2)
	assert.Equal(t, "a@x", got[0].Meta.ID)
	assert.Equal(t, in[0].Hash, got[0].Hash)
	require.Len(t, got[0].Tables, 1)
	assert.Equal(t, 1, got[0].Tables[0].QuotedCopies)
	assert.Equal(t, in[0].Tables[0].Rows, got[0].Tables[0].Rows)
	assert.Empty(t, got[1].Tables, "the quoted copy was folded into a@x's table")
	assert.Equal(t, "sched: Cut wakeup cost", got[1].Meta.Patch.Title)
}

// TestForeignKeys: the store does not have SQLite enforce the schema's
// REFERENCES (store.go), so it must keep them itself: after batches with
// series, tables, folded quoted copies (a less quoted copy replacing the
// stored one and its observations) and a merge that replays them with
// their places, every reference names a row.
func TestForeignKeys(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := sqlite.Open(filepath.Join(dir, "t.db"))
	require.NoError(t, err)
	defer st.Close()
	recs := benchRecords(300)
	quoted := record("quoted@x", 1, table("quoted@x", "Tess Kernel", 1))
	closer := record("closer@x", 2, table("closer@x", "Tess Kernel", 0))
	for _, batch := range [][]store.Record{recs[:150], {quoted}, recs[150:], {closer}} {
		_, err = st.Put(ctx, batch)
		require.NoError(t, err)
	}
	dst, err := sqlite.Open(filepath.Join(dir, "merged.db"))
	require.NoError(t, err)
	defer dst.Close()
	var all []store.Record
	require.NoError(t, st.Each(ctx, func(r *store.Record) error { all = append(all, *r); return nil }))
	_, err = dst.Put(ctx, all)
	require.NoError(t, err)
	for _, s := range []*sqlite.Store{st, dst} {
		rows, err := s.DB().Query(`PRAGMA foreign_key_check`)
		require.NoError(t, err)
		var broken int
		for rows.Next() {
			broken++
		}
		require.NoError(t, rows.Err())
		rows.Close()
		assert.Zero(t, broken)
		var tables, folded int
		require.NoError(t, s.DB().QueryRow(`SELECT count(*), coalesce(sum(quoted_copies), 0) FROM tables`).Scan(&tables, &folded))
		assert.Positive(t, tables)
		assert.Positive(t, folded, "the test folds a quoted copy")
	}
}

// indexes lists the secondary indexes of messages, and the verdict index
// of observations, in the database.
func indexes(t *testing.T, db *sql.DB) []string {
	t.Helper()
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
		AND (tbl_name = 'messages' OR name = 'observations_verdict') ORDER BY name`)
	require.NoError(t, err)
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		require.NoError(t, rows.Scan(&n))
		names = append(names, n)
	}
	return names
}

// TestDeferredIndexes checks the bulk load of a first crawl: the
// secondary indexes of messages are dropped while it stores and rebuilt
// when the store closes; a crawl killed before that leaves them owed, and
// the next store to write rebuilds them; a crawl into a database holding
// messages keeps its indexes.
func TestDeferredIndexes(t *testing.T) {
	ctx := context.Background()
	all := []string{"messages_date", "messages_legacy", "messages_seq", "messages_series", "messages_thread", "observations_verdict"}
	recs := benchRecords(100)
	path := filepath.Join(t.TempDir(), "c.db")

	st, err := sqlite.Open(path)
	require.NoError(t, err)
	_, err = st.Put(ctx, recs[:40])
	require.NoError(t, err)
	// messages_legacy holds only marked rows, which a crawl never adds.
	assert.Equal(t, []string{"messages_legacy"}, indexes(t, st.DB()), "dropped during the first crawl")
	// A kill: the database is left without Close.
	require.NoError(t, st.DB().Close())

	st, err = sqlite.Open(path)
	require.NoError(t, err)
	assert.Equal(t, []string{"messages_legacy"}, indexes(t, st.DB()), "still owed after a kill")
	_, err = st.Put(ctx, recs[40:70])
	require.NoError(t, err)
	require.NoError(t, st.Close())

	st, err = sqlite.Open(path)
	require.NoError(t, err)
	assert.Equal(t, all, indexes(t, st.DB()), "rebuilt by the resumed crawl")
	_, err = st.Put(ctx, recs[70:])
	require.NoError(t, err)
	assert.Equal(t, all, indexes(t, st.DB()), "kept by a crawl into a filled database")
	var owed, stored int
	require.NoError(t, st.DB().QueryRow(`SELECT (SELECT count(*) FROM deferred_indexes), (SELECT count(*) FROM messages)`).Scan(&owed, &stored))
	assert.Zero(t, owed)
	assert.Equal(t, 100, stored)
	require.NoError(t, st.Close())
}

// TestPutGroups stores records around the multi-row group size, with
// duplicates inside a group and tables between groups: every count and
// row must come out as one record at a time would give.
func TestPutGroups(t *testing.T) {
	ctx := context.Background()
	recs := benchRecords(150)
	// Two duplicates: of a stored message, and of one in the same group
	// (the second Put is one whole group of 32 rows).
	recs = append(recs, recs[3], recs[125])
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "g.db"))
	require.NoError(t, err)
	defer st.Close()
	got, err := st.Put(ctx, recs[:120])
	require.NoError(t, err)
	assert.Equal(t, store.PutStats{Messages: 120, Tables: 3}, got)
	got, err = st.Put(ctx, recs[120:])
	require.NoError(t, err)
	assert.Equal(t, store.PutStats{Messages: 30, Duplicates: 2}, got)
	var msgs, obs, withTables int
	require.NoError(t, st.DB().QueryRow(`SELECT (SELECT count(*) FROM messages), (SELECT count(*) FROM observations),
		(SELECT count(*) FROM messages WHERE tables > 0)`).Scan(&msgs, &obs, &withTables))
	assert.Equal(t, 150, msgs)
	assert.Equal(t, 3*4, obs)
	assert.Equal(t, 3, withTables)
	// Storage order is input order: rowids follow the records.
	var first, last string
	require.NoError(t, st.DB().QueryRow(`SELECT (SELECT message_id FROM messages ORDER BY id LIMIT 1),
		(SELECT message_id FROM messages ORDER BY id DESC LIMIT 1)`).Scan(&first, &last))
	assert.Equal(t, recs[0].Meta.ID, first)
	assert.Equal(t, recs[149].Meta.ID, last)
}

// TestVerdictColumns stores a normalised table: each number's improvement
// and verdict are columns SQL can select on, equal to the records'.
func TestVerdictColumns(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"))
	require.NoError(t, err)
	defer st.Close()
	tab := table("a@x", "Tess Kernel", 0)
	tab.Baseline = "base"
	tab.Rows[1].Cells[1].Value = "70"
	normalize.Table(&tab, normalize.Options{})
	_, err = st.Put(ctx, []store.Record{record("a@x", 1, tab)})
	require.NoError(t, err)
	rows, err := st.DB().QueryContext(ctx, `SELECT case_label, improvement_pct, verdict FROM observations
		WHERE verdict <> '' ORDER BY id`)
	require.NoError(t, err)
	defer rows.Close()
	var got []string
	for rows.Next() {
		var c, v string
		var imp float64
		require.NoError(t, rows.Scan(&c, &imp, &v))
		got = append(got, fmt.Sprintf("%s %.2f %s", c, imp, v))
	}
	require.NoError(t, rows.Err())
	// tbench is higher-is-better: 10.5 -> 11.0 is +4.76%, within the
	// 5% minimum change; 80.25 -> 70 is -12.77%.
	assert.Equal(t, []string{"1 4.76 within noise", "8 -12.77 regressed"}, got)
	obs, err := store.Observations(ctx, st, store.Query{})
	require.NoError(t, err)
	assert.Equal(t, model.VerdictWithinNoise, obs[1].Verdict)
	assert.Equal(t, model.VerdictRegressed, obs[3].Verdict)
}

// TestPutOrderFree stores the same records in batches of every order, as
// concurrent shards or a merge deliver them: a table posted twice
// unquoted keeps its first-read copy, a table first read quoted keeps the
// later unquoted copy but is numbered where the quote was read, and each
// message counts the tables it read first, whatever the order.
func TestPutOrderFree(t *testing.T) {
	ctx := context.Background()
	at := func(r store.Record, seq int64) store.Record { r.Seq = seq; return r }
	other := table("", "Tess Kernel", 0)
	other.Benchmark, other.Context = "hackbench", []string{"hackbench"}
	other.Rows[0].Cells[0].Value = "12.5"
	batches := [][]store.Record{
		{at(record("quote@x", 1, table("quote@x", "", 1)), 10<<20)},
		{at(record("v4@x", 2, table("v4@x", "Tess Kernel", 0)), 20<<20), at(record("other@x", 3, other), 25<<20)},
		{at(record("v5@x", 4, table("v5@x", "Tess Kernel", 0)), 30<<20)},
	}
	state := func(st *sqlite.Store) (string, []model.Observation) {
		var b strings.Builder
		require.NoError(t, st.Each(ctx, func(r *store.Record) error {
			fmt.Fprintf(&b, "%s seq=%d tables=%d places=%+v\n", r.Meta.ID, r.Seq, len(r.Tables), r.Places)
			return nil
		}))
		rows, err := st.DB().Query(`SELECT message_id, tables FROM messages ORDER BY seq`)
		require.NoError(t, err)
		defer rows.Close()
		for rows.Next() {
			var id string
			var n int
			require.NoError(t, rows.Scan(&id, &n))
			fmt.Fprintf(&b, "%s first=%d\n", id, n)
		}
		obs, err := store.Observations(ctx, st, store.Query{})
		require.NoError(t, err)
		return b.String(), obs
	}
	var want string
	var wantObs []model.Observation
	for _, order := range [][]int{{0, 1, 2}, {2, 1, 0}, {1, 0, 2}, {2, 0, 1}} {
		st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"))
		require.NoError(t, err)
		for _, i := range order {
			_, err := st.Put(ctx, batches[i])
			require.NoError(t, err)
		}
		got, obs := state(st)
		require.NoError(t, st.Close())
		if want == "" {
			want, wantObs = got, obs
			require.Len(t, obs, 8)
			assert.Equal(t, "v4@x", obs[0].MessageID, "the first unquoted copy is kept")
			assert.Equal(t, "t01", obs[0].Table, "numbered where its quote was read, before other@x's table")
			assert.Equal(t, "t02", obs[4].Table)
			assert.Contains(t, want, "quote@x first=1")
			continue
		}
		assert.Equal(t, want, got, "order %v", order)
		assert.Equal(t, wantObs, obs, "order %v", order)
	}
}
