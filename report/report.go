package report

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"

	"gonum.org/v1/plot/plotter"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
	"github.com/lkmlbench/lkmlbench/timeline"
)

//go:embed report.html.tmpl
var templates embed.FS

var page = template.Must(template.New("report.html.tmpl").ParseFS(templates, "report.html.tmpl"))

// Options tune Write.
type Options struct {
	// Title heads the page; "" gives "lkmlbench report".
	Title string
	// LoreBase is the archive message links point to
	// (<base>/all/<message-id>/); "" gives no links.
	LoreBase string
	// MinChange is the minimum change for tables without noise figures
	// (see normalize.Decide); 0 is the default.
	MinChange float64
}

// Write renders doc as one HTML page.
func Write(w io.Writer, doc *model.Document, o Options) error {
	v, err := build(doc, o)
	if err != nil {
		return err
	}
	return page.Execute(w, v)
}

// view is what the template renders.
type view struct {
	Title    string
	Index    indexView
	Tables   []tableView
	Series   []seriesView
	Counts   string
	Verdicts map[model.Verdict]int
}

// indexView is the whole-archive index: the tables with a verdict, the
// worst regression first, each named by benchmark and thread, and the
// tables without one folded away by reason.
type indexView struct {
	Judged []indexTable
	// Folded are the tables with no verdict, in table order; FoldedWhy
	// counts them by reason ("no baseline", ...), most first.
	Folded    []indexTable
	FoldedWhy []string
}

type indexTable struct {
	ID, Anchor, Verdict string
	Benchmark, Series   string
	SeriesAnchor        string // the series timeline's anchor, "" without one
	Version             int
	Regressed, Improved int
	Worst               float64 // the worst regression in percent, 0 without one
	Why                 string  // for a folded table: why it has no verdict
}

type tableView struct {
	ID, Anchor, Title string
	Summary           normalize.TableSummary
	Chart             template.HTML // "" when the table has nothing to chart
	Legend            []legendEntry
	Relative          bool
	// Shown and Cases say how many cases the chart shows of how many,
	// when it shows only those that changed most.
	Shown, Cases int
	Columns      []column
	Rows         []rowView
	Prov         provenance
	Facts        []string
}

type column struct{ Variant, Field string }

type rowView struct {
	Case  string
	Flags string
	Cells []cellView
}

type cellView struct {
	Text, Class, Title string
}

type provenance struct {
	Subject, Author, Sender, Date, MessageID, Link, Source string
	Line, Version                                          int
	Series                                                 string
}

type seriesView struct {
	Title, Anchor string
	Versions      string
	Charts        []timelineChart
}

// timelineChart is one benchmark's line chart; ID is unique in the page.
type timelineChart struct {
	ID     string
	SVG    template.HTML
	Legend []legendEntry
	// Note says which cases the chart leaves out and where its axis is cut.
	Note string
}

func build(doc *model.Document, o Options) (*view, error) {
	v := &view{Title: o.Title, Verdicts: map[model.Verdict]int{}}
	if v.Title == "" {
		v.Title = "lkmlbench report"
	}
	msgs := map[string]*model.Message{}
	for i := range doc.Messages {
		msgs[doc.Messages[i].ID] = &doc.Messages[i]
	}
	sums := normalize.Summaries(doc, o.MinChange)
	for i := range doc.Tables {
		t := &doc.Tables[i]
		tv, err := tableView1(t, sums[i], msgs[t.MessageID], o)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: chart of table %s: %w", t.Source, t.StartLine, t.ID, err)
		}
		v.Tables = append(v.Tables, tv)
		for _, c := range sums[i].Cases {
			if !c.Verification {
				v.Verdicts[c.Verdict]++
			}
		}
	}
	tls := timeline.Build(doc)
	anchors := map[string]string{}
	for i, tl := range tls {
		if len(tl.Versions) < 2 {
			continue
		}
		sv, err := seriesView1(tl, i)
		if err != nil {
			return nil, fmt.Errorf("timeline of %q: %w", tl.Series, err)
		}
		anchors[tl.Series] = sv.Anchor
		v.Series = append(v.Series, sv)
	}
	v.Index = index(doc, v.Tables, anchors)
	v.Counts = fmt.Sprintf("%d tables from %d messages; %d cases regressed and %d improved beyond noise, %d within noise",
		len(doc.Tables), len(doc.Messages), v.Verdicts[model.VerdictRegressed], v.Verdicts[model.VerdictImproved],
		v.Verdicts[model.VerdictWithinNoise])
	return v, nil
}

