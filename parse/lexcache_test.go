package parse

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLexOncePerBlock runs every family over every candidate block of the
// golden fixtures and of the table-dense benchmark body and counts the
// lines tokenize lexes: a line of a block is lexed at most once however
// many families read it (a line a family rewrote counts apart).
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
	lexHook = func(s string) { counts[s]++ }
	defer func() { lexHook = nil }()
	lexed := 0
	for _, body := range bodies {
		for _, seg := range segments(linesOf(body)) {
			for _, b := range seg.blocks() {
				clear(counts)
				b.resolve(false)
				lines := map[string]int{}
				for _, l := range b.Lines {
					lines[l.Text]++
				}
				for text, n := range counts {
					require.LessOrEqual(t, n, max(lines[text], 1), "line %q lexed %d times in one block", text, n)
					lexed += n
				}
			}
		}
	}
	require.Greater(t, lexed, 2000, "the families lexed almost nothing")
}
