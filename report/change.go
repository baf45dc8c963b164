package report

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

// changeData is the chart of a table with a reference: a group of bars
// per case (and measure), a bar per compared variant, each its change
// against the reference in percent.
type changeData struct {
	reference string
	groups    []string
	variants  []string
	// bars[g][v] is nil where the variant has no change for the case.
	bars [][]*bar
	// variantsAll and casesAll count the variants and cases before the
	// caps (maxVariants, keepLargest).
	variantsAll, casesAll int
	// unjudged counts the raw changes left out beside judged ones.
	unjudged int
	// yMin and yMax bound the axis (bounds); clipped says a bar runs
	// beyond them.
	yMin, yMax float64
	clipped    bool
}

// bar is one variant's change against the reference for one case.
type bar struct {
	// change is the improvement in percent (positive is better) when
	// judged, else the raw change of the value, (new-ref)/ref.
	change float64
	// err is the variant's spread (cv or stddev the table gives) as a
	// share of the reference, in percent; 0 when none is given.
	err    float64
	judged bool
	// regressed and improved mark a verdict beyond noise (of any run).
	regressed, improved bool
}

// maxVariants bounds the bars of one case: more cannot be told apart by
// colour.
const maxVariants = 12

// maxGroups bounds the cases one chart shows: beyond it bars are too
// thin to see (kernel test robot tables have hundreds of rows).
const maxGroups = 40

// axisCap bounds an axis of changes, in percent, of a table's bars and a
// series' lines: one case that moved 100-fold must not flatten all
// others. A bar beyond it ends there with its value printed.
const axisCap = 100.0

// unjudged reports whether a verdict was withheld because the change is
// no comparison at all (the rows are different tests, the reading is
// doubtful): then the chart draws no change either.
func unjudged(c *model.Cell) bool {
	return c.VerdictBasis == model.BasisDifferentTests || c.VerdictBasis == model.BasisDoubtful
}

// changeBars reads a table's changes against its reference
// (normalize.Pairs): the main measure of each case when the table has
// one, else every reading. A judged reading is drawn as its improvement;
// one without a verdict (no direction known, or the verdict withheld
// because the mail calls it noise, the row is a counter or the printed
// change disagrees) as the raw change of its value. Repeated runs of a
// case are one bar: their improvement, or the change of their mean.
func changeBars(t *model.Table) changeData {
	pairs := normalize.Pairs(t)
	d := changeData{reference: t.Reference()}
	useMain := slices.ContainsFunc(pairs, func(p normalize.Pair) bool { return p.Main })
	type gkey struct{ label, measure string }
	type runs struct {
		imps, cells []float64
		bases       []*model.Cell
		spread      float64
		n           int
		reg, imp    bool
	}
	var groups []gkey
	var variants []string
	acc := map[gkey]map[string]*runs{}
	for _, p := range pairs {
		c := p.Cell
		if useMain && !p.Main || unjudged(c) {
			continue
		}
		var r runs
		switch {
		case c.ImprovementPct != nil:
			r.imps = []float64{c.ImprovementPct.Float()}
		case len(p.Bases) > 0 && !normalize.IsSpread(c.Field) && c.Value.Valid():
			r.cells = []float64{c.Value.Float()}
		default:
			continue
		}
		label := p.Case
		if verification(&t.Rows[p.Row]) {
			label = strings.TrimSpace(label + " (re-run)")
		}
		measure := p.Measure
		if len(p.Bases) == 0 {
			// A printed change stands for the variant's main measure.
			measure = ""
		}
		g := gkey{label, measure}
		if acc[g] == nil {
			acc[g] = map[string]*runs{}
			groups = append(groups, g)
		}
		if !slices.Contains(variants, p.Variant) {
			variants = append(variants, p.Variant)
		}
		a := acc[g][p.Variant]
		if a == nil {
			a = &runs{}
			acc[g][p.Variant] = a
		}
		a.imps, a.cells = append(a.imps, r.imps...), append(a.cells, r.cells...)
		for _, b := range p.Bases {
			if !slices.Contains(a.bases, b) {
				a.bases = append(a.bases, b)
			}
		}
		a.spread = spread(&t.Rows[p.Row], c)
		a.n++
		a.reg = a.reg || c.Verdict == model.VerdictRegressed
		a.imp = a.imp || c.Verdict == model.VerdictImproved
	}
	d.variantsAll = len(variants)
	d.variants = variants[:min(len(variants), maxVariants)]
	measures := map[string]bool{}
	for _, g := range groups {
		if g.measure != "" {
			measures[g.measure] = true
		}
	}
	for _, g := range groups {
		label := g.label
		if label == "" || len(measures) > 1 {
			label = strings.TrimSpace(label + " " + g.measure)
		}
		if label == "" {
			label = "value"
		}
		row := make([]*bar, len(d.variants))
		drawn := false
		for vi, v := range d.variants {
			a := acc[g][v]
			if a == nil {
				continue
			}
			base := math.NaN()
			if len(a.bases) > 0 {
				vs := make([]float64, len(a.bases))
				for i, b := range a.bases {
					vs[i] = b.Value.Float()
				}
				base = mean(vs)
			}
			b := &bar{regressed: a.reg, improved: a.imp}
			switch {
			case len(a.imps) > 0:
				b.change, b.judged = median(a.imps), true
			case base > 0:
				b.change = 100 * (mean(a.cells)/base - 1)
			default:
				continue
			}
			if math.IsNaN(b.change) || math.IsInf(b.change, 0) {
				continue
			}
			if a.n == 1 && base > 0 {
				b.err = 100 * a.spread / base
			}
			row[vi], drawn = b, true
		}
		if drawn {
			d.groups, d.bars = append(d.groups, label), append(d.bars, row)
		}
	}
	d.dropRaw()
	d.casesAll = len(d.groups)
	return d
}

