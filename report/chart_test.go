package report

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

func num(s string) *model.Number { n := model.Number(s); return &n }

func cell(v, f, n string) model.Cell { return model.Cell{Variant: v, Field: f, Value: model.Number(n)} }

// judged is a compared cell with its improvement and verdict.
func judged(v, f, n, imp string, verdict model.Verdict) model.Cell {
	c := cell(v, f, n)
	c.ImprovementPct, c.Verdict = num(imp), verdict
	return c
}

func row(c string, cells ...model.Cell) model.Row { return model.Row{Case: c, Cells: cells} }

// TestChangeBars pins what the chart of a table with a reference shows,
// whatever its layout: per case and measure, each other variant's change
// against the reference, judged (its improvement) or raw (the change of
// the value), repeated runs as one bar, whiskers from the spread given.
func TestChangeBars(t *testing.T) {
	type want struct {
		change, err    float64
		judged         bool
		regressed, imp bool
	}
	tests := []struct {
		name     string
		table    model.Table
		groups   []string
		variants []string
		bars     [][]*want // nil: no bar
		unjudged int
	}{{
		name: "a baseline column: improvements, whiskers from the cv",
		table: model.Table{Variants: []string{"tip", "new"}, Baseline: "tip", Direction: "lower", Rows: []model.Row{
			row("1", cell("tip", "value", "10"), cell("tip", "cv", "10"), judged("new", "value", "12", "-20.00", model.VerdictRegressed), cell("new", "cv", "5")),
			row("2", cell("tip", "value", "100"), judged("new", "value", "50", "50.00", model.VerdictImproved)),
		}},
		groups: []string{"1", "2"}, variants: []string{"new"},
		bars: [][]*want{{{change: -20, err: 6, judged: true, regressed: true}}, {{change: 50, judged: true, imp: true}}},
	}, {
		name: "no direction: the raw change of the value",
		table: model.Table{Variants: []string{"base", "new"}, Baseline: "base", Rows: []model.Row{
			row("run", cell("base", "value", "10"), cell("new", "value", "12")),
		}},
		groups: []string{"run"}, variants: []string{"new"}, bars: [][]*want{{{change: 20}}},
	}, {
		name: "a reference row, metrics as columns: the change column is no metric",
		table: model.Table{Columns: model.ColumnsMetrics, BaselineCase: "(a) stock", Variants: []string{"frob", "tweak", "overhead"},
			Rows: []model.Row{
				row("(a) stock", cell("frob", "value", "200"), cell("tweak", "value", "40"), cell("overhead", "value", "0.00")),
				row("(b) traced", judged("frob", "value", "210", "-5.00", model.VerdictWithinNoise),
					judged("tweak", "value", "44", "-10.00", model.VerdictRegressed), cell("overhead", "value", "7.50")),
				row("(c) sampled", judged("frob", "value", "202", "-1.00", model.VerdictWithinNoise),
					judged("tweak", "value", "41", "-2.50", model.VerdictWithinNoise), cell("overhead", "value", "1.75")),
			}},
		groups: []string{"frob", "tweak"}, variants: []string{"(b) traced", "(c) sampled"},
		bars: [][]*want{
			{{change: -5, judged: true}, {change: -1, judged: true}},
			{{change: -10, judged: true, regressed: true}, {change: -2.5, judged: true}},
		},
	}, {
		name: "rows are the variants, fields the metrics",
		table: model.Table{Variants: []string{"before", "after"}, Baseline: "before", Rows: []model.Row{
			row("before", cell("before", "bandwidth", "100"), cell("before", "latency", "50")),
			row("after", judged("after", "bandwidth", "120", "20.00", model.VerdictImproved),
				judged("after", "latency", "55", "-10.00", model.VerdictRegressed)),
		}},
		groups: []string{"bandwidth", "latency"}, variants: []string{"after"},
		bars: [][]*want{{{change: 20, judged: true, imp: true}}, {{change: -10, judged: true, regressed: true}}},
	}, {
		name: "a test and a variant per row, runs repeated: one bar per test and variant",
		table: model.Table{Columns: model.ColumnsMetrics, BaselineCase: "old", Variants: []string{"runtime", "spins"}, Rows: []model.Row{
			row("sdx old", cell("runtime", "value", "10"), cell("spins", "value", "100")),
			row("sdx new", judged("runtime", "value", "11", "-20.00", model.VerdictRegressed), cell("spins", "value", "150")),
			row("sdx old", cell("runtime", "value", "10"), cell("spins", "value", "100")),
			row("sdx new", judged("runtime", "value", "13", "-20.00", model.VerdictRegressed), cell("spins", "value", "170")),
			row("nvme old", cell("runtime", "value", "4"), cell("spins", "value", "30")),
			row("nvme new", judged("runtime", "value", "3.8", "5.00", model.VerdictWithinNoise), cell("spins", "value", "30")),
		}},
		groups: []string{"sdx runtime", "nvme runtime"}, variants: []string{"new"},
		bars:     [][]*want{{{change: -20, judged: true, regressed: true}}, {{change: 5, judged: true}}},
		unjudged: 2, // the spins: no direction, left out beside verdicts
	}, {
		name: "only raw changes: repeated runs compared by their means",
		table: model.Table{Columns: model.ColumnsMetrics, BaselineCase: "old", Variants: []string{"spins", "wakes"}, Rows: []model.Row{
			row("sdx old", cell("spins", "value", "100"), cell("wakes", "value", "5")),
			row("sdx new", cell("spins", "value", "150"), cell("wakes", "value", "5")),
			row("sdx old", cell("spins", "value", "100"), cell("wakes", "value", "5")),
			row("sdx new", cell("spins", "value", "170"), cell("wakes", "value", "6")),
		}},
		groups: []string{"sdx spins", "sdx wakes"}, variants: []string{"new"},
		bars: [][]*want{{{change: 60}}, {{change: 10}}},
	}, {
		name: "different tests: no change drawn",
		table: model.Table{Variants: []string{"ladder", "menu"}, Baseline: "ladder", Rows: []model.Row{
			row("x", cell("ladder", "value", "1"), model.Cell{Variant: "menu", Field: "value", Value: "2", VerdictBasis: model.BasisDifferentTests}),
		}},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := changeBars(&tc.table)
			assert.Equal(t, tc.groups, d.groups)
			assert.Equal(t, tc.variants, d.variants)
			assert.Equal(t, tc.unjudged, d.unjudged)
			require.Len(t, d.bars, len(tc.bars))
			for g := range tc.bars {
				require.Len(t, d.bars[g], len(tc.bars[g]))
				for v, w := range tc.bars[g] {
					b := d.bars[g][v]
					if w == nil {
						assert.Nil(t, b, "group %d variant %d", g, v)
						continue
					}
					require.NotNil(t, b, "group %d variant %d", g, v)
					assert.InDelta(t, w.change, b.change, 1e-9, "group %d variant %d", g, v)
					assert.InDelta(t, w.err, b.err, 1e-9)
					assert.Equal(t, w.judged, b.judged)
					assert.Equal(t, w.regressed, b.regressed)
					assert.Equal(t, w.imp, b.improved)
				}
			}
		})
	}
}

