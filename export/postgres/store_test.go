package postgres_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export/postgres"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/internal/pgtest"
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
			{Case: "1", Line: 11 + depth, Cells: []model.Cell{{Variant: "base", Field: "value", Value: "10.5"}, {Variant: "new", Field: "value", Value: "-0.00"}}},
			{Case: "8", Line: 12 + depth, Flags: []string{"*"}, Cells: []model.Cell{{Variant: "base", Field: "value", Value: "80.25"}, {Variant: "new", Field: "value", Value: "79"}}},
		},
	}
}

func record(id string, seq int64, tables ...model.Table) store.Record {
	date := time.Date(2023, 3, 1, 9, 0, int(seq), 0, time.UTC)
	r := store.Record{Meta: model.Message{Source: "list.mbox", ID: id, Subject: "Re: [PATCH v2 1/3] sched: Cut wakeup cost",
		Date: &date, From: model.Address{Name: "Tess Kernel", Email: "tess@example.org"}, StartLine: 1,
		Patch: &model.PatchTag{Title: "sched: Cut wakeup cost", Version: 2, Index: 1, Total: 3}}, Seq: seq, Tables: tables}
	r.Hash[0] = byte(seq)
	return r
}

func open(t *testing.T, url string) *postgres.Store {
	t.Helper()
	st, err := postgres.Open(context.Background(), url)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

func count(t *testing.T, st *postgres.Store, query string) int {
	t.Helper()
	var n int
	require.NoError(t, st.DB().QueryRow(context.Background(), query).Scan(&n))
	return n
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
		{"of equally quoted copies the first read is kept", []store.Record{
			record("c@x", 3, table("c@x", "Mel Gorman", 0)),
			record("a@x", 1, table("a@x", "Tess Kernel", 0)),
		}, "Tess Kernel", 0, "a@x", 1, store.PutStats{Messages: 2, Tables: 1, Folded: 1}},
		{"a message stored twice keeps one copy", []store.Record{
			record("a@x", 1, table("a@x", "Tess Kernel", 0)),
			record("a@x", 1, table("a@x", "Tess Kernel", 0)),
		}, "Tess Kernel", 0, "a@x", 0, store.PutStats{Messages: 1, Duplicates: 1, Tables: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := open(t, pgtest.Database(t))
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
			assert.Equal(t, model.Number("-0.00"), obs[1].Value, "numbers keep their text")
			assert.Equal(t, []string{"*"}, obs[2].Flags)
			assert.Equal(t, tc.wantCopies, count(t, st, "SELECT quoted_copies FROM tables"))
			assert.Equal(t, 4, count(t, st, "SELECT count(*) FROM observations"))
			assert.Equal(t, 1, count(t, st, "SELECT sum(tables) FROM messages"))
		})
	}
}

func TestQueryFilters(t *testing.T) {
	ctx := context.Background()
	st := open(t, pgtest.Database(t))
	other := table("c@x", "Mel Gorman", 0)
	other.Benchmark, other.Rows[0].Cells[0].Value = "hackbench", "1.25"
	_, err := st.Put(ctx, []store.Record{record("a@x", 1, table("a@x", "Tess Kernel", 0)), record("c@x", 3, other)})
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
		{store.Query{Since: time.Date(2023, 3, 1, 9, 0, 2, 0, time.UTC)}, 4},
		{store.Query{Until: time.Date(2023, 3, 1, 9, 0, 2, 0, time.UTC)}, 4},
	} {
		obs, err := store.Observations(ctx, st, tc.q)
		require.NoError(t, err)
		assert.Len(t, obs, tc.want, "%+v", tc.q)
	}
	doc, err := st.Document(ctx, store.Query{Benchmark: "hackbench"})
	require.NoError(t, err)
	require.Len(t, doc.Tables, 1)
	assert.Equal(t, "t02", doc.Tables[0].ID, "numbers count every table, not the ones selected")
	require.Len(t, doc.Messages, 1)
	assert.Equal(t, "c@x", doc.Messages[0].ID)
	assert.Equal(t, "sched: Cut wakeup cost", doc.Messages[0].Patch.Title)
	titles, err := st.SeriesOf(ctx, "<a@x>")
	require.NoError(t, err)
	assert.Equal(t, []string{"sched: Cut wakeup cost"}, titles)
}

