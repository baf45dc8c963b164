package corpus_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/corpus"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
)

func openStore(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

func observations(t *testing.T, st *sqlite.Store) []model.Observation {
	t.Helper()
	obs, err := store.Observations(context.Background(), st, store.Query{})
	require.NoError(t, err)
	return obs
}

// count returns a number from the database.
func count(t *testing.T, st *sqlite.Store, query string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, st.DB().QueryRow(query, args...).Scan(&n))
	return n
}

// TestCrawlForms crawls each archive form twice: the first crawl stores
// every message and table, the second adds nothing.
func TestCrawlForms(t *testing.T) {
	msgs := corpusMessages(20)
	type form struct {
		name  string
		build func(t *testing.T, dir string) string
		opts  corpus.Options
	}
	// The inbox holds one more message with a table, and a deletion
	// commit (blob "d") for it that is no message.
	inbox := append(append([]string{}, msgs...), mail(50, "Re: [PATCH] withdrawn", tableBody(50)))
	forms := []form{
		{"mbox", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "list.mbox")
			writeMbox(t, p, msgs)
			return p
		}, corpus.Options{}},
		{"mbox.gz", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "list.mbox.gz")
			writeMboxGz(t, p, msgs)
			return p
		}, corpus.Options{}},
		{"maildir", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "Maildir")
			writeMaildir(t, p, msgs)
			return p
		}, corpus.Options{}},
		{"public-inbox/go-git", func(t *testing.T, dir string) string {
			return writeInbox(t, filepath.Join(dir, "inbox"), inbox, 20)
		}, corpus.Options{GitReader: "go-git"}},
	}
	if _, err := exec.LookPath("git"); err == nil {
		forms = append(forms, form{"public-inbox/git", func(t *testing.T, dir string) string {
			return filepath.Dir(filepath.Dir(writeInbox(t, filepath.Join(dir, "inbox"), inbox, 20)))
		}, corpus.Options{GitReader: "git"}})
	}
	for _, f := range forms {
		t.Run(f.name, func(t *testing.T) {
			dir := t.TempDir()
			in := f.build(t, dir)
			st := openStore(t, filepath.Join(dir, "c.db"))
			n, tables := 20, 4
			if strings.HasPrefix(f.name, "public-inbox") {
				n, tables = 21, 5
			}
			p, err := corpus.Crawl(context.Background(), st, []string{in}, f.opts)
			require.NoError(t, err)
			assert.EqualValues(t, n, p.Messages)
			assert.EqualValues(t, n, p.Stored)
			assert.EqualValues(t, tables, p.Tables)
			assert.Zero(t, p.Faults)
			assert.Equal(t, tables*3*4, len(observations(t, st)))
			assert.Equal(t, n, count(t, st, "SELECT count(*) FROM messages"))

			// The checkpoints say everything was read: nothing is again.
			again, err := corpus.Crawl(context.Background(), st, []string{in}, f.opts)
			require.NoError(t, err)
			assert.EqualValues(t, 0, again.Messages)
			assert.EqualValues(t, 0, again.Stored)
			assert.EqualValues(t, 0, again.Tables)

			// A rescan reads everything; the store skips what it holds.
			rescan := f.opts
			rescan.Rescan = true
			again, err = corpus.Crawl(context.Background(), st, []string{in}, rescan)
			require.NoError(t, err)
			assert.EqualValues(t, 0, again.Stored)
			assert.EqualValues(t, n, again.Duplicates)
			assert.EqualValues(t, 0, again.Tables)
			assert.Equal(t, n, count(t, st, "SELECT count(*) FROM messages"))
			assert.Equal(t, tables*3*4, len(observations(t, st)))
		})
	}
}

