// Package testlines reads the files of lines that the tests of several
// packages check their lexers and readers on: whole fixture files, and
// files of Go-quoted sample lines.
package testlines

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Files returns the lines of the files matching the patterns; folders
// that match are skipped (testdata/wild/set holds the answer keys of real
// mail).
func Files(t testing.TB, patterns ...string) []string {
	var out []string
	for _, p := range patterns {
		files, err := filepath.Glob(p)
		require.NoError(t, err)
		for _, f := range files {
			if fi, err := os.Stat(f); err == nil && fi.IsDir() {
				continue
			}
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			out = append(out, strings.Split(string(b), "\n")...)
		}
	}
	return out
}

// Quoted returns the lines of a file of Go-quoted strings, one a line (so
// that any byte can be written); lines starting with "//" are comments.
func Quoted(t testing.TB, file string) []string {
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(l, "//") {
			continue
		}
		s, err := strconv.Unquote(l)
		require.NoError(t, err, "%s: %s", file, l)
		out = append(out, s)
	}
	return out
}
