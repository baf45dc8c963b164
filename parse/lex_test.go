package parse

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lexSamples are lines that exercise every rule of the scanner and every
// composite word: the corner cases a regular expression resolves by
// backtracking or by its rule order.
var lexSamples = []string{
	"with-f4-1g  0.67645 (+3.7%)", "| 19 | 52.00 |", "stdev 0,15 % 0,28 %",
	"1-groups 5.157e+10 -", "118.00| ^", "a*b (x)", "0-63, 128-191",
	"( 1.5e-3 % )", "(1.5e)", "(\u22125.2%)", "( +/- 0.5 % )", "(+/-5,67 %)",
	"x 12.345+/-0.678", "x 12.3 ± 0.5%", "x ±0.5", "x 5%+-", "x +-5", "x +/-",
	"x 1,234(+/-5,67 %)", "x 12345/23456", "x 1234.5 [0.5] (+2.70%)", "x [ 3% ]",
	"x 131.", "x 250K 1.5M 2G 3T 4k", "x 12.3ms 450MB/s 5/s 1.000x 3µs 7ops/sec",
	"x 5ms/sec 5/sec 5ops/se", "x 4k-randread 0-63, 12.3zz", "2.6.9 1792",
	"2.6.10- 1792", "Linux 2.6.9 2800", "\u22125 \u2212 +\u22125 e ee5 5e 5e+ 5E-3%",
	"**^^*x ^a *", "\v5 \f5\r5", "\xff\xfe 5\xe2\x88 \xe2\x88\x92", "a|b||c(d)e",
	"--5 -. ,., .5 5., %% %5", "x 1e5/3 1/2/3 -1/2 [-1] [1]] [1", "x µ5 5µ 5µs",
	"x 12%+/-3% 12+/-3%x 12+/-", "   ", "", "(", ")", "(5", "(5)", "( 5 %)x",
	"café 12,5 € 3,4", "tab\tsep\t1\t2", "x 1.2.3.4 1.2.3-rc1 1.2..",
}

// fileLines returns the lines of the files matching the patterns.
func fileLines(t testing.TB, patterns ...string) []string {
	var out []string
	for _, p := range patterns {
		files, err := filepath.Glob(p)
		require.NoError(t, err)
		for _, f := range files {
			if fi, err := os.Stat(f); err == nil && fi.IsDir() {
				continue // testdata/wild/set holds the answer keys of real mail
			}
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			out = append(out, strings.Split(string(b), "\n")...)
		}
	}
	return out
}

// TestTokenizeMatchesReference compares the scanner with the regular
// expression lexer it replaced on the samples and on every line of the
// golden fixtures.
func TestTokenizeMatchesReference(t *testing.T) {
	lines := append(fileLines(t, "testdata/golden/*.txt", "../testdata/wild/*"), lexSamples...)
	require.Greater(t, len(lines), 1000)
	for _, l := range lines {
		require.Equal(t, refTokenize(l), tokenize(l), "%q", l)
	}
}

// checkSpans asserts what every consumer of tokens relies on: tokens are
// in order, do not overlap, and each one's text is its line's bytes at its
// columns; a number read from a composite word lies inside it.
func checkSpans(t *testing.T, line string, ts []tok) {
	t.Helper()
	last := 0
	for _, x := range ts {
		if x.start < last || x.end <= x.start || x.end > len(line) {
			t.Fatalf("%q: token %q at [%d,%d) after %d", line, x.text, x.start, x.end, last)
		}
		if line[x.start:x.end] != x.text {
			t.Fatalf("%q: token %q is not line[%d:%d] = %q", line, x.text, x.start, x.end, line[x.start:x.end])
		}
		if x.num != "" && !strings.Contains(x.text, strings.TrimSuffix(x.num, "%")) {
			t.Fatalf("%q: number %q not inside %q", line, x.num, x.text)
		}
		last = x.end
	}
}

func TestTokenSpans(t *testing.T) {
	for _, l := range append(fileLines(t, "testdata/golden/*.txt"), lexSamples...) {
		checkSpans(t, l, tokenize(l))
	}
}

func TestFieldCount(t *testing.T) {
	for _, s := range append(lexSamples, "a\u00a0b", "\u2003x y", " a\vb ", "") {
		assert.Equal(t, len(strings.Fields(s)), fieldCount(s), "%q", s)
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
	for _, s := range lexSamples {
		f.Add(s)
	}
	for _, s := range fileLines(f, "testdata/golden/*.txt") {
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
		want, got := refTokenize(s), tokenize(s)
		if !assert.ObjectsAreEqual(want, got) {
			t.Fatalf("%q:\nregexp  %+v\nscanner %+v", s, want, got)
		}
	})
}

// FuzzTokenSpans checks that the scanner never panics and that every
// token's text is its line's bytes at its byte columns (and that
// fieldCount counts as strings.Fields does).
func FuzzTokenSpans(f *testing.F) {
	addLexSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkSpans(t, s, tokenize(s))
		if n := fieldCount(s); n != len(strings.Fields(s)) {
			t.Fatalf("%q: fieldCount %d", s, n)
		}
	})
}