// TestVerdictColumns stores a normalised table: each number's improvement
// and verdict are columns SQL can select on, equal to the records'.
func TestVerdictColumns(t *testing.T) {
	ctx := context.Background()
	st := open(t, pgtest.Database(t))
	tab := table("a@x", "Tess Kernel", 0)
	tab.Baseline = "base"
	tab.Rows[0].Cells[1].Value = "11.0"
	tab.Rows[1].Cells[1].Value = "70"
	normalize.Table(&tab, normalize.Options{})
	_, err := st.Put(ctx, []store.Record{record("a@x", 1, tab)})
	require.NoError(t, err)
	rows, err := st.DB().Query(ctx, `SELECT case_label, improvement_pct, verdict FROM observations
		WHERE verdict <> '' ORDER BY id`)
	require.NoError(t, err)
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

// TestEachReplays checks that Each gives back what Put stored, in
// reading order.
func TestEachReplays(t *testing.T) {
	ctx := context.Background()
	st := open(t, pgtest.Database(t))
	in := []store.Record{record("b@x", 2, table("b@x", "", 1)), record("a@x", 1, table("a@x", "Tess Kernel", 0))}
	in[1].Commit, in[1].Meta.InReplyTo = "0123abcd", "root@x"
	_, err := st.Put(ctx, in)
	require.NoError(t, err)
	var got []*store.Record
	require.NoError(t, st.Each(ctx, func(r *store.Record) error { got = append(got, r); return nil }))
	require.Len(t, got, 2)
	a := got[0]
	assert.Equal(t, "a@x", a.Meta.ID)
	assert.Equal(t, in[1].Hash, a.Hash)
	assert.Equal(t, int64(1), a.Seq)
	assert.Equal(t, "0123abcd", a.Commit)
	assert.Equal(t, "root@x", a.Meta.InReplyTo)
	assert.Equal(t, *in[1].Meta.Date, *a.Meta.Date)
	require.Len(t, a.Tables, 1)
	assert.Equal(t, 1, a.Tables[0].QuotedCopies)
	assert.Equal(t, in[1].Tables[0].Rows, a.Tables[0].Rows)
	assert.Empty(t, got[1].Tables, "the quoted copy was folded into a@x's table")
	assert.Equal(t, "sched: Cut wakeup cost", got[1].Meta.Patch.Title)
	assert.Equal(t, 2, got[1].Meta.Patch.Version)
}

// shardRecords are n messages; every fourth holds a table, and most
// tables are quoted again (at depth 1, or unquoted in a later message) by
// messages that fall in other shards.
func shardRecords(n int) []store.Record {
	recs := make([]store.Record, n)
	for i := range recs {
		id := fmt.Sprintf("m%03d@x", i)
		r := record(id, int64(i))
		r.Hash[1] = byte(i >> 8)
		if i%4 == 0 {
			tb := table(id, "Tess Kernel", 0)
			tb.Rows[0].Case = fmt.Sprint(i / 12) // every third table repeats
			r.Tables = []model.Table{tb}
		}
		if i%4 == 1 {
			tb := table(id, "", 1+i%3)
			tb.Rows[0].Case = fmt.Sprint((i - 1) / 12)
			r.Tables = []model.Table{tb}
		}
		recs[i] = r
	}
	return recs
}

// snapshot is a store's content as the CLI shows it, plus the columns
// folding maintains.
func snapshot(t *testing.T, st *postgres.Store) ([]model.Observation, []int) {
	t.Helper()
	obs, err := store.Observations(context.Background(), st, store.Query{})
	require.NoError(t, err)
	rows, err := st.DB().Query(context.Background(), `SELECT tables FROM messages ORDER BY seq`)
	require.NoError(t, err)
	defer rows.Close()
	var firsts []int
	for rows.Next() {
		var n int
		require.NoError(t, rows.Scan(&n))
		firsts = append(firsts, n)
	}
	return obs, firsts
}

// TestConcurrentWriters stores the same records as one writer would and as
// four writers at once, each taking every fourth batch in reverse order:
// the tables, their numbers, provenance and copy counts must come out the
// same, whatever order the batches commit in.
func TestConcurrentWriters(t *testing.T) {
	ctx := context.Background()
	recs := shardRecords(240)
	one := open(t, pgtest.Database(t))
	var total store.PutStats
	for i := 0; i < len(recs); i += 20 {
		st, err := one.Put(ctx, recs[i:i+20])
		require.NoError(t, err)
		total.Add(st)
	}
	assert.Equal(t, 240, total.Messages)
	wantObs, wantFirsts := snapshot(t, one)
	require.NotEmpty(t, wantObs)

	url := pgtest.Database(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	var mu sync.Mutex
	var shared store.PutStats
	for w := 0; w < 4; w++ {
		st := open(t, url)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := len(recs) - 20 - w*20; i >= 0; i -= 80 {
				ps, err := st.Put(ctx, recs[i:i+20])
				if err != nil {
					errs <- err
					return
				}
				mu.Lock()
				shared.Add(ps)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	assert.Equal(t, total, shared, "the writers together added what one did")
	st := open(t, url)
	gotObs, gotFirsts := snapshot(t, st)
	assert.Equal(t, wantObs, gotObs)
	assert.Equal(t, wantFirsts, gotFirsts)
	assert.Equal(t, 240, count(t, st, "SELECT count(*) FROM messages"))
	assert.Equal(t, count(t, one, "SELECT count(*) FROM observations"), count(t, st, "SELECT count(*) FROM observations"))

	// Every writer again: nothing is added.
	for i := 0; i < len(recs); i += 60 {
		ps, err := st.Put(ctx, recs[i:i+60])
		require.NoError(t, err)
		assert.Equal(t, store.PutStats{Duplicates: 60}, ps)
	}
}

// TestMigrateOnce opens one empty database from several stores at once:
// the schema is created once and every store can write.
func TestMigrateOnce(t *testing.T) {
	url := pgtest.Database(t)
	var wg sync.WaitGroup
	stores := make([]*postgres.Store, 4)
	errs := make([]error, 4)
	for i := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stores[i], errs[i] = postgres.Open(context.Background(), url)
		}()
	}
	wg.Wait()
	for i, st := range stores {
		require.NoError(t, errs[i])
		defer st.Close()
		_, err := st.Put(context.Background(), []store.Record{record(fmt.Sprintf("s%d@x", i), int64(i))})
		require.NoError(t, err)
	}
	assert.Equal(t, 6, count(t, stores[0], "SELECT version FROM schema_version"))
	assert.Equal(t, 4, count(t, stores[0], "SELECT count(*) FROM messages"))
}

// TestUnreachable names the database and says what is wrong.
func TestUnreachable(t *testing.T) {
	_, err := postgres.Open(context.Background(), "postgres://nobody@127.0.0.1:1/none?connect_timeout=5")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "postgres://nobody@127.0.0.1:1/none")
	assert.Contains(t, err.Error(), "cannot reach the server")
}

// TestLegacyHash opens a database of schema 4 holding a message stored by
// an older lkmlbench, whose content hash is of another kind (of its
// decoded text): the same message read again at the same place of the
// same source is that message, whatever its hash, while a copy under the
// same Message-ID elsewhere is a message of its own, and new messages
// are keyed by their hash alone.
func TestLegacyHash(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Database(t)
	conn, err := pgx.Connect(ctx, url)
	require.NoError(t, err)
	names, err := filepath.Glob(filepath.Join("migrations", "00[1-4]_*.sql"))
	require.NoError(t, err)
	require.Len(t, names, 4)
	for _, name := range names {
		text, err := os.ReadFile(name)
		require.NoError(t, err)
		_, err = conn.Exec(ctx, string(text))
		require.NoError(t, err, name)
	}
	_, err = conn.Exec(ctx, `CREATE TABLE schema_version (version INTEGER NOT NULL);
		INSERT INTO schema_version VALUES (4);
		INSERT INTO sources (path) VALUES ('list.mbox');
		INSERT INTO messages (message_id, content_hash, source_id, line, "offset", subject, from_name, from_email, thread_root, seq)
			SELECT 'old@x', '\xdecade', id, 1, 0, 'old', 'Tess Kernel', 'tess@example.org', 'old@x', 0 FROM sources`)
	require.NoError(t, err)
	require.NoError(t, conn.Close(ctx))

	st := open(t, url)
	again := record("old@x", 1)
	elsewhere := record("old@x", 2)
	elsewhere.Meta.StartLine, elsewhere.Meta.Offset = 40, 2048
	stats, err := st.Put(ctx, []store.Record{again, elsewhere, record("new@x", 3)})
	require.NoError(t, err)
	assert.Equal(t, store.PutStats{Messages: 2, Duplicates: 1}, stats)
	assert.Equal(t, 3, count(t, st, `SELECT count(*) FROM messages`))
	assert.Equal(t, 1, count(t, st, `SELECT count(*) FROM messages WHERE legacy_hash`))
	stats, err = st.Put(ctx, []store.Record{record("new@x", 3)})
	require.NoError(t, err)
	assert.Equal(t, store.PutStats{Duplicates: 1}, stats, "new messages are keyed by their hash")
}

// TestGitBlobKeys: a database of schema 5 holds messages of a git epoch
// keyed by SHA-256 of their bytes; schema 6 keys them by blob id, and
// marks the old ones, so that the same message read again (same source,
// place and Message-ID) is not stored twice, while a message of a file,
// whose key did not change kind, is marked by nothing. Each gives the
// mark and Put keeps it, so that a merge moves it with the message.
func TestGitBlobKeys(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Database(t)
	conn, err := pgx.Connect(ctx, url)
	require.NoError(t, err)
	names, err := filepath.Glob(filepath.Join("migrations", "00[1-5]_*.sql"))
	require.NoError(t, err)
	require.Len(t, names, 5)
	for _, name := range names {
		text, err := os.ReadFile(name)
		require.NoError(t, err)
		_, err = conn.Exec(ctx, string(text))
		require.NoError(t, err, name)
	}
	_, err = conn.Exec(ctx, `CREATE TABLE schema_version (version INTEGER NOT NULL);
		INSERT INTO schema_version VALUES (5);
		INSERT INTO sources (path) VALUES ('0.git'), ('list.mbox');
		INSERT INTO messages (message_id, content_hash, source_id, commit_id, line, "offset", subject, from_name, from_email, thread_root, seq)
			SELECT 'git@x', '\xdecade', id, 'c0ffee', 1, 0, 'old', 'Tess Kernel', 'tess@example.org', 'git@x', 0 FROM sources WHERE path = '0.git';
		INSERT INTO messages (message_id, content_hash, source_id, line, "offset", subject, from_name, from_email, thread_root, seq)
			SELECT 'file@x', '\xdecade', id, 1, 0, 'old', 'Tess Kernel', 'tess@example.org', 'file@x', 1 FROM sources WHERE path = 'list.mbox'`)
	require.NoError(t, err)
	require.NoError(t, conn.Close(ctx))

	st := open(t, url)
	assert.Equal(t, 1, count(t, st, `SELECT count(*) FROM messages WHERE legacy_hash AND commit_id IS NOT NULL`))
	git := record("git@x", 2)
	git.Meta.Source, git.Commit = "0.git", "c0ffee"
	file := record("file@x", 3)
	stats, err := st.Put(ctx, []store.Record{git, file})
	require.NoError(t, err)
	assert.Equal(t, store.PutStats{Messages: 1, Duplicates: 1}, stats, "the git message is the marked one; the file's changed")

	var recs []store.Record
	require.NoError(t, st.Each(ctx, func(r *store.Record) error {
		recs = append(recs, *r)
		return nil
	}))
	require.Len(t, recs, 3)
	assert.True(t, recs[0].Legacy)
	assert.False(t, recs[1].Legacy)
	copyURL := pgtest.Database(t)
	dst := open(t, copyURL)
	_, err = dst.Put(ctx, recs)
	require.NoError(t, err)
	assert.Equal(t, 1, count(t, dst, `SELECT count(*) FROM messages WHERE legacy_hash`))
	stats, err = dst.Put(ctx, []store.Record{git})
	require.NoError(t, err)
	assert.Equal(t, store.PutStats{Duplicates: 1}, stats, "the copy keeps the mark")
}
