package parse

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTokenize(t *testing.T) {
	cases := []struct {
		in    string
		kinds []tokKind
	}{
		{"with-f4-1g  0.67645 (+3.7%)", []tokKind{tWord, tNum, tParen}},
		{"| 19 | 52.00 |", []tokKind{tPipe, tNum, tPipe, tNum, tPipe}},
		{"stdev 0,15 % 0,28 %", []tokKind{tWord, tNum, tPercent, tNum, tPercent}},
		{"1-groups 5.157e+10 -", []tokKind{tWord, tNum, tDash}},
		{"118.00| ^", []tokKind{tNum, tPipe, tMark}},
		{"a*b (x)", []tokKind{tWord, tOther, tWord, tOther}},
		{"0-63, 128-191", []tokKind{tNum, tNum, tNum, tNum}},
	}
	for _, c := range cases {
		var got []tokKind
		for _, x := range tokenize(c.in) {
			got = append(got, x.kind)
		}
		assert.Equal(t, c.kinds, got, c.in)
	}
}

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
	}
	for _, c := range cases {
		assert.Equal(t, c.want, splitTitle(c.in, c.n), c.in)
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
		got, ok := statField(c.in)
		assert.Equal(t, c.ok, ok, c.in)
		assert.Equal(t, c.want, got, c.in)
	}
	assert.Equal(t, "max_start", columnField("Max Start"))
}

func TestPickBaseline(t *testing.T) {
	assert.Equal(t, "Without Patch", pickBaseline([]string{"With Patch", "Without Patch"}, false))
	assert.Equal(t, "v1", pickBaseline([]string{"v1", "v2"}, true))
	assert.Equal(t, "", pickBaseline([]string{"LN = 19", "LN = 0"}, false))
	assert.Equal(t, "tip", pickBaseline([]string{"tip", "latency_nice"}, false))
}

// familyCase is one input for a family's table-driven test: the number of
// tables and cells Read must return.
type familyCase struct {
	name   string
	in     string
	tables int
	cells  int
}

// runFamily checks a family's Read on each case.
func runFamily(t *testing.T, f Family, cases []familyCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ms := f.Read(blockOf(c.in))
			assert.Len(t, ms, c.tables)
			n := 0
			for _, m := range ms {
				n += cellCount(&m.Table)
			}
			assert.Equal(t, c.cells, n)
		})
	}
}

// fixtures returns the golden inputs of a family, for fuzz seeds and
// benchmarks.
func fixtures(tb testing.TB, family string) []string {
	tb.Helper()
	files, err := filepath.Glob("testdata/golden/" + family + "-*.txt")
	require.NoError(tb, err)
	var out []string
	for _, p := range files {
		b, err := os.ReadFile(p)
		require.NoError(tb, err)
		out = append(out, string(b))
	}
	return out
}

// fuzzFamily seeds a fuzz target with a family's cases and fixtures and
// holds Read to the Match contract.
func fuzzFamily(f *testing.F, fam Family, cases []familyCase) {
	for _, c := range cases {
		f.Add(c.in)
	}
	for _, s := range fixtures(f, fam.Name()) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) { checkRead(t, fam, body) })
}

// checkRead runs a family on a block of body and holds its matches to the
// Match contract: bounds inside the block, rows present, every value a JSON
// number.
func checkRead(t *testing.T, fam Family, body string) {
	t.Helper()
	b := blockOf(body)
	for _, m := range fam.Read(b) {
		if m.Start < 0 || m.End > len(b.Lines) || m.Start >= m.End || len(m.Table.Rows) == 0 {
			t.Fatalf("bad match %d..%d of %d lines, %d rows", m.Start, m.End, len(b.Lines), len(m.Table.Rows))
		}
		for _, r := range m.Table.Rows {
			for _, c := range r.Cells {
				if !c.Value.Valid() {
					t.Fatalf("invalid number %q", c.Value)
				}
			}
		}
	}
}

// benchFamily measures a family's Read over its fixtures.
func benchFamily(b *testing.B, fam Family) {
	var blocks []*Block
	size := 0
	for _, s := range fixtures(b, fam.Name()) {
		blocks = append(blocks, blockOf(s))
		size += len(s)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, bl := range blocks {
			fam.Read(bl)
		}
	}
}

