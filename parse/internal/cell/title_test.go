package cell

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSplitTitle(t *testing.T) {
	cases := []struct {
		in   string
		n    int
		want []string
	}{
		{"latency 0 latency -20", 0, []string{"latency 0", "latency -20"}},
		{"2 rbtrees augmented rbtree augmented rbtree", 3, []string{"2 rbtrees", "augmented rbtree", "augmented rbtree"}},
		{"sorted by vruntime sorted by wakeup_vruntime", 3, []string{"sorted by vruntime", "sorted by wakeup_vruntime"}},
		{"base     patched    patched+fix", 3, []string{"base", "patched", "patched+fix"}},
		{"Without Patch", 2, []string{"Without Patch"}},
		{"4 groups 16 groups 64 groups", 3, []string{"4 groups", "16 groups", "64 groups"}},
		{"v6.1 1 2 v6.2 3", 3, []string{"v6.1 1 2 v6.2 3"}},
		// a word repeated at once is no repetition to split at; after
		// another word it is
		{"x a a b", 2, []string{"x a a b"}},
		{"x a b a", 3, []string{"x", "a b", "a"}},
		{"x a a b a", 3, []string{"x a a b a"}},
		{"x a a b a", 4, []string{"x", "a", "a b", "a"}},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, SplitTitle(c.in, c.n), c.in)
	}
}

func TestStatField(t *testing.T) {
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"Mean", "mean", true}, {"Std Dev", "stddev", true}, {"Stdev", "stddev", true},
		{"90th", "p90", true}, {"99.9th", "p99.9", true}, {"p99", "p99", true},
		{"vs tip", "pct", true}, {"Avg", "avg", true}, {"Without Patch", "", false},
		{"fds", "", false}, {"pthread", "", false},
	}
	for _, c := range cases {
		got, ok := StatField(c.in)
		assert.Equal(t, c.ok, ok, c.in)
		assert.Equal(t, c.want, got, c.in)
	}
	assert.Equal(t, "max_start", ColumnField("Max Start"))
}

func TestRowStat(t *testing.T) {
	for in, want := range map[string]string{
		"Average (us)": "avg", "Median (ms)": "median", "Minimum (us)": "min", "Standard deviation (us)": "stddev",
		"p99 [ms]": "p99", "stddev:": "stddev", "Average (runs)": "", "Total (us)": "", "(us)": "", "workqueue": "",
	} {
		got, ok := RowStat(in)
		assert.Equal(t, want != "", ok, in)
		assert.Equal(t, want, got, in)
	}
}

func TestAnnotated(t *testing.T) {
	cases := []struct {
		in, base, paren string
		pct             bool
	}{
		{"baseline(std%)", "baseline", "cv", false},
		{"compare%( std%)", "compare", "cv", true},
		{"tip (stddev)", "tip", "stddev", false},
		{"Mean (pct)", "Mean", "pct", false},
		{"(CPU%)", "(CPU%)", "", false},
		{"Throughput (MB/s)", "Throughput (MB/s)", "", false},
	}
	for _, c := range cases {
		base, paren, pct := Annotated(c.in)
		assert.Equal(t, []any{c.base, c.paren, c.pct}, []any{base, paren, pct}, c.in)
	}
}

func TestPairFields(t *testing.T) {
	v, a, b := PairFields("read/write base", "value")
	assert.Equal(t, []string{"base", "read", "write"}, []string{v, a, b})
	v, a, b = PairFields("", "min/max")
	assert.Equal(t, []string{"", "min", "max"}, []string{v, a, b})
	v, a, b = PairFields("patched", "value")
	assert.Equal(t, []string{"patched", "value", "value_2"}, []string{v, a, b})
}

// FuzzTitle: no title grammar panics on any line, SplitTitle loses and
// invents no word and gives at most n chunks (or the line as one),
// SpaceChunks gives the line's own bytes in order, and every title names a
// field.
func FuzzTitle(f *testing.F) {
	for _, s := range []string{"baseline(std%)", "compare%( std%)", "p99", "99.9th", "BW(MiB/s)", "clat p99(us)",
		"%Std.Dev.", "latency 0 latency -20", "2 rbtrees augmented rbtree augmented rbtree", "read/write",
		"Mean   Stddev\tMin", "vs tip", "Trans. Rate", "", "  ", "(", "a\u00a0b  c"} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		n = n%8 - 1 // -1 .. 6: n <= 0 asks for the natural chunks
		chunks := SplitTitle(s, n)
		if len(s) <= 2048 {
			if want := refSplitTitle(s, n); !slices.Equal(chunks, want) {
				t.Fatalf("SplitTitle(%q, %d) = %q, the reference %q", s, n, chunks, want)
			}
		}
		if got, want := strings.Fields(strings.Join(chunks, " ")), strings.Fields(s); !slices.Equal(got, want) {
			t.Fatalf("SplitTitle(%q, %d) = %q: words %q, want %q", s, n, chunks, got, want)
		}
		if n > 0 && len(chunks) > n && len(chunks) != 1 {
			t.Fatalf("SplitTitle(%q, %d) = %d chunks", s, n, len(chunks))
		}
		last := 0
		for _, c := range SpaceChunks(s) {
			if c.Start < last || c.End <= c.Start || s[c.Start:c.End] != c.Text {
				t.Fatalf("SpaceChunks(%q): chunk %+v after %d", s, c, last)
			}
			last = c.End
		}
		if m := Title(s); m.Field == "" {
			t.Fatalf("Title(%q) names no field: %+v", s, m)
		}
		if base, paren, _ := Annotated(s); paren == "" && base != s {
			t.Fatalf("Annotated(%q) cut the title to %q without a note", s, base)
		}
		StatName(s)
		MetricField(s)
		PairFields(s, s)
	})
}

// refSplitTitle is SplitTitle as it was written first, quadratic in the
// words of the line: the reference FuzzTitle holds it to.
func refSplitTitle(line string, n int) []string {
	if chunks := SpaceChunks(line); len(chunks) > 1 && (n <= 0 || len(chunks) <= n) {
		out := make([]string, len(chunks))
		for i, c := range chunks {
			out[i] = c.Text
		}
		return out
	}
	words := strings.Fields(line)
	if len(words) == 0 {
		return nil
	}
	if c := splitBefore(words, func(w string) bool { return w == words[0] }); len(c) > 1 && (n <= 0 || len(c) <= n) {
		return c
	}
	seen := map[string]bool{}
	for _, w := range words {
		if seen[w] || strings.Count(" "+strings.Join(words, " ")+" ", " "+w+" ") < 2 {
			continue
		}
		seen[w] = true
		if c := splitBefore(words, func(x string) bool { return x == w }); len(c) == n {
			return c
		}
	}
	if c := splitBefore(words, func(x string) bool { return isDigit(x[0]) }); len(c) == n {
		return c
	}
	return []string{strings.Join(words, " ")}
}
