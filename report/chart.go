package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

// barData is what a table's chart shows: one group of bars per case,
// one bar per variant.
type barData struct {
	groups   []string
	variants []string
	// bars[g][v] is nil where the variant has no number for the case.
	bars     [][]*bar
	relative bool   // values are ratios to the baseline's
	field    string // the field charted, "" when several
}

type bar struct {
	value, err float64 // err 0: no spread given
	verdict    model.Verdict
}

// palette holds the variant colours: dark enough to read on white, told
// apart without relying on red and green, which mark verdicts.
var palette = []color.RGBA{
	{0x1f, 0x4e, 0x99, 0xff}, {0xe0, 0x8a, 0x1e, 0xff}, {0x7b, 0x3f, 0xa0, 0xff},
	{0x4f, 0x9f, 0xd4, 0xff}, {0xa6, 0x76, 0x1d, 0xff}, {0xe3, 0x77, 0xc2, 0xff},
	{0xbc, 0xbd, 0x22, 0xff}, {0x17, 0xbe, 0xcf, 0xff},
}

var (
	red   = color.RGBA{0xc6, 0x28, 0x28, 0xff}
	green = color.RGBA{0x2e, 0x7d, 0x32, 0xff}
)

// tableBars picks the numbers of a table to chart: the main measure of
// each row (value, mean, ...) when the table has one, else every reading
// that is not a spread, else the printed percentages.
func tableBars(t *model.Table) barData {
	var fields []string
	seenField := map[string]bool{}
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if !seenField[c.Field] {
				seenField[c.Field] = true
				fields = append(fields, c.Field)
			}
		}
	}
	main := normalize.MainField(fields)
	use := func(f string) bool { return f == main }
	if main == "" {
		readings := 0
		for _, f := range fields {
			if !normalize.IsSpread(f) {
				readings++
			}
		}
		if readings > 0 {
			use = func(f string) bool { return !normalize.IsSpread(f) }
		} else {
			use = func(f string) bool { return f == "pct" }
		}
	}
	d := barData{field: main}
	varIndex := map[string]int{}
	for _, v := range t.Variants {
		varIndex[v] = len(d.variants)
		d.variants = append(d.variants, v)
	}
	for ri := range t.Rows {
		r := &t.Rows[ri]
		byField := map[string][]*model.Cell{}
		var order []string
		for ci := range r.Cells {
			c := &r.Cells[ci]
			if !use(c.Field) || math.IsNaN(c.Value.Float()) {
				continue
			}
			if _, ok := byField[c.Field]; !ok {
				order = append(order, c.Field)
			}
			byField[c.Field] = append(byField[c.Field], c)
			if _, ok := varIndex[c.Variant]; !ok {
				varIndex[c.Variant] = len(d.variants)
				d.variants = append(d.variants, c.Variant)
			}
		}
		for _, f := range order {
			label := r.Case
			if len(order) > 1 || label == "" {
				label = strings.TrimSpace(label + " " + f)
			}
			if slicesHasVerification(r.Flags) {
				label += " (re-run)"
			}
			d.groups = append(d.groups, label)
			group := make([]*bar, len(d.variants))
			for _, c := range byField[f] {
				b := &bar{value: c.Value.Float(), err: spread(r, c), verdict: c.Verdict}
				group[varIndex[c.Variant]] = b
			}
			d.bars = append(d.bars, group)
		}
	}
	for g := range d.bars {
		for len(d.bars[g]) < len(d.variants) {
			d.bars[g] = append(d.bars[g], nil)
		}
	}
	d.relativize(t)
	return d
}

func slicesHasVerification(flags []string) bool {
	for _, f := range flags {
		if strings.Contains(strings.ToLower(f), "verification") {
			return true
		}
	}
	return false
}

// spread is the absolute spread of a main measure, from the cv (percent)
// or stddev its variant gives in the same row; 0 when none.
func spread(r *model.Row, measure *model.Cell) float64 {
	for _, c := range r.Cells {
		if c.Variant != measure.Variant {
			continue
		}
		switch c.Field {
		case "cv":
			return math.Abs(measure.Value.Float() * c.Value.Float() / 100)
		case "stddev", "stdev":
			return math.Abs(c.Value.Float())
		}
	}
	return 0
}

// relativize turns values into ratios to the baseline when every case has
// a positive baseline number: cases of one table often differ by orders
// of magnitude (schbench at 1 and 512 threads), and on one axis the small
// ones would vanish.
func (d *barData) relativize(t *model.Table) {
	base := -1
	for i, v := range d.variants {
		if v == t.Baseline && t.Baseline != "" {
			base = i
		}
	}
	if base < 0 || t.Normalized {
		return
	}
	for _, g := range d.bars {
		if g[base] == nil || g[base].value <= 0 {
			return
		}
	}
	for _, g := range d.bars {
		b := g[base].value
		for _, x := range g {
			if x != nil {
				x.value /= b
				x.err /= b
			}
		}
	}
	d.relative = true
}

