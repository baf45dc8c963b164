package main

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export/postgres"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/internal/pgtest"
)

// TestPostgresScripts runs the scripts in testdata/postgres with $PGURL
// naming an empty database on the test server (see internal/pgtest),
// $PGPORT and $PGDB its port and name, and $PGURL2 to $PGURL4 three more.
func TestPostgresScripts(t *testing.T) {
	thread, err := os.ReadFile(filepath.Join("testdata", "thread.mbox"))
	require.NoError(t, err)
	example, err := filepath.Abs(filepath.Join("..", "..", "testdata", "example-thread.mbox"))
	require.NoError(t, err)
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "postgres"),
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			tb := env.T().(testing.TB)
			first := pgtest.Database(tb)
			u, err := url.Parse(first)
			if err != nil {
				return err
			}
			env.Setenv("PGURL", first)
			env.Setenv("PGPORT", u.Port())
			env.Setenv("PGDB", strings.TrimPrefix(u.Path, "/"))
			env.Setenv("PGURL2", pgtest.Database(tb))
			env.Setenv("PGURL3", pgtest.Database(tb))
			env.Setenv("PGURL4", pgtest.Database(tb))
			env.Setenv("EXAMPLE", example)
			return os.WriteFile(filepath.Join(env.WorkDir, "thread.mbox"), thread, 0o644)
		},
	})
}

// listMail renders message i of a generated list: every third message
// posts a result table (its numbers repeat every 12 messages, so some
// tables are posted again unquoted), the one after it quotes that table
// in a reply, and the rest are prose. Message-IDs spread the copies of a
// table over shards.
func listMail(i int) string {
	date := time.Date(2024, 2, 1, 8, 0, 0, 0, time.UTC).Add(time.Duration(i) * 7 * time.Minute)
	table := func(k int) string {
		return fmt.Sprintf("hackbench (lower is better)\nTest:            tip                  patched\n"+
			" 1-groups:     4.%02d (0.00 pct)     4.%02d (1.20 pct)\n"+
			" 2-groups:     5.%02d (0.00 pct)     5.%02d (-0.40 pct)\n", k%100, (k+3)%100, k%97, (k+5)%97)
	}
	var body, subject string
	switch i % 3 {
	case 0:
		subject = fmt.Sprintf("Re: [PATCH v%d 0/3] sched/fair: Trim the wakeup path", 1+i%4)
		body = "Results on a two-socket machine:\n\n" + table(i%12) + "\nTested-by: Kim Ode <kim@example.org>\n"
	case 1:
		subject = fmt.Sprintf("Re: [PATCH v%d 0/3] sched/fair: Trim the wakeup path", 1+(i-1)%4)
		var q strings.Builder
		q.WriteString("On Thu, Kim Ode wrote:\n")
		for _, l := range strings.Split(strings.TrimRight("Results on a two-socket machine:\n\n"+table((i-1)%12), "\n"), "\n") {
			q.WriteString("> " + l + "\n")
		}
		body = q.String() + "\nThanks, queued.\n"
	default:
		subject = fmt.Sprintf("Re: [PATCH v2 %d/3] sched/fair: Trim the wakeup path", 1+i%3)
		body = "Looks fine to me; the comment above the loop could say why.\n"
	}
	return fmt.Sprintf("From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: Kim Ode <kim%d@example.org>\nSubject: %s\nDate: %s\n"+
		"Message-ID: <%d.%d-kim@example.org>\nIn-Reply-To: <root-kim@example.org>\n\n%s\n",
		i%5, subject, date.Format(time.RFC1123Z), 1706774400+i*419, i, body)
}

// writeList writes messages [0, n) of the generated list to path.
func writeList(t *testing.T, path string, n int) {
	t.Helper()
	var b bytes.Buffer
	for i := range n {
		b.WriteString(listMail(i))
	}
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
}

// runCLI runs the CLI as a process (testscript.Main put it on PATH)
// and returns its standard output.
func runCLI(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("lkmlbench", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "lkmlbench %s: %s", strings.Join(args, " "), stderr.String())
	return stdout.String()
}

