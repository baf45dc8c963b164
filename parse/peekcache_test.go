package parse

import (
	"strings"
	"sync"
	"testing"

	"github.com/alecthomas/participle/v2"
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

// TestCachedParses runs every grammar over a hand-written lexer on the
// golden fixtures twice, the second time from the cache, and compares the
// readings with participle's own ParseString.
func TestCachedParses(t *testing.T) {
	lines := append(fileLines(t, "testdata/golden/*.txt"), lexSamples...)
	lines = append(lines, cellSamples...)
	for round := 0; round < 2; round++ {
		read := sameParse(t, "amdHeader", amdHeaderParser, lines) +
			sameParse(t, "amdRow", amdRowParser, lines) +
			sameParse(t, "amdMeta", amdMetaParser, lines) +
			sameParse(t, "kv", kvParser, lines) +
			sameParse(t, "dev", devParser, lines) +
			sameParse(t, "listRow", listRowParser, lines) +
			sameParse(t, "listHeader", listHeaderParser, lines) +
			sameParse(t, "mm", mmParser, lines) +
			sameParse(t, "vpRow", vpRowParser, lines) +
			sameParse(t, "vpCells", vpCellsParser, lines) +
			sameParse(t, "words", wordsParser, lines) +
			sameParse(t, "fioPairs", fioPairsParser, lines) +
			sameParse(t, "fioPctls", fioPctlsParser, lines) +
			sameParse(t, "lkp", lkpParser, lines) +
			sameParse(t, "perfStat", perfStatParser, lines) +
			sameParse(t, "perfBench", perfBenchParser, lines)
		require.Greater(t, read, 1000, "the grammars read almost nothing")
	}
}

// TestPeekCacheConcurrent parses from the shared cache on several
// goroutines (run with -race) past its bound.
func TestPeekCacheConcurrent(t *testing.T) {
	lines := fileLines(t, "testdata/golden/*.txt")
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 3; k++ {
				for i, l := range lines {
					parseLine(mmParser, l)
					parseLine(listRowParser, l+strings.Repeat(" ", (i+k)%7))
				}
			}
		}()
	}
	wg.Wait()
	peekers.mu.Lock()
	defer peekers.mu.Unlock()
	require.LessOrEqual(t, len(peekers.m), maxPeekers)
}
