package corpus

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/lkmlbench/lkmlbench/corpus/gitgo"
	"github.com/lkmlbench/lkmlbench/mbox"
)

// item is one unit of work for a worker: a raw message, or a whole small
// file in a form other than mbox (a web-archive page, a digest, a damaged
// mbox) that only mbox.Read can take apart.
type item struct {
	seq    int64
	source string
	raw    mbox.RawMessage // Data is owned by the item
	commit string
	whole  bool  // raw.Data is a whole file for mbox.Read
	fault  error // the reader could not read this part of the input
	cut    bool  // fault is a budget's cut: a warning (Fault.Warning)
	pooled *[]byte
}

// maxPooled bounds the buffers kept for reuse: the rare huge message is
// left to the garbage collector rather than pinned in the pool.
const maxPooled = 256 << 10

// rawBufs recycles the buffers of raw mbox messages: without them every
// message of an archive is a fresh allocation the collector must sweep.
var rawBufs = sync.Pool{New: func() any { return new([]byte) }}

// own copies data into a pooled buffer that release returns.
func (it *item) own(data []byte) {
	if len(data) > maxPooled {
		it.raw.Data = bytes.Clone(data)
		return
	}
	it.pooled = rawBufs.Get().(*[]byte)
	*it.pooled = append((*it.pooled)[:0], data...)
	it.raw.Data = *it.pooled
}

// release returns the item's buffer to the pool once no one reads it:
// records keep copies of what they need, never slices of the raw data.
func (it *item) release() {
	if it.pooled != nil {
		rawBufs.Put(it.pooled)
		it.pooled, it.raw.Data = nil, nil
	}
}

// walker reads the inputs in a fixed order and emits their messages.
type walker struct {
	opts  *Options
	emit  func(*item) error
	bytes *atomic.Int64 // input bytes read, for progress
}

// input reads one command-line input: a file, a folder, a Maildir, a git
// epoch or a public-inbox v2 inbox (git/N.git epochs in numeric order).
func (w *walker) input(ctx context.Context, path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return w.emit(&item{source: path, fault: err})
	}
	if !st.IsDir() {
		return w.file(ctx, path)
	}
	if epochs := inboxEpochs(path); len(epochs) > 0 {
		for _, e := range epochs {
			if err := w.git(ctx, e); err != nil {
				return err
			}
		}
		return nil
	}
	return w.dir(ctx, path)
}

// dir walks a folder in name order: files, Maildir cur/ and new/ (tmp/
// holds deliveries in progress), subfolders, git repositories inside it.
func (w *walker) dir(ctx context.Context, dir string) error {
	if isGitDir(dir) {
		return w.git(ctx, dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return w.emit(&item{source: dir, fault: err})
	}
	maildir := isMaildir(dir)
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || (maildir && name == "tmp") {
			continue
		}
		p := filepath.Join(dir, name)
		var err error
		switch {
		case e.IsDir():
			err = w.dir(ctx, p)
		case e.Type().IsRegular():
			err = w.file(ctx, p)
		case e.Type()&fs.ModeSymlink != 0:
			// Followed to a file, as extract does; a symlinked folder is
			// not entered (it may loop), and says so.
			st, serr := os.Stat(p)
			switch {
			case serr != nil:
				err = w.emit(&item{source: p, fault: fmt.Errorf("skipped: symlink to nothing readable: %w", serr)})
			case st.Mode().IsRegular():
				err = w.file(ctx, p)
			default:
				err = w.emit(&item{source: p, fault: errors.New("skipped: symlink to something that is not a file (folders are not entered)")})
			}
		default:
			err = w.emit(&item{source: p, fault: fmt.Errorf("skipped: not a regular file (%s)", e.Type())})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// file streams an mbox (plain or gzip) message by message; any other
// form is read whole, at most Mail.MaxMessageBytes of it.
func (w *walker) file(ctx context.Context, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return w.emit(&item{source: path, fault: err})
	}
	defer f.Close()
	var r io.Reader = &countingReader{r: f, n: w.bytes}
	br := bufio.NewReaderSize(r, 256<<10)
	if head, _ := br.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return w.emit(&item{source: path, fault: fmt.Errorf("gzip: %w", err)})
		}
		br = bufio.NewReaderSize(zr, 256<<10)
	}
	// As mbox.Read does, before the form is decided.
	br = bufio.NewReaderSize(mbox.NewEOLReader(br), 256<<10)
	head, _ := br.Peek(64 << 10)
	if mbox.IsMbox(head) {
		return w.mbox(ctx, path, br)
	}
	limit := w.opts.Pipeline.Mail.MaxMessageBytes
	if limit <= 0 {
		limit = mbox.DefaultMaxMessageBytes
	}
	data, err := io.ReadAll(io.LimitReader(br, limit+1))
	if err != nil {
		return w.emit(&item{source: path, fault: err})
	}
	if int64(len(data)) > limit {
		// As extract does: the first limit bytes are read, the cut is a
		// warning.
		data = data[:limit]
		if err := w.emit(&item{source: path, raw: mbox.RawMessage{Offset: limit}, fault: fmt.Errorf("input longer than %d bytes and not an mbox: the rest is dropped", limit), cut: true}); err != nil {
			return err
		}
	}
	return w.emit(&item{source: path, raw: mbox.RawMessage{Data: data, Line: 1}, whole: true})
}