// records reads every stored record back, without the store's own
// numbering (Seq): the state a store holds.
func records(t *testing.T, st store.Store) []store.Record {
	t.Helper()
	var out []store.Record
	require.NoError(t, st.Each(context.Background(), func(r *store.Record) error {
		r.Seq = 0
		out = append(out, *r)
		return nil
	}))
	return out
}

// sameOutputs checks that query (every format), summary, compare,
// series and report print the same on both databases.
func sameOutputs(t *testing.T, dir, sqliteDB, pgURL string) {
	t.Helper()
	for _, args := range [][]string{
		{"query", "-f", "jsonl"}, {"query"}, {"query", "-f", "csv", "--benchmark", "hack%", "--since", "2024-02-01"},
		{"summary", "--color", "never"}, {"summary", "-f", "json", "--author", "kim"},
		{"compare"}, {"series", "Trim the wakeup path"},
	} {
		want := runCLI(t, dir, append(args, "--db", sqliteDB)...)
		require.NotEmpty(t, want, "%v", args)
		assert.Equal(t, want, runCLI(t, dir, append(args, "--db", pgURL)...), "%v", args)
	}
	runCLI(t, dir, "report", "-o", "sqlite.html", "--db", sqliteDB)
	runCLI(t, dir, "report", "-o", "postgres.html", "--db", pgURL)
	want, err := os.ReadFile(filepath.Join(dir, "sqlite.html"))
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join(dir, "postgres.html"))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "report")
}

// TestConcurrentShards is the acceptance test of the shared store: two
// crawls with --shard 1/2 and 2/2, running at the same time as separate
// processes into one PostgreSQL database, store exactly the records one
// crawl into SQLite stores, compared record by record, and query,
// summary, compare, series and report print the same from both.
func TestConcurrentShards(t *testing.T) {
	db := pgtest.Database(t)
	dir := t.TempDir()
	writeList(t, filepath.Join(dir, "list.mbox"), 600)
	example, err := filepath.Abs(filepath.Join("..", "..", "testdata", "example-thread.mbox"))
	require.NoError(t, err)
	inputs := []string{"list.mbox", example}
	runCLI(t, dir, append([]string{"crawl", "--db", "one.db"}, inputs...)...)

	var shards []*exec.Cmd
	var logs []*bytes.Buffer
	for i := 1; i <= 2; i++ {
		cmd := exec.Command("lkmlbench", append([]string{"crawl", "--db", db, "--shard", fmt.Sprintf("%d/2", i)}, inputs...)...)
		cmd.Dir = dir
		var log bytes.Buffer
		cmd.Stderr = &log
		require.NoError(t, cmd.Start())
		shards, logs = append(shards, cmd), append(logs, &log)
	}
	for i, cmd := range shards {
		require.NoError(t, cmd.Wait(), "shard %d: %s", i+1, logs[i])
	}

	one, err := sqlite.Open(filepath.Join(dir, "one.db"))
	require.NoError(t, err)
	defer one.Close()
	pg, err := postgres.Open(context.Background(), db)
	require.NoError(t, err)
	defer pg.Close()
	want := records(t, one)
	require.Len(t, want, 604)
	assert.Equal(t, want, records(t, pg))
	sameOutputs(t, dir, "one.db", db)
}

