package grammar

import (
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/require"
)

// testLexer cuts the lines of the test grammars: words, numbers, a few
// punctuation marks, blanks, and any other character.
var testLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Word", Pattern: `[A-Za-z_][A-Za-z_0-9-]*`},
	{Name: "Num", Pattern: `[-+]?\d+(?:\.\d+)?`},
	{Name: "Punct", Pattern: `[()%:|]`},
	{Name: "Space", Pattern: `\s+`},
	{Name: "Other", Pattern: `.`},
})

// testRow is a row of value cells after a label: "alpha: 4.25 (0.00 pct)
// 4.14 (-2.58 pct)". Every field takes any text, so the memo serves it.
type testRow struct {
	Label string      `parser:"@Word ':'?"`
	Cells []*testCell `parser:"@@+"`
}

type testCell struct {
	Pos   lexer.Position
	Value string `parser:"@Num"`
	Pct   string `parser:"( '(' @Num ('pct' | '%') ')' )?"`
	Mark  bool   `parser:"@'*'?"`
}

// testPair is "key = number", whose number field refuses what is no
// float: the memo must parse it every time.
type testPair struct {
	Key   string  `parser:"@Word '='"`
	Value float64 `parser:"@Num"`
}

var (
	testRowParser  = participle.MustBuild[testRow](participle.Lexer(testLexer), participle.Elide("Space"), participle.UseLookahead(4))
	testPairParser = participle.MustBuild[testPair](participle.Lexer(testLexer), participle.Elide("Space"))
	// testWordsParser reads the same lexemes as testRowParser
	testWordsParser = participle.MustBuild[testWords](participle.Lexer(testLexer), participle.Elide("Space"), participle.CaseInsensitive("Word"))
)

// testWords is a line of words, whatever their case.
type testWords struct {
	Words []string `parser:"@Word+"`
}

// testLines are rows the test grammars read and lines they refuse.
var testLines = []string{
	"alpha: 4.25 (0.00 pct) 4.14 (-2.58 pct)", "beta: 5.01 (0.00 pct) 4.90 (-2.19 %)",
	"gamma 1 2 3", "delta: 7 *", "x = 12.5", "x = 12", "y = -3", "PCT", "pct (", "words only here",
	"", "   ", ": 1", "alpha: 4.25 (0.00", "alpha: 4.25 ) 3", "a\x00b 5", "\x01 1", "é 5", "a: 1 (2 PCT)",
}

// sameReading fails unless Parse reads s as participle's ParseString
// does: the same value, positions included, or an error for both.
func sameReading[T any](t *testing.T, p *participle.Parser[T], s string) {
	t.Helper()
	want, werr := p.ParseString("", s)
	got, gerr := Parse(p, s)
	require.Equal(t, werr == nil, gerr == nil, "%q: %v / %v", s, werr, gerr)
	if werr == nil {
		require.Equal(t, want, got, "%q", s)
	}
}

// TestParse reads every test line with every test grammar twice, the
// second time from the memo, as participle does.
func TestParse(t *testing.T) {
	for round := 0; round < 2; round++ {
		for _, s := range testLines {
			sameReading(t, testRowParser, s)
			sameReading(t, testPairParser, s)
			sameReading(t, testWordsParser, s)
		}
	}
}

// FuzzShapeMemo checks the shape memo against participle on any line: the
// same reading, positions included, or the same refusal, for every test
// grammar, the second time from the memo.
func FuzzShapeMemo(f *testing.F) {
	for _, s := range testLines {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for k := 0; k < 2; k++ {
			sameReading(t, testRowParser, s)
			sameReading(t, testPairParser, s)
			sameReading(t, testWordsParser, s)
		}
	})
}

func TestParseLine(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"alpha: 4.25 (0.00 pct)", true},
		{"alpha", false},
		{"alpha " + strings.Repeat("1 ", MaxLine), false}, // past MaxLine
	} {
		r, ok := ParseLine(testRowParser, c.in)
		require.Equal(t, c.want, ok, "%q", c.in)
		require.Equal(t, c.want, r != nil, "%q", c.in)
	}
}

// TestLexedOnce: grammars over one lexer share a line's lexemes, so the
// line is lexed once, and again only after ForgetLexemes.
func TestLexedOnce(t *testing.T) {
	counts := map[string]int{}
	LexHook = func(_ lexer.Definition, text string, _ int) { counts[text]++ }
	defer func() { LexHook = nil }()
	ForgetLexemes()
	const line = "alpha beta gamma 1"
	Parse(testRowParser, line)
	Parse(testWordsParser, line)
	Parse(testPairParser, line)
	require.Equal(t, 1, counts[line])
	ForgetLexemes()
	Parse(testRowParser, line)
	require.Equal(t, 2, counts[line])
}