// maxTick is the longest case label a chart's axis shows; the table
// under the chart has the whole label.
const maxTick = 24

// shortLabel cuts a case label for the axis.
func shortLabel(s string) string {
	if utf8.RuneCountInString(s) <= maxTick {
		return s
	}
	return string([]rune(s)[:maxTick-1]) + "…"
}

// chartWidth grows with the bars so that labels stay legible.
func chartWidth(groups, variants int) vg.Length {
	w := vg.Length(groups*max(variants, 1))*14 + vg.Length(groups)*10 + 90
	return min(max(w, 5*vg.Inch), 18*vg.Inch)
}

const chartHeight = 3.2 * vg.Inch

// barChartSVG draws a table's grouped bars with error bars and marks
// verdicts beyond noise: a red triangle above a regression, a green one
// above an improvement. The legend is the page's (legendEntries): inside
// the plot it would hide bars.
func barChartSVG(t *model.Table, d barData) (string, error) {
	p := plot.New()
	p.Title.Text = chartTitle(t)
	switch {
	case d.relative:
		p.Y.Label.Text = "relative to " + t.Baseline
	case t.Unit != "":
		p.Y.Label.Text = t.Unit
	case d.field != "":
		p.Y.Label.Text = d.field
	}
	if t.Direction != "" {
		p.Y.Label.Text += " (" + t.Direction + " is better)"
	}
	width := chartWidth(len(d.groups), len(d.variants))
	nv := max(len(d.variants), 1)
	// One case spans one unit of x; its bars share 80% of it.
	plotArea := width - 80
	unit := plotArea / vg.Length(float64(len(d.groups))+0.2)
	barW := max(unit*0.8/vg.Length(nv), 1)
	var marks [2]plotter.XYs // regressed, improved
	for vi := range d.variants {
		vals := make(plotter.Values, len(d.groups))
		var errs errorPoints
		shift := (float64(vi) - float64(nv-1)/2) * 0.8 / float64(nv)
		for gi, g := range d.bars {
			b := g[vi]
			if b == nil {
				continue
			}
			vals[gi] = b.value
			x := float64(gi) + shift
			if b.err > 0 {
				errs = append(errs, errorPoint{x, b.value, b.err})
			}
			top := math.Max(b.value+b.err, b.value)
			switch b.verdict {
			case model.VerdictRegressed:
				marks[0] = append(marks[0], plotter.XY{X: x, Y: top})
			case model.VerdictImproved:
				marks[1] = append(marks[1], plotter.XY{X: x, Y: top})
			}
		}
		bars, err := plotter.NewBarChart(vals, barW)
		if err != nil {
			return "", err
		}
		bars.XMin = shift
		bars.Color = palette[vi%len(palette)]
		bars.LineStyle.Width = 0
		p.Add(bars)
		// A bar of height 0 would be invisible: a thick stroke on the
		// axis shows that the number is there and is 0.
		half := 0.4 / float64(nv)
		for gi, g := range d.bars {
			if b := g[vi]; b != nil && b.value == 0 {
				x := float64(gi) + shift
				zero, err := plotter.NewLine(plotter.XYs{{X: x - half, Y: 0}, {X: x + half, Y: 0}})
				if err != nil {
					return "", err
				}
				zero.Color, zero.Width = bars.Color, vg.Points(3)
				p.Add(zero)
			}
		}
		if len(errs) > 0 {
			eb, err := plotter.NewYErrorBars(errs)
			if err != nil {
				return "", err
			}
			eb.LineStyle.Width = vg.Points(1)
			p.Add(eb)
		}
	}
	for i, pts := range marks {
		if len(pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return "", err
		}
		sc.GlyphStyle = draw.GlyphStyle{Shape: draw.PyramidGlyph{}, Radius: vg.Points(4), Color: green}
		if i == 0 {
			sc.GlyphStyle.Color = red
		}
		p.Add(sc)
	}
	ticks := make([]string, len(d.groups))
	longest := 0
	for i, g := range d.groups {
		ticks[i] = shortLabel(g)
		longest = max(longest, utf8.RuneCountInString(ticks[i]))
	}
	p.NominalX(ticks...)
	// Tick labels are about 5pt a character: turn them when they would
	// run into each other.
	if vg.Length(longest)*5 > unit {
		p.X.Tick.Label.Rotation = math.Pi / 4
		p.X.Tick.Label.XAlign = draw.XRight
		p.X.Tick.Label.YAlign = draw.YTop
	}
	// Half a case of room left and right, so that the outer bars are
	// not cut at the edge.
	p.X.Min, p.X.Max = -0.6, float64(len(d.groups))-0.4
	p.Y.Min = math.Min(p.Y.Min, 0)
	p.Y.Max *= 1.08 // room for the verdict marks
	return svgString(p, width, chartHeight)
}