func TestReadSlot(t *testing.T) {
	cases := []struct {
		in     string
		style  CommaStyle
		num    string
		unit   string
		extras []extra
	}{
		{"x 1.5M", CommaUnknown, "1500000", "", nil},
		{"x 250K", CommaUnknown, "250000", "", nil},
		{"x 0.25k", CommaUnknown, "250", "", nil},
		{"x 12.3ms", CommaUnknown, "12.3", "ms", nil},
		{"x 450MB/s", CommaUnknown, "450", "MB/s", nil},
		{"x 1.000x", CommaUnknown, "1.000", "x", nil},
		{"x 12.345+/-0.678", CommaUnknown, "12.345", "", []extra{{kind: "stddev", val: "0.678"}}},
		{"x 12.3 ± 0.5%", CommaUnknown, "12.3", "", []extra{{kind: "cv", val: "0.5"}}},
		{"x 1,234(+/-5,67 %)", CommaDecimal, "1.234", "", []extra{{kind: "cv", val: "5.67"}}},
		{"x 12345/23456", CommaUnknown, "12345", "", []extra{{kind: "second", val: "23456"}}},
		{"x 1234.5 [0.5] (+2.70%)", CommaUnknown, "1234.5", "", []extra{{kind: "cv", val: "0.5"}, {kind: "paren", val: "2.70"}}},
		{"x 131.", CommaUnknown, "131", "", nil},
	}
	for _, c := range cases {
		ts := tokenize(c.in)
		s, next, ok := readSlot(ts, 1, c.style)
		assert.True(t, ok, c.in)
		assert.Equal(t, len(ts), next, c.in)
		assert.Equal(t, c.num, s.num, c.in)
		assert.Equal(t, c.unit, s.unit, c.in)
		for i := range s.extras {
			s.extras[i].raw = ""
		}
		assert.Equal(t, c.extras, s.extras, c.in)
	}
	for _, bad := range []string{"x 4k-randread", "x 0-63,", "x 12.3zz"} {
		ts := tokenize(bad)
		_, _, ok := readSlot(ts, 1, CommaUnknown)
		assert.False(t, ok, bad)
	}
}

func TestVersionsAreWords(t *testing.T) {
	for _, s := range []string{"2.6.9 1792", "2.6.10- 1792", "Linux 2.6.9 2800"} {
		ts := tokenize(s)
		assert.Equal(t, tNum, ts[len(ts)-1].kind, s)
		for _, x := range ts[:len(ts)-1] {
			assert.Equal(t, tWord, x.kind, s)
		}
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
		base, paren, pct := annotated(c.in)
		assert.Equal(t, []any{c.base, c.paren, c.pct}, []any{base, paren, pct}, c.in)
	}
}

func TestPairFields(t *testing.T) {
	v, a, b := pairFields("read/write base", "value")
	assert.Equal(t, []string{"base", "read", "write"}, []string{v, a, b})
	v, a, b = pairFields("", "min/max")
	assert.Equal(t, []string{"", "min", "max"}, []string{v, a, b})
	v, a, b = pairFields("patched", "value")
	assert.Equal(t, []string{"patched", "value", "value_2"}, []string{v, a, b})
}

func TestBareParenField(t *testing.T) {
	sl := func(num, paren string) slot {
		s := slot{num: num}
		if paren != "" {
			s.extras = []extra{{kind: "paren", val: paren, raw: "(" + paren + ")"}}
		}
		return s
	}
	cases := []struct {
		name   string
		series [][]slot
		want   string
	}{
		{"spread beside the reference", [][]slot{{sl("41.20", "0.31"), sl("40.85", "0.12")}}, "stddev"},
		{"zero beside the reference", [][]slot{{sl("100", "0.00"), sl("104", "4.00")}}, "pct"},
		{"changes that follow from the values", [][]slot{{sl("100", ""), sl("104", "4.0")}, {sl("50", ""), sl("45", "10.0")}}, "pct"},
		{"figures that do not", [][]slot{{sl("100", ""), sl("104", "0.3")}}, "stddev"},
		{"single series", [][]slot{{sl("98.5", "0.45")}}, "stddev"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, bareParenField(c.series), c.name)
	}
}

func TestChangeColumns(t *testing.T) {
	v := []string{"before", "after", ""}
	f := []string{"value", "value", "pct"}
	changeColumns(v, f)
	assert.Equal(t, []string{"before", "after", "after"}, v)
	v = []string{"", ""}
	changeColumns(v, []string{"mean", "pct"})
	assert.Equal(t, []string{"", ""}, v)
}

