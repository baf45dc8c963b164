package parse

import (
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/stretchr/testify/require"
)

// sameParse checks that grammar.Parse reads every line as ParseString does.
func sameParse[T any](t *testing.T, name string, p *participle.Parser[T], lines []string) int {
	t.Helper()
	ok := 0
	for _, l := range lines {
		for _, s := range []string{l, strings.TrimSpace(l)} {
			want, werr := p.ParseString("", s)
			got, gerr := grammar.Parse(p, s)
			require.Equal(t, werr == nil, gerr == nil, "%s %q", name, s)
			if werr == nil {
				require.Equal(t, want, got, "%s %q", name, s)
				ok++
			}
		}
	}
	return ok
}

// memoGrammars lists every grammar of the package, each with a
// check that grammar.Parse (the shape memo) reads lines as
// participle's own ParseString does.
var memoGrammars = []struct {
	name  string
	check func(t *testing.T, lines []string) int
}{
	{"amdHeader", func(t *testing.T, l []string) int { return sameParse(t, "amdHeader", amdHeaderParser, l) }},
	{"amdRow", func(t *testing.T, l []string) int { return sameParse(t, "amdRow", amdRowParser, l) }},
	{"amdMeta", func(t *testing.T, l []string) int { return sameParse(t, "amdMeta", amdMetaParser, l) }},
	{"kv", func(t *testing.T, l []string) int { return sameParse(t, "kv", kvParser, l) }},
	{"dev", func(t *testing.T, l []string) int { return sameParse(t, "dev", devParser, l) }},
	{"listRow", func(t *testing.T, l []string) int { return sameParse(t, "listRow", listRowParser, l) }},
	{"listHeader", func(t *testing.T, l []string) int { return sameParse(t, "listHeader", listHeaderParser, l) }},
	{"mm", func(t *testing.T, l []string) int { return sameParse(t, "mm", mmParser, l) }},
	{"vpRow", func(t *testing.T, l []string) int { return sameParse(t, "vpRow", vpRowParser, l) }},
	{"vpCells", func(t *testing.T, l []string) int { return sameParse(t, "vpCells", vpCellsParser, l) }},
	{"words", func(t *testing.T, l []string) int { return sameParse(t, "words", wordsParser, l) }},
	{"fioPairs", func(t *testing.T, l []string) int { return sameParse(t, "fioPairs", fioPairsParser, l) }},
	{"fioPctls", func(t *testing.T, l []string) int { return sameParse(t, "fioPctls", fioPctlsParser, l) }},
	{"lkp", func(t *testing.T, l []string) int { return sameParse(t, "lkp", lkpParser, l) }},
	{"perfStat", func(t *testing.T, l []string) int { return sameParse(t, "perfStat", perfStatParser, l) }},
	{"perfBench", func(t *testing.T, l []string) int { return sameParse(t, "perfBench", perfBenchParser, l) }},
	// grammars over regular-expression lexers
	{"barChart", func(t *testing.T, l []string) int { return sameParse(t, "barChart", barChartParser, l) }},
	{"cyclictest", func(t *testing.T, l []string) int { return sameParse(t, "cyclictest", cyclictestParser, l) }},
	{"hackbenchRunning", func(t *testing.T, l []string) int {
		return sameParse(t, "hackbenchRunning", hackbenchRunningParser, l)
	}},
	{"hackbenchTime", func(t *testing.T, l []string) int { return sameParse(t, "hackbenchTime", hackbenchTimeParser, l) }},
	{"hist", func(t *testing.T, l []string) int { return sameParse(t, "hist", histParser, l) }},
	{"kernbench", func(t *testing.T, l []string) int { return sameParse(t, "kernbench", kernbenchParser, l) }},
	{"perfSched", func(t *testing.T, l []string) int { return sameParse(t, "perfSched", perfSchedParser, l) }},
	{"unixbench", func(t *testing.T, l []string) int { return sameParse(t, "unixbench", unixbenchParser, l) }},
}

// TestCachedParses runs every grammar over a hand-written lexer on the
// golden fixtures twice, the second time from the memo, and compares the
// readings with participle's own ParseString.
func TestCachedParses(t *testing.T) {
	lines := append(fileLines(t, "testdata/golden/*.txt"), samples(t, tokenSamples+"column-samples.txt")...)
	lines = append(lines, samples(t, tokenSamples+"cell-samples.txt")...)
	for round := 0; round < 2; round++ {
		read := 0
		for _, g := range memoGrammars {
			read += g.check(t, lines)
		}
		require.Greater(t, read, 1000, "the grammars read almost nothing")
	}
}

// FuzzShapeMemo checks the shape memo against participle on any line: the
// same reading, positions included, or the same refusal, for every grammar.
func FuzzShapeMemo(f *testing.F) {
	for _, s := range append(append([]string{}, samples(f, tokenSamples+"column-samples.txt")...), samples(f, tokenSamples+"cell-samples.txt")...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range memoGrammars {
			g.check(t, []string{s, s}) // the second time from the memo
		}
	})
}