// TestInterruptResume stops a crawl after a few batches and resumes it:
// the result equals an uninterrupted crawl, without duplicates.
func TestInterruptResume(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "list.mbox")
	writeMbox(t, in, corpusMessages(60))

	full := openStore(t, filepath.Join(dir, "full.db"))
	_, err := corpus.Crawl(context.Background(), full, []string{in}, corpus.Options{})
	require.NoError(t, err)

	st := openStore(t, filepath.Join(dir, "resumed.db"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := corpus.Options{BatchSize: 5, OnProgress: func(p corpus.Progress) {
		if p.Stored >= 15 {
			cancel()
		}
	}}
	p, err := corpus.Crawl(ctx, st, []string{in}, opts)
	require.ErrorIs(t, err, context.Canceled)
	stored := count(t, st, "SELECT count(*) FROM messages")
	assert.EqualValues(t, p.Stored, stored)
	require.Less(t, stored, 60, "the crawl should have stopped early")

	// The checkpoint stored with the last batch lets the resumed crawl
	// read only the rest: nothing twice, nothing lost.
	p, err = corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{BatchSize: 5})
	require.NoError(t, err)
	assert.EqualValues(t, 0, p.Duplicates)
	assert.EqualValues(t, 60-stored, p.Messages)
	assert.EqualValues(t, 60-stored, p.Stored)
	assert.Equal(t, 60, count(t, st, "SELECT count(*) FROM messages"))
	assert.Equal(t, 60, count(t, st, "SELECT count(DISTINCT message_id) FROM messages"))
	assert.Equal(t, observations(t, full), observations(t, st))
}

// TestCorruptMessage puts binary junk in the middle of an mbox: it is
// counted and located, and every other message is stored.
func TestCorruptMessage(t *testing.T) {
	dir := t.TempDir()
	msgs := corpusMessages(9)
	msgs[4] = "Subject: junk\nMessage-ID: <junk@example.org>\n\n\x00\x01\x02\xff\xfe binary\x00\n"
	in := filepath.Join(dir, "list.mbox")
	writeMbox(t, in, msgs)
	st := openStore(t, filepath.Join(dir, "c.db"))
	var faults []corpus.Fault
	p, err := corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{OnFault: func(f corpus.Fault) { faults = append(faults, f) }})
	require.NoError(t, err)
	assert.EqualValues(t, 1, p.Faults)
	require.Len(t, faults, 1)
	assert.Equal(t, in, faults[0].Source)
	assert.Positive(t, faults[0].Offset)
	assert.Contains(t, faults[0].Error(), in+": offset ")
	assert.EqualValues(t, 8, p.Stored)
	assert.EqualValues(t, 2, p.Tables)
}

// TestShardsAndMerge splits a crawl in three shards: they are disjoint,
// together complete, and merged they give the records of a single crawl.
func TestShardsAndMerge(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "list.mbox")
	writeMbox(t, in, corpusMessages(45))
	full := openStore(t, filepath.Join(dir, "full.db"))
	_, err := corpus.Crawl(context.Background(), full, []string{in}, corpus.Options{})
	require.NoError(t, err)

	merged := openStore(t, filepath.Join(dir, "merged.db"))
	total := int64(0)
	for i := 1; i <= 3; i++ {
		sh, err := corpus.ParseShard(strings.Join([]string{string(rune('0' + i)), "3"}, "/"))
		require.NoError(t, err)
		st := openStore(t, filepath.Join(dir, "shard.db"+string(rune('0'+i))))
		p, err := corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{Shard: sh})
		require.NoError(t, err)
		total += p.Stored
		assert.EqualValues(t, 45, p.Stored+p.Filtered)
		ps, err := corpus.Merge(context.Background(), merged, st)
		require.NoError(t, err)
		assert.Equal(t, int(p.Stored), ps.Messages, "a shard's messages are new to the merge")
	}
	assert.EqualValues(t, 45, total)
	assert.Equal(t, 45, count(t, merged, "SELECT count(*) FROM messages"))
	assert.ElementsMatch(t, withoutIDs(observations(t, full)), withoutIDs(observations(t, merged)))
}

// withoutIDs drops table ids, which depend on the order tables were added.
func withoutIDs(obs []model.Observation) []model.Observation {
	out := append([]model.Observation(nil), obs...)
	for i := range out {
		out[i].Table = ""
	}
	return out
}

