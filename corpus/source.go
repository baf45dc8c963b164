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
	"time"

	"github.com/lkmlbench/lkmlbench/corpus/gitgo"
	"github.com/lkmlbench/lkmlbench/export/store"
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
	// cp, when set, is the checkpoint the input reaches once this item
	// is stored; the worker completes an mbox message's Hash. An item
	// with only a checkpoint (mark) carries no message: the end of an
	// mbox.gz.
	cp   *store.Checkpoint
	mark bool
	// stored, for a changed mbox read again, holds the offsets and
	// digests of its messages already stored: the worker skips those.
	stored map[int64][16]byte
	// blob, for a public-inbox message, is the id of its blob "m": it
	// keys the message's content (store.Record.Hash), which git has
	// hashed already.
	blob *[20]byte
	// commits, when set, is a run of an epoch's commits (source) that the
	// worker reads itself (GitReader): one sequence number each, in
	// order. broken: the history broke off before them (no checkpoint
	// moves).
	commits []GitCommit
	broken  bool
}

// seqs is the number of sequence numbers the item takes: one per commit
// of a run, else one.
func (it *item) seqs() int64 { return max(int64(len(it.commits)), 1) }

// budgeted is the share of the crawl's byte budget the item takes when
// it is handed on: its raw bytes, or a run's reservation.
func (it *item) budgeted() int64 {
	if it.commits != nil {
		return runReserve
	}
	return int64(len(it.raw.Data))
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
	opts    *Options
	emit    func(*item) error
	bytes   *atomic.Int64 // input bytes read, for progress
	commits *atomic.Int64 // public-inbox commits read, for progress
	// cps keeps checkpoints (nil: every input is read whole); sel is the
	// crawl's selection; known holds the current input's checkpoints.
	cps   store.Checkpointer
	sel   string
	known known
	// since holds, per epoch, the commit the reading starts after, as the
	// count before the crawl found it.
	since map[string]string
	// stored is the Checkpointer's Stored of the changed mbox being read
	// again, nil otherwise.
	stored map[int64][16]byte
}