// dropRaw leaves the raw changes out of a chart that has judged ones:
// beside verdicts they would draw the eye to what was not judged (a
// counter, a metric without a direction). It counts them in unjudged.
func (d *changeData) dropRaw() {
	judged := slices.ContainsFunc(d.bars, func(g []*bar) bool {
		return slices.ContainsFunc(g, func(b *bar) bool { return b != nil && b.judged })
	})
	if !judged {
		return
	}
	groups, bars := d.groups[:0], d.bars[:0]
	for i, g := range d.bars {
		kept := false
		for j, b := range g {
			if b != nil && !b.judged {
				g[j] = nil
				d.unjudged++
			}
			kept = kept || g[j] != nil
		}
		if kept {
			groups, bars = append(groups, d.groups[i]), append(bars, g)
		}
	}
	d.groups, d.bars = groups, bars
	// A variant none of whose changes is left has no bar to keep room for.
	var keep []int
	for j := range d.variants {
		if slices.ContainsFunc(d.bars, func(g []*bar) bool { return g[j] != nil }) {
			keep = append(keep, j)
		}
	}
	variants := make([]string, len(keep))
	for i, j := range keep {
		variants[i] = d.variants[j]
	}
	for gi, g := range d.bars {
		row := make([]*bar, len(keep))
		for i, j := range keep {
			row[i] = g[j]
		}
		d.bars[gi] = row
	}
	d.variants = variants
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func verification(r *model.Row) bool {
	for _, f := range r.Flags {
		if strings.Contains(strings.ToLower(f), "verification") {
			return true
		}
	}
	return false
}

// spread is the absolute spread of a reading, from the cv (percent) or
// stddev its variant gives in the same row; 0 when none.
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

// keepLargest cuts d to the maxGroups cases that changed most (verdicts
// beyond noise first), in table order.
func (d *changeData) keepLargest() {
	n := len(d.groups)
	if n <= maxGroups {
		return
	}
	score := make([]float64, n)
	for g, bars := range d.bars {
		for _, b := range bars {
			if b == nil {
				continue
			}
			s := math.Abs(b.change)
			if b.regressed || b.improved {
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
}

// bounds sets the axis: from below the lowest bar to above the highest,
// 0 always in view. Bars beyond +-axisCap end there (clipped), with room
// beyond the end for their value.
func (d *changeData) bounds() {
	lo, hi := 0.0, 0.0
	d.clipped = false
	for _, g := range d.bars {
		for _, b := range g {
			if b != nil {
				lo, hi = min(lo, b.change-b.err), max(hi, b.change+b.err)
				d.clipped = d.clipped || math.Abs(b.change) > axisCap
			}
		}
	}
	lo, hi = max(lo, -axisCap), min(hi, axisCap)
	pad := max(0.12*(hi-lo), 1)
	if d.clipped {
		pad = 0.2 * (hi - lo)
	}
	d.yMin, d.yMax = 0, hi+pad
	if lo < 0 {
		// Room for a regression's mark below its bar.
		d.yMin = lo - pad
	}
}

// flat reports whether every bar is 0 with no spread: no variant
// differs from the reference.
func (d *changeData) flat() bool {
	for _, g := range d.bars {
		for _, b := range g {
			if b != nil && (b.change != 0 || b.err != 0) {
				return false
			}
		}
	}
	return true
}

// raw reports whether some bar is a raw change rather than judged.
func (d *changeData) raw() bool {
	for _, g := range d.bars {
		for _, b := range g {
			if b != nil && !b.judged {
				return true
			}
		}
	}
	return false
}

// changeLegend lists the variants' colours (outlines where the changes
// are raw) and the verdict marks used.
func changeLegend(d changeData) []legendEntry {
	var out []legendEntry
	raw := d.raw()
	for i, v := range d.variants {
		if v == "" {
			v = "value"
		}
		out = append(out, legendEntry{Color: hexColor(palette[i%len(palette)]), Name: v, Hollow: raw})
	}
	var reg, imp bool
	for _, g := range d.bars {
		for _, b := range g {
			if b != nil {
				reg, imp = reg || b.regressed, imp || b.improved
			}
		}
	}
	if reg {
		out = append(out, legendEntry{Color: hexColor(red), Name: "regressed beyond noise", Glyph: "▼"})
	}
	if imp {
		out = append(out, legendEntry{Color: hexColor(green), Name: "improved beyond noise", Glyph: "▲"})
	}
	return out
}

// changeNote says what the chart leaves out or cuts.
func changeNote(d changeData) string {
	var parts []string
	if d.raw() {
		parts = append(parts, "outlined bars: the change of the value itself, with no verdict (the better direction is not known, or the verdict was withheld)")
	}
	for _, g := range d.bars {
		if slices.ContainsFunc(g, func(b *bar) bool { return b != nil && b.err > 0 }) {
			parts = append(parts, "whiskers: ± the variant's CV or stddev, as a share of the reference")
			break
		}
	}
	if d.casesAll > len(d.groups) {
		parts = append(parts, fmt.Sprintf("the %d of %d cases that changed most; the table has them all", len(d.groups), d.casesAll))
	}
	if d.unjudged > 0 {
		what := "changes"
		if d.unjudged == 1 {
			what = "change"
		}
		parts = append(parts, fmt.Sprintf("%d %s without a verdict not drawn", d.unjudged, what))
	}
	if d.variantsAll > len(d.variants) {
		parts = append(parts, fmt.Sprintf("the first %d of %d variants", len(d.variants), d.variantsAll))
	}
	if d.clipped {
		parts = append(parts, fmt.Sprintf("bars beyond ±%.0f%% are cut there, their value printed at the end", axisCap))
	}
	return strings.Join(parts, "; ")
}

// chartWidth grows with the bars so that labels stay legible.
func chartWidth(groups, variants int) vg.Length {
	w := vg.Length(groups*max(variants, 1))*14 + vg.Length(groups)*10 + 90
	return min(max(w, 5*vg.Inch), 18*vg.Inch)
}

// changeChartSVG draws the changes as grouped bars from a line at 0, the
// reference: a bar per variant in its palette colour, solid when judged
// (its improvement, positive is better), an outline when raw; whiskers
// from the spread the table gives; a red triangle below a regression
// beyond noise, a green one above an improvement. The legend is the
// page's (changeLegend): inside the plot it would hide bars.
func changeChartSVG(t *model.Table, d changeData) (string, error) {
	p := plot.New()
	p.Title.Text = chartTitle(t)
	// The label runs along the plot's height: about 40 characters.
	ref := shortLabel(d.reference, 22)
	p.Y.Label.Text = "% vs " + ref + " (+ is better)"
	if d.raw() {
		p.Y.Label.Text = "% change vs " + ref
	}
	width := chartWidth(len(d.groups), len(d.variants))
	nv := max(len(d.variants), 1)
	// One case spans one unit of x; its bars share 80% of it.
	unit := (width - 80) / vg.Length(float64(len(d.groups))+0.2)
	barW := max(unit*0.8/vg.Length(nv), 1)
	var marks [2]plotter.XYs // regressed, improved
	var cut plotter.XYLabels
	for vi := range d.variants {
		col := palette[vi%len(palette)]
		solid, hollow := make(plotter.Values, len(d.groups)), make(plotter.Values, len(d.groups))
		var errs errorPoints
		shift := (float64(vi) - float64(nv-1)/2) * 0.8 / float64(nv)
		for gi, g := range d.bars {
			b := g[vi]
			if b == nil {
				continue
			}
			x := float64(gi) + shift
			end := min(max(b.change, -axisCap), axisCap)
			if end != b.change {
				cut.XYs = append(cut.XYs, plotter.XY{X: x, Y: end})
				cut.Labels = append(cut.Labels, fmt.Sprintf("%+.0f%%", b.change))
			}
			if b.judged {
				solid[gi] = end
			} else {
				hollow[gi] = end
			}
			if b.err > 0 && end == b.change {
				errs = append(errs, errorPoint{x, b.change, b.err})
			}
			if b.regressed {
				marks[0] = append(marks[0], plotter.XY{X: x, Y: min(end, end-b.err)})
			}
			if b.improved {
				marks[1] = append(marks[1], plotter.XY{X: x, Y: max(end, end+b.err)})
			}
		}
		for _, v := range []struct {
			vals   plotter.Values
			hollow bool
		}{{solid, false}, {hollow, true}} {
			bars, err := plotter.NewBarChart(v.vals, barW)
			if err != nil {
				return "", err
			}
			bars.XMin = shift
			bars.Color, bars.LineStyle.Width = col, 0
			if v.hollow {
				bars.Color = color.White
				bars.LineStyle.Color, bars.LineStyle.Width = col, vg.Points(1.5)
			}
			p.Add(bars)
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
	// The reference: every bar starts from it.
	zero := plotter.NewFunction(func(float64) float64 { return 0 })
	zero.Color, zero.Width = color.Gray{0x33}, vg.Points(1)
	p.Add(zero)
	for i, pts := range marks {
		if len(pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return "", err
		}
		sc.GlyphStyle = draw.GlyphStyle{Shape: markGlyph{down: i == 0}, Radius: vg.Points(4), Color: green}
		if i == 0 {
			sc.GlyphStyle.Color = red
		}
		p.Add(sc)
	}
	if len(cut.XYs) > 0 {
		labels, err := plotter.NewLabels(cut)
		if err != nil {
			return "", err
		}
		// Beyond the bar's end, clear of its verdict mark.
		for i := range labels.TextStyle {
			labels.TextStyle[i].XAlign = draw.XCenter
			labels.TextStyle[i].Font.Size = vg.Points(8)
			labels.TextStyle[i].YAlign = draw.YAlignment(-0.5 + 2.0*math.Copysign(1, labels.XYs[i].Y))
		}
		p.Add(labels)
	}
	extra := nominalX(p, d.groups, unit)
	p.Y.Min, p.Y.Max = d.yMin, d.yMax
	p.Y.Tick.Marker = plot.TickerFunc(changeTicks)
	return svgString(p, width, chartHeight+extra)
}

// changeTicks marks an axis of changes at round steps, 1, 2 or 5 times a
// power of ten, about five of them, 0 (the reference) always among them
// when in range; labels are signed, as the axis says which sign is
// better. (gonum's default picks steps such as 2 from 1.5, which leaves
// the line at 0 unmarked.)
func changeTicks(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return nil
	}
	raw := (hi - lo) / 5
	pow := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * pow
	for _, m := range []float64{1, 2, 5} {
		if m*pow >= raw {
			step = m * pow
			break
		}
	}
	decimals := max(0, -int(math.Floor(math.Log10(step))))
	var out []plot.Tick
	// A millionth of a step of slack: -0.3/0.1 is -2.9999999999999996.
	for i := math.Ceil(lo/step - 1e-6); i <= math.Floor(hi/step+1e-6); i++ {
		v := i * step
		label := fmt.Sprintf("%+.*f", decimals, v)
		if i == 0 {
			v, label = 0, "0"
		}
		out = append(out, plot.Tick{Value: v, Label: label})
	}
	return out
}
