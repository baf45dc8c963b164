package parse

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
	{"cell", cellLexer, refCellLexer},
	{"word", wordLexer, refWordLexer},
	{"perf-stat", perfStatLexer, refPerfStatLexer},
	{"lkp", lkpLexer, refLkpLexer},
	{"fio", fioLexer, refFioLexer},
	{"perf-bench", perfBenchLexer, refPerfBenchLexer},
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

// cellSamples add the corners of the cell grammars' lexers to lexSamples.
var cellSamples = []string{
	"1,2345 1,23 1,234.5 1,234,5 12. .5 -.5 \u22125 =-5 +\u22125",
	"5e3abc 1.5e+10 1.e5 1e 1e+ -2.5E-3x", "Test: tip latency_nice :: a:b :x x: ",
	"±5 5±0.5 a±b ±", "  1-groups     1.00 [ -0.00]( 2.10)", "#workers: 64VU",
	"€ 12 € é5 \xff\xfe", "x\ny 5\n\n6", "[](){}:%*^|", "a_b #1 _",
	"21655.40 *   2.19%*", "4.25 (0.00 pct)", "1.25 (  0.66)", "210, 198, 225",
	"<not counted> <not supported> <not x> +- ± +-5 -x +x 1,234 % 1,234.5e3 5 %x",
	"2,104,221,098      cycles:u   #    1.84  insn per cycle  ( +-  0.50% )  (75.00%)",
	"/usr/bin/x a#b a(b) \f\r x\ny", "±  2% ±2.5% ±x +Inf% -Inf +5e3% -3.5 +.5",
	"  1.234e+08 ±  2%     +12.3%  1.386e+08 ±  3%  will-it-scale.per_process_ops",
	"read: IOPS=123k, BW=481MiB/s (504MB/s)(28.2GiB/60001msec)", "a_1/b c/ d/5 x=[ 635],",
	"lat (usec): 20=0.01%, 50=0.01%; a-b", "x\n", "\n",
	"Total time: 12.345 [sec]", "12.345678 usecs/op", "81000 ops/sec 5 OPS/S x",
	"secs/secx ops/opx ops/s_ uſecs/op ops/ſ ops/ſx nsecs/Sec. msecs/s9 ops/",
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
// regular-expression lexer it replaced, token for token, on lines of the
// length of table rows.
func FuzzHandLexers(f *testing.F) {
	addLexSeeds(f)
	for _, s := range cellSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > maxRowLen/2 {
			return // the reference is quadratic in a run's length
		}
		for _, p := range lexerPairs {
			sameTokens(t, p, s)
		}
	})
}
