package mbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// eachDir reads a Maildir (messages in cur/ and new/; tmp/ holds
// deliveries in progress and is skipped) or a folder of message files
// (every non-hidden file, sorted by name, symlinks followed to the file
// they name; subdirectories are not entered). Each file is read as
// EachPath reads a file. A file that cannot be read, or a symlink to
// anything but a file, is a fault in the error; the error holds all of
// them, and says so when there was no message file at all.
func eachDir(dir string, opts Options, fn func(*Message) error) (*Result, error) {
	res := &Result{Kind: "folder"}
	var files []string
	var faults []error
	if isMaildir(dir) {
		res.Kind = "maildir"
		for _, sub := range []string{"cur", "new"} {
			f, skipped, err := listFiles(filepath.Join(dir, sub))
			if err != nil {
				return nil, &model.ParseError{File: dir, Err: err}
			}
			files, faults = append(files, f...), append(faults, skipped...)
		}
	} else {
		f, skipped, err := listFiles(dir)
		if err != nil {
			return nil, &model.ParseError{File: dir, Err: err}
		}
		files, faults = f, skipped
	}
	if len(files) == 0 && len(faults) == 0 {
		return nil, &model.ParseError{File: dir, Err: fmt.Errorf("no message files in %s", dir)}
	}
	for _, f := range files {
		r, err := EachPath(f, opts, fn)
		var fe fnError
		if errors.As(err, &fe) {
			return res, fe.err
		}
		if err != nil {
			faults = append(faults, err)
		}
		if r == nil {
			continue
		}
		res.Warnings = append(res.Warnings, r.Warnings...)
		res.Reconstructed = res.Reconstructed || r.Reconstructed
	}
	return res, errors.Join(faults...)
}

// isMaildir reports whether dir has the cur/ and new/ subdirectories.
func isMaildir(dir string) bool {
	for _, sub := range []string{"cur", "new"} {
		st, err := os.Stat(filepath.Join(dir, sub))
		if err != nil || !st.IsDir() {
			return false
		}
	}
	return true
}

// listFiles returns the non-hidden files of dir sorted by name, symlinks
// to files included, and a fault for every other entry that is not a
// folder: a symlink leading nowhere or to a folder, a FIFO, a device.
func listFiles(dir string) ([]string, []error, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	var out []string
	var skipped []error
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if strings.HasPrefix(e.Name(), ".") || e.IsDir() {
			continue
		}
		if e.Type()&fs.ModeSymlink != 0 {
			st, err := os.Stat(p)
			switch {
			case err != nil:
				skipped = append(skipped, &model.ParseError{File: p, Err: fmt.Errorf("skipped: symlink to nothing readable: %w", errors.Unwrap(err))})
				continue
			case !st.Mode().IsRegular():
				skipped = append(skipped, &model.ParseError{File: p, Err: errors.New("skipped: symlink to something that is not a file (folders are not entered)")})
				continue
			}
		} else if !e.Type().IsRegular() {
			skipped = append(skipped, &model.ParseError{File: p, Err: fmt.Errorf("skipped: not a regular file (%s)", e.Type())})
			continue
		}
		out = append(out, p)
	}
	sort.Strings(out)
	return out, skipped, nil
}
