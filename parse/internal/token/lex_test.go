package token

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTokenizeMatchesReference compares the scanner with the regular
// expression lexer it replaced on the samples and on every line of the
// golden fixtures.
func TestTokenizeMatchesReference(t *testing.T) {
	lines := append(fileLines(t, golden, wild), samples(t, "column-samples.txt")...)
	require.Greater(t, len(lines), 1000)
	for _, l := range lines {
		require.Equal(t, refTokenize(l), Line(l), "%q", l)
	}
}

// checkSpans asserts what every consumer of tokens relies on: tokens are
// in order, do not overlap, and each one's text is its line's bytes at its
// columns; a number read from a composite word lies inside it.
func checkSpans(t *testing.T, line string, ts []Token) {
	t.Helper()
	last := 0
	for _, x := range ts {
		if x.Start < last || x.End <= x.Start || x.End > len(line) {
			t.Fatalf("%q: token %q at [%d,%d) after %d", line, x.Text, x.Start, x.End, last)
		}
		if line[x.Start:x.End] != x.Text {
			t.Fatalf("%q: token %q is not line[%d:%d] = %q", line, x.Text, x.Start, x.End, line[x.Start:x.End])
		}
		if x.Number != "" && !strings.Contains(x.Text, strings.TrimSuffix(x.Number, "%")) {
			t.Fatalf("%q: number %q not inside %q", line, x.Number, x.Text)
		}
		last = x.End
	}
}

func TestTokenSpans(t *testing.T) {
	for _, l := range append(fileLines(t, golden), samples(t, "column-samples.txt")...) {
		checkSpans(t, l, Line(l))
	}
}

func TestMatchComposites(t *testing.T) {
	lead, a, z, tail, ok := matchPM("12.3+/-0.5%")
	assert.True(t, ok)
	assert.Equal(t, []int{4, 4, 7, 7}, []int{lead, a, z, tail})
	_, _, _, _, ok = matchPM("12.3+/-x")
	assert.False(t, ok)
	k, ok := matchSlash("12345/23456")
	assert.True(t, ok)
	assert.Equal(t, 5, k)
	n, ok := matchBrack("[-0.5%]")
	assert.True(t, ok)
	assert.Equal(t, "-0.5%", n)
	num, suf, ok := matchQty("450MB/s")
	assert.True(t, ok)
	assert.Equal(t, []string{"450", "MB/s"}, []string{num, suf})
	_, _, ok = matchQty("450MB/x")
	assert.False(t, ok)
}

// addLexSeeds gives a fuzz target the samples and the golden lines.
func addLexSeeds(f *testing.F) {
	for _, s := range samples(f, "column-samples.txt") {
		f.Add(s)
	}
	for _, s := range fileLines(f, golden) {
		if strings.TrimSpace(s) != "" {
			f.Add(s)
		}
	}
}

// FuzzTokenize checks that the scanner gives exactly the tokens of the
// regular-expression lexer and composite-word expressions it replaced.
func FuzzTokenize(f *testing.F) {
	addLexSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		want, got := refTokenize(s), Line(s)
		if !assert.ObjectsAreEqual(want, got) {
			t.Fatalf("%q:\nregexp  %+v\nscanner %+v", s, want, got)
		}
	})
}

// FuzzTokenSpans checks that the scanner never panics and that every
// token's text is its line's bytes at its byte columns.
func FuzzTokenSpans(f *testing.F) {
	addLexSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkSpans(t, s, Line(s))
	})
}
