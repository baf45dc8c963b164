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
