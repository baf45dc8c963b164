package parse

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
	"github.com/stretchr/testify/require"
)

// TestLexOncePerBlock runs every family over every candidate block of the
// golden fixtures and of the table-dense benchmark body and counts the
// lines token.Line and the grammars' lexers lex: a line of a block is lexed
// at most once by each lexer however many families read it (a line a
// family rewrote counts apart).
func TestLexOncePerBlock(t *testing.T) {
	files, err := filepath.Glob("testdata/golden/*.txt")
	require.NoError(t, err)
	bodies := []string{denseBody()}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		bodies = append(bodies, string(b))
	}
	counts := map[string]int{}
	token.LexHook = func(s string) { counts[s]++ }
	// a line lexed again after the bounded cache started again empty
	// counts apart
	type lexedIn struct {
		def    lexer.Definition
		text   string
		clears int
	}
	grammarLexes := map[lexedIn]int{}
	grammar.LexHook = func(def lexer.Definition, s string, clears int) { grammarLexes[lexedIn{def, s, clears}]++ }
	defer func() { token.LexHook, grammar.LexHook = nil, nil }()
	lexed, grammarLexed := 0, 0
	for _, body := range bodies {
		for _, seg := range segments(linesOf(body)) {
			for _, b := range seg.blocks() {
				clear(counts)
				clear(grammarLexes)
				grammar.ForgetLexemes() // the block starts with nothing lexed
				b.resolve(false)
				lines := map[string]int{}
				for _, l := range b.Lines {
					lines[l.Text]++
				}
				for text, n := range counts {
					require.LessOrEqual(t, n, max(lines[text], 1), "line %q lexed %d times in one block", text, n)
					lexed += n
				}
				for k, n := range grammarLexes {
					require.Equal(t, 1, n, "line %q lexed %d times in one block by one grammar lexer", k.text, n)
					grammarLexed += n
				}
			}
		}
	}
	require.Greater(t, grammarLexed, 2000, "the grammars lexed almost nothing")
	require.Greater(t, lexed, 2000, "the families lexed almost nothing")
}