// TestChangeChartBoundsAndMarks draws a regression, an improvement and a
// change far beyond the axis cap: the axis holds 0, the regression with
// room for its mark below and stops at the cap with room for the cut
// bar's printed value; the SVG has the red and green marks and that
// value, and the legend names the variant and both marks.
func TestChangeChartBoundsAndMarks(t *testing.T) {
	tab := model.Table{Benchmark: "hackbench", Variants: []string{"tip", "new"}, Baseline: "tip", Rows: []model.Row{
		row("1", cell("tip", "value", "10"), judged("new", "value", "12", "-20.00", model.VerdictRegressed)),
		row("2", cell("tip", "value", "10"), judged("new", "value", "6.7", "50.00", model.VerdictImproved)),
		row("3", cell("tip", "value", "10"), judged("new", "value", "1.6", "520.00", model.VerdictImproved)),
	}}
	d := changeBars(&tab)
	d.keepLargest()
	d.bounds()
	// Data from -20 to +520, cut at +100: a pad of a fifth of the 120
	// shown either side.
	assert.InDelta(t, -44, d.yMin, 1e-9)
	assert.InDelta(t, 124, d.yMax, 1e-9)
	assert.True(t, d.clipped)
	assert.LessOrEqual(t, d.yMax, 1.25*axisCap)
	svg, err := changeChartSVG(&tab, d)
	require.NoError(t, err)
	assert.Contains(t, svg, "fill:#C62828", "red regression mark")
	assert.Contains(t, svg, "fill:#2E7D32", "green improvement mark")
	assert.Contains(t, svg, "+520%", "the cut bar's value")
	assert.Contains(t, svg, "% vs tip (+ is better)")
	var names []string
	for _, e := range changeLegend(d) {
		names = append(names, e.Name)
	}
	assert.Equal(t, []string{"new", "regressed beyond noise", "improved beyond noise"}, names)
	assert.Contains(t, changeNote(d), "cut there")
	assert.Equal(t, []string{"0", "+50", "+100"}, tickLabels(changeTicks(d.yMin, d.yMax)))
	for _, l := range []string{">0<", ">+50<", ">+100<"} {
		assert.Contains(t, svg, l, "the axis is marked at round steps")
	}

	// Within the cap, the axis just holds the bars and 0.
	d = changeBars(&model.Table{Variants: []string{"tip", "new"}, Baseline: "tip", Rows: []model.Row{
		row("1", cell("tip", "value", "10"), judged("new", "value", "9", "10.00", model.VerdictImproved)),
	}})
	d.bounds()
	assert.Equal(t, 0.0, d.yMin)
	assert.InDelta(t, 11.2, d.yMax, 1e-9)
	assert.False(t, d.clipped)
}