// input reads one command-line input: a file, a folder, a Maildir, a git
// epoch or a public-inbox v2 inbox (git/N.git epochs in numeric order).
func (w *walker) input(ctx context.Context, path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return w.emit(&item{source: path, fault: err})
	}
	if err := w.load(ctx, path); err != nil {
		return err
	}
	if !st.IsDir() {
		return w.file(ctx, path, path)
	}
	if epochs, faults := inboxEpochs(path); len(epochs)+len(faults) > 0 {
		for _, f := range faults {
			if err := w.emit(&item{source: path, fault: f}); err != nil {
				return err
			}
		}
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
		case e.IsDir() && maildir && (name == "cur" || name == "new"):
			err = w.maildir(ctx, dir, p)
		case e.IsDir():
			err = w.dir(ctx, p)
		case e.Type().IsRegular():
			err = w.file(ctx, p, p)
		default:
			err = w.other(ctx, p, p, e)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// other reads a folder entry that is neither a folder nor a regular file.
// A symlink is followed to a file, as extract does; a symlinked folder is
// not entered (it may loop), and says so; anything else (a FIFO, a
// device) is a fault too, never skipped without a word.
func (w *walker) other(ctx context.Context, p, key string, e fs.DirEntry) error {
	if e.Type()&fs.ModeSymlink == 0 {
		return w.emit(&item{source: p, fault: fmt.Errorf("skipped: not a regular file (%s)", e.Type())})
	}
	st, err := os.Stat(p)
	switch {
	case err != nil:
		return w.emit(&item{source: p, fault: fmt.Errorf("skipped: symlink to nothing readable: %w", err)})
	case st.Mode().IsRegular():
		return w.file(ctx, p, key)
	}
	return w.emit(&item{source: p, fault: errors.New("skipped: symlink to something that is not a file (folders are not entered)")})
}

// maildir reads the messages of a Maildir's cur/ or new/ folder in name
// order; a message whose checkpoint has its unique name and size was
// stored and is not opened again. Symlinks and other entries are read or
// reported as in any folder.
func (w *walker) maildir(ctx context.Context, maildir, sub string) error {
	entries, err := os.ReadDir(sub)
	if err != nil {
		return w.emit(&item{source: sub, fault: err})
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		p, key := filepath.Join(sub, name), maildirKey(maildir, name)
		if cp, ok := w.known[key]; ok && cp.Size > 0 {
			if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() && info.Size() == cp.Size {
				continue
			}
		}
		var err error
		switch {
		case e.IsDir():
			err = w.dir(ctx, p)
		case e.Type().IsRegular():
			err = w.file(ctx, p, key)
		default:
			err = w.other(ctx, p, key, e)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// file streams an mbox (plain or gzip) message by message; any other
// form is read whole, at most Mail.MaxMessageBytes of it. key names the
// file's checkpoint.
func (w *walker) file(ctx context.Context, path, key string) error {
	f, err := os.Open(path)
	if err != nil {
		return w.emit(&item{source: path, fault: err})
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return w.emit(&item{source: path, fault: err})
	}
	cp, seen := w.known[key]
	if seen && cp.Size == info.Size() {
		return nil // a message file or an mbox.gz read to its end before
	}
	var r io.Reader = &countingReader{r: f, n: w.bytes}
	br := bufio.NewReaderSize(r, 256<<10)
	if head, _ := br.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return w.emit(&item{source: path, fault: fmt.Errorf("gzip: %w", err)})
		}
		sc := mbox.NewRawScannerOptions(bufio.NewReaderSize(mbox.NewEOLReader(zr), 256<<10), path, w.opts.Pipeline.Mail)
		if err := w.scan(ctx, path, sc, nil, nil); err != nil || sc.Err() != nil {
			return err // a stream that broke off (a fault) is read again next time
		}
		// Offsets in the stream cannot be sought to: the file counts as
		// read at this size, and a grown file is read again.
		return w.emit(&item{source: path, mark: true, cp: &store.Checkpoint{Input: key, Size: info.Size()}})
	}
	// As mbox.Read does, before the form is decided.
	br = bufio.NewReaderSize(mbox.NewEOLReader(br), 256<<10)
	head, _ := br.Peek(64 << 10)
	if mbox.IsMbox(head) {
		if seen && cp.Hash != ([16]byte{}) {
			if sc := w.resume(ctx, path, f, cp); sc != nil {
				return w.scan(ctx, path, sc, &store.Checkpoint{Input: key}, f)
			}
			if _, err := f.Seek(0, io.SeekStart); err != nil {
				return w.emit(&item{source: path, fault: err})
			}
			br.Reset(mbox.NewEOLReader(&countingReader{r: f, n: w.bytes}))
			stored, err := w.cps.Stored(ctx, path)
			if err != nil {
				return err
			}
			w.stored = stored
			defer func() { w.stored = nil }()
		}
		return w.scan(ctx, path, mbox.NewRawScannerOptions(br, path, w.opts.Pipeline.Mail), &store.Checkpoint{Input: key}, f)
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
	return w.emit(&item{source: path, raw: mbox.RawMessage{Data: data, Line: 1}, whole: true, cp: &store.Checkpoint{Input: key, Size: info.Size()}})
}

// resume checks an mbox against its checkpoint: when the message at the
// checkpoint's offset still has its digest, the file was only appended
// to, and the scanner returned is placed after that message. Otherwise
// (nil) the file changed and is read from its start.
func (w *walker) resume(ctx context.Context, path string, f *os.File, cp store.Checkpoint) *mbox.RawScanner {
	if _, err := f.Seek(cp.Offset, io.SeekStart); err != nil {
		return nil
	}
	// Line endings as on the first reading (they keep every offset).
	sc := mbox.NewRawScannerOptions(mbox.NewEOLReader(&countingReader{r: f, n: w.bytes}), path, w.opts.Pipeline.Mail)
	sc.SetPosition(cp.Offset, cp.Line-1)
	if !sc.Scan() || digest(sc.Message().Data) != cp.Hash {
		return nil
	}
	return sc
}

// scan emits the scanner's messages; with cp, each message carries a
// checkpoint at its position. f, for a plain mbox, is the file being
// read: its last message is emitted only once it has ended (ended).
func (w *walker) scan(ctx context.Context, path string, sc *mbox.RawScanner, cp *store.Checkpoint, f *os.File) error {
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
		if sc.Last() {
			// Once mail is appended the blank line that ends this
			// message goes to the container, as it does for every
			// other message: the bytes, and so the digest, must be
			// those a later reading sees.
			it.raw.Data = dropContainerBlank(it.raw.Data)
			if f != nil {
				if why := w.ended(ctx, f); why != "" {
					if err := w.emit(&item{source: path, raw: mbox.RawMessage{Line: it.raw.Line, Offset: it.raw.Offset},
						fault: fmt.Errorf("last message not stored: it has not ended (%s); the next crawl reads it", why), cut: true}); err != nil {
						return err
					}
					continue
				}
			}
		}
		it.own(it.raw.Data)
		if cp != nil {
			it.cp = &store.Checkpoint{Input: cp.Input, Offset: it.raw.Offset, Line: it.raw.Line}
			it.stored = w.stored
		}
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

// ended says why the last message of the plain mbox f, read to its end
// and followed by no From_ line, may not have ended, or "" when it has:
// when the file ends in a newline and has not changed for Options.Settle.
// A file written more recently is waited for, at most Settle, once: a
// writer appending a message goes on within that time, a file left
// alone stays as it is. A message that has not ended is not stored and
// moves no checkpoint, so that the next crawl reads it whole.
func (w *walker) ended(ctx context.Context, f *os.File) string {
	end, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return err.Error()
	}
	info, err := f.Stat()
	switch {
	case err != nil:
		return err.Error()
	case info.Size() != end:
		return "the file grew while it was read"
	}
	var b [1]byte
	if _, err := f.ReadAt(b[:], end-1); err != nil {
		return err.Error()
	}
	if b[0] != '\n' && b[0] != '\r' {
		return "no newline at the end of the file"
	}
	settle := w.opts.settle()
	if settle <= 0 {
		return ""
	}
	if age := time.Since(info.ModTime()); age < settle {
		t := time.NewTimer(min(settle-age, settle))
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err().Error()
		}
		now, err := f.Stat()
		if err != nil {
			return err.Error()
		}
		if now.Size() != end || !now.ModTime().Equal(info.ModTime()) || time.Since(now.ModTime()) < settle {
			return fmt.Sprintf("the file is being written: it changed within %s", settle)
		}
	}
	return ""
}

// git emits the commits of one public-inbox epoch after the commit its
// checkpoint names: with the git binary in runs (GitList) that the
// workers read, each through a cat-file of its own; with go-git message
// by message. A commit whose message cannot be read is a fault.
func (w *walker) git(ctx context.Context, repo string) error {
	// After a break in the history no checkpoint moves: it would pass
	// the commits out of reach, and a crawl after the history is
	// repaired would never read them. Until then every crawl reads the
	// commits after the old checkpoint again, stores what is new, and
	// reports the break.
	broken := false
	// A commit that could not be read moves no checkpoint: a later run
	// reads it again (and reports it again) unless a later message is
	// stored.
	fault := func(commit string, err error) error {
		if errors.Is(err, gitgo.ErrHistory) {
			broken = true
		}
		w.commits.Add(1)
		return w.emit(&item{source: repo, commit: commit, fault: err})
	}
	since, ok := w.since[repo]
	if !ok {
		since = w.startAfter(ctx, repo)
	}
	var err error
	if w.useGitBinary() {
		err = GitList(ctx, repo, since, func(run []GitCommit) error {
			return w.emit(&item{source: repo, commits: run, broken: broken})
		}, fault)
	} else {
		err = gitgo.Messages(ctx, repo, since, func(commit string, blob [20]byte, data []byte) error {
			w.bytes.Add(int64(len(data)))
			w.commits.Add(1)
			it := &item{source: repo, commit: commit, blob: &blob, raw: mbox.RawMessage{Line: 1}}
			if !broken {
				it.cp = &store.Checkpoint{Input: repo, Commit: commit}
			}
			it.own(mbox.NormalizeEOL(data))
			return w.emit(it)
		}, fault)
	}
	if err != nil && ctx.Err() == nil {
		return w.emit(&item{source: repo, fault: err})
	}
	return err
}

// startAfter returns the commit an epoch's reading starts after: its
// checkpoint's, when the git binary confirms that it is an ancestor of
// HEAD (a rewritten history is read whole); go-git reads the whole epoch
// when it does not meet the commit on its way back from HEAD.
func (w *walker) startAfter(ctx context.Context, repo string) string {
	c := w.known[repo].Commit
	if c == "" || !w.useGitBinary() {
		return c
	}
	if exec.CommandContext(ctx, "git", "-C", repo, "merge-base", "--is-ancestor", c, "HEAD").Run() != nil {
		return ""
	}
	return c
}

// plan prepares the git epochs among the inputs: where each starts and
// how many commits it has to read, for the progress bar's total.
func (w *walker) plan(ctx context.Context, inputs []string) (int64, error) {
	w.since = map[string]string{}
	var total int64
	for _, in := range inputs {
		epochs, _ := Epochs(in)
		if len(epochs) == 0 {
			continue
		}
		if err := w.load(ctx, in); err != nil {
			return 0, err
		}
		for _, e := range epochs {
			since := w.startAfter(ctx, e)
			w.since[e] = since
			if w.opts.NoTotals {
				continue
			}
			var n int64
			var err error
			if w.useGitBinary() {
				n, err = gitCount(ctx, e, since)
			} else {
				n, err = gitgo.Count(ctx, e, since)
			}
			if err != nil {
				// Counting is for the bar alone: the walk reports the
				// fault if the epoch cannot be read.
				continue
			}
			total += n
		}
	}
	return total, nil
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

// Epochs returns the public-inbox epochs an input names, in the order
// the crawl reads them: the input itself when it is a git repository (an
// epoch N.git), else the git/N.git of the inbox it is (inboxEpochs, with
// its faults). A folder or file that is neither gives none.
func Epochs(path string) ([]string, []error) {
	if epochs, faults := inboxEpochs(path); len(epochs)+len(faults) > 0 {
		return epochs, faults
	}
	if isGitDir(path) {
		return []string{path}, nil
	}
	return nil, nil
}

// inboxEpochs returns the epochs git/N.git of a public-inbox v2 inbox in
// numeric order, and a fault for each epoch that cannot be read: an
// entry git/N.git that is not a git repository (a file, an empty
// folder), and each number missing below the highest (an epoch deleted
// or not fetched), whose messages would otherwise be left out without a
// word.
func inboxEpochs(dir string) ([]string, []error) {
	matches, _ := filepath.Glob(filepath.Join(dir, "git", "*.git"))
	type epoch struct {
		n    int
		path string
	}
	var es []epoch
	var faults []error
	have := map[int]bool{}
	for _, m := range matches {
		n, err := strconv.Atoi(strings.TrimSuffix(filepath.Base(m), ".git"))
		if err != nil || n < 0 {
			continue
		}
		have[n] = true
		if !isGitDir(m) {
			faults = append(faults, fmt.Errorf("epoch %s: not a git repository: its messages are not read", m))
			continue
		}
		es = append(es, epoch{n, m})
	}
	if len(es) == 0 {
		return nil, faults
	}
	sort.Slice(es, func(i, j int) bool { return es[i].n < es[j].n })
	for n := 0; n < es[len(es)-1].n; n++ {
		if !have[n] {
			faults = append(faults, fmt.Errorf("epoch %s missing (the inbox has epochs up to %d.git): its messages are not read", filepath.Join(dir, "git", strconv.Itoa(n)+".git"), es[len(es)-1].n))
		}
	}
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.path
	}
	return out, faults
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
