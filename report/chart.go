package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/lkmlbench/lkmlbench/model"
)

// A table's chart draws each number only beside numbers of the same
// measure: a table with a reference (a baseline column, a reference row,
// rows that are the variants) as each other variant's change against it
// (changeBars), one without as small multiples, each measure or case on
// a scale of its own (ownScale). Absolute values of different metrics
// never share an axis: 26,000 beside 1.3 shows neither.

// palette holds the colours of variants: dark enough to read on white,
// told apart without relying on red and green, which mark verdicts. It
// has as many colours as a chart has variants at most (maxVariants), so
// that no two share one.
var palette = []color.RGBA{
	{0x1f, 0x4e, 0x99, 0xff}, {0xe0, 0x8a, 0x1e, 0xff}, {0x7b, 0x3f, 0xa0, 0xff},
	{0x4f, 0x9f, 0xd4, 0xff}, {0xa6, 0x76, 0x1d, 0xff}, {0xe3, 0x77, 0xc2, 0xff},
	{0xbc, 0xbd, 0x22, 0xff}, {0x17, 0xbe, 0xcf, 0xff}, {0x39, 0x3b, 0x79, 0xff},
	{0x80, 0x80, 0x80, 0xff}, {0xc9, 0xa1, 0x00, 0xff}, {0x6b, 0x42, 0x26, 0xff},
}

var (
	red   = color.RGBA{0xc6, 0x28, 0x28, 0xff}
	green = color.RGBA{0x2e, 0x7d, 0x32, 0xff}
)

// maxTick is the longest case label a chart's axis shows; the table
// under the chart has the whole label.
const maxTick = 24

// shortLabel cuts a label to n runes, marking the cut.
func shortLabel(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

const chartHeight = 3.2 * vg.Inch

// nominalX names the categories of p's x axis, cut to maxTick runes, and
// turns the labels when, at about 5pt a character, they would run into
// each other in unit, the width of one category. It returns the height
// turned labels need beyond a chart's own, so that the plotting area
// keeps its height.
func nominalX(p *plot.Plot, labels []string, unit vg.Length) vg.Length {
	ticks := make([]string, len(labels))
	longest := 0
	for i, l := range labels {
		ticks[i] = shortLabel(l, maxTick)
		longest = max(longest, utf8.RuneCountInString(ticks[i]))
	}
	p.NominalX(ticks...)
	// Half a category of room left and right, so that the outer bars
	// are not cut at the edge.
	p.X.Min, p.X.Max = -0.6, float64(len(labels))-0.4
	if vg.Length(longest)*5 <= unit {
		return 0
	}
	p.X.Tick.Label.Rotation = math.Pi / 4
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YTop
	return vg.Length(longest) * 5 * math.Sqrt2 / 2
}

// legendEntry is one colour of a chart and what it stands for.
type legendEntry struct {
	Color, Name string
	// Glyph is the verdict mark drawn ("▲", "▼"), "" for a swatch; Hollow
	// is a swatch drawn as an outline.
	Glyph  string
	Hollow bool
}

func hexColor(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// chartTitle names a table in its chart: its benchmark and the headings
// it sits under; "" when it has neither (the section's heading then says
// so, and the format is among its facts).
func chartTitle(t *model.Table) string {
	return strings.TrimSpace(t.Benchmark + " " + contextText(t))
}

func contextText(t *model.Table) string {
	if len(t.Context) == 0 {
		return ""
	}
	return "(" + strings.Join(t.Context, " / ") + ")"
}

// errorPoint is one error bar: an x, a y and the spread around it.
type errorPoint struct{ x, y, err float64 }

type errorPoints []errorPoint

func (e errorPoints) Len() int                    { return len(e) }
func (e errorPoints) XY(i int) (float64, float64) { return e[i].x, e[i].y }
func (e errorPoints) YError(i int) (float64, float64) {
	return e[i].err, e[i].err
}

// svgString renders a plot as an SVG element to inline in HTML.
func svgString(p *plot.Plot, w, h vg.Length) (string, error) {
	return tilesSVG([][]*plot.Plot{{p}}, w, h)
}

// tilesSVG renders rows of plots as one SVG element to inline in HTML,
// each plot in an equal tile, their plotting areas aligned; without the
// XML declaration, which is only allowed at the start of a document.
func tilesSVG(plots [][]*plot.Plot, w, h vg.Length) (string, error) {
	c := vgsvg.New(w, h)
	dc := draw.New(c)
	if len(plots) == 1 && len(plots[0]) == 1 {
		plots[0][0].Draw(dc)
	} else {
		tiles := draw.Tiles{Rows: len(plots), Cols: len(plots[0]), PadX: vg.Points(14), PadY: vg.Points(10),
			PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(4), PadRight: vg.Points(4)}
		canvases := plot.Align(plots, tiles, dc)
		for i, row := range plots {
			for j, p := range row {
				if p != nil {
					p.Draw(canvases[i][j])
				}
			}
		}
	}
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", err
	}
	s := b.String()
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	return s, nil
}

// markGlyph is a verdict mark beside the end of a bar, clear of it: a
// triangle pointing up above an improvement, down below a regression.
type markGlyph struct{ down bool }

// DrawGlyph implements draw.GlyphDrawer.
func (m markGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	tip, base := pt.Y+2.6*r, pt.Y+0.6*r
	if m.down {
		tip, base = pt.Y-2.6*r, pt.Y-0.6*r
	}
	p := make(vg.Path, 0, 4)
	p.Move(vg.Point{X: pt.X, Y: tip})
	p.Line(vg.Point{X: pt.X - r, Y: base})
	p.Line(vg.Point{X: pt.X + r, Y: base})
	p.Close()
	c.SetColor(sty.Color)
	c.Fill(p)
}
