package token

import (
	"path/filepath"
	"testing"

	"github.com/lkmlbench/lkmlbench/internal/testlines"
)

// The lines the lexers are checked on: the golden fixtures of package
// parse and the wild-mail examples of the repository.
const (
	golden = "../../testdata/golden/*.txt"
	wild   = "../../../testdata/wild/*"
)

// fileLines returns the lines of the files matching the patterns.
var fileLines = testlines.Files

// samples returns the lines of testdata/name, a file of Go-quoted strings
// one a line.
func samples(t testing.TB, name string) []string {
	return testlines.Quoted(t, filepath.Join("testdata", name))
}
