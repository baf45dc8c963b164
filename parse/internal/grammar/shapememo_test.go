package grammar

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/require"
)

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
	require.True(t, memoable(reflect.TypeFor[testRow](), map[reflect.Type]bool{}))
	require.False(t, memoable(reflect.TypeFor[testPair](), map[reflect.Type]bool{}), "a float field may refuse a value")
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
// goroutines (run with -race), with more shapes than it keeps.
func TestShapeMemoConcurrent(t *testing.T) {
	var lines []string
	for k := 0; k < 60; k++ {
		lines = append(lines, testLines...)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 2; k++ {
				for i, l := range lines {
					// blanks leave the shape as it is; words and numbers do not
					ParseLine(testWordsParser, l+strings.Repeat(" x", i%40))
					ParseLine(testRowParser, l+strings.Repeat(" ", (i+k)%7)+strings.Repeat(" 1", i%7)+strings.Repeat(" x", i%40))
				}
			}
		}()
	}
	wg.Wait()
	for _, p := range []any{testWordsParser, testRowParser} {
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
