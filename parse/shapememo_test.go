package parse

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/require"
)

// sameParse checks that parseText reads every line as ParseString does.
func sameParse[T any](t *testing.T, name string, p *participle.Parser[T], lines []string) int {
	t.Helper()
	ok := 0
	for _, l := range lines {
		for _, s := range []string{l, strings.TrimSpace(l)} {
			want, werr := p.ParseString("", s)
			got, gerr := parseText(p, s)
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
// check that parseText (the shape memo) reads lines as
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
	lines := append(fileLines(t, "testdata/golden/*.txt"), lexSamples...)
	lines = append(lines, cellSamples...)
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
	for _, s := range append(append([]string{}, lexSamples...), cellSamples...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range memoGrammars {
			g.check(t, []string{s, s}) // the second time from the memo
		}
	})
}

// TestMemoable pins which result types the shape memo serves.
func TestMemoable(t *testing.T) {
	type withInt struct{ N int }
	type nested struct {
		Pos   lexer.Position
		Words []string
		Flag  bool
		Inner *struct{ S string }
	}
	require.True(t, memoable(reflect.TypeFor[nested](), map[reflect.Type]bool{}))
	require.True(t, memoable(reflect.TypeFor[vpRow](), map[reflect.Type]bool{}))
	require.False(t, memoable(reflect.TypeFor[withInt](), map[reflect.Type]bool{}), "an int field may refuse a value")
	require.False(t, memoable(reflect.TypeFor[struct{ T lexer.Token }](), map[reflect.Type]bool{}), "raw tokens differ between lines of a shape")
}

// TestUnmark reads templates' texts back with a line's tokens.
func TestUnmark(t *testing.T) {
	text := "12.5ms("
	toks := []lexeme{{start: 0, end: 4}, {start: 4, end: 6}, {start: 6, end: 7}}
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"pct", "pct"},
		{marker(0), "12.5"},
		{marker(0) + marker(1), "12.5ms"},
		{"x" + marker(1) + "(", "xms("},
	} {
		require.Equal(t, c.want, unmark(c.in, text, toks), "%q", c.in)
	}
}

// TestShapeMemoConcurrent reads from the shared memo on several
// goroutines (run with -race) past its bound.
func TestShapeMemoConcurrent(t *testing.T) {
	lines := fileLines(t, "testdata/golden/*.txt")
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 3; k++ {
				for i, l := range lines {
					parseLine(mmParser, l)
					parseLine(listRowParser, l+strings.Repeat(" ", (i+k)%7)+strings.Repeat("x ", i%5))
				}
			}
		}()
	}
	wg.Wait()
	for _, p := range []any{mmParser, listRowParser} {
		g, _ := memos.Load(p)
		m := g.(*grammarMemo)
		m.mu.Lock()
		require.LessOrEqual(t, len(m.shapes), maxShapes)
		m.mu.Unlock()
	}
}

// TestMemoLiterals pins which token texts count as a grammar's literals,
// and so enter a shape's key: any text a literal matches, in any case.
func TestMemoLiterals(t *testing.T) {
	g := newGrammarMemo(`Row = "pct" | "\u212a" | "(" | "%" | "ms" .`)
	for s, want := range map[string]bool{
		"pct": true, "PCT": true, "Pct": true, "(": true, "%": true,
		"k": true, "K": true, "\u212a": true, // the Kelvin sign folds to k
		"MS": true, "x": false, "12.5": false, "pc": false, "": false, "±": true,
	} {
		require.Equal(t, want, g.literal(s), "%q", s)
	}
}
