package report

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
	"github.com/lkmlbench/lkmlbench/timeline"
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
			{Case: "1", Cells: []model.Cell{{Variant: "tip", Field: "value", Value: "10.0"}, {Variant: "new", Field: "value", Value: "12.0"}}},
			{Case: "2", Cells: []model.Cell{{Variant: "tip", Field: "value", Value: "10.0"}, {Variant: "new", Field: "value", Value: "8.0"}}},
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

// TestSeriesChartsBounded: a series with many cases of wildly different
// scales (26,000 beside 1.3, up to 1e13) and no baseline becomes one chart
// per benchmark and metric whose lines are relative changes from each
// case's first version, at most maxLines of them, the one that fell
// furthest first, on an axis bounded at +-axisCap percent; with baselines
// the lines are the improvements.
func TestSeriesChartsBounded(t *testing.T) {
	tl := timeline.Timeline{Series: "mm: invented", Versions: []int{1, 2, 3}}
	for i := 0; i < 30; i++ {
		base := math.Pow(10, float64(i%14)) * 1.3
		for v := 1; v <= 3; v++ {
			val := base * (1 + float64(v-1)*float64(i-10)/100)
			if i == 29 && v == 3 {
				val = base * 1e6 // one case that exploded
			}
			tl.Entries = append(tl.Entries, timeline.Entry{Benchmark: "frob", Case: fmt.Sprintf("case-%02d", i), Field: "value",
				Version: v, Value: model.Number(strconv.FormatFloat(val, 'g', -1, 64))})
		}
	}
	imp := func(s string) *model.Number { n := model.Number(s); return &n }
	for v, p := range []string{"-40.00", "-10.00", "5.00"} {
		tl.Entries = append(tl.Entries, timeline.Entry{Benchmark: "frob", Case: "c", Field: "p99", Version: v + 1, Value: "1", ImprovementPct: imp(p)})
	}
	// A case posted in v3 only draws no line: it comes after case c.
	tl.Entries = append(tl.Entries, timeline.Entry{Benchmark: "frob", Case: "d", Field: "p99", Version: 3, Value: "1", ImprovementPct: imp("-90.00")})
	// case-00 posted twice in v2 (a repost): one point per version.
	tl.Entries = append(tl.Entries, timeline.Entry{Benchmark: "frob", Case: "case-00", Field: "value", Version: 2, Value: "0.5"})
	charts := seriesCharts(tl)
	require.Len(t, charts, 2)
	c := charts[0]
	assert.Equal(t, "frob", c.Title)
	assert.Equal(t, 30, c.Cases)
	require.Len(t, c.Lines, maxLines)
	assert.Len(t, lineLegend(c.Lines), maxLines)
	assert.Equal(t, "case-00", c.Lines[0].name, "the case that fell furthest comes first")
	assert.GreaterOrEqual(t, c.YMin, -axisCap)
	assert.LessOrEqual(t, c.YMax, axisCap)
	assert.Contains(t, c.YLabel, "first version")
	for _, l := range c.Lines {
		xs := map[float64]bool{}
		for _, p := range l.pts {
			assert.False(t, xs[p.X], "%s has two points at version %v", l.name, p.X)
			xs[p.X] = true
			assert.True(t, p.Y >= c.YMin && p.Y <= c.YMax, "%s v%v at %v outside %v..%v", l.name, p.X, p.Y, c.YMin, c.YMax)
		}
	}

	p := charts[1]
	assert.Equal(t, "frob p99", p.Title)
	assert.Contains(t, p.YLabel, "baseline")
	require.Len(t, p.Lines, 2)
	assert.Equal(t, "c", p.Lines[0].name, "a case seen in several versions comes before a lone point")
	assert.Equal(t, -40.0, p.Lines[0].pts[0].Y)
	assert.Equal(t, -95.0, p.YMin)
	assert.Equal(t, 10.0, p.YMax)
	assert.False(t, p.Clipped)

	svg, err := lineChartSVG(c, tl.Versions)
	require.NoError(t, err)
	assert.Contains(t, svg, "<svg")
}
