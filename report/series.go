package report

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/timeline"
)

// seriesView is a series posted in two or more versions: a pivot per
// benchmark and measure.
type seriesView struct {
	Title, Anchor string
	Versions      []string
	Pivots        []pivot
}

// pivot is one benchmark and measure of a series, as a kernel engineer
// reads a comparison: a row per case and variant, a column per version,
// each cell the case's improvement over that version's own baseline in
// percent, shaded red or green by its verdict and size; where a
// version's table has no baseline, the value itself, uncoloured. ID is
// unique in the page.
type pivot struct {
	ID, Title string
	Rows      []pivotRow
	// Cases counts the rows before the cap (maxRows).
	Cases int
	Note  string
}

// pivotRow is one case and variant across the versions.
type pivotRow struct {
	// Name is the row's label for reading, Full the whole of it.
	Name, Full string
	Cells      []pivotCell // one per version of the series
	worst      float64     // the lowest improvement; +Inf without one
	versions   int         // the versions that have the case
}

// pivotCell is one case's result in one version; Text "" when the
// version has none.
type pivotCell struct {
	Text, Title string
	// Background shades a verdict; Class is the verdict ("regressed",
	// "improved", "noise"), "" for a value without one.
	Background, Class string
}

// maxRows bounds the rows of a pivot: the cases that fell furthest.
const maxRows = 20

// maxRowName is the longest row label shown; the whole is its title.
const maxRowName = 70

// maxRowContext is the longest headings part of a row label: the same
// for every row, so that rows under the same headings read the same
// (a cut that depended on the case's length made one heading look like
// several).
const maxRowContext = 44

func seriesView1(tl timeline.Timeline, n int) seriesView {
	sv := seriesView{Title: tl.Series, Anchor: fmt.Sprintf("series-%d", n+1)}
	for _, v := range tl.Versions {
		sv.Versions = append(sv.Versions, fmt.Sprintf("v%d", v))
	}
	sv.Pivots = seriesPivots(tl)
	for i := range sv.Pivots {
		sv.Pivots[i].ID = fmt.Sprintf("%s-chart-%d", sv.Anchor, i+1)
	}
	return sv
}

// seriesPivots pivots a timeline: per benchmark and measure, per case
// (with its headings) and variant, the results of each version. A case
// posted in several tables of one version has a row per table; several
// results of one table (repeated runs) show their median and say how
// many. The rows whose worst version
// fell furthest come first, those without an improvement (no baseline)
// last in table order; at most maxRows are kept.
func seriesPivots(tl timeline.Timeline) []pivot {
	col := map[int]int{}
	for i, v := range tl.Versions {
		col[v] = i
	}
	type row struct {
		name, full string
		byVer      [][]timeline.Entry
	}
	type chart struct {
		title string
		keys  []string
		rows  map[string]*row
	}
	var charts []*chart
	byKey := map[string]*chart{}
	first := map[string]string{} // the first table of a row's version
	for _, e := range tl.Entries {
		k := e.Benchmark + "\x00" + e.Field
		c := byKey[k]
		if c == nil {
			title := e.Benchmark
			if title == "" {
				title = "(benchmark not named)"
			}
			if e.Field != "" && e.Field != "value" {
				title += " " + e.Field
			}
			c = &chart{title: title, rows: map[string]*row{}}
			byKey[k] = c
			charts = append(charts, c)
		}
		// The first table of a version that has the case continues its
		// row; a further one (another machine, another metric under the
		// same heading) gets a row of its own, named by its table.
		rk := e.Key() + "\x00" + e.Variant
		tk := rk + "\x00" + strconv.Itoa(e.Version)
		if t, ok := first[tk]; !ok {
			first[tk] = e.Table
		} else if t != e.Table {
			rk += "\x00" + e.Table
		}
		r := c.rows[rk]
		if r == nil {
			r = &row{byVer: make([][]timeline.Entry, len(tl.Versions))}
			r.name, r.full = rowName(e)
			if strings.HasSuffix(rk, "\x00"+e.Table) {
				r.name, r.full = r.name+" ("+e.Table+")", r.full+" ("+e.Table+")"
			}
			c.rows[rk] = r
			c.keys = append(c.keys, rk)
		}
		r.byVer[col[e.Version]] = append(r.byVer[col[e.Version]], e)
	}
	out := make([]pivot, 0, len(charts))
	for _, c := range charts {
		rows := make([]pivotRow, 0, len(c.keys))
		for _, k := range c.keys {
			r := c.rows[k]
			pr := pivotRow{Name: r.name, Full: r.full, worst: math.Inf(1)}
			for _, es := range r.byVer {
				cell, y := pivotCell1(es)
				if len(es) > 0 {
					pr.versions++
				}
				pr.worst = min(pr.worst, y)
				pr.Cells = append(pr.Cells, cell)
			}
			rows = append(rows, pr)
		}
		sort.SliceStable(rows, func(i, j int) bool {
			a, b := rows[i], rows[j]
			if a.worst != b.worst {
				return a.worst < b.worst
			}
			return a.versions > b.versions
		})
		p := pivot{Title: c.title, Cases: len(rows), Rows: rows[:min(len(rows), maxRows)]}
		if p.Cases > len(p.Rows) {
			p.Note = fmt.Sprintf("the %d of %d cases that fell furthest; lkmlbench series shows them all", len(p.Rows), p.Cases)
		}
		out = append(out, p)
	}
	return out
}

