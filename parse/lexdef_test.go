package parse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/require"
)

// lexerPair is a hand-written lexer and the regular-expression lexer it
// replaced.
type lexerPair struct {
	name      string
	hand, ref lexer.Definition
}

var lexerPairs = []lexerPair{
	{"cell", cellLexer, refCellLexer},
	{"word", wordLexer, refWordLexer},
}

// tokensOf lexes s and renders the tokens with their symbol names, so
// that two definitions compare by name, text and position.
func tokensOf(def lexer.Definition, s string) (string, error) {
	l, err := def.(lexer.StringDefinition).LexString("line", s)
	if err != nil {
		return "", err
	}
	ts, err := lexer.ConsumeAll(l)
	if err != nil {
		return "", err
	}
	names := lexer.SymbolsByRune(def)
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "%s %q %#v\n", names[t.Type], t.Value, t.Pos)
	}
	return b.String(), nil
}

// sameTokens fails when the two lexers of p cut s differently.
func sameTokens(t *testing.T, p lexerPair, s string) {
	t.Helper()
	want, werr := tokensOf(p.ref, s)
	got, gerr := tokensOf(p.hand, s)
	require.NoError(t, gerr, "%s %q", p.name, s)
	if werr != nil {
		t.Fatalf("%s %q: the reference fails: %v", p.name, s, werr)
	}
	if want != got {
		t.Fatalf("%s %q:\nregexp\n%s\nhand-written\n%s", p.name, s, want, got)
	}
}

// cellSamples add the corners of the cell grammars' lexers to lexSamples.
var cellSamples = []string{
	"1,2345 1,23 1,234.5 1,234,5 12. .5 -.5 \u22125 =-5 +\u22125",
	"5e3abc 1.5e+10 1.e5 1e 1e+ -2.5E-3x", "Test: tip latency_nice :: a:b :x x: ",
	"±5 5±0.5 a±b ±", "  1-groups     1.00 [ -0.00]( 2.10)", "#workers: 64VU",
	"€ 12 € é5 \xff\xfe", "x\ny 5\n\n6", "[](){}:%*^|", "a_b #1 _",
	"21655.40 *   2.19%*", "4.25 (0.00 pct)", "1.25 (  0.66)", "210, 198, 225",
}

func TestHandLexersMatchReference(t *testing.T) {
	lines := append(fileLines(t, "testdata/golden/*.txt", "../testdata/wild/*"), lexSamples...)
	lines = append(lines, cellSamples...)
	for _, p := range lexerPairs {
		require.Equal(t, lexer.SymbolsByRune(p.ref), lexer.SymbolsByRune(p.hand), p.name)
		for _, l := range lines {
			sameTokens(t, p, l)
		}
	}
}

// FuzzHandLexers checks every hand-written participle lexer against the
// regular-expression lexer it replaced, token for token, on lines up to
// the grammars' guard (the reference is quadratic on longer ones).
func FuzzHandLexers(f *testing.F) {
	addLexSeeds(f)
	for _, s := range cellSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > maxRowLen {
			return // no grammar sees a longer line (parseLine)
		}
		for _, p := range lexerPairs {
			sameTokens(t, p, s)
		}
	})
}
