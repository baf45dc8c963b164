package parse

import (
	"os"
	"path/filepath"
	"testing"
)

var positionalCases = []familyCase{
	{"rule segments, empty cell", "Host      OS     null null\n                 call I/O\n--------- ------ ---- ----\nmars      Linux  0.19 0.27\nvenus     Linux  0.21\n", 1, 3},
	{"framed groups", "           --Block-- --Seeks--\nMachine    K/sec %CP  /sec %CP\nbox-a      52012  21 181.2   0\nbox-b      51877  21 190.5   0\n", 1, 8},
	{"one-line header, full rows: left to whitespace", "test  base  new\n----  ----  ---\na     1.0   2.0\nb     3.0   4.0\n", 0, 0},
	{"unlabelled rows: a log", "procs --memory-- ---swap--\n r  b   free  si  so\n 2  0   1234   0   0\n 4  0   1200   0   0\n", 0, 0},
	{"word in a value column", "Host   OS     null null\n              call I/O\n------ ------ ---- ----\nmars   Linux  0.19 fast\n", 0, 0},
	{"prose above a rule", "We measured the following things here.\n------ ------ ----\nmars   1 2\n", 0, 0},
}

func TestPositional(t *testing.T) { runFamily(t, positional{}, positionalCases) }

// positionalFixtures are the golden inputs of the family, whose fixtures
// carry its own name while its tables are of format "whitespace".
func positionalFixtures(tb testing.TB) []string {
	files, _ := filepath.Glob("testdata/golden/positional-*.txt")
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

func FuzzPositional(f *testing.F) {
	for _, s := range positionalFixtures(f) {
		f.Add(s)
	}
	fuzzFamily(f, positional{}, positionalCases)
}

func BenchmarkPositional(b *testing.B) {
	var blocks []*Block
	size := 0
	for _, s := range positionalFixtures(b) {
		blocks = append(blocks, blockOf(s))
		size += len(s)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, bl := range blocks {
			positional{}.Read(bl)
		}
	}
}