// lineLegend names the lines of a timeline chart by their colours.
func lineLegend(lines []lineSeries) []legendEntry {
	out := make([]legendEntry, len(lines))
	for i, l := range lines {
		out[i] = legendEntry{Color: hexColor(palette[i%len(palette)]), Name: l.name}
	}
	return out
}

// maxGroups bounds the cases one chart shows: beyond it bars are too
// thin to see (kernel test robot tables have hundreds of rows).
const maxGroups = 40

// keepLargest cuts d to the maxGroups cases that changed most against the
// baseline (verdicts beyond noise first), in table order; it returns how
// many cases there were.
func (d *barData) keepLargest() int {
	n := len(d.groups)
	if n <= maxGroups {
		return n
	}
	score := make([]float64, n)
	for g, bars := range d.bars {
		for _, b := range bars {
			if b == nil {
				continue
			}
			s := math.Abs(b.value - 1)
			if !d.relative {
				s = math.Abs(b.value)
			}
			if b.verdict.Beyond() {
				s += 1e12
			}
			score[g] = math.Max(score[g], s)
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return score[order[i]] > score[order[j]] })
	keep := order[:maxGroups]
	sort.Ints(keep)
	groups, bars := make([]string, 0, maxGroups), make([][]*bar, 0, maxGroups)
	for _, g := range keep {
		groups, bars = append(groups, d.groups[g]), append(bars, d.bars[g])
	}
	d.groups, d.bars = groups, bars
	return n
}

// legendEntry is one colour of a chart and what it stands for.
type legendEntry struct {
	Color, Name string
	Mark        bool // a verdict triangle rather than a bar
}

// legendEntries lists the variants' colours and the verdict marks used.
func legendEntries(d barData) []legendEntry {
	var out []legendEntry
	for i, v := range d.variants {
		if v == "" {
			v = "value"
		}
		out = append(out, legendEntry{Color: hexColor(palette[i%len(palette)]), Name: v})
	}
	var reg, imp bool
	for _, g := range d.bars {
		for _, b := range g {
			if b != nil {
				reg = reg || b.verdict == model.VerdictRegressed
				imp = imp || b.verdict == model.VerdictImproved
			}
		}
	}
	if reg {
		out = append(out, legendEntry{Color: hexColor(red), Name: "regressed beyond noise", Mark: true})
	}
	if imp {
		out = append(out, legendEntry{Color: hexColor(green), Name: "improved beyond noise", Mark: true})
	}
	return out
}

func hexColor(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// chartTitle names a table in its chart.
func chartTitle(t *model.Table) string {
	s := t.Benchmark
	if s == "" {
		s = t.Format
	}
	if len(t.Context) > 0 {
		s += " (" + strings.Join(t.Context, " / ") + ")"
	}
	return s
}

// errorPoint is one error bar: an x, a y and the spread around it.
type errorPoint struct{ x, y, err float64 }

type errorPoints []errorPoint

func (e errorPoints) Len() int                    { return len(e) }
func (e errorPoints) XY(i int) (float64, float64) { return e[i].x, e[i].y }
func (e errorPoints) YError(i int) (float64, float64) {
	return e[i].err, e[i].err
}

// svgString renders a plot as an SVG element to inline in HTML: without
// the XML declaration, which is only allowed at the start of a document.
func svgString(p *plot.Plot, w, h vg.Length) (string, error) {
	wt, err := p.WriterTo(w, h, "svg")
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return "", err
	}
	s := b.String()
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	return s, nil
}

// lineSeries is one line of a timeline chart.
type lineSeries struct {
	name string
	pts  plotter.XYs
}

// lineChartSVG draws a series chart: how each case's relative change
// moved across the versions; line i has palette colour i, the axis is the
// chart's bounds, and the page gives the legend (lineLegend).
func lineChartSVG(c seriesChart, versions []int) (string, error) {
	p := plot.New()
	p.Title.Text = c.Title
	p.X.Label.Text = "series version"
	p.Y.Label.Text = c.YLabel
	labels := make([]string, 0, len(versions))
	for _, v := range versions {
		labels = append(labels, fmt.Sprintf("v%d", v))
	}
	for i, l := range c.Lines {
		if len(l.pts) == 0 {
			continue
		}
		ln, pts, err := plotter.NewLinePoints(l.pts)
		if err != nil {
			return "", err
		}
		col := palette[i%len(palette)]
		ln.Color, pts.Color = col, col
		ln.Width = vg.Points(1.5)
		pts.Shape = draw.CircleGlyph{}
		p.Add(ln, pts)
	}
	p.NominalX(labels...)
	p.X.Min, p.X.Max = -0.3, float64(len(versions))-0.7
	p.Y.Min, p.Y.Max = c.YMin, c.YMax
	zero := plotter.NewFunction(func(float64) float64 { return 0 })
	zero.Color = color.Gray{0x99}
	zero.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
	p.Add(zero)
	return svgString(p, max(5*vg.Inch, vg.Length(len(versions))*60+100), chartHeight)
}
