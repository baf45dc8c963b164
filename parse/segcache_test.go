package parse

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// forgetSegments empties the segment cache.
func forgetSegments() {
	segmentsRead.mu.Lock()
	clear(segmentsRead.m)
	segmentsRead.mu.Unlock()
}

// TestSegmentCacheMoves reads a quoted table in one reply and then in
// another, where it sits lower: the second reading, from the cache, is the
// one a fresh reading gives, positions included.
func TestSegmentCacheMoves(t *testing.T) {
	raw, err := os.ReadFile("testdata/golden/value-pct-quoted.txt")
	require.NoError(t, err)
	first := string(raw)
	second := "A reply, some lines longer\nthan the first.\n\n" + first
	forgetSegments()
	fresh := Tables(linesOf(second))
	require.NotEmpty(t, fresh)

	forgetSegments()
	Tables(linesOf(first)) // the quoted segment is now kept
	cached := Tables(linesOf(second))
	require.Equal(t, fresh, cached)
}

// TestSegmentCacheCopies: the tables handed out share nothing with what
// the cache keeps, so that later passes may change them.
func TestSegmentCacheCopies(t *testing.T) {
	raw, err := os.ReadFile("testdata/golden/value-pct-quoted.txt")
	require.NoError(t, err)
	forgetSegments()
	a := Tables(linesOf(string(raw)))
	require.NotEmpty(t, a)
	a[0].Rows[0].Cells[0].Field = "changed"
	a[0].Context = append(a[0].Context[:0], "changed")
	b := Tables(linesOf(string(raw)))
	require.NotEqual(t, "changed", b[0].Rows[0].Cells[0].Field)
	for _, c := range b[0].Context {
		require.NotEqual(t, "changed", c)
	}
}

// TestSegmentDigest: what a segment gives depends on its text, markers,
// depth, author and relative layout, so each of them changes the digest,
// and where the segment lies does not.
func TestSegmentDigest(t *testing.T) {
	seg := func(text string, shift int, author string) *segment {
		lines := linesOf(text)
		for i := range lines {
			lines[i].No += shift
			lines[i].Offset += int64(shift * 10)
			lines[i].Author = author
		}
		return segments(lines)[0]
	}
	base := "Test: a b\n1-groups: 4.25 (0.00 pct) 4.14 (2.58 pct)\n"
	d := seg(base, 0, "A").digest()
	require.Equal(t, d, seg(base, 7, "A").digest(), "moved")
	require.NotEqual(t, d, seg(strings.Replace(base, "4.25", "4.26", 1), 0, "A").digest(), "text")
	require.NotEqual(t, d, seg(base, 0, "B").digest(), "author")
	require.NotEqual(t, d, seg(strings.Replace(base, "pct)\n", "pct)  *\n", 1), 0, "A").digest(), "marker")
	require.NotEqual(t, d, seg("> "+strings.ReplaceAll(strings.TrimSuffix(base, "\n"), "\n", "\n> ")+"\n", 0, "A").digest(), "depth")
}

// TestSegmentCacheConcurrent reads the golden fixtures on several
// goroutines at once (run with -race): every reading is the one a fresh
// reading gives.
func TestSegmentCacheConcurrent(t *testing.T) {
	var texts []string
	for _, f := range fixtureFiles(t) {
		texts = append(texts, readFixture(t, f))
	}
	forgetSegments()
	want := make([]int, len(texts))
	for i, text := range texts {
		want[i] = len(Tables(linesOf(text)))
	}
	done := make(chan error, 4)
	for g := 0; g < 4; g++ {
		go func() {
			for i, text := range texts {
				if len(Tables(linesOf(text))) != want[i] {
					done <- os.ErrInvalid
					return
				}
			}
			done <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		require.NoError(t, <-done)
	}
}

func fixtureFiles(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir("testdata/golden")
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".txt") {
			out = append(out, "testdata/golden/"+e.Name())
		}
	}
	return out
}

func readFixture(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// FuzzSegmentCache: a body read again, its segments from the cache, and
// the same body below a line more, read as it would be fresh, give what
// a fresh reading gives.
func FuzzSegmentCache(f *testing.F) {
	files, _ := filepath.Glob("testdata/golden/*.txt")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, body string) {
		lower := "a line above\n" + body
		forgetSegments()
		fresh := Tables(linesOf(lower))
		forgetSegments()
		Tables(linesOf(body))
		require.Equal(t, fresh, Tables(linesOf(lower)))
	})
}
