package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/alecthomas/kong"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/lkmlbench/lkmlbench/corpus"
	"github.com/lkmlbench/lkmlbench/internal/termtext"
)

// crawlCmd stores every benchmark table of whole archives in a database.
type crawlCmd struct {
	DB        string   `placeholder:"FILE|URL" help:"${dbHelp} Created when missing; n crawls with --shard may write one PostgreSQL database at once."`
	Since     string   `placeholder:"DATE" help:"Only messages dated on or after DATE (2022-01-02 or RFC 3339)."`
	Until     string   `placeholder:"DATE" help:"Only messages dated before DATE."`
	Subject   string   `placeholder:"REGEX" help:"Only messages whose subject matches REGEX."`
	From      string   `placeholder:"REGEX" help:"Only messages whose sender (\"Name <addr>\") matches REGEX."`
	Shard     string   `placeholder:"I/N" help:"Process only share I of N (1-based, by Message-ID hash), so that N machines can split an archive: all writing one PostgreSQL database, or each its own SQLite file to combine with merge. Without it, a Kubernetes Indexed Job pod's JOB_COMPLETION_INDEX and JOB_COMPLETIONS give the share (deploy/crawl-job.yaml)."`
	Workers   int      `placeholder:"N" help:"Cores to keep busy: each worker reads (through a git of its own), decodes and in turn stores (default: the number of CPUs)."`
	Rescan    bool     `help:"Read every archive from its start, ignoring where earlier crawls into the database stopped (messages already stored are still skipped)."`
	DecodeAll bool     `help:"Decode and parse every message, without the prefilter (many times slower; to check the prefilter against full decodes)."`
	Git       string   `enum:"auto,git,go-git" default:"auto" help:"Reader of public-inbox git epochs: the git binary, go-git, or auto (git when on PATH)."`
	Inputs    []string `arg:"" name:"archive" help:"mbox, mbox.gz, Maildir, folders of messages, public-inbox v2 epochs (N.git) or inboxes."`
}

// Help is the long help of "lkmlbench crawl --help".
func (c *crawlCmd) Help() string {
	return `Reads whole archives into an SQLite database, or into a PostgreSQL database
that the crawls of many machines (one --shard each) write at once: every
message is recorded (keyed by Message-ID and a hash of its content, so a
second crawl adds nothing and an interrupted one resumes), and every
benchmark table with the records extract prints, its verdicts included.
Messages that cannot be read are reported, counted and skipped.

Examples:

    lkmlbench crawl ~/lore/lkml/git/7.git
    lkmlbench crawl --db results.db ~/lore/linux-pm lkml-2022.mbox.gz ~/Maildir/lkml
    lkmlbench crawl --db sched.db --since 2022-01-01 --subject 'sched' --from 'amd\.com' ~/lore/lkml
    lkmlbench crawl --db part1.db --shard 1/4 ~/lore/lkml
    lkmlbench crawl --db postgres://crawler@db.example.org/lkmlbench --shard 1/4 ~/lore/lkml`
}

// maxFaultLines bounds the per-message fault lines, and apart from them
// the warning lines, on standard error; the summary still counts every
// fault and warning.
const maxFaultLines = 100

// Run crawls; Ctrl-C or SIGTERM stops after committing the current batch,
// and running the same command again resumes. Closing the store builds
// the indexes a first crawl deferred, so its error counts.
func (c *crawlCmd) Run(ctx context.Context, k *kong.Context, n notes) (err error) {
	opts, err := c.options()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer tuneGC()()
	st, name, err := openDB(ctx, c.DB, true)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := st.Close(); err == nil {
			err = cerr
		}
	}()

	show := newProgressView(n.Writer)
	// Faults and warnings are capped apart: a crawl's many warnings
	// (cells no float64 holds ...) must not hide a fault, which is an
	// error and is printed even with --quiet.
	shown := map[bool]int{} // by Fault.Warning
	opts.OnProgress = show.update
	opts.NoTotals = !show.tty // the commit count is for the bar alone
	opts.OnFault = func(f corpus.Fault) {
		shown[f.Warning]++
		kind := "fault"
		if f.Warning {
			kind = "warning"
		}
		switch {
		case shown[f.Warning] > maxFaultLines:
		case f.Warning:
			show.println(fmt.Sprintf("lkmlbench: %s: %s", kind, termtext.Visible(fmt.Sprint(f))))
		default:
			show.printErr(k.Stderr, fmt.Sprintf("lkmlbench: %s: %s", kind, termtext.Visible(fmt.Sprint(f))))
		}
		if shown[f.Warning] == maxFaultLines {
			line := fmt.Sprintf("lkmlbench: further %ss are only counted", kind)
			if f.Warning {
				show.println(line)
			} else {
				show.printErr(k.Stderr, line)
			}
		}
	}
	p, err := corpus.Crawl(ctx, st, c.Inputs, opts)
	show.finish()
	fmt.Fprintf(n, "crawl: %s into %s\n", p, name)
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(k.Stderr, "lkmlbench: interrupted; the database is consistent: run the same command again to resume\n")
		return errInputs
	case err != nil:
		return err
	case p.Faults > 0:
		return errInputs
	}
	return nil
}

