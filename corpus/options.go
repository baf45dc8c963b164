package corpus

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench"
)

// Options tune a crawl; the zero value crawls everything with the
// defaults.
type Options struct {
	// Filter selects messages; messages it rejects are not stored.
	Filter Filter
	// Shard, when Count > 0, keeps only this machine's share.
	Shard Shard
	// Workers is the number of workers, and of cores the crawl keeps
	// busy: each reads its share of a git epoch through a cat-file of its
	// own and decodes it, and a batch is stored into an in-process store
	// (store.InProcess) in a worker's turn; default GOMAXPROCS.
	Workers int
	// BatchSize is the number of messages per store transaction; default
	// 5000 (larger transactions write each index page fewer times). A
	// batch is also committed after BatchInterval.
	BatchSize int
	// BatchInterval bounds how long stored work waits uncommitted;
	// default 500ms.
	BatchInterval time.Duration
	// Pipeline holds the settings shared with extract: Mail bounds what
	// the mail readers accept, Benchmarks drives normalisation. KeepQuoted
	// and Explain do not apply to a crawl.
	Pipeline lkmlbench.Options
	// DecodeAll decodes and parses every message, as if the prefilter
	// said yes to all: many times slower, for checking the prefilter
	// against full decodes of an archive.
	DecodeAll bool
	// Rescan reads every input from its start, ignoring the checkpoints
	// of earlier crawls (the store still skips the messages it holds);
	// new checkpoints are stored as usual.
	Rescan bool
	// GitReader forces the public-inbox reader: "git" (the git binary),
	// "go-git", or "" for git when it is on PATH and go-git otherwise.
	GitReader string
	// NoTotals leaves Progress.TotalCommits at 0: the commits of git
	// epochs are not counted before the crawl. Counting walks each
	// epoch's history once more before the first message is read (about
	// 0.4 CPU-s for a 100,000-commit epoch), which only a progress bar
	// needs.
	NoTotals bool
	// Settle is how long a plain mbox must have been left unchanged for
	// its last message, which no From_ line follows, to count as ended
	// (the file must also end in a newline): a message still being
	// written is not stored, and the next crawl reads it whole. Default
	// DefaultSettle; the crawl waits for it, once per file, only when the
	// file changed more recently. Negative: no wait, a file ending in a
	// newline is taken as written.
	Settle time.Duration
	// OnProgress is called after every committed batch and at the end;
	// it must not block for long, since the next batch waits for it.
	// OnProgress and OnFault are never called concurrently: both run on
	// the goroutine that commits batches (at the end, on Crawl's).
	OnProgress func(Progress)
	// OnFault is called for every message that could not be read, when
	// the batch it belongs to is committed; the crawl goes on without it.
	OnFault func(Fault)
}

// DefaultSettle is Options.Settle's default: writers of mbox files
// (mail delivery, b4, mbsync) append a message in well under a second.
const DefaultSettle = time.Second

func (o *Options) settle() time.Duration {
	if o.Settle == 0 {
		return DefaultSettle
	}
	return o.Settle
}

// Filter selects messages by date, subject and author. Zero fields select
// everything.
type Filter struct {
	// Since and Until bound the Date header (Since inclusive, Until
	// exclusive); messages without a readable date fail a date bound.
	Since, Until time.Time
	// Subject and From match the decoded Subject and From headers.
	Subject, From *regexp.Regexp
}

// active reports whether any bound is set.
func (f *Filter) active() bool {
	return !f.Since.IsZero() || !f.Until.IsZero() || f.Subject != nil || f.From != nil
}

// match reports whether a message with these headers is selected.
func (f *Filter) match(date *time.Time, subject, from string) bool {
	if !f.Since.IsZero() || !f.Until.IsZero() {
		if date == nil {
			return false
		}
		if !f.Since.IsZero() && date.Before(f.Since) {
			return false
		}
		if !f.Until.IsZero() && !date.Before(f.Until) {
			return false
		}
	}
	if f.Subject != nil && !f.Subject.MatchString(subject) {
		return false
	}
	return f.From == nil || f.From.MatchString(from)
}

// Shard is one machine's deterministic share of an archive: message i of
// the archive belongs to shard Index when a hash of its Message-ID (of its
// position when it has none) modulo Count is Index-1.
type Shard struct {
	// Index is 1-based; Count is the number of shards, 0 for no sharding.
	Index, Count int
}

// ParseShard reads "i/n" with 1 <= i <= n.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: want i/n with 1 <= i <= n, e.g. 2/4", s)
	}
	return Shard{Index: i, Count: n}, nil
}

