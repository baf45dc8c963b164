package corpus

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/corpus/gitgo"
)

// The git binary reads a public-inbox epoch in two parts, as the crawl
// does (and the decode-only yardstick, corpus/cmd/decodeonly, so that
// both measure the same reading): GitList lists the commits oldest first
// with their blobs "m", and a GitReader per worker returns the messages
// of the runs of commits it is handed, through a `git cat-file --batch`
// of its own. Inflating the blobs is the largest part of reading an
// epoch; with one cat-file for the whole crawl it ran beside the workers
// on a core of its own, a stage no number of workers made faster.

// GitCommit is a commit to read and, when the listing named it, its blob
// "m".
type GitCommit struct {
	ID, Blob [20]byte
	HasBlob  bool
}

// GitChunk is the number of commits GitList hands on at once: a worker
// asks its cat-file for all of them before it reads a message (a few
// hundred kilobytes of mail, most of a millisecond of work).
const GitChunk = 32

// gitBounds keeps git's own memory flat. By default git maps pack files
// in windows of up to 8 GiB and caches 96 MiB of delta bases: on the 1 GB
// linux-pm epoch `cat-file --batch` over every message grew to 490 MB
// resident, four times the crawl itself. With these bounds it stays at
// 86 MB for the same CPU time (3.8 s both).
var gitBounds = []string{"-c", "core.packedGitWindowSize=16m", "-c", "core.packedGitLimit=64m", "-c", "core.deltaBaseCacheLimit=16m"}

// GitList lists the commits of a public-inbox epoch's HEAD (after since,
// when set: since..HEAD) oldest first, and hands them to chunk in runs of
// at most GitChunk while git still lists the rest: one `git rev-list
// --objects --reverse`, which walks the commits first (the only wait
// before the first run) and then prints each commit, its tree and the
// tree's files. Each commit comes with its blob "m" when git printed it;
// git prints an object once, so a commit whose blob came before (a
// message committed again), whose tree or blob is missing (--missing=print
// puts those aside) or that deletes a message has none, and is asked for
// as "<commit>:m", which tells those cases apart.
//
// Where the history breaks off (a parent commit cannot be read), the
// reversed listing prints nothing: the commits are then listed newest
// first up to the break, fault is told the history is broken
// (gitgo.ErrHistory), and the commits git reached are handed on. Where
// the listing stops after handing some on (a tree that cannot be read),
// the rest come from a listing of commits alone. An error of chunk or
// fault stops the listing and is returned.
func GitList(ctx context.Context, repo, since string, chunk func([]GitCommit) error, fault func(commit string, err error) error) error {
	var pending []GitCommit
	handed := 0
	flush := func(all bool) error {
		for len(pending) > GitChunk || (all && len(pending) > 0) {
			n := min(len(pending), GitChunk)
			run := slices.Clone(pending[:n])
			pending = append(pending[:0], pending[n:]...)
			handed += n
			if err := chunk(run); err != nil {
				return err
			}
		}
		return nil
	}
	add := func(c GitCommit) error {
		pending = append(pending, c)
		return flush(false)
	}
	listErr, stop := listCommits(ctx, repo, []string{"--objects", "--reverse", "--in-commit-order", "--missing=print", revRange(since)}, add)
	switch {
	case stop != nil:
		return stop
	case listErr == nil:
		return flush(true)
	case handed+len(pending) == 0:
		commits, histErr := revList(ctx, repo, since)
		if err := ctx.Err(); err != nil {
			return err
		}
		if histErr != nil {
			if len(commits) == 0 {
				return histErr
			}
			// The log runs newest first and stops where a commit cannot
			// be read: what came before it is out of reach.
			if err := fault(hex.EncodeToString(commits[0].ID[:]), fmt.Errorf("%w, older messages are lost: %w", gitgo.ErrHistory, histErr)); err != nil {
				return err
			}
		}
		pending = commits
		return flush(true)
	}
	// The listing stopped part way (a tree it could not read): what it
	// listed stands, the last commit perhaps without its blob, and the
	// commits after it come from a listing of commits alone, asked for
	// as "<commit>:m", which reports the damaged one.
	skip := handed + len(pending)
	listErr, stop = listCommits(ctx, repo, []string{"--reverse", revRange(since)}, func(c GitCommit) error {
		if skip > 0 {
			skip--
			return nil
		}
		return add(c)
	})
	switch {
	case stop != nil:
		return stop
	case listErr != nil:
		return listErr
	}
	return flush(true)
}