// TestParseShard checks the accepted and refused forms of --shard.
func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want corpus.Shard
		ok   bool
	}{
		{"1/4", corpus.Shard{Index: 1, Count: 4}, true},
		{" 4/4 ", corpus.Shard{Index: 4, Count: 4}, true},
		{"0/4", corpus.Shard{}, false},
		{"5/4", corpus.Shard{}, false},
		{"1", corpus.Shard{}, false},
		{"a/b", corpus.Shard{}, false},
	} {
		got, err := corpus.ParseShard(tc.in)
		if tc.ok {
			require.NoError(t, err, tc.in)
			assert.Equal(t, tc.want, got, tc.in)
		} else {
			assert.Error(t, err, tc.in)
		}
	}
}

// TestShardFromEnv checks the share an Indexed Job pod reads from its
// environment: the 0-based index becomes the 1-based shard, and a pair
// that is half set or out of range is refused, never read as no shard.
func TestShardFromEnv(t *testing.T) {
	for _, tc := range []struct {
		index, count string
		want         corpus.Shard
		ok, bad      bool
	}{
		{"", "", corpus.Shard{}, false, false},
		{"0", "4", corpus.Shard{Index: 1, Count: 4}, true, false},
		{"3", "4", corpus.Shard{Index: 4, Count: 4}, true, false},
		{" 1 ", "2", corpus.Shard{Index: 2, Count: 2}, true, false},
		{"4", "4", corpus.Shard{}, false, true},
		{"-1", "4", corpus.Shard{}, false, true},
		{"0", "", corpus.Shard{}, false, true},
		{"", "4", corpus.Shard{}, false, true},
		{"0", "0", corpus.Shard{}, false, true},
		{"x", "4", corpus.Shard{}, false, true},
	} {
		env := map[string]string{corpus.EnvShardIndex: tc.index, corpus.EnvShardCount: tc.count}
		got, ok, err := corpus.ShardFromEnv(func(k string) string { return env[k] })
		name := tc.index + "/" + tc.count
		if tc.bad {
			assert.Error(t, err, name)
			continue
		}
		require.NoError(t, err, name)
		assert.Equal(t, tc.ok, ok, name)
		assert.Equal(t, tc.want, got, name)
	}
}

// TestSeedsMatchExtract is the acceptance test: crawling a folder holding
// the four seed threads stores exactly the records `lkmlbench extract
// --format jsonl` prints for the same files.
func TestSeedsMatchExtract(t *testing.T) {
	seeds, _ := filepath.Glob(filepath.Join("..", "..", "shared", "seeds", "*"))
	if len(seeds) == 0 {
		t.Skip("no seeds in ../../shared/seeds")
	}
	dir := t.TempDir()
	folder := filepath.Join(dir, "seeds")
	require.NoError(t, os.MkdirAll(folder, 0o755))
	var files []string
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		require.NoError(t, err)
		p := filepath.Join(folder, filepath.Base(s))
		require.NoError(t, os.WriteFile(p, data, 0o644))
		files = append(files, p)
	}
	sort.Strings(files)
	ex := lkmlbench.New(lkmlbench.Options{})
	for _, f := range files {
		require.NoError(t, ex.AddPath(f))
	}
	want := ex.Document().Observations()
	require.NotEmpty(t, want)

	st := openStore(t, filepath.Join(dir, "seeds.db"))
	_, err := corpus.Crawl(context.Background(), st, []string{folder}, corpus.Options{})
	require.NoError(t, err)
	assert.Equal(t, want, observations(t, st))
}

// TestCrawlCROnly: an mbox (plain or gzip) with old Mac line endings is
// the same archive as its LF form, not one damaged message.
func TestCrawlCROnly(t *testing.T) {
	dir := t.TempDir()
	lf := filepath.Join(dir, "lf.mbox")
	writeMbox(t, lf, corpusMessages(10))
	data, err := os.ReadFile(lf)
	require.NoError(t, err)
	cr := filepath.Join(dir, "cr.mbox")
	require.NoError(t, os.WriteFile(cr, []byte(strings.ReplaceAll(string(data), "\n", "\r")), 0o644))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err = zw.Write([]byte(strings.ReplaceAll(string(data), "\n", "\r")))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	crgz := filepath.Join(dir, "cr.mbox.gz")
	require.NoError(t, os.WriteFile(crgz, gz.Bytes(), 0o644))
	for _, in := range []string{lf, cr, crgz} {
		st := openStore(t, filepath.Join(dir, filepath.Base(in)+".db"))
		p, err := corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{})
		require.NoError(t, err)
		assert.EqualValues(t, 10, p.Stored, in)
		assert.EqualValues(t, 2, p.Tables, in)
		assert.Zero(t, p.Faults, in)
	}
}