// mbox emits the messages of an mbox stream.
func (w *walker) mbox(ctx context.Context, path string, r io.Reader) error {
	sc := mbox.NewRawScannerOptions(r, path, w.opts.Pipeline.Mail)
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		// A message or line cut to the Mail budgets lost its tail: a
		// warning, the rest of the message is read.
		for _, cut := range sc.Warnings() {
			if err := w.emit(&item{source: path, raw: mbox.RawMessage{Line: cut.Line, Offset: cut.Offset}, fault: errors.New(cut.Message), cut: true}); err != nil {
				return err
			}
		}
		it := &item{source: path, raw: sc.Message()}
		it.own(it.raw.Data)
		if err := w.emit(it); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		m := sc.Message()
		return w.emit(&item{source: path, raw: mbox.RawMessage{Line: m.Line, Offset: m.Offset}, fault: fmt.Errorf("reading stopped: %w", err)})
	}
	return nil
}

// git emits the messages of one public-inbox epoch, and a fault for every
// commit whose message could not be read.
func (w *walker) git(ctx context.Context, repo string) error {
	fn := func(commit string, data []byte) error {
		w.bytes.Add(int64(len(data)))
		data = mbox.NormalizeEOL(data)
		return w.emit(&item{source: repo, commit: commit, raw: mbox.RawMessage{Data: data, Line: 1}})
	}
	fault := func(commit string, err error) error {
		return w.emit(&item{source: repo, commit: commit, fault: err})
	}
	var err error
	if w.useGitBinary() {
		err = gitMessages(ctx, repo, fn, fault)
	} else {
		err = gitgo.Messages(ctx, repo, fn, fault)
	}
	if err != nil && ctx.Err() == nil {
		return w.emit(&item{source: repo, fault: err})
	}
	return err
}

func (w *walker) useGitBinary() bool {
	switch w.opts.GitReader {
	case "git":
		return true
	case "go-git":
		return false
	}
	_, err := exec.LookPath("git")
	return err == nil
}

// isGitDir reports whether dir is a git repository: bare (an epoch of a
// public-inbox mirror) or with a .git folder.
func isGitDir(dir string) bool {
	if exists(filepath.Join(dir, "HEAD")) && exists(filepath.Join(dir, "objects")) {
		return true
	}
	return exists(filepath.Join(dir, ".git", "HEAD"))
}

// inboxEpochs returns the epochs git/N.git of a public-inbox v2 inbox in
// numeric order.
func inboxEpochs(dir string) []string {
	matches, _ := filepath.Glob(filepath.Join(dir, "git", "*.git"))
	type epoch struct {
		n    int
		path string
	}
	var es []epoch
	for _, m := range matches {
		n, err := strconv.Atoi(strings.TrimSuffix(filepath.Base(m), ".git"))
		if err == nil && isGitDir(m) {
			es = append(es, epoch{n, m})
		}
	}
	sort.Slice(es, func(i, j int) bool { return es[i].n < es[j].n })
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.path
	}
	return out
}

func isMaildir(dir string) bool {
	return isDir(filepath.Join(dir, "cur")) && isDir(filepath.Join(dir, "new"))
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// totalBytes sums the sizes of the input files for the progress ETA; it
// is 0 (unknown) when an input is a git repository, whose size on disk
// says little about its messages.
func totalBytes(inputs []string) int64 {
	var total int64
	for _, in := range inputs {
		st, err := os.Stat(in)
		if err != nil {
			continue
		}
		if !st.IsDir() {
			total += st.Size()
			continue
		}
		unknown := false
		filepath.WalkDir(in, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				if isGitDir(p) {
					unknown = true
					return fs.SkipAll
				}
				if p != in && strings.HasPrefix(d.Name(), ".") {
					return fs.SkipDir
				}
				return nil
			}
			if info, err := d.Info(); err == nil && info.Mode().IsRegular() {
				total += info.Size()
			}
			return nil
		})
		if unknown {
			return 0
		}
	}
	return total
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}
