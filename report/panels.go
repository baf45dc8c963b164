package report

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

// panelsData is the chart of a table without a reference: small
// multiples, each panel one measure (a metric column, a field) or one
// case, on its own scale.
type panelsData struct {
	panels []panel
	// keys name the bar colours, the same in every panel; nil when there
	// are more than the palette tells apart (then the tick labels alone
	// name the bars).
	keys []string
	// byCase says the panels are cases whose variants are compared;
	// otherwise each panel is a measure and its bars the rows.
	byCase bool
	// panelsAll counts the panels before the cap (maxPanels); spread
	// counts the measures left out because their rows lie on scales
	// too far apart to be one measure (single-series tables).
	panelsAll, spread int
	maxSpan           float64 // the widest span left out
	barsCut           bool    // some panel shows only its first maxGroups bars
}

// panel is one measure or case: a bar per row or variant.
type panel struct {
	title  string
	labels []string
	values []float64
	score  float64 // how far its bars differ (largest over smallest)
}

// maxPanels bounds the panels of a chart: 4 rows of 4.
const maxPanels = 16

// maxSpan is the widest ratio of the readings of a single-series table's
// measure that is still drawn on one axis: its rows, named as the author
// chose, may each be a metric of its own ("cycles", "IPC"), and readings
// further apart are most likely such. Numbers at or below 0 are changes
// or differences, one scale however far apart.
const maxSpan = 20.0

// ownScale reads a table without a reference as panels: the main measure
// of each reading when the table has one, else every reading that is not
// a spread, else the printed changes. When several variants are compared
// (columns that are variants, no baseline) each case is a panel with a
// bar per variant; otherwise (the columns are metrics, or the table is
// one series) each measure is a panel with a bar per row. Printed changes
// are one measure, however far apart.
func ownScale(t *model.Table) panelsData {
	use := readings(t)
	name := normalize.Namer(t)
	type reading struct {
		names normalize.Names
		row   string
		value float64
	}
	var rs []reading
	variants, measures := map[string]bool{}, map[string]bool{}
	for ri := range t.Rows {
		for ci := range t.Rows[ri].Cells {
			c := &t.Rows[ri].Cells[ci]
			if !use(c.Field) || !c.Value.Valid() {
				continue
			}
			n := name(ri, c)
			rs = append(rs, reading{n, t.Rows[ri].Case, c.Value.Float()})
			variants[n.Variant], measures[n.Measure] = true, true
		}
	}
	d := panelsData{byCase: t.Columns != model.ColumnsMetrics && len(variants) > 1}
	at := map[string]int{}
	for _, r := range rs {
		title, label := r.names.Measure, r.row
		if d.byCase {
			title, label = r.names.Case, r.names.Variant
			if title == "" || len(measures) > 1 {
				title = strings.TrimSpace(title + " " + r.names.Measure)
			}
		}
		i, ok := at[title]
		if !ok {
			i = len(d.panels)
			at[title] = i
			d.panels = append(d.panels, panel{title: title})
		}
		p := &d.panels[i]
		if len(p.values) == maxGroups {
			d.barsCut = true
			continue
		}
		p.labels, p.values = append(p.labels, label), append(p.values, r.value)
	}
	kept := d.panels[:0]
	for _, p := range d.panels {
		p.score = span(p.values)
		if !d.byCase && t.Columns != model.ColumnsMetrics && p.score > maxSpan && positive(p.values) && !normalize.IsSpread(p.title) {
			d.spread++
			d.maxSpan = max(d.maxSpan, p.score)
			continue
		}
		kept = append(kept, p)
	}
	d.panels = kept
	d.panelsAll = len(d.panels)
	if len(d.panels) > maxPanels {
		// The panels whose bars differ most, in table order.
		order := make([]int, len(d.panels))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(i, j int) bool { return d.panels[order[i]].score > d.panels[order[j]].score })
		keep := order[:maxPanels]
		sort.Ints(keep)
		ps := make([]panel, 0, maxPanels)
		for _, i := range keep {
			ps = append(ps, d.panels[i])
		}
		d.panels = ps
	}
	for _, p := range d.panels {
		for _, l := range p.labels {
			if !slices.Contains(d.keys, l) {
				d.keys = append(d.keys, l)
			}
		}
	}
	if len(d.keys) > len(palette) || len(d.keys) < 2 {
		d.keys = nil
	}
	return d
}

// flat reports whether every bar of every panel is 0.
func (d *panelsData) flat() bool {
	for _, p := range d.panels {
		if slices.ContainsFunc(p.values, func(v float64) bool { return v != 0 }) {
			return false
		}
	}
	return true
}

// readings picks the fields a chart of a table without a reference
// draws: the main measure (value, mean, ...) when the table has one,
// else every reading that is not a spread, else the printed changes.
func readings(t *model.Table) func(field string) bool {
	var fields []string
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if !slices.Contains(fields, c.Field) {
				fields = append(fields, c.Field)
			}
		}
	}
	if main := normalize.MainField(fields); main != "" {
		return func(f string) bool { return f == main }
	}
	if slices.ContainsFunc(fields, func(f string) bool { return !normalize.IsSpread(f) }) {
		return func(f string) bool { return !normalize.IsSpread(f) }
	}
	return func(f string) bool { return f == "pct" }
}

