package corpus

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/corpus/gitgo"
)

// GitMessages reads a public-inbox epoch through the git binary, as the
// crawl does (and the decode-only yardstick, corpus/cmd/decodeonly, so
// that both measure the same reading): one
// `git rev-list --objects HEAD` lists the commits (replayed oldest first)
// with their blobs "m", and a long-lived `git cat-file --batch` returns
// each blob. fn gets
// the commit id and the message; the data is valid until fn returns (the
// reader reuses its buffer, so that an archive's messages are not each a
// fresh allocation for the collector to sweep). With since,
// only the commits after it are read (since..HEAD).
//
// Nothing is dropped without a word: fault gets every commit that could
// not be read (a blob that is missing or corrupt, a commit whose tree is
// unreadable, a commit holding neither "m" nor "d", a history that breaks
// off: gitgo.ErrHistory), and the reading goes on past it; when cat-file
// itself dies on a damaged object, it is started again after that
// commit. Only deletion commits (blob "d" instead of "m") are skipped
// silently: they hold no message. An error of fn or fault stops the
// reading and is returned.
func GitMessages(ctx context.Context, repo, since string, fn func(commit string, data []byte) error, fault func(commit string, err error) error) error {
	commits, histErr := revList(ctx, repo, since)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if histErr != nil {
		if len(commits) == 0 {
			return histErr
		}
		// The log runs newest first and stops where a commit cannot be
		// read: what came before it is out of reach.
		if err := fault(hex.EncodeToString(commits[0].commit[:]), fmt.Errorf("%w, older messages are lost: %w", gitgo.ErrHistory, histErr)); err != nil {
			return err
		}
	}
	r := &batchReader{ctx: ctx, repo: repo, fn: fn, fault: fault}
	for i := 0; i < len(commits); {
		n, catErr, stop := r.run(commits[i:])
		if stop != nil {
			return stop
		}
		i += n
		if catErr == nil {
			break
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if i == len(commits) {
			return fmt.Errorf("%s: %w", repo, catErr)
		}
		// cat-file stopped on commit i: report it and start again after it.
		if err := fault(hex.EncodeToString(commits[i].commit[:]), catErr); err != nil {
			return err
		}
		i++
	}
	return nil
}

// gitBounds keeps git's own memory flat. By default git maps pack files
// in windows of up to 8 GiB and caches 96 MiB of delta bases: on the 1 GB
// linux-pm epoch `cat-file --batch` over every message grew to 490 MB
// resident, four times the crawl itself. With these bounds it stays at
// 86 MB for the same CPU time (3.8 s both).
var gitBounds = []string{"-c", "core.packedGitWindowSize=16m", "-c", "core.packedGitLimit=64m", "-c", "core.deltaBaseCacheLimit=16m"}

// listed is a commit to read and, when the listing named it, its blob
// "m".
type listed struct {
	commit, blob [20]byte
	hasBlob      bool
}

// revList returns the commits of HEAD (after since, when set) oldest
// first, each with its blob "m" when git listed one. When git stops on an
// unreadable commit, the commits it listed before the break come back with
// the error. The list is turned here rather than by --reverse, which
// lists nothing when the history breaks.
//
// The blob ids come with the commits from one `rev-list --objects
// --in-commit-order`, which prints each commit, then its tree, then the
// tree's files: asking cat-file for a blob by id costs it less than
// resolving "<commit>:m" (on the linux-pm epoch the listing costs 0.2
// CPU-s more than a plain rev-list, cat-file 0.5 CPU-s less). An object is printed once: a commit whose
// tree or blob came earlier (a message added again), whose tree or blob
// is missing (--missing=print puts those aside as "?<id>" lines) or that
// deletes a message gets no blob here and is asked for as "<commit>:m",
// which tells those cases apart as before.
func revList(ctx context.Context, repo, since string) ([]listed, error) {
	cmd := exec.CommandContext(ctx, "git", append(gitBounds, "-C", repo, "rev-list", "--objects", "--in-commit-order", "--missing=print", revRange(since))...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: git rev-list: %w", repo, err)
	}
	var commits []listed
	sc := bufio.NewScanner(out)
	var bad string
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) > 0 && line[0] == '?' {
			continue // a missing tree or blob: its commit has none listed
		}
		if len(line) < 40 || !isHex(line[:40]) {
			bad = sc.Text()
			continue
		}
		var h [20]byte
		hex.Decode(h[:], line[:40])
		switch name := line[40:]; {
		case len(name) == 0:
			commits = append(commits, listed{commit: h})
		case string(name) == " m" && len(commits) > 0 && !commits[len(commits)-1].hasBlob:
			c := &commits[len(commits)-1]
			c.blob, c.hasBlob = h, true
		}
	}
	werr := cmd.Wait()
	if werr != nil {
		// git names the commit whose parents it could not read but does
		// not list it; it is readable itself.
		const broken = "Failed to traverse parents of commit "
		if _, after, ok := strings.Cut(stderr.String(), broken); ok {
			var h [20]byte
			if f := strings.Fields(after); len(f) > 0 {
				if n, err := hex.Decode(h[:], []byte(f[0])); err == nil && n == 20 {
					commits = append(commits, listed{commit: h})
				}
			}
		}
	}
	slices.Reverse(commits)
	switch {
	case werr != nil:
		return commits, fmt.Errorf("%s: git rev-list: %v: %s", repo, werr, strings.TrimSpace(stderr.String()))
	case bad != "":
		return commits, fmt.Errorf("%s: git rev-list: unexpected line %q", repo, bad)
	}
	return commits, nil
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

