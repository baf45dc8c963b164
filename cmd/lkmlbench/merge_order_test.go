package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export/postgres"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/internal/pgtest"
)

// repostMail renders message i of a list in which order matters: a
// series posts the same result under v4 and again, unchanged, under v5
// (equally quoted copies: the one read first is kept, and with it the v4
// attribution); replies quote results, some before the result itself
// comes (a reply that arrived first: its quoted copy numbers the table,
// the later unquoted copy is kept); and messages are posted twice under
// one Message-ID, once as the same bytes (stored once) and once edited
// (kept as a second message).
func repostMail(i int) string {
	date := time.Date(2025, 5, 6, 9, 0, 0, 0, time.UTC).Add(time.Duration(i) * 11 * time.Minute)
	result := func(k int) string {
		return fmt.Sprintf("fio randread, 4k, iodepth 32 (higher is better)\n"+
			"Case:            before               after\n"+
			" 1-jobs:     9.%02d (0.00 pct)     9.%02d (1.10 pct)\n"+
			" 4-jobs:     8.%02d (0.00 pct)     8.%02d (-0.70 pct)\n", k%100, (k+4)%100, k%93, (k+6)%93)
	}
	quoted := func(k int) string {
		var q strings.Builder
		q.WriteString("On Tue, Noor Vale wrote:\n")
		for _, l := range strings.Split(strings.TrimRight("Numbers from the test box:\n\n"+result(k), "\n"), "\n") {
			q.WriteString("> " + l + "\n")
		}
		return q.String() + "\nThe 4-jobs dip looks like noise to me.\n"
	}
	k := i / 6 // each group of six messages shares one result
	id := fmt.Sprintf("<%d.%d-noor@example.net>", 1746522000+i*613, i)
	var subject, body string
	switch i % 6 {
	case 0: // a reply that quotes the result before it is posted
		subject, body = fmt.Sprintf("Re: [PATCH v4 0/2] block: Batch the plug flush (%d)", k), quoted(k)
	case 1: // the result under v4
		subject = fmt.Sprintf("[PATCH v4 0/2] block: Batch the plug flush (%d)", k)
		body = "Numbers from the test box:\n\n" + result(k) + "\nTested-by: Noor Vale <noor@example.net>\n"
	case 2: // the same result, re-posted under v5
		subject = fmt.Sprintf("[PATCH v5 0/2] block: Batch the plug flush (%d)", k)
		body = "Numbers from the test box:\n\n" + result(k) + "\nTested-by: Noor Vale <noor@example.net>\n"
	case 3: // another reply quoting it
		subject, body = fmt.Sprintf("Re: [PATCH v5 0/2] block: Batch the plug flush (%d)", k), quoted(k)
	case 4: // re-posted later as the same bytes (see repostList)
		subject = fmt.Sprintf("Re: [PATCH v5 1/2] block: Batch the plug flush (%d)", k)
		body = "Reviewed-by: Ira Quell <ira@example.net>\n" + quoted(k)
	default: // re-posted later, edited, under the same Message-ID
		subject = fmt.Sprintf("Re: [PATCH v5 2/2] block: Batch the plug flush (%d)", k)
		body = "The flush could move out of the loop.\n" + quoted(k+1)
	}
	return fmt.Sprintf("From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: Noor Vale <noor%d@example.net>\nSubject: %s\nDate: %s\n"+
		"Message-ID: %s\nIn-Reply-To: <root-%d-noor@example.net>\n\n%s\n",
		i%4, subject, date.Format(time.RFC1123Z), id, k, body)
}

// repostList writes n messages of repostMail, each group's last two
// posted again after the next group: one as the same bytes, one edited.
func repostList(t *testing.T, path string, n int) {
	t.Helper()
	var b bytes.Buffer
	var again []string
	for i := range n {
		b.WriteString(repostMail(i))
		if i%6 == 5 {
			for _, m := range again {
				b.WriteString(m)
			}
			again = []string{repostMail(i - 1), strings.Replace(repostMail(i), "could move", "should move", 1)}
		}
	}
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
}

// storedState is everything a store keeps of a crawl, in reading order:
// each message with its position, the tables it holds with their copy
// counts and where their first copies were read.
func storedState(t *testing.T, st store.Store) []store.Record {
	t.Helper()
	var out []store.Record
	require.NoError(t, st.Each(context.Background(), func(r *store.Record) error {
		out = append(out, *r)
		return nil
	}))
	return out
}

