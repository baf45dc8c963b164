package mbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// readDir reads a Maildir (messages in cur/ and new/; tmp/ holds deliveries
// in progress and is skipped) or a folder of message files (every regular,
// non-hidden file, sorted by name; subdirectories are not entered). Each
// file is read by Read; a file that fails becomes a warning.
func readDir(dir string, opts Options) (*Result, error) {
	res := &Result{Kind: "folder"}
	var files []string
	if isMaildir(dir) {
		res.Kind = "maildir"
		for _, sub := range []string{"cur", "new"} {
			f, err := listFiles(filepath.Join(dir, sub))
			if err != nil {
				return nil, &model.ParseError{File: dir, Err: err}
			}
			files = append(files, f...)
		}
	} else {
		f, err := listFiles(dir)
		if err != nil {
			return nil, &model.ParseError{File: dir, Err: err}
		}
		files = f
	}
	var errs []error
	read := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		var r *Result
		if err == nil {
			r, err = Read(f, data, opts)
		}
		if err != nil {
			errs = append(errs, err)
			res.Warnings = append(res.Warnings, warn(f, 0, 0, "skipped: %v", unlocated(err)))
			continue
		}
		read++
		res.Messages = append(res.Messages, r.Messages...)
		res.Warnings = append(res.Warnings, r.Warnings...)
		res.Reconstructed = res.Reconstructed || r.Reconstructed
	}
	if read == 0 {
		if len(errs) == 0 {
			errs = append(errs, fmt.Errorf("no message files in %s", dir))
		}
		return nil, &model.ParseError{File: dir, Err: errors.Join(errs...)}
	}
	return res, nil
}

// unlocated drops the file name a ParseError would repeat in a warning
// that already names the file.
func unlocated(err error) error {
	var pe *model.ParseError
	if errors.As(err, &pe) && pe.Pos.Line == 0 && pe.Pos.Offset == 0 {
		return pe.Err
	}
	return err
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

// listFiles returns the regular, non-hidden files of dir sorted by name.
func listFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") || !e.Type().IsRegular() {
			continue
		}
		out = append(out, filepath.Join(dir, e.Name()))
	}
	sort.Strings(out)
	return out, nil
}