// index orders the tables as a reader triages an archive: those with a
// regression first, the worst first, then those with improvements, then
// those within noise; tables with no verdict (no baseline, no direction,
// or every verdict withheld) are folded away with their reason.
func index(doc *model.Document, tvs []tableView, timelines map[string]string) indexView {
	var v indexView
	why := map[string]int{}
	for i := range doc.Tables {
		t := &doc.Tables[i]
		s := tvs[i].Summary
		e := indexTable{
			ID: t.ID, Anchor: tvs[i].Anchor, Verdict: s.Verdict, Benchmark: t.Benchmark,
			Series: t.Series, SeriesAnchor: timelines[t.Series], Version: t.SeriesVersion,
			Regressed: s.Regressed, Improved: s.Improved,
		}
		if e.Benchmark == "" {
			e.Benchmark = "(benchmark not named)"
		}
		if e.Series == "" {
			e.Series = t.Subject
		}
		if s.Worst != nil {
			e.Worst = s.Worst.ImprovementPct
		}
		if s.Compared > 0 {
			v.Judged = append(v.Judged, e)
			continue
		}
		switch {
		case t.Reference() == "" && t.Columns == model.ColumnsMetrics:
			e.Why = "metrics side by side, no reference row"
		case t.Reference() == "":
			e.Why = "no baseline"
		case s.NotJudged > 0:
			e.Why = "verdicts withheld (" + s.NotJudgedWhy + ")"
		default:
			e.Why = "no direction"
		}
		why[e.Why]++
		v.Folded = append(v.Folded, e)
	}
	rank := func(e indexTable) int {
		switch {
		case e.Regressed > 0:
			return 0
		case e.Improved > 0:
			return 1
		}
		return 2
	}
	sort.SliceStable(v.Judged, func(i, j int) bool {
		a, b := v.Judged[i], v.Judged[j]
		if rank(a) != rank(b) {
			return rank(a) < rank(b)
		}
		return a.Worst < b.Worst
	})
	reasons := make([]string, 0, len(why))
	for w := range why {
		reasons = append(reasons, w)
	}
	sort.Slice(reasons, func(i, j int) bool {
		a, b := reasons[i], reasons[j]
		return why[a] > why[b] || (why[a] == why[b] && a < b)
	})
	for _, w := range reasons {
		v.FoldedWhy = append(v.FoldedWhy, fmt.Sprintf("%d %s", why[w], w))
	}
	return v
}

func tableView1(t *model.Table, sum normalize.TableSummary, m *model.Message, o Options) (tableView, error) {
	tv := tableView{ID: t.ID, Anchor: "table-" + t.ID, Title: chartTitle(t), Summary: sum}
	if d := tableBars(t); len(d.groups) > 0 {
		if n := d.keepLargest(); n > len(d.groups) {
			tv.Shown, tv.Cases = len(d.groups), n
		}
		svg, err := barChartSVG(t, d)
		if err != nil {
			return tv, err
		}
		// The SVG is gonum's own output from numbers and labels it
		// escaped (svgo escapes text), not user HTML.
		tv.Chart = template.HTML(svg)
		tv.Legend, tv.Relative = legendEntries(d), d.relative
	}
	tv.Columns, tv.Rows = grid(t)
	tv.Prov = provenance{Author: t.Author, MessageID: t.MessageID, Source: t.Source, Line: t.StartLine,
		Series: t.Series, Version: t.SeriesVersion}
	if m != nil {
		tv.Prov.Subject = m.Subject
		tv.Prov.Sender = m.From.String()
		if m.Date != nil {
			tv.Prov.Date = m.Date.UTC().Format(time.DateTime + " UTC")
		}
	}
	if o.LoreBase != "" && t.MessageID != "" && !strings.Contains(t.MessageID, "#") {
		tv.Prov.Link = strings.TrimRight(o.LoreBase, "/") + "/all/" + url.PathEscape(t.MessageID) + "/"
	}
	for _, f := range []struct{ k, v string }{
		{"format", t.Format}, {"baseline", t.Baseline}, {"baseline row", t.BaselineCase}, {"columns", t.Columns},
		{"direction", t.Direction + " is better"},
		{"direction from", t.DirectionSource}, {"unit", t.Unit}, {"statistic", t.Statistic},
	} {
		if f.v != "" && f.v != " is better" {
			tv.Facts = append(tv.Facts, f.k+": "+f.v)
		}
	}
	if t.QuotedCopies > 0 {
		tv.Facts = append(tv.Facts, fmt.Sprintf("quoted again %d times", t.QuotedCopies))
	}
	return tv, nil
}