// TestChangeLegendCapped: a table of more variants than colours shows
// the first maxVariants, each its own colour, and says so.
func TestChangeLegendCapped(t *testing.T) {
	tab := model.Table{Baseline: "k0"}
	r := row("1", cell("k0", "value", "100"))
	for i := 1; i <= maxVariants+3; i++ {
		v := fmt.Sprintf("k%d", i)
		tab.Variants = append(tab.Variants, v)
		r.Cells = append(r.Cells, judged(v, "value", "101", "1.00", model.VerdictWithinNoise))
	}
	tab.Rows = []model.Row{r}
	d := changeBars(&tab)
	legend := changeLegend(d)
	require.Len(t, legend, maxVariants)
	colours := map[string]bool{}
	for _, e := range legend {
		colours[e.Color] = true
	}
	assert.Len(t, colours, maxVariants, "no two variants share a colour")
	assert.Contains(t, changeNote(d), fmt.Sprintf("the first %d of %d variants", maxVariants, maxVariants+3))
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
		tab.Rows = append(tab.Rows, row(strconv.Itoa(i), cell("base", "value", "100"), cell("new", "value", v)))
	}
	tab.Rows[50].Cells[1].Verdict = model.VerdictRegressed
	d := changeBars(&tab)
	d.keepLargest()
	assert.Equal(t, 60, d.casesAll)
	require.Len(t, d.groups, maxGroups)
	assert.Contains(t, d.groups, "7")
	assert.Contains(t, d.groups, "50")
	assert.True(t, sort.SliceIsSorted(d.groups, func(i, j int) bool {
		a, _ := strconv.Atoi(d.groups[i])
		b, _ := strconv.Atoi(d.groups[j])
		return a < b
	}), "table order kept: %v", d.groups)
	assert.Contains(t, changeNote(d), "the 40 of 60 cases")
}