// tuneGC trades memory the crawl does not use for fewer collections: a
// crawl's live heap is small (messages in flight, two batches of records,
// 15-30 MB), so the default GOGC=100 collects very often. The soft limit
// keeps the peak bounded, and it is what sets the pace: the heap reaches
// it long before GOGC=400's goal, so the collector runs once per (limit -
// live heap) allocated. On the linux-pm epoch (real mail, 4.7-5.7 GB
// allocated) 64 MiB gave 312 collections, 80 MiB 225 and 88 MiB 175,
// with SQLite's page cache at 8 MiB (it was 16): the process peaked at
// 132-133 MB with 80 MiB, but at 134-150 MB with 88 MiB, too close to
// the 150 MB the crawl is held to (143 MB at 64 MiB with a 16 MiB
// cache). The limit rises while the live heap itself is over half of it
// (followLiveHeap). GOGC and GOMEMLIMIT in the environment take
// precedence. restore puts back what the process had, so that a command
// run in-process (the tests, a library caller) leaves no limit or
// follower behind.
func tuneGC() (restore func()) {
	pct, limit, stop := -2, int64(-1), func() {}
	if os.Getenv("GOGC") == "" {
		pct = debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		limit = debug.SetMemoryLimit(memLimit)
		stop = followLiveHeap(memLimit, memCeiling)
	}
	return func() {
		stop()
		if limit >= 0 {
			debug.SetMemoryLimit(limit)
		}
		if pct != -2 {
			debug.SetGCPercent(pct)
		}
	}
}

// memLimit is the soft memory limit of tuneGC; memCeiling is as far as
// followLiveHeap lets it rise while large tables are live: with it the
// crawl of 200 messages of 5,000-row tables peaks under 300 MB
// (scripts/limits.sh).
const (
	memLimit   = 80 << 20
	memCeiling = 160 << 20
)

// options turns the flags into crawl options.
func (c *crawlCmd) options() (corpus.Options, error) {
	opts := corpus.Options{Workers: c.Workers, DecodeAll: c.DecodeAll, Rescan: c.Rescan}
	if c.Git != "auto" {
		opts.GitReader = c.Git
	}
	var err error
	if opts.Filter.Since, err = parseDay(c.Since, "--since"); err != nil {
		return opts, err
	}
	if opts.Filter.Until, err = parseDay(c.Until, "--until"); err != nil {
		return opts, err
	}
	for _, re := range []struct {
		flag, expr string
		dst        **regexp.Regexp
	}{{"--subject", c.Subject, &opts.Filter.Subject}, {"--from", c.From, &opts.Filter.From}} {
		if re.expr == "" {
			continue
		}
		if *re.dst, err = regexp.Compile(re.expr); err != nil {
			return opts, usageErr(fmt.Sprintf("%s: %v", re.flag, err))
		}
	}
	switch env, fromEnv, err := corpus.ShardFromEnv(os.Getenv); {
	case c.Shard != "":
		// the flag wins: a pod may be told its share outright
		if opts.Shard, err = corpus.ParseShard(c.Shard); err != nil {
			return opts, usageErr("--shard: " + err.Error())
		}
	case err != nil:
		return opts, usageErr(err.Error())
	case fromEnv:
		opts.Shard = env
	}
	return opts, nil
}

// parseDay reads a date flag: a day (UTC midnight) or an RFC 3339 time.
func parseDay(s, flag string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{"2006-01-02", time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, usageErr(fmt.Sprintf("%s %q: want a date like 2022-01-31 or 2022-01-31T12:00:00Z", flag, s))
}

// progressView draws crawl progress: a bar when standard error is a
// terminal, a log line every logEvery otherwise.
type progressView struct {
	w    io.Writer
	tty  bool
	bar  *progressbar.ProgressBar
	last time.Time
}

const logEvery = 10 * time.Second

func newProgressView(w io.Writer) *progressView {
	v := &progressView{w: w, last: time.Now()}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		v.tty = true
	}
	return v
}

// update moves the bar: over bytes for files, over commits (counted
// before the crawl) when the inputs are git epochs alone. The bar is made
// at the first update, when the crawl knows which it counts.
func (v *progressView) update(p corpus.Progress) {
	if v.tty {
		total, done, bytes := p.TotalBytes, p.Bytes, true
		if total == 0 && p.TotalCommits > 0 {
			total, done, bytes = p.TotalCommits, p.Commits, false
		}
		if v.bar == nil {
			v.bar = progressbar.NewOptions64(-1, barOptions(v.w, bytes)...)
		}
		if total > 0 && v.bar.GetMax64() != total {
			v.bar.ChangeMax64(total)
		}
		v.bar.Describe(fmt.Sprintf("%d msgs, %d tables, %d faults", p.Messages, p.Tables, p.Faults))
		v.bar.Set64(done)
		return
	}
	if time.Since(v.last) >= logEvery {
		v.last = time.Now()
		fmt.Fprintf(v.w, "crawl: %s\n", p)
	}
}

// barOptions makes the bar as wide as the terminal, its rate in bytes
// per second over files (B/s, MB/s) and in commits per second over git
// epochs.
func barOptions(w io.Writer, bytes bool) []progressbar.Option {
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(w),
		progressbar.OptionShowBytes(bytes),
		progressbar.OptionShowCount(),
		progressbar.OptionFullWidth(),
		progressbar.OptionThrottle(200 * time.Millisecond),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
	}
	if !bytes {
		opts = append(opts, progressbar.OptionSetItsString("commits"), progressbar.OptionShowIts())
	}
	return opts
}

// println writes a line above the bar.
func (v *progressView) println(s string) {
	if v.bar != nil {
		v.bar.Clear()
	}
	fmt.Fprintln(v.w, s)
}

// printErr writes an error line to w (standard error, which -q keeps)
// above the bar.
func (v *progressView) printErr(w io.Writer, s string) {
	if v.bar != nil {
		v.bar.Clear()
	}
	fmt.Fprintln(w, s)
}

func (v *progressView) finish() {
	if v.bar != nil {
		v.bar.Finish()
	}
}