// TestFaultsMatchExtract: a message full of NULs, a symlinked message file
// and a symlink to nothing give the same records and the same faults in
// crawl as in extract; nothing is skipped without a word.
func TestFaultsMatchExtract(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "mail")
	require.NoError(t, os.MkdirAll(folder, 0o755))
	msgs := corpusMessages(6)
	msgs[3] = "Subject: junk\nMessage-ID: <junk@example.org>\n\n" + strings.Repeat("\x00", 4096) + "\n"
	writeMbox(t, filepath.Join(folder, "a.mbox"), msgs)
	elsewhere := filepath.Join(dir, "elsewhere.eml")
	require.NoError(t, os.WriteFile(elsewhere, []byte(mail(77, "Re: [PATCH] linked", tableBody(77))), 0o644))
	require.NoError(t, os.Symlink(elsewhere, filepath.Join(folder, "b-link.eml")))
	require.NoError(t, os.Symlink(filepath.Join(dir, "gone.eml"), filepath.Join(folder, "c-dangling.eml")))
	require.NoError(t, os.WriteFile(filepath.Join(folder, "d-nul.eml"), []byte("Subject: x\nMessage-ID: <nul@x>\n\n\x00\x00\x00 1-groups: 4.25 (0.00 pct) 4.14 (2.58 pct)\n"), 0o644))

	var files []string
	for _, n := range []string{"a.mbox", "b-link.eml", "c-dangling.eml", "d-nul.eml"} {
		files = append(files, filepath.Join(folder, n))
	}
	ex := lkmlbench.New(lkmlbench.Options{})
	var extractFaults int
	for _, f := range files {
		if err := ex.AddPath(f); err != nil {
			extractFaults++
		}
	}
	want := ex.Document().Observations()
	require.NotEmpty(t, want)
	for i := range want {
		if d := want[i].Date; d != nil {
			u := d.UTC() // as the database gives dates back
			want[i].Date = &u
		}
	}

	st := openStore(t, filepath.Join(dir, "c.db"))
	var faults []corpus.Fault
	p, err := corpus.Crawl(context.Background(), st, []string{folder}, corpus.Options{OnFault: func(f corpus.Fault) { faults = append(faults, f) }})
	require.NoError(t, err)
	assert.Equal(t, want, observations(t, st))
	assert.EqualValues(t, 3, p.Faults, "%v", faults)
	assert.Equal(t, 3, extractFaults)
	assert.EqualValues(t, 6, p.Stored, "five mbox messages and the linked file")
}

// TestMaildirSymlinks: in a Maildir too, a symlinked message is read and
// a symlink to nothing is a fault, in crawl as in extract; a re-run adds
// nothing.
func TestMaildirSymlinks(t *testing.T) {
	dir := t.TempDir()
	md := filepath.Join(dir, "Maildir")
	writeMaildir(t, md, corpusMessages(4))
	elsewhere := filepath.Join(dir, "elsewhere.eml")
	require.NoError(t, os.WriteFile(elsewhere, []byte(mail(77, "Re: [PATCH] linked", tableBody(77))), 0o644))
	require.NoError(t, os.Symlink(elsewhere, filepath.Join(md, "cur", "1677999998.M1P1.host:2,S")))
	require.NoError(t, os.Symlink(filepath.Join(dir, "gone.eml"), filepath.Join(md, "cur", "1677999999.M2P1.host:2,S")))

	ex := lkmlbench.New(lkmlbench.Options{})
	assert.Error(t, ex.AddPath(md), "the dangling link")
	require.NotEmpty(t, ex.Document().Tables)

	st := openStore(t, filepath.Join(dir, "c.db"))
	var faults []corpus.Fault
	p, err := corpus.Crawl(context.Background(), st, []string{md}, corpus.Options{OnFault: func(f corpus.Fault) { faults = append(faults, f) }})
	require.NoError(t, err)
	assert.EqualValues(t, 5, p.Stored, "four messages and the linked one")
	require.Len(t, faults, 1)
	assert.Contains(t, faults[0].Error(), "symlink to nothing readable")
	assert.Equal(t, len(ex.Document().Tables), count(t, st, "SELECT count(*) FROM tables"))

	p, err = corpus.Crawl(context.Background(), st, []string{md}, corpus.Options{})
	require.NoError(t, err)
	assert.Zero(t, p.Stored)
}