// rowName labels a case and variant: its headings, cut to
// maxRowContext, then the case and the variant whole.
func rowName(e timeline.Entry) (name, full string) {
	ctx := strings.Join(e.Context, " / ")
	tail := strings.TrimSpace(e.Case + " " + e.Variant)
	full = strings.TrimSpace(strings.Join([]string{ctx, tail}, " · "))
	full = strings.Trim(full, " ·")
	if ctx == "" || tail == "" {
		return shortLabel(full, maxRowName), full
	}
	return shortLabel(ctx, maxRowContext) + " · " + tail, full
}

// pivotCell1 shows a version's results of one case: the median
// improvement when every result has one (and y is it), else the median
// value (y is +Inf); the title lists every result.
func pivotCell1(es []timeline.Entry) (pivotCell, float64) {
	if len(es) == 0 {
		return pivotCell{}, math.Inf(1)
	}
	var imps, vals []float64
	var titles []string
	reg, imp, noise := false, false, false
	for _, e := range es {
		t := e.Table + ": " + string(e.Value)
		if e.Unit != "" {
			t += " " + e.Unit
		}
		vals = append(vals, e.Value.Float())
		if e.ImprovementPct != nil {
			imps = append(imps, e.ImprovementPct.Float())
			t += fmt.Sprintf(", %s%% vs baseline", string(*e.ImprovementPct))
		}
		if e.Verdict != model.VerdictNone {
			t += ", " + string(e.Verdict)
		}
		titles = append(titles, t)
		reg = reg || e.Verdict == model.VerdictRegressed
		imp = imp || e.Verdict == model.VerdictImproved
		noise = noise || e.Verdict == model.VerdictWithinNoise
	}
	c := pivotCell{Title: strings.Join(titles, "; ")}
	y := math.Inf(1)
	if len(imps) == len(es) {
		y = median(imps)
		c.Text = fmt.Sprintf("%+.1f%%", y)
		switch {
		case reg && !imp:
			c.Class, c.Background = "regressed", shade(red, y)
		case imp && !reg:
			c.Class, c.Background = "improved", shade(green, y)
		case noise && !reg && !imp:
			c.Class, c.Background = "noise", "#f2f2f2"
		}
	} else {
		c.Text = string(es[0].Value)
		if len(es) > 1 {
			c.Text = strconv.FormatFloat(median(vals), 'f', -1, 64)
		}
	}
	if len(es) > 1 {
		c.Text += fmt.Sprintf(" (%d runs)", len(es))
	}
	return c, y
}

// shade tints white towards c with the size of a change: faint at a few
// percent, strongest from 50%.
func shade(c color.RGBA, pct float64) string {
	a := 0.18 + 0.5*min(math.Abs(pct)/50, 1)
	mix := func(v uint8) uint8 { return uint8(math.Round(255 - a*(255-float64(v)))) }
	return hexColor(color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xff})
}

// median is the middle of ys (the mean of the two middle ones for an even
// count); ys is not changed.
func median(ys []float64) float64 {
	s := slices.Clone(ys)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