// TestMergeOrder crawls a list whole and as three shards, and merges the
// shards in several orders, into SQLite and into PostgreSQL: every merge
// holds exactly what the single crawl holds (the same copy of every
// table on the same message, the same copy counts and numbering, the
// same series attribution), and query, summary, compare, series and
// report print the same from it.
func TestMergeOrder(t *testing.T) {
	dir := t.TempDir()
	repostList(t, filepath.Join(dir, "list.mbox"), 96)
	runCLI(t, dir, "crawl", "--db", "one.db", "list.mbox")
	for i := 1; i <= 3; i++ {
		runCLI(t, dir, "crawl", "--db", fmt.Sprintf("shard%d.db", i), "--shard", fmt.Sprintf("%d/3", i), "list.mbox")
	}
	one, err := sqlite.OpenReadOnly(filepath.Join(dir, "one.db"))
	require.NoError(t, err)
	defer one.Close()
	want := storedState(t, one)
	require.Len(t, want, 96+15, "the edited re-posts are messages of their own, the identical ones are not")
	var held, firsts int
	for _, r := range want {
		held += len(r.Tables)
		for j, p := range r.Places {
			if p.FirstID != r.Meta.ID || p.FirstIndex != j {
				firsts++
			}
			if r.Tables[j].QuoteDepth == 0 {
				assert.Contains(t, r.Meta.Subject, "[PATCH v4", "a result is kept under v4, where it was first posted unquoted")
			}
		}
	}
	require.Equal(t, 16+1, held, "one table per group, and the last group's edit quotes one more")
	require.Positive(t, firsts, "some tables were first read in a quoting reply")
	wantQuery := runCLI(t, dir, "query", "-f", "jsonl", "--db", "one.db")
	wantSeries := runCLI(t, dir, "series", "--db", "one.db", "Batch the plug flush (3)")
	require.Contains(t, wantSeries, "v4")

	pgSkip := ""
	for _, order := range [][]int{{1, 2, 3}, {3, 2, 1}, {2, 1, 3}} {
		var inputs []string
		for _, i := range order {
			inputs = append(inputs, fmt.Sprintf("shard%d.db", i))
		}
		name := fmt.Sprint(order)
		out := fmt.Sprintf("merged%d%d%d.db", order[0], order[1], order[2])
		runCLI(t, dir, append([]string{"merge", "-o", out}, inputs...)...)
		targets := []string{out}
		if pgSkip == "" {
			if url, why := pgDatabase(t); url != "" {
				runCLI(t, dir, append([]string{"merge", "-o", url}, inputs...)...)
				targets = append(targets, url)
			} else {
				pgSkip = why
			}
		}
		for _, target := range targets {
			var st store.Store
			if postgres.IsURL(target) {
				pg, err := postgres.Open(context.Background(), target)
				require.NoError(t, err)
				st = pg
			} else {
				st, err = sqlite.OpenReadOnly(filepath.Join(dir, target))
				require.NoError(t, err)
			}
			kind := map[bool]string{true: "PostgreSQL", false: "SQLite"}[postgres.IsURL(target)]
			assert.Equal(t, want, storedState(t, st), "%s, order %s", kind, name)
			require.NoError(t, st.Close())
			assert.Equal(t, wantQuery, runCLI(t, dir, "query", "-f", "jsonl", "--db", target), "%s, order %s", kind, name)
			assert.Equal(t, wantSeries, runCLI(t, dir, "series", "--db", target, "Batch the plug flush (3)"), "%s, order %s", kind, name)
		}
	}
	if pgSkip != "" {
		t.Skipf("SQLite checked; no PostgreSQL server: %s", pgSkip)
	}
}

// pgDatabase is a fresh database on the test server, or "" and why there
// is none: pgtest.Database would skip the test, which must first check
// SQLite. Under CI=true it fails the test, as pgtest.Database does.
func pgDatabase(t *testing.T) (url, why string) {
	t.Helper()
	if os.Getenv(pgtest.Env) == "" && os.Getenv("CI") != "true" {
		return "", pgtest.Env + " is unset"
	}
	return pgtest.Database(t), ""
}