// grid lays a table out as the author did: one row per row, one column
// per variant and field in order of appearance; compared cells carry
// their improvement and verdict.
func grid(t *model.Table) ([]column, []rowView) {
	var cols []column
	at := map[column]int{}
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			k := column{c.Variant, c.Field}
			if _, ok := at[k]; !ok {
				at[k] = len(cols)
				cols = append(cols, k)
			}
		}
	}
	rows := make([]rowView, 0, len(t.Rows))
	for _, r := range t.Rows {
		rv := rowView{Case: r.Case, Flags: strings.Join(r.Flags, ", "), Cells: make([]cellView, len(cols))}
		for _, c := range r.Cells {
			cv := cellView{Text: string(c.Value)}
			if c.Text != "" {
				cv.Text = c.Text
			}
			if c.ImprovementPct != nil {
				cv.Title = fmt.Sprintf("%s%% vs %s: %s (%s)", *c.ImprovementPct, t.Reference(), c.Verdict, c.VerdictBasis)
			}
			switch c.Verdict {
			case model.VerdictRegressed:
				cv.Class = "regressed"
			case model.VerdictImproved:
				cv.Class = "improved"
			}
			rv.Cells[at[column{c.Variant, c.Field}]] = cv
		}
		rows = append(rows, rv)
	}
	return cols, rows
}

// seriesView1 draws the series' charts (seriesCharts) and their legends.
func seriesView1(tl timeline.Timeline, n int) (seriesView, error) {
	sv := seriesView{Title: tl.Series, Anchor: fmt.Sprintf("series-%d", n+1)}
	var vs []string
	for _, v := range tl.Versions {
		vs = append(vs, fmt.Sprintf("v%d", v))
	}
	sv.Versions = strings.Join(vs, ", ")
	for _, c := range seriesCharts(tl) {
		svg, err := lineChartSVG(c, tl.Versions)
		if err != nil {
			return sv, err
		}
		note := ""
		if c.Cases > len(c.Lines) {
			note = fmt.Sprintf("the %d of %d cases that fell furthest, worst first; series shows them all", len(c.Lines), c.Cases)
		}
		if c.Clipped {
			note = strings.TrimPrefix(note+fmt.Sprintf("; axis cut at %+.0f%%..%+.0f%%, points beyond drawn at the edge", c.YMin, c.YMax), "; ")
		}
		sv.Charts = append(sv.Charts, timelineChart{ID: fmt.Sprintf("%s-chart-%d", sv.Anchor, len(sv.Charts)+1),
			SVG: template.HTML(svg), Legend: lineLegend(c.Lines), Note: note})
	}
	return sv, nil
}

// maxLines caps the lines of a series chart: more cannot be told apart
// by colour.
const maxLines = 12

// axisCap bounds a series chart's axis, in percent: one case that moved
// 100-fold must not flatten all others.
const axisCap = 100.0

// seriesChart is one benchmark and metric of a series: a case x version
// pivot of relative change, one line per case.
type seriesChart struct {
	Title, YLabel string
	Lines         []lineSeries // worst first, at most maxLines
	Cases         int          // lines before the cap
	YMin, YMax    float64      // the axis
	Clipped       bool         // some point lies beyond the axis
}