// gitCount counts the commits GitMessages will read.
func gitCount(ctx context.Context, repo, since string) (int64, error) {
	out, err := exec.CommandContext(ctx, "git", append(gitBounds, "-C", repo, "rev-list", "--count", revRange(since))...).Output()
	if err != nil {
		return 0, fmt.Errorf("%s: git rev-list --count: %w", repo, err)
	}
	return strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
}

// batchReader runs `git cat-file --batch` over a list of commits.
type batchReader struct {
	ctx   context.Context
	repo  string
	fn    func(commit string, data []byte) error
	fault func(commit string, err error) error
	buf   []byte // the answer being handed to fn, reused
}

// run asks cat-file for the blob of every commit, by id when the listing
// gave one, else as "<commit>:m", and hands the answers on. It returns how many commits were answered; catErr when
// cat-file stopped before answering the next one, stop when fn, fault or
// the context ended the reading.
func (r *batchReader) run(commits []listed) (n int, catErr, stop error) {
	ctx, cancel := context.WithCancel(r.ctx)
	defer cancel()
	cat := exec.CommandContext(ctx, "git", append(gitBounds, "-C", r.repo, "cat-file", "--batch")...)
	catIn, err := cat.StdinPipe()
	if err != nil {
		return 0, nil, err
	}
	catOut, w, err := widePipe()
	if err != nil {
		return 0, nil, err
	}
	defer catOut.Close()
	cat.Stdout = w
	var stderr bytes.Buffer
	cat.Stderr = &stderr
	err = cat.Start()
	w.Close() // cat-file holds the writing end now: its exit ends the reading
	if err != nil {
		return 0, nil, fmt.Errorf("%s: git cat-file: %w", r.repo, err)
	}
	fed := make(chan struct{})
	go func() {
		defer close(fed)
		defer catIn.Close()
		w := bufio.NewWriterSize(catIn, 64<<10)
		var req [43]byte
		for _, c := range commits {
			line := req[:43]
			if c.hasBlob {
				hex.Encode(line[:40], c.blob[:])
				line = append(line[:40], '\n')
			} else {
				hex.Encode(line[:40], c.commit[:])
				line = append(line[:40], ':', 'm', '\n')
			}
			if _, err := w.Write(line); err != nil {
				return // cat-file is gone; the reader says why
			}
		}
		w.Flush()
	}()
	br := bufio.NewReaderSize(catOut, 256<<10)
	for n < len(commits) {
		c := &commits[n]
		commit := hex.EncodeToString(c.commit[:])
		data, kind, err := readAnswer(br, commit, r.buf)
		if err != nil {
			cancel()
			<-fed
			cat.Wait()
			if ctx := r.ctx.Err(); ctx != nil {
				return n, nil, ctx
			}
			if msg := strings.TrimSpace(stderr.String()); msg != "" {
				err = fmt.Errorf("%w (git: %s)", err, msg)
			}
			return n, err, nil
		}
		n++
		if cap(data) <= maxPooled {
			r.buf = data[:0] // a huge message's buffer is not kept
		}
		switch kind {
		case "blob":
			err = r.fn(commit, data)
		case "missing":
			if c.hasBlob {
				err = r.fault(commit, fmt.Errorf("blob m (%s) is missing from the repository or damaged", hex.EncodeToString(c.blob[:])))
				break
			}
			err = r.missing(commit)
		default:
			err = r.fault(commit, fmt.Errorf("m is a %s, not a message blob", kind))
		}
		if err != nil {
			stop = err
			break
		}
	}
	cancel()
	<-fed
	cat.Wait()
	return n, nil, stop
}

