package token

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The lines the lexers are checked on: the golden fixtures of package
// parse and the wild-mail examples of the repository.
const (
	golden = "../../testdata/golden/*.txt"
	wild   = "../../../testdata/wild/*"
)

// fileLines returns the lines of the files matching the patterns.
func fileLines(t testing.TB, patterns ...string) []string {
	var out []string
	for _, p := range patterns {
		files, err := filepath.Glob(p)
		require.NoError(t, err)
		for _, f := range files {
			if fi, err := os.Stat(f); err == nil && fi.IsDir() {
				continue // testdata/wild/set holds the answer keys of real mail
			}
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			out = append(out, strings.Split(string(b), "\n")...)
		}
	}
	return out
}

// samples returns the lines of testdata/name, a file of Go-quoted strings
// one a line (so that any byte can be written); lines starting with "//"
// are comments.
func samples(t testing.TB, name string) []string {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(l, "//") {
			continue
		}
		s, err := strconv.Unquote(l)
		require.NoError(t, err, "%s: %s", name, l)
		out = append(out, s)
	}
	return out
}