// seriesCharts pivots a timeline: per benchmark and field, per case (and
// variant) the relative change in each version, against that version's
// baseline where every entry has one, else against the case's own first
// version (so that cases of different scales share an axis). The cases
// seen in two versions or more come first, among them those whose worst
// version fell furthest; at most maxLines are
// kept, and the axis is bounded at +-axisCap percent.
func seriesCharts(tl timeline.Timeline) []seriesChart {
	pos := map[int]float64{}
	for i, v := range tl.Versions {
		pos[v] = float64(i)
	}
	type line struct {
		key   string
		s     lineSeries
		first float64
		worst float64
		byVer map[int][]float64 // the values of each version, in entry order
	}
	type chart struct {
		title    string
		relative bool
		lines    []*line
	}
	var charts []*chart
	byKey := map[string]*chart{}
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
			c = &chart{title: title, relative: true}
			byKey[k] = c
			charts = append(charts, c)
		}
		if e.ImprovementPct == nil {
			c.relative = false
		}
	}
	for _, e := range tl.Entries {
		c := byKey[e.Benchmark+"\x00"+e.Field]
		key := e.Key() + "\x00" + e.Variant
		var l *line
		for _, x := range c.lines {
			if x.key == key {
				l = x
			}
		}
		if l == nil {
			name := strings.TrimSpace(strings.Join(append(append([]string{}, e.Context...), e.Case), " / "))
			if e.Variant != "" {
				name += " " + e.Variant
			}
			l = &line{key: key, s: lineSeries{name: name}, first: e.Value.Float(), worst: math.Inf(1), byVer: map[int][]float64{}}
			c.lines = append(c.lines, l)
		}
		y := math.NaN()
		switch {
		case c.relative:
			y = e.ImprovementPct.Float()
		case l.first != 0:
			y = 100 * (e.Value.Float()/l.first - 1)
		}
		if math.IsNaN(y) || math.IsInf(y, 0) {
			continue
		}
		l.byVer[e.Version] = append(l.byVer[e.Version], y)
	}
	var out []seriesChart
	for _, c := range charts {
		for _, l := range c.lines {
			// One point per version: a case posted in several tables of
			// one version (a repost, a second run) is drawn at the median
			// of them, not as a vertical stroke.
			for _, v := range tl.Versions {
				ys := l.byVer[v]
				if len(ys) == 0 {
					continue
				}
				y := median(ys)
				l.worst = min(l.worst, y)
				l.s.pts = append(l.s.pts, struct{ X, Y float64 }{pos[v], y})
			}
		}
		sort.SliceStable(c.lines, func(i, j int) bool {
			// A case seen in two versions or more draws a line, which is
			// what a timeline is for; among those, the worst first.
			a, b := len(c.lines[i].s.pts) > 1, len(c.lines[j].s.pts) > 1
			if a != b {
				return a
			}
			return c.lines[i].worst < c.lines[j].worst
		})
		sc := seriesChart{Title: c.title, Cases: len(c.lines), YLabel: "% vs the version's baseline (+ is better)"}
		if !c.relative {
			sc.YLabel = "% change from the case's first version"
		}
		lo, hi := 0.0, 0.0
		for i, l := range c.lines {
			if i == maxLines {
				break
			}
			for _, p := range l.s.pts {
				lo, hi = min(lo, p.Y), max(hi, p.Y)
			}
			sc.Lines = append(sc.Lines, l.s)
		}
		sc.YMin, sc.YMax = max(lo-5, -axisCap), min(hi+5, axisCap)
		for i := range sc.Lines {
			pts := append(plotter.XYs(nil), sc.Lines[i].pts...)
			for j := range pts {
				if pts[j].Y < sc.YMin || pts[j].Y > sc.YMax {
					sc.Clipped = true
					pts[j].Y = min(max(pts[j].Y, sc.YMin), sc.YMax)
				}
			}
			sc.Lines[i].pts = pts
		}
		out = append(out, sc)
	}
	return out
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