func TestRowsAreVariants(t *testing.T) {
	assert.True(t, rowsAreVariants("Kernel", []string{"a", "b"}, []string{"Time"}, []string{"value"}))
	assert.True(t, rowsAreVariants("", []string{"base", "patched"}, []string{"run1", "run2"}, []string{"value", "value"}))
	assert.False(t, rowsAreVariants("Test", []string{"without-f4", "with-f4"}, []string{"Mean"}, []string{"mean"}))
	assert.False(t, rowsAreVariants("Row\\Col", []string{"tip", "v1"}, []string{"tip", "v1"}, []string{"value", "value"}))
}

func TestChangeColumnOwner(t *testing.T) {
	checkLabelled(t, []labelledCase{{
		name: "a change column beside the reference belongs to the other variant (pipes)",
		text: `syscall cost, usec/op:

| Test            | With Fix   | Without Fix   | % Change |
| --------------- | ---------- | ------------- | -------- |
| getuid usec/op  | 0.301200   | 0.305100      | -1.28%   |
| clone usec/op   | 611.400    | 598.200       | +2.21%   |
`,
		variants: [][]string{{"With Fix", "Without Fix"}},
		cells:    map[string][2]string{"-1.28": {"getuid usec/op", "With Fix"}, "598.200": {"clone usec/op", "Without Fix"}},
	}, {
		name: "the same laid out with blanks",
		text: `Build times in seconds:

test            patched    vanilla    diff (%)
defconfig        301.20     305.10      -1.28
allmodconfig     911.40     898.20      +1.47
`,
		variants: [][]string{{"patched", "vanilla"}},
		cells:    map[string][2]string{"1.47": {"allmodconfig", "patched"}},
	}, {
		name: "with more than two variants each change follows its own column",
		text: `Throughput in ops/s:

load    base    new-a   delta    new-b   delta
1       1000    1100    +10%     1200    +20%
8       8000    8400    +5%      8800    +10%
`,
		variants: [][]string{{"base", "new-a", "new-b"}},
		cells:    map[string][2]string{"20": {"1", "new-b"}, "5": {"8", "new-a"}},
	}})
}

func TestReferenceRows(t *testing.T) {
	checkLabelled(t, []labelledCase{{
		name: "kernels as rows, changes against the reference row as cells",
		text: `Build of the tree with -j16 (negative is faster):

| kernel             | real-time | sys-time |
|--------------------|-----------|----------|
| baseline           |      0.0% |     0.0% |
| bigpages           |     -4.0% |   -30.5% |
| bigpages + batched |     -5.5% |   -33.0% |
`,
		variants: [][]string{{"baseline", "bigpages", "bigpages + batched"}},
		cells:    map[string][2]string{"-30.5": {"sys-time", "bigpages"}, "-5.5": {"real-time", "bigpages + batched"}},
		fields:   map[string]string{"-30.5": "pct"},
	}, {
		name: "the same laid out with blanks",
		text: `Build of the tree with -j16 (negative is faster):

kernel               real-time   sys-time
baseline                  0.0%       0.0%
bigpages                 -4.0%     -30.5%
bigpages + batched       -5.5%     -33.0%
`,
		variants: [][]string{{"baseline", "bigpages", "bigpages + batched"}},
		cells:    map[string][2]string{"-33.0": {"sys-time", "bigpages + batched"}},
		fields:   map[string]string{"-33.0": "pct"},
	}, {
		name: "a spread in percent beside the values is no change",
		text: `Random reads, geometric mean of five runs:

           Bandwidth         IO-ops   Bandwidth
           read (bytes/sec)  per sec  % Std.Deviation
Baseline:  21300000000       20300    1.80%
Patched:   25900000000       24700    0.20%
`,
		variants: [][]string{{"Baseline", "Patched"}},
		cells:    map[string][2]string{"0.20": {"Patched", "Patched"}},
		fields:   map[string]string{"0.20": "bandwidth_cv"},
	}, {
		name: "a reference row over grouped statistic columns",
		text: `| CLONE          |        small           |        large           |
| Test Box       |------------------------|------------------------|
| (mapped)       |       mean |     stdev |       mean |     stdev |
|----------------|------------|-----------|------------|-----------|
| baseline       |       0.0% |      1.9% |       0.0% |      0.4% |
| batched        |       5.1% |      1.2% |      -2.2% |      0.3% |
| folded         |       3.3% |      1.6% |      -1.4% |      0.5% |
`,
		variants: [][]string{{"baseline", "batched", "folded"}},
		cells:    map[string][2]string{"5.1": {"small", "batched"}, "-1.4": {"large", "folded"}},
		fields:   map[string]string{"5.1": "mean", "0.5": "stddev"},
	}})
}