// listCommits runs `git rev-list ARGS` and calls add with each commit
// once its blob "m" (when printed) has come. listErr is git's failure or
// an unexpected line; stop is add's error or the context's.
func listCommits(ctx context.Context, repo string, args []string, add func(GitCommit) error) (listErr, stop error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append(append(slices.Clip(gitBounds), "-C", repo, "rev-list"), args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: git rev-list: %w", repo, err), nil
	}
	var cur GitCommit
	have := false
	var bad string
	err = parseList(out, func(c GitCommit) error {
		if have {
			if err := add(cur); err != nil {
				return err
			}
		}
		cur, have = c, true
		return nil
	}, func(blob [20]byte) {
		if have && !cur.HasBlob {
			cur.Blob, cur.HasBlob = blob, true
		}
	}, &bad)
	if err != nil {
		cancel()
		cmd.Wait()
		return nil, err
	}
	werr := cmd.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if have {
		// Where git failed, its last commit may lack the blob that was
		// to follow: it is asked for by commit.
		if err := add(cur); err != nil {
			return nil, err
		}
	}
	switch {
	case werr != nil:
		return fmt.Errorf("%s: git rev-list: %v: %s", repo, werr, strings.TrimSpace(stderr.String())), nil
	case bad != "":
		return fmt.Errorf("%s: git rev-list: unexpected line %q", repo, bad), nil
	}
	return nil, nil
}

// parseList reads rev-list's lines: a commit ("<id>"), an object
// ("<id> <path>", of which the blob "m" counts), a missing object
// ("?<id>", its commit has none listed). The first line of another form
// goes to bad.
func parseList(r io.Reader, commit func(GitCommit) error, blob func([20]byte), bad *string) error {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) > 0 && line[0] == '?' {
			continue
		}
		if len(line) < 40 || !isHex(line[:40]) {
			if *bad == "" {
				*bad = sc.Text()
			}
			continue
		}
		var h [20]byte
		hex.Decode(h[:], line[:40])
		switch name := line[40:]; {
		case len(name) == 0:
			if err := commit(GitCommit{ID: h}); err != nil {
				return err
			}
		case string(name) == " m":
			blob(h)
		}
	}
	return nil
}

// revList returns the commits of HEAD (after since, when set) oldest
// first, listed newest first and turned here: --reverse lists nothing
// when the history breaks, and this listing returns the commits git
// reached before the break, with the error.
func revList(ctx context.Context, repo, since string) ([]GitCommit, error) {
	var commits []GitCommit
	listErr, _ := listCommits(ctx, repo, []string{"--objects", "--in-commit-order", "--missing=print", revRange(since)}, func(c GitCommit) error {
		commits = append(commits, c)
		return nil
	})
	if listErr != nil {
		// git names the commit whose parents it could not read but does
		// not list it; it is readable itself.
		const broken = "Failed to traverse parents of commit "
		if _, after, ok := strings.Cut(listErr.Error(), broken); ok {
			var h [20]byte
			if f := strings.Fields(after); len(f) > 0 {
				if n, err := hex.Decode(h[:], []byte(f[0])); err == nil && n == 20 {
					commits = append(commits, GitCommit{ID: h})
				}
			}
		}
	}
	slices.Reverse(commits)
	return commits, listErr
}