// readAnswer reads one cat-file --batch answer, "<oid> <type> <size>\n
// <data>\n" or "<name> missing\n", and returns the data (in buf when it
// fits) and the type ("missing" for the second).
func readAnswer(r *bufio.Reader, commit string, buf []byte) ([]byte, string, error) {
	head, err := r.ReadString('\n')
	if err != nil {
		return nil, "", fmt.Errorf("git cat-file stopped before answering: %w", err)
	}
	f := strings.Fields(head)
	if len(f) == 2 && f[1] == "missing" {
		return nil, "missing", nil
	}
	if len(f) != 3 {
		return nil, "", fmt.Errorf("git cat-file: unexpected answer %q", strings.TrimSpace(head))
	}
	size, err := strconv.Atoi(f[2])
	if err != nil || size < 0 {
		return nil, "", fmt.Errorf("git cat-file: unexpected answer %q", strings.TrimSpace(head))
	}
	data := slices.Grow(buf[:0], size+1)[:size+1]
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, "", fmt.Errorf("git cat-file: reading the object of %s: %w", commit, err)
	}
	return data[:size], f[1], nil
}

// missing tells a deletion commit (blob "d", skipped) from a commit whose
// message cannot be read, which is a fault: cat-file answers "missing"
// for both, and for a blob that is absent or corrupt.
func (r *batchReader) missing(commit string) error {
	out, err := exec.CommandContext(r.ctx, "git", "-C", r.repo, "ls-tree", commit).Output()
	if r.ctx.Err() != nil {
		return r.ctx.Err()
	}
	if err != nil {
		var ee *exec.ExitError
		msg := err.Error()
		if errors.As(err, &ee) && len(ee.Stderr) > 0 {
			msg = strings.TrimSpace(string(ee.Stderr))
		}
		return r.fault(commit, fmt.Errorf("the commit or its tree cannot be read: %s", msg))
	}
	var m string
	for line := range strings.Lines(string(out)) {
		meta, name, ok := strings.Cut(strings.TrimRight(line, "\n"), "\t")
		if !ok {
			continue
		}
		switch name {
		case "d":
			return nil
		case "m":
			m = meta
		}
	}
	if m != "" {
		f := strings.Fields(m)
		return r.fault(commit, fmt.Errorf("blob m (%s) is missing from the repository or damaged", f[len(f)-1]))
	}
	return r.fault(commit, errors.New("the commit holds neither a message (m) nor a deletion (d)"))
}