// positive reports whether every number of vs is above 0: readings, not
// changes or differences, whose ratios say nothing of their scale.
func positive(vs []float64) bool {
	return !slices.ContainsFunc(vs, func(v float64) bool { return v <= 0 })
}

// span is the ratio of the largest magnitude among vs to the smallest
// that is not 0; 1 for fewer than two such.
func span(vs []float64) float64 {
	lo, hi := math.Inf(1), 0.0
	for _, v := range vs {
		if a := math.Abs(v); a > 0 {
			lo, hi = min(lo, a), max(hi, a)
		}
	}
	if hi == 0 || lo == hi {
		return 1
	}
	return hi / lo
}

// panelsLegend names the bar colours shared by the panels.
func panelsLegend(d panelsData) []legendEntry {
	out := make([]legendEntry, len(d.keys))
	for i, k := range d.keys {
		if k == "" {
			k = "value"
		}
		out[i] = legendEntry{Color: hexColor(palette[i]), Name: k}
	}
	return out
}

// panelsNote says how to read the panels and what they leave out.
func panelsNote(t *model.Table, d panelsData) string {
	parts := []string{"no baseline: each panel on its own scale"}
	if t.Columns == model.ColumnsMetrics {
		parts[0] = "metrics side by side and no reference row: each metric on its own scale"
	}
	if d.panelsAll > len(d.panels) {
		what := "measures"
		if d.byCase {
			what = "cases"
		}
		parts = append(parts, fmt.Sprintf("the %d of %d %s whose bars differ most; the table has them all", len(d.panels), d.panelsAll, what))
	}
	if d.barsCut {
		parts = append(parts, fmt.Sprintf("the first %d rows of each", maxGroups))
	}
	if d.spread > 0 {
		parts = append(parts, fmt.Sprintf("%d measures left out: their rows lie up to %s apart, likely different metrics", d.spread, ratioText(d.maxSpan)))
	}
	return strings.Join(parts, "; ")
}

// noChartNote says why a table has no chart.
func noChartNote(d panelsData) string {
	if d.spread > 0 {
		return fmt.Sprintf("No chart: one series with no baseline, its rows up to %s apart, likely different metrics; nothing is compared. The table has the numbers.", ratioText(d.maxSpan))
	}
	return "No chart: no number to draw."
}

// ratioText prints a ratio of magnitudes for reading: "40×", "3e+09×".
func ratioText(r float64) string {
	if r < 1e4 {
		return fmt.Sprintf("%.0f×", r)
	}
	return fmt.Sprintf("%.0e×", r)
}

// panelsSVG draws the panels in rows of up to four, each a bar chart on
// its own axis from 0, titled by its measure or case.
func panelsSVG(t *model.Table, d panelsData) (string, error) {
	cols := min(len(d.panels), 4)
	rows := (len(d.panels) + cols - 1) / cols
	most := 0
	for _, p := range d.panels {
		most = max(most, len(p.values))
	}
	// A panel grows with its bars; the chart stays within 18 inches.
	pw := min(max(vg.Length(most)*18+70, 2.6*vg.Inch), 18*vg.Inch/vg.Length(cols))
	ph := 2.4 * vg.Inch
	if len(d.panels) == 1 {
		pw, ph = chartWidth(most, 1), chartHeight
	}
	grid := make([][]*plot.Plot, rows)
	for r := range grid {
		grid[r] = make([]*plot.Plot, cols)
	}
	var extra vg.Length // room for turned tick labels, the most any panel needs
	for i, pn := range d.panels {
		p := plot.New()
		p.Title.Text = shortLabel(pn.title, 40)
		if len(d.panels) == 1 {
			p.Title.Text = chartTitle(t)
			p.Y.Label.Text = shortLabel(pn.title, 40)
			if t.Unit != "" && (pn.title == "value" || pn.title == "") {
				p.Y.Label.Text = t.Unit
			}
		} else {
			p.Title.TextStyle.Font.Size = vg.Points(10)
		}
		barW := max((pw-70)/vg.Length(len(pn.values)+1)*0.8, 1)
		// One bar chart per colour, each holding its own bars.
		byColour := map[int]plotter.Values{}
		var colours []int
		for j, v := range pn.values {
			ci := 0
			if d.keys != nil {
				ci = slices.Index(d.keys, pn.labels[j])
			}
			if byColour[ci] == nil {
				byColour[ci] = make(plotter.Values, len(pn.values))
				colours = append(colours, ci)
			}
			byColour[ci][j] = v
		}
		for _, ci := range colours {
			bars, err := plotter.NewBarChart(byColour[ci], barW)
			if err != nil {
				return "", err
			}
			bars.Color, bars.LineStyle.Width = palette[ci], 0
			p.Add(bars)
		}
		extra = max(extra, nominalX(p, pn.labels, (pw-70)/vg.Length(len(pn.values)+1)))
		p.Y.Min, p.Y.Max = min(p.Y.Min, 0), max(p.Y.Max, 0)
		grid[i/cols][i%cols] = p
	}
	return tilesSVG(grid, pw*vg.Length(cols), (ph+extra)*vg.Length(rows))
}
