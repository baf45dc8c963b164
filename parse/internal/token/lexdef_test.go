package token

import (
	"errors"
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
	{"cell", CellLexer, refCellLexer},
	{"word", WordLexer, refWordLexer},
	{"perf-stat", PerfStatLexer, refPerfStatLexer},
	{"lkp", LKPLexer, refLkpLexer},
	{"fio", FioLexer, refFioLexer},
	{"perf-bench", PerfBenchLexer, refPerfBenchLexer},
}

// tokensOf lexes s and renders the tokens with their symbol names, so
// that two definitions compare by name, text and position; a lexing error
// ends the rendering with the position where it happened.
func tokensOf(def lexer.Definition, s string) string {
	l, err := def.(lexer.StringDefinition).LexString("line", s)
	if err != nil {
		return "error " + err.Error()
	}
	names := lexer.SymbolsByRune(def)
	var b strings.Builder
	for {
		t, err := l.Next()
		if err != nil {
			var le *lexer.Error
			if errors.As(err, &le) {
				fmt.Fprintf(&b, "error at %#v\n", le.Pos)
			} else {
				fmt.Fprintf(&b, "error %v\n", err)
			}
			return b.String()
		}
		fmt.Fprintf(&b, "%s %q %#v\n", names[t.Type], t.Value, t.Pos)
		if t.EOF() {
			return b.String()
		}
	}
}

// sameTokens fails when the two lexers of p cut s differently.
func sameTokens(t *testing.T, p lexerPair, s string) {
	t.Helper()
	if want, got := tokensOf(p.ref, s), tokensOf(p.hand, s); want != got {
		t.Fatalf("%s %q:\nregexp\n%s\nhand-written\n%s", p.name, s, want, got)
	}
}

func TestHandLexersMatchReference(t *testing.T) {
	lines := append(fileLines(t, golden, wild), samples(t, "column-samples.txt")...)
	lines = append(lines, samples(t, "cell-samples.txt")...)
	for _, p := range lexerPairs {
		require.Equal(t, lexer.SymbolsByRune(p.ref), lexer.SymbolsByRune(p.hand), p.name)
		for _, l := range lines {
			sameTokens(t, p, l)
		}
	}
}

// FuzzHandLexers checks every hand-written participle lexer against the
// regular-expression lexer it replaced, token for token, on lines of the
// length of table rows.
func FuzzHandLexers(f *testing.F) {
	addLexSeeds(f)
	for _, s := range samples(f, "cell-samples.txt") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 {
			return // the reference is quadratic in a run's length
		}
		for _, p := range lexerPairs {
			sameTokens(t, p, s)
		}
	})
}