// TestOwnScale pins the charts of tables without a reference: never two
// measures on one axis. Metrics side by side are a panel each; variants
// without a baseline are compared within each case, a panel per case;
// a single series whose rows lie far apart is likely a list of different
// metrics and gets no chart, one within a span gets one panel.
func TestOwnScale(t *testing.T) {
	tests := []struct {
		name   string
		table  model.Table
		titles []string
		labels [][]string
		keys   []string
		byCase bool
		spread int
	}{{
		name: "metrics side by side, no reference row",
		table: model.Table{Columns: model.ColumnsMetrics, Variants: []string{"energy (J)", "wakeups"}, Rows: []model.Row{
			row("quiet", cell("energy (J)", "value", "412.0"), cell("wakeups", "value", "9100")),
			row("eager", cell("energy (J)", "value", "455.5"), cell("wakeups", "value", "9650")),
			row("lazy", cell("energy (J)", "value", "398.7"), cell("wakeups", "value", "8800")),
		}},
		titles: []string{"energy (J)", "wakeups"},
		labels: [][]string{{"quiet", "eager", "lazy"}, {"quiet", "eager", "lazy"}},
		keys:   []string{"quiet", "eager", "lazy"},
	}, {
		name: "variants without a baseline: a panel per case",
		table: model.Table{Variants: []string{"a", "b"}, Rows: []model.Row{
			row("small", cell("a", "value", "1.3"), cell("b", "value", "1.4")),
			row("large", cell("a", "value", "26000"), cell("b", "value", "25000")),
		}},
		titles: []string{"small", "large"}, labels: [][]string{{"a", "b"}, {"a", "b"}}, keys: []string{"a", "b"}, byCase: true,
	}, {
		name: "one series, rows far apart: no chart",
		table: model.Table{Format: "perf-stat", Rows: []model.Row{
			row("cycles", cell("", "value", "9300000000")), row("IPC", cell("", "value", "1.3")),
		}},
		spread: 1,
	}, {
		name: "one series within a span: one panel",
		table: model.Table{Rows: []model.Row{
			row("1", cell("", "value", "100")), row("2", cell("", "value", "190")), row("4", cell("", "value", "350")),
		}},
		titles: []string{"value"}, labels: [][]string{{"1", "2", "4"}}, keys: []string{"1", "2", "4"},
	}, {
		name: "printed changes only: one measure however far apart",
		table: model.Table{Format: "list", Rows: []model.Row{
			row("hackbench", cell("", "pct", "-3.5")), row("tbench", cell("", "pct", "0.01")),
		}},
		titles: []string{"pct"}, labels: [][]string{{"hackbench", "tbench"}}, keys: []string{"hackbench", "tbench"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := ownScale(&tc.table)
			var titles []string
			var labels [][]string
			for _, p := range d.panels {
				titles, labels = append(titles, p.title), append(labels, p.labels)
			}
			assert.Equal(t, tc.titles, titles)
			assert.Equal(t, tc.labels, labels)
			assert.Equal(t, tc.keys, d.keys)
			assert.Equal(t, tc.byCase, d.byCase)
			assert.Equal(t, tc.spread, d.spread)
			if len(d.panels) == 0 {
				assert.Contains(t, noChartNote(d), "apart")
				return
			}
			svg, err := panelsSVG(&tc.table, d)
			require.NoError(t, err)
			for _, title := range tc.titles {
				if len(tc.titles) > 1 {
					assert.Contains(t, svg, title)
				}
			}
			assert.Len(t, panelsLegend(d), len(tc.keys))
		})
	}
}

// TestOwnScaleCapped: a table of many cases without a baseline shows the
// maxPanels whose variants differ most, in table order, and says so.
func TestOwnScaleCapped(t *testing.T) {
	tab := model.Table{Variants: []string{"a", "b"}}
	for i := range 30 {
		b := "101"
		if i == 3 || i == 27 {
			b = "300"
		}
		tab.Rows = append(tab.Rows, row(fmt.Sprintf("c%02d", i), cell("a", "value", "100"), cell("b", "value", b)))
	}
	d := ownScale(&tab)
	require.Len(t, d.panels, maxPanels)
	assert.Equal(t, 30, d.panelsAll)
	var titles []string
	for _, p := range d.panels {
		titles = append(titles, p.title)
	}
	assert.Contains(t, titles, "c03")
	assert.Equal(t, "c27", titles[maxPanels-1], "table order kept: %v", titles)
	assert.True(t, sort.StringsAreSorted(titles), "table order kept: %v", titles)
	assert.Contains(t, panelsNote(&tab, d), "the 16 of 30 cases whose bars differ most")
}