// TestCrawlBudgetWarning: a table-like run past the parse budget is a
// warning naming its line, not a fault; the message and the rows within
// the budget are stored.
func TestCrawlBudgetWarning(t *testing.T) {
	var b strings.Builder
	b.WriteString("Results:\n\nhackbench\nTest:            tip                  patched\n")
	for i := range 6000 {
		b.WriteString(" " + strconv.Itoa(i+1) + "-groups:     4.25 (0.00 pct)     4.14 (2.58 pct)\n")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "big.mbox")
	writeMbox(t, in, []string{mail(1, "Re: [PATCH] big", b.String())})
	st := openStore(t, filepath.Join(dir, "c.db"))
	var faults []corpus.Fault
	p, err := corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{OnFault: func(f corpus.Fault) { faults = append(faults, f) }})
	require.NoError(t, err)
	assert.Zero(t, p.Faults)
	assert.EqualValues(t, 1, p.Warnings)
	require.Len(t, faults, 1)
	assert.True(t, faults[0].Warning)
	assert.Positive(t, faults[0].Line)
	assert.Contains(t, faults[0].Error(), "exceed the budget of one block")
	assert.EqualValues(t, 1, p.Stored)
	assert.Contains(t, p.String(), "0 faults, 1 warnings")
}

// TestMergeAfterStored merges the crawl of a later week into a database
// holding an earlier one: what it adds comes after what was stored, as a
// later crawl of both would keep it. A result the later week posts again
// unquoted stays with the message that posted it first, the stored
// tables keep their numbers, and the new table is numbered after them.
func TestMergeAfterStored(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	week1, week2 := filepath.Join(dir, "week1.mbox"), filepath.Join(dir, "week2.mbox")
	writeMbox(t, week1, []string{mail(1, "[PATCH v4 0/2] sched/fair: Rework wakeup", tableBody(7))})
	writeMbox(t, week2, []string{
		mail(2, "[PATCH v5 0/2] sched/fair: Rework wakeup", tableBody(7)),
		mail(3, "Re: [PATCH v5 0/2] sched/fair: Rework wakeup", tableBody(8)),
	})
	results, week := openStore(t, filepath.Join(dir, "results.db")), openStore(t, filepath.Join(dir, "week.db"))
	_, err := corpus.Crawl(ctx, results, []string{week1}, corpus.Options{})
	require.NoError(t, err)
	_, err = corpus.Crawl(ctx, week, []string{week2}, corpus.Options{})
	require.NoError(t, err)
	both := openStore(t, filepath.Join(dir, "both.db"))
	_, err = corpus.Crawl(ctx, both, []string{week1, week2}, corpus.Options{})
	require.NoError(t, err)

	st, err := corpus.Merge(ctx, results, week)
	require.NoError(t, err)
	assert.Equal(t, store.PutStats{Messages: 2, Tables: 1, Folded: 1}, st)
	got := observations(t, results)
	require.NotEmpty(t, got)
	assert.Equal(t, "t01", got[0].Table)
	assert.Equal(t, "20230301.0001-1-tess@example.org", got[0].MessageID, "the first posting keeps the result")
	assert.Equal(t, observations(t, both), got, "as one crawl of both weeks")
}
