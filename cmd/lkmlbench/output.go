package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// output is where a command writes its result: standard output, or a file
// that appears only once it is complete. Writing to a temporary file beside
// it and renaming at the end also keeps "-o thread.mbox thread.mbox" from
// truncating an input before it is read.
//
// The path is treated as a shell redirection would treat it: a symlink is
// followed (its target is replaced, the link stays), and a FIFO, a device
// or anything else that is not a regular file is opened and written in
// place, never replaced. A replaced file keeps its permission bits; a new
// one gets 0666 less the umask.
type output struct {
	*bufio.Writer
	tmp    *os.File // the temporary file, nil for standard output or direct
	direct *os.File // a special file written in place
	target string   // the file the temporary replaces (symlinks resolved)
	mode   os.FileMode
	keep   bool // mode is an existing file's, to restore on the new one
	path   string
}

// createOutput opens path for writing, or stdout when path is "" or "-".
func createOutput(path string, stdout io.Writer) (*output, error) {
	if path == "" || path == "-" {
		return &output{Writer: bufio.NewWriter(stdout)}, nil
	}
	o := &output{path: path, target: path}
	st, err := os.Stat(path) // follows symlinks
	switch {
	case err == nil && st.IsDir():
		return nil, fmt.Errorf("%s: is a directory", path)
	case err == nil && !st.Mode().IsRegular():
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
		}
		o.direct, o.Writer = f, bufio.NewWriter(f)
		return o, nil
	case err == nil:
		if t, err := filepath.EvalSymlinks(path); err == nil {
			o.target = t
		}
		o.mode, o.keep = st.Mode().Perm(), true
	default:
		if li, lerr := os.Lstat(path); lerr == nil && li.Mode()&os.ModeSymlink != 0 {
			// A dangling symlink: the shell creates its target.
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
			}
			o.direct, o.Writer = f, bufio.NewWriter(f)
			return o, nil
		}
	}
	tmp, err := createTemp(o.target)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	o.tmp, o.Writer = tmp, bufio.NewWriter(tmp)
	pending.add(o)
	return o, nil
}

// pending holds the outputs whose temporary file is not yet renamed or
// removed, so that an internal error, which ends the run wherever it
// happens, leaves none behind.
var pending = outputSet{set: map[*output]bool{}}

type outputSet struct {
	mu  sync.Mutex
	set map[*output]bool
}

func (p *outputSet) add(o *output) {
	p.mu.Lock()
	p.set[o] = true
	p.mu.Unlock()
}

func (p *outputSet) remove(o *output) {
	p.mu.Lock()
	delete(p.set, o)
	p.mu.Unlock()
}

// abortAll removes every pending temporary file.
func (p *outputSet) abortAll() {
	p.mu.Lock()
	outs := make([]*output, 0, len(p.set))
	for o := range p.set {
		outs = append(outs, o)
	}
	p.mu.Unlock()
	for _, o := range outs {
		o.abort()
	}
}

// createTemp makes a new file beside target. It is created with mode 0666
// so that the kernel applies the umask, as it would to the file itself
// (os.CreateTemp makes 0600 files).
func createTemp(target string) (*os.File, error) {
	dir, base := filepath.Split(target)
	for range 100 {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64(), 36)+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("cannot make a temporary file in %s", dir)
}

// commit flushes the output and puts the file in place.
func (o *output) commit() error {
	if err := o.Flush(); err != nil {
		return fmt.Errorf("%s: %w", o.name(), err)
	}
	if o.direct != nil {
		err := o.direct.Close()
		o.direct = nil
		if err != nil {
			return fmt.Errorf("%s: %w", o.path, unwrapPath(err))
		}
		return nil
	}
	if o.tmp == nil {
		return nil
	}
	if err := o.tmp.Close(); err != nil {
		return fmt.Errorf("%s: %w", o.path, unwrapPath(err))
	}
	if o.keep {
		if err := os.Chmod(o.tmp.Name(), o.mode); err != nil {
			return fmt.Errorf("%s: %w", o.path, unwrapPath(err))
		}
	}
	if err := os.Rename(o.tmp.Name(), o.target); err != nil {
		return fmt.Errorf("%s: %w", o.path, unwrapPath(err))
	}
	pending.remove(o)
	o.tmp = nil
	return nil
}

// abort drops a file output that will not be completed; standard output
// and special files keep what was already written.
func (o *output) abort() {
	if o.direct != nil {
		o.Flush()
		o.direct.Close()
		o.direct = nil
	}
	if o.tmp == nil {
		return
	}
	o.tmp.Close()
	os.Remove(o.tmp.Name())
	pending.remove(o)
	o.tmp = nil
}

func (o *output) name() string {
	if o.path == "" {
		return "standard output"
	}
	return o.path
}

// unwrapPath drops the *PathError wrapper, whose path is the temporary
// file's, so that messages name the file the user asked for.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return fmt.Errorf("%s", pe.Err)
	}
	return err
}
