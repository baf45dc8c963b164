package parse

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

func TestBareParenField(t *testing.T) {
	sl := func(num, paren string) cell.Slot {
		s := cell.Slot{Num: num}
		if paren != "" {
			s.Extras = []cell.Extra{{Kind: "paren", Val: paren, Raw: "(" + paren + ")"}}
		}
		return s
	}
	cases := []struct {
		name   string
		series [][]cell.Slot
		want   string
	}{
		{"spread beside the reference", [][]cell.Slot{{sl("41.20", "0.31"), sl("40.85", "0.12")}}, "stddev"},
		{"zero beside the reference", [][]cell.Slot{{sl("100", "0.00"), sl("104", "4.00")}}, "pct"},
		{"changes that follow from the values", [][]cell.Slot{{sl("100", ""), sl("104", "4.0")}, {sl("50", ""), sl("45", "10.0")}}, "pct"},
		{"figures that do not", [][]cell.Slot{{sl("100", ""), sl("104", "0.3")}}, "stddev"},
		{"single series", [][]cell.Slot{{sl("98.5", "0.45")}}, "stddev"},
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
