package report

import (
	"sort"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

// TestTableBars pins what a chart shows: the main measure per case and
// variant, relative to the baseline when every case has a positive one,
// error bars from cv (percent of the value) or stddev, the verdicts.
func TestTableBars(t *testing.T) {
	row := func(c string, cells ...model.Cell) model.Row { return model.Row{Case: c, Cells: cells} }
	cell := func(v, f, n string) model.Cell { return model.Cell{Variant: v, Field: f, Value: model.Number(n)} }
	tests := []struct {
		name     string
		table    model.Table
		groups   []string
		variants []string
		values   [][]float64 // NaN: no bar
		errs     [][]float64
		relative bool
	}{{
		name: "cv, relative to the baseline",
		table: model.Table{Benchmark: "schbench", Variants: []string{"tip", "new"}, Baseline: "tip", Rows: []model.Row{
			row("1", cell("tip", "value", "10"), cell("tip", "cv", "10"), cell("new", "value", "20"), cell("new", "cv", "5")),
			row("2", cell("tip", "value", "100"), cell("new", "value", "50"), cell("new", "pct", "50")),
		}},
		groups: []string{"1", "2"}, variants: []string{"tip", "new"},
		values: [][]float64{{1, 2}, {1, 0.5}}, errs: [][]float64{{0.1, 0.1}, {0, 0}}, relative: true,
	}, {
		name: "stddev, no baseline: raw values",
		table: model.Table{Variants: []string{"a"}, Rows: []model.Row{
			row("x", cell("a", "mean", "4"), cell("a", "stddev", "0.5")),
		}},
		groups: []string{"x"}, variants: []string{"a"}, values: [][]float64{{4}}, errs: [][]float64{{0.5}},
	}, {
		name: "percentages only",
		table: model.Table{Format: "list", Rows: []model.Row{
			row("hackbench", cell("", "pct", "-3.5")), row("tbench", cell("", "pct", "1.25")),
		}},
		groups: []string{"hackbench", "tbench"}, variants: []string{""}, values: [][]float64{{-3.5}, {1.25}}, errs: [][]float64{{0}, {0}},
	}, {
		name: "several readings per row are groups of their own",
		table: model.Table{Variants: []string{"base", "new"}, Baseline: "base", Rows: []model.Row{
			row("run", cell("base", "min", "2"), cell("base", "max", "4"), cell("new", "min", "3")),
		}},
		groups: []string{"run min", "run max"}, variants: []string{"base", "new"},
		values: [][]float64{{1, 1.5}, {1, -1}}, errs: [][]float64{{0, 0}, {0, -1}}, relative: true,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := tableBars(&tc.table)
			assert.Equal(t, tc.groups, d.groups)
			assert.Equal(t, tc.variants, d.variants)
			assert.Equal(t, tc.relative, d.relative)
			require.Len(t, d.bars, len(tc.values))
			for g := range tc.values {
				for v, want := range tc.values[g] {
					b := d.bars[g][v]
					if want == -1 {
						assert.Nil(t, b, "group %d variant %d", g, v)
						continue
					}
					require.NotNil(t, b, "group %d variant %d", g, v)
					assert.InDelta(t, want, b.value, 1e-9)
					assert.InDelta(t, tc.errs[g][v], b.err, 1e-9)
				}
			}
		})
	}
}

// TestBarChartMarksVerdicts draws a regression and an improvement: the
// SVG holds the red and green marks, and the legend names them.
func TestBarChartMarksVerdicts(t *testing.T) {
	tab := model.Table{Benchmark: "hackbench", Direction: "lower", Variants: []string{"tip", "new"}, Baseline: "tip",
		Rows: []model.Row{
			{Case: "1", Cells: []model.Cell{{Variant: "tip", Field: "value", Value: "10"}, {Variant: "new", Field: "value", Value: "12"}}},
			{Case: "2", Cells: []model.Cell{{Variant: "tip", Field: "value", Value: "10"}, {Variant: "new", Field: "value", Value: "8"}}},
		}}
	normalize.Table(&tab, normalize.Options{})
	d := tableBars(&tab)
	svg, err := barChartSVG(&tab, d)
	require.NoError(t, err)
	assert.Contains(t, svg, "<svg")
	assert.Contains(t, svg, "fill:#C62828", "red regression mark")
	assert.Contains(t, svg, "fill:#2E7D32", "green improvement mark")
	var names []string
	for _, e := range legendEntries(d) {
		names = append(names, e.Name)
	}
	assert.Equal(t, []string{"tip", "new", "regressed beyond noise", "improved beyond noise"}, names)
}

// TestKeepLargest cuts a chart of many cases to those that changed most,
// verdicts beyond noise first, in table order.
func TestKeepLargest(t *testing.T) {
	tab := model.Table{Variants: []string{"base", "new"}, Baseline: "base"}
	for i := range 60 {
		v := "100.5"
		switch i {
		case 7:
			v = "150" // the largest change
		case 50:
			v = "101" // small, but a verdict beyond noise
		}
		tab.Rows = append(tab.Rows, model.Row{Case: strconv.Itoa(i), Cells: []model.Cell{
			{Variant: "base", Field: "value", Value: "100"}, {Variant: "new", Field: "value", Value: model.Number(v)}}})
	}
	tab.Rows[50].Cells[1].Verdict = model.VerdictRegressed
	d := tableBars(&tab)
	require.Equal(t, 60, d.keepLargest())
	require.Len(t, d.groups, maxGroups)
	assert.Contains(t, d.groups, "7")
	assert.Contains(t, d.groups, "50")
	assert.True(t, sort.SliceIsSorted(d.groups, func(i, j int) bool {
		a, _ := strconv.Atoi(d.groups[i])
		b, _ := strconv.Atoi(d.groups[j])
		return a < b
	}), "table order kept: %v", d.groups)
}