// TestGridKeepsUnnamedColumns: numbers of the same variant and field in
// one row (columns whose titles were not read) each keep a column.
func TestGridKeepsUnnamedColumns(t *testing.T) {
	tab := model.Table{Rows: []model.Row{
		row("x", cell("", "value", "1.34"), cell("", "value", "1.28"), cell("", "pct", "-4.5")),
		row("y", cell("", "value", "4.72"), cell("", "value", "4.18"), cell("", "pct", "-12")),
	}}
	cols, rows := grid(&tab)
	require.Len(t, cols, 3)
	var texts []string
	for _, c := range rows[1].Cells {
		texts = append(texts, c.Text)
	}
	assert.Equal(t, []string{"4.72", "4.18", "-12"}, texts)
}

// TestPivotCell: a version's result of a case is its improvement, shaded
// by its verdict (deeper the larger), or the value where its table has
// no baseline; several runs show their median and count.
func TestPivotCell(t *testing.T) {
	c, y := pivotCell1(nil)
	assert.Equal(t, pivotCell{}, c)
	assert.True(t, math.IsInf(y, 1))
	c, y = pivotCell1(entries("t1", "4.40", "-10.00", model.VerdictRegressed))
	assert.Equal(t, "-10.0%", c.Text)
	assert.Equal(t, "regressed", c.Class)
	assert.Equal(t, -10.0, y)
	deep, _ := pivotCell1(entries("t1", "9.00", "-80.00", model.VerdictRegressed))
	assert.Less(t, deep.Background, c.Background, "a larger regression is a deeper red")
	c, _ = pivotCell1(entries("t1", "4.12", "-3.00", model.VerdictWithinNoise))
	assert.Equal(t, "noise", c.Class)
	c, y = pivotCell1(entries("t1", "26000", "", model.VerdictNone))
	assert.Equal(t, "26000", c.Text)
	assert.Empty(t, c.Class)
	assert.True(t, math.IsInf(y, 1))
	c, _ = pivotCell1(append(entries("t1", "4", "2.00", model.VerdictWithinNoise), entries("t1", "5", "4.00", model.VerdictWithinNoise)...))
	assert.Equal(t, "+3.0% (2 runs)", c.Text)
	assert.True(t, strings.Count(c.Title, "t1:") == 2, c.Title)
}

func tickLabels(ts []plot.Tick) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Label)
	}
	return out
}

// TestChangeTicks: an axis of changes is marked at round steps with 0,
// the reference, among them, signed.
func TestChangeTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   []string
	}{
		{-2.5, 1.5, []string{"-2", "-1", "0", "+1"}},
		{0, 11.2, []string{"0", "+5", "+10"}},
		{-0.3, 0.1, []string{"-0.3", "-0.2", "-0.1", "0", "+0.1"}},
		{-124, 124, []string{"-100", "-50", "0", "+50", "+100"}},
		{1, 1, nil},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tickLabels(changeTicks(tc.lo, tc.hi)), "%v..%v", tc.lo, tc.hi)
	}
}

// TestFlatTables: a table whose variants equal the reference, or whose
// numbers are all 0, gets a line saying so instead of a chart of nothing.
func TestFlatTables(t *testing.T) {
	same := model.Table{Variants: []string{"before", "after"}, Baseline: "before", Rows: []model.Row{
		row("lake", cell("before", "value", "12"), cell("after", "value", "12")),
		row("bridge", cell("before", "value", "21"), cell("after", "value", "21")),
	}}
	zeros := model.Table{Variants: []string{"a", "b"}, Rows: []model.Row{
		row("5", cell("a", "value", "0.00"), cell("b", "value", "0.00")),
	}}
	moved := model.Table{Variants: []string{"before", "after"}, Baseline: "before", Rows: []model.Row{
		row("lake", cell("before", "value", "12"), cell("after", "value", "13")),
	}}
	for _, tc := range []struct {
		table model.Table
		note  string
	}{{same, "every change against before is 0%"}, {zeros, "every number is 0"}, {moved, ""}} {
		tv, err := tableView1(&tc.table, normalize.TableSummary{}, nil, Options{})
		require.NoError(t, err)
		if tc.note == "" {
			assert.Empty(t, tv.NoChart)
			assert.NotEmpty(t, tv.Chart)
			continue
		}
		assert.Contains(t, tv.NoChart, tc.note)
		assert.Empty(t, tv.Chart)
	}
}