// The variables a Kubernetes Indexed Job gives its pods: the controller
// sets JOB_COMPLETION_INDEX (0-based) in every pod, and the Job's manifest
// sets JOB_COMPLETIONS to its spec.completions (deploy/crawl-job.yaml),
// which Kubernetes does not export by itself.
const (
	EnvShardIndex = "JOB_COMPLETION_INDEX"
	EnvShardCount = "JOB_COMPLETIONS"
)

// ShardFromEnv reads the share of an Indexed Job pod from getenv (os.Getenv
// in the CLI): index JOB_COMPLETION_INDEX+1 of JOB_COMPLETIONS. It reports
// ok false when neither variable is set, and an error naming both when one
// is set without the other or either is not a number in range, since a pod
// that silently crawled everything (or nothing) would double or lose its
// share of the archive.
func ShardFromEnv(getenv func(string) string) (s Shard, ok bool, err error) {
	index, count := strings.TrimSpace(getenv(EnvShardIndex)), strings.TrimSpace(getenv(EnvShardCount))
	if index == "" && count == "" {
		return Shard{}, false, nil
	}
	i, err1 := strconv.Atoi(index)
	n, err2 := strconv.Atoi(count)
	if err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, false, fmt.Errorf("%s=%q, %s=%q: want 0 <= %s < %s (an Indexed Job sets the index; its manifest sets the count)",
			EnvShardIndex, index, EnvShardCount, count, EnvShardIndex, EnvShardCount)
	}
	return Shard{Index: i + 1, Count: n}, true, nil
}

// keep reports whether the message keyed by key belongs to the shard.
func (s Shard) keep(key string) bool {
	if s.Count <= 1 {
		return true
	}
	// FNV-1a: stable across runs and machines, unlike maphash.
	h := uint64(14695981039346656037)
	for i := 0; i < len(key); i++ {
		h ^= uint64(key[i])
		h *= 1099511628211
	}
	return int(h%uint64(s.Count)) == s.Index-1
}

// Progress is a snapshot of a running crawl.
type Progress struct {
	// Messages were read from the inputs (stored, duplicate or filtered).
	Messages int64
	// Stored were added to the store; Duplicates were already there;
	// Filtered were rejected by the filter or belong to another shard.
	Stored, Duplicates, Filtered int64
	// Decoded went through the full MIME decode and table parsers.
	Decoded int64
	// Tables were added; Folded were quoted copies of stored tables.
	Tables, Folded int64
	// Faults are messages (or parts of inputs) that could not be read.
	Faults int64
	// Warnings are messages read in part: a budget cut a long line, a
	// long message or a long run of table-like lines (Fault.Warning).
	Warnings int64
	// Bytes of input were read, out of TotalBytes (0 when unknown: git
	// archives).
	Bytes, TotalBytes int64
	// Commits of public-inbox epochs were read, out of TotalCommits,
	// counted before the crawl starts (deletion commits included).
	Commits, TotalCommits int64
	// Elapsed is the time since the crawl started.
	Elapsed time.Duration
}

// MBPerSec is the input rate so far.
func (p Progress) MBPerSec() float64 {
	if p.Elapsed <= 0 {
		return 0
	}
	return float64(p.Bytes) / 1e6 / p.Elapsed.Seconds()
}

// String is the one-line summary the CLI prints.
func (p Progress) String() string {
	warnings := ""
	if p.Warnings > 0 {
		warnings = fmt.Sprintf(", %d warnings", p.Warnings)
	}
	return fmt.Sprintf("%d messages (%d stored, %d already stored, %d filtered, %d decoded), %d tables (+%d quoted copies), %d faults%s, %.1f MB in %s (%.1f MB/s)",
		p.Messages, p.Stored, p.Duplicates, p.Filtered, p.Decoded, p.Tables, p.Folded, p.Faults, warnings,
		float64(p.Bytes)/1e6, p.Elapsed.Round(time.Millisecond), p.MBPerSec())
}

// Fault is a message the crawl skipped because it could not be read.
type Fault struct {
	// Source is the input path; Offset or Commit locate the message in it.
	Source string
	Offset int64
	Line   int
	Commit string
	// Err says what went wrong.
	Err error
	// Warning marks a message that was read and stored, but in part: a
	// budget cut it (Progress.Warnings). It does not fail the crawl.
	Warning bool
}

// Error renders "source: offset N (line L): problem" or "source: commit C: problem".
func (f Fault) Error() string {
	if f.Commit != "" {
		return fmt.Sprintf("%s: commit %s: %v", f.Source, f.Commit, f.Err)
	}
	return fmt.Sprintf("%s: offset %d (line %d): %v", f.Source, f.Offset, f.Line, f.Err)
}