// isHex reports whether b is lower-case hexadecimal, as git prints ids.
func isHex(b []byte) bool {
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// revRange is the commits after since, or all of HEAD.
func revRange(since string) string {
	if since == "" {
		return "HEAD"
	}
	return since + "..HEAD"
}

// gitCount counts the commits GitList lists.
func gitCount(ctx context.Context, repo, since string) (int64, error) {
	out, err := exec.CommandContext(ctx, "git", append(slices.Clip(gitBounds), "-C", repo, "rev-list", "--count", revRange(since))...).Output()
	if err != nil {
		return 0, fmt.Errorf("%s: git rev-list --count: %w", repo, err)
	}
	return strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
}

// GitMessage is what a GitReader read for one commit: the message, or
// why there is none.
type GitMessage struct {
	// Index is the commit's place in the run handed to Read.
	Index  int
	Commit string
	// Blob is the id of the blob "m", which git computed over the
	// message's bytes: it keys the message's content (store.Record.Hash)
	// at no cost.
	Blob [20]byte
	// Data is the message, valid until the callback returns.
	Data []byte
	// Err says why the commit's message could not be read (a missing or
	// damaged blob or tree, a commit holding neither "m" nor "d"); nil
	// Data and Err: a deletion commit (blob "d"), which holds no message.
	Err error
}

// A GitReader reads the messages of one epoch's commits through a
// long-lived `git cat-file --batch`; it is not safe for concurrent use
// (each crawl worker has its own). It asks for a whole run of commits and
// reads every answer before handing on the first message: git inflates
// while its worker waits, so that a worker and its git take one core
// between them and n workers use n cores, their git included.
type GitReader struct {
	ctx  context.Context // bounds the cat-file processes
	repo string
	cat  *exec.Cmd
	in   *bufio.Writer
	inw  io.WriteCloser
	out  *bufio.Reader
	outr *os.File
	// stderr is cat-file's; exec writes it from a goroutine of its own
	// until the process has been waited for.
	stderr bytes.Buffer
	buf    []byte      // the run's answers, reused
	got    []gitAnswer // per commit of the run
}

// gitAnswer is cat-file's answer for one commit: the object's type
// ("missing" when there is none) and id, and where its data lies in
// GitReader.buf.
type gitAnswer struct {
	kind       string
	oid        [20]byte
	start, end int
}

// NewGitReader returns a reader of the epoch at repo; its git starts with
// the first Read, and is killed when ctx ends.
func NewGitReader(ctx context.Context, repo string) *GitReader {
	return &GitReader{ctx: ctx, repo: repo}
}

// Repo is the epoch the reader reads.
func (r *GitReader) Repo() string { return r.repo }

// gitReadBytes bounds the answers a GitReader holds at once: a run of
// large messages (logs of megabytes) is read in parts, git waiting while
// its worker decodes each part. A variable for the tests' sake.
var gitReadBytes = 4 << 20

// Read calls fn with the message of every commit, in order, a
// GitMessage with Err for each commit whose message cannot be read, and
// one with neither for a deletion commit. When cat-file itself dies on a
// damaged object, that commit's GitMessage says so and a new cat-file
// reads on after it. An error of fn, or the context's, stops the reading
// and is returned; so does a git that cannot be started.
func (r *GitReader) Read(commits []GitCommit, fn func(GitMessage) error) error {
	for i := 0; i < len(commits); {
		if err := r.ask(commits[i:]); err != nil {
			return err
		}
		for asked := len(commits); i < asked; {
			n, catErr := r.answers(commits[i:])
			for j := range n {
				if err := r.hand(i+j, &commits[i+j], &r.got[j], fn); err != nil {
					return err
				}
			}
			i += n
			if catErr == nil {
				continue
			}
			if err := r.ctx.Err(); err != nil {
				return err
			}
			// cat-file stopped on commit i: say so and start again
			// after it.
			if err := fn(GitMessage{Index: i, Commit: hex.EncodeToString(commits[i].ID[:]), Err: catErr}); err != nil {
				return err
			}
			i++
			break
		}
	}
	return nil
}

// hand passes one answer on to fn.
func (r *GitReader) hand(i int, c *GitCommit, a *gitAnswer, fn func(GitMessage) error) error {
	m := GitMessage{Index: i, Commit: hex.EncodeToString(c.ID[:])}
	switch a.kind {
	case "blob":
		m.Blob, m.Data = a.oid, r.buf[a.start:a.end]
	case "missing":
		if c.HasBlob {
			m.Err = fmt.Errorf("blob m (%s) is missing from the repository or damaged", hex.EncodeToString(c.Blob[:]))
			break
		}
		var err error
		if m.Err, err = r.missing(m.Commit); err != nil {
			return err
		}
	default:
		m.Err = fmt.Errorf("m is a %s, not a message blob", a.kind)
	}
	return fn(m)
}

// start runs the reader's cat-file, unless it runs.
func (r *GitReader) start() error {
	if r.cat != nil {
		return nil
	}
	cat := exec.CommandContext(r.ctx, "git", append(slices.Clip(gitBounds), "-C", r.repo, "cat-file", "--batch")...)
	in, err := cat.StdinPipe()
	if err != nil {
		return err
	}
	out, w, err := widePipe()
	if err != nil {
		in.Close()
		return err
	}
	cat.Stdout = w
	r.stderr.Reset()
	cat.Stderr = &r.stderr
	err = cat.Start()
	w.Close() // cat-file holds the writing end now: its exit ends the reading
	if err != nil {
		in.Close()
		out.Close()
		return fmt.Errorf("%s: git cat-file: %w", r.repo, err)
	}
	r.cat, r.inw, r.outr = cat, in, out
	if r.in == nil {
		r.in = bufio.NewWriterSize(in, 4<<10)
		r.out = bufio.NewReaderSize(out, 256<<10)
	} else {
		r.in.Reset(in)
		r.out.Reset(out)
	}
	return nil
}

// Close stops the reader's cat-file (its end of input makes it exit); a
// later Read starts another.
func (r *GitReader) Close() {
	if r.cat == nil {
		return
	}
	r.inw.Close()
	r.outr.Close()
	r.cat.Wait()
	r.cat = nil
	if cap(r.buf) > maxPooled {
		r.buf = nil // do not keep a huge message's buffer
	}
}

// ask starts cat-file when it is not running and asks it for the blob of
// every commit, by id when the listing gave one, else as "<commit>:m".
// The requests fit the pipe to cat-file (GitChunk lines of 43 bytes
// against 64 KiB) however long it takes to answer them. A write that
// fails (cat-file is gone) shows as the answer that does not come.
func (r *GitReader) ask(commits []GitCommit) error {
	if err := r.start(); err != nil {
		return err
	}
	var req [43]byte
	for i := range commits {
		c := &commits[i]
		line := req[:0]
		if c.HasBlob {
			line = hex.AppendEncode(line, c.Blob[:])
		} else {
			line = append(hex.AppendEncode(line, c.ID[:]), ':', 'm')
		}
		r.in.Write(append(line, '\n'))
	}
	r.in.Flush()
	return nil
}

// answers reads the answers for commits, asked for, into r.got and r.buf,
// until they hold gitReadBytes or every answer is read. It returns how
// many commits were answered, and catErr when cat-file stopped before
// answering the next one (it is then closed).
func (r *GitReader) answers(commits []GitCommit) (n int, catErr error) {
	r.buf, r.got = r.buf[:0], r.got[:0]
	for i := range commits {
		if len(r.buf) >= gitReadBytes {
			return i, nil
		}
		a, err := r.answer(&commits[i])
		if err != nil {
			r.Close()
			if msg := strings.TrimSpace(r.stderr.String()); msg != "" {
				err = fmt.Errorf("%w (git: %s)", err, msg)
			}
			return i, err
		}
		r.got = append(r.got, a)
	}
	return len(commits), nil
}

// answer reads one cat-file --batch answer, "<oid> <type> <size>\n
// <data>\n" or "<name> missing\n", appending the data to r.buf.
func (r *GitReader) answer(c *GitCommit) (gitAnswer, error) {
	head, err := r.out.ReadSlice('\n')
	if err != nil {
		return gitAnswer{}, fmt.Errorf("git cat-file stopped before answering: %w", err)
	}
	f := bytes.Fields(head)
	if len(f) == 2 && string(f[1]) == "missing" {
		return gitAnswer{kind: "missing"}, nil
	}
	if len(f) != 3 || len(f[0]) != 40 || !isHex(f[0]) {
		return gitAnswer{}, fmt.Errorf("git cat-file: unexpected answer %q", bytes.TrimSpace(head))
	}
	size, err := strconv.Atoi(string(f[2]))
	if err != nil || size < 0 {
		return gitAnswer{}, fmt.Errorf("git cat-file: unexpected answer %q", bytes.TrimSpace(head))
	}
	a := gitAnswer{kind: string(f[1]), start: len(r.buf), end: len(r.buf) + size}
	hex.Decode(a.oid[:], f[0])
	r.buf = slices.Grow(r.buf, size+1)[:a.end+1]
	if _, err := io.ReadFull(r.out, r.buf[a.start:]); err != nil {
		return gitAnswer{}, fmt.Errorf("git cat-file: reading the object of %s: %w", hex.EncodeToString(c.ID[:]), err)
	}
	r.buf = r.buf[:a.end] // the newline that ends the answer
	return a, nil
}

// missing tells a deletion commit (blob "d": nil, nil) from a commit
// whose message cannot be read (why): cat-file answers "missing" for
// both, and for a blob that is absent or corrupt. err is the context's.
func (r *GitReader) missing(commit string) (why, err error) {
	out, lerr := exec.CommandContext(r.ctx, "git", "-C", r.repo, "ls-tree", commit).Output()
	if err := r.ctx.Err(); err != nil {
		return nil, err
	}
	if lerr != nil {
		var ee *exec.ExitError
		msg := lerr.Error()
		if errors.As(lerr, &ee) && len(ee.Stderr) > 0 {
			msg = strings.TrimSpace(string(ee.Stderr))
		}
		return fmt.Errorf("the commit or its tree cannot be read: %s", msg), nil
	}
	var m string
	for line := range strings.Lines(string(out)) {
		meta, name, ok := strings.Cut(strings.TrimRight(line, "\n"), "\t")
		if !ok {
			continue
		}
		switch name {
		case "d":
			return nil, nil
		case "m":
			m = meta
		}
	}
	if m != "" {
		f := strings.Fields(m)
		return fmt.Errorf("blob m (%s) is missing from the repository or damaged", f[len(f)-1]), nil
	}
	return errors.New("the commit holds neither a message (m) nor a deletion (d)"), nil
}