// TestKilledCrawlResumes kills a crawler (SIGKILL, no chance to clean
// up) while it waits for more input; the
// same command run again ends in the state of an uninterrupted crawl.
// The first run reads the archive's first half through a FIFO at the
// archive's path and is killed once it has committed some of it, so that
// it is certain to die mid-run. The second run resumes from the
// checkpoint of the last batch committed.
func TestKilledCrawlResumes(t *testing.T) {
	db := pgtest.Database(t)
	// Both crawls read list.mbox in a folder of their own: the source
	// names match.
	ref, dir := t.TempDir(), t.TempDir()
	writeList(t, filepath.Join(ref, "list.mbox"), 400)
	runCLI(t, ref, "crawl", "--db", "one.db", "list.mbox")
	data, err := os.ReadFile(filepath.Join(ref, "list.mbox"))
	require.NoError(t, err)
	half := bytes.Index(data, []byte(listMail(200)))
	require.Positive(t, half)

	list := filepath.Join(dir, "list.mbox")
	require.NoError(t, syscall.Mkfifo(list, 0o600))
	crawler := exec.Command("lkmlbench", "crawl", "--db", db, "list.mbox")
	crawler.Dir = dir
	var log bytes.Buffer
	crawler.Stderr = &log
	require.NoError(t, crawler.Start())
	fifo, err := os.OpenFile(list, os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = fifo.Write(data[:half])
	require.NoError(t, err)

	pg, err := postgres.Open(context.Background(), db)
	require.NoError(t, err)
	defer pg.Close()
	// Kill the crawler once it has committed a batch: it cannot have
	// read the second half.
	for deadline := time.Now().Add(2 * time.Minute); ; {
		var n int
		err := pg.DB().QueryRow(context.Background(), `SELECT count(*) FROM messages`).Scan(&n)
		if err == nil && n > 0 {
			break
		}
		require.True(t, time.Now().Before(deadline), "the crawler committed nothing: %s", &log)
		time.Sleep(50 * time.Millisecond)
	}
	require.NoError(t, crawler.Process.Kill())
	crawler.Wait()
	fifo.Close()
	var stored int
	require.NoError(t, pg.DB().QueryRow(context.Background(), `SELECT count(*) FROM messages`).Scan(&stored))
	require.Less(t, stored, 200)

	require.NoError(t, os.Remove(list))
	require.NoError(t, os.WriteFile(list, data, 0o644))
	cmd := exec.Command("lkmlbench", "crawl", "--db", db, "list.mbox")
	cmd.Dir = dir
	var rerun bytes.Buffer
	cmd.Stderr = &rerun
	require.NoError(t, cmd.Run(), rerun.String())
	// The crawl goes on from its last checkpoint, committed with the last
	// batch: it reads exactly what was not stored.
	assert.Contains(t, rerun.String(), fmt.Sprintf("crawl: %d messages (%d stored, 0 already stored", 400-stored, 400-stored))

	one, err := sqlite.Open(filepath.Join(ref, "one.db"))
	require.NoError(t, err)
	defer one.Close()
	assert.Equal(t, records(t, one), records(t, pg))
	sameOutputs(t, ref, "one.db", db)
}

// TestIncrementalCrawl crawls a list, then the same list with as many
// messages again appended, into SQLite and into PostgreSQL: the second
// crawls read only the new messages (from their checkpoints), and both
// databases end with the same records, numbered alike.
func TestIncrementalCrawl(t *testing.T) {
	db := pgtest.Database(t)
	dir := t.TempDir()
	list := filepath.Join(dir, "list.mbox")
	writeList(t, list, 150)
	runCLI(t, dir, "crawl", "--db", "one.db", "list.mbox")
	runCLI(t, dir, "crawl", "--db", db, "list.mbox")
	writeList(t, list, 300)
	for _, target := range []string{"one.db", db} {
		cmd := exec.Command("lkmlbench", "crawl", "--db", target, "list.mbox")
		cmd.Dir = dir
		var log bytes.Buffer
		cmd.Stderr = &log
		require.NoError(t, cmd.Run(), log.String())
		assert.Contains(t, log.String(), "crawl: 150 messages (150 stored, 0 already stored", target)
	}
	one, err := sqlite.Open(filepath.Join(dir, "one.db"))
	require.NoError(t, err)
	defer one.Close()
	pg, err := postgres.Open(context.Background(), db)
	require.NoError(t, err)
	defer pg.Close()
	assert.Equal(t, records(t, one), records(t, pg))
	sameOutputs(t, dir, "one.db", db)
}
