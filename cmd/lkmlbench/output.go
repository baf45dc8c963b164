package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// output is where a command writes its result: standard output, or a file
// that appears only once it is complete. Writing to a temporary file beside
// it and renaming at the end also keeps "-o thread.mbox thread.mbox" from
// truncating an input before it is read.
type output struct {
	*bufio.Writer
	tmp  *os.File // nil for standard output
	path string
}

// createOutput opens path for writing, or stdout when path is "" or "-".
func createOutput(path string, stdout io.Writer) (*output, error) {
	if path == "" || path == "-" {
		return &output{Writer: bufio.NewWriter(stdout)}, nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	return &output{Writer: bufio.NewWriter(tmp), tmp: tmp, path: path}, nil
}

// commit flushes the output and puts the file in place.
func (o *output) commit() error {
	if err := o.Flush(); err != nil {
		return fmt.Errorf("%s: %w", o.name(), err)
	}
	if o.tmp == nil {
		return nil
	}
	if err := o.tmp.Close(); err != nil {
		return fmt.Errorf("%s: %w", o.path, unwrapPath(err))
	}
	if err := os.Chmod(o.tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("%s: %w", o.path, unwrapPath(err))
	}
	if err := os.Rename(o.tmp.Name(), o.path); err != nil {
		return fmt.Errorf("%s: %w", o.path, unwrapPath(err))
	}
	o.tmp = nil
	return nil
}

// abort drops a file output that will not be completed; standard output
// keeps what was already written.
func (o *output) abort() {
	if o.tmp == nil {
		return
	}
	o.tmp.Close()
	os.Remove(o.tmp.Name())
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
