package report

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"net/url"
	"sort"
	"strings"
	"time"

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
	// Chart is "" when the table has nothing to chart; NoChart then
	// says why.
	Chart   template.HTML
	NoChart string
	Legend  []legendEntry
	// Note says how to read the chart and what it leaves out.
	Note    string
	Columns []column
	Rows    []rowView
	Prov    provenance
	Facts   []string
}

// column is a column of a table's grid: a variant and field, and which
// of the row's numbers of both it is (0 for the first).
type column struct {
	Variant, Field string
	n              int
}

// cellColumns names the column of each of a row's cells.
func cellColumns(r *model.Row) []column {
	seen := map[column]int{}
	out := make([]column, len(r.Cells))
	for i, c := range r.Cells {
		k := column{Variant: c.Variant, Field: c.Field}
		k.n = seen[k]
		seen[column{Variant: c.Variant, Field: c.Field}]++
		out[i] = k
	}
	return out
}

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
		sv := seriesView1(tl, i)
		if len(sv.Pivots) == 0 {
			continue // no table of the series has a main measure to follow
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
	if t.Benchmark == "" {
		tv.Title = strings.TrimSpace("(benchmark not named) " + contextText(t))
	}
	var svg string
	var err error
	// A chart of nothing but zeros shows no more than a line saying so.
	if d := changeBars(t); len(d.groups) > 0 {
		if d.flat() {
			tv.NoChart = "No chart: every change against " + d.reference + " is 0%. The table has the numbers."
		} else {
			d.keepLargest()
			d.bounds()
			svg, err = changeChartSVG(t, d)
			tv.Legend, tv.Note = changeLegend(d), changeNote(d)
		}
	} else if p := ownScale(t); len(p.panels) > 0 {
		if p.flat() {
			tv.NoChart = "No chart: every number is 0. The table has them."
		} else {
			svg, err = panelsSVG(t, p)
			tv.Legend, tv.Note = panelsLegend(p), panelsNote(t, p)
		}
	} else {
		tv.NoChart = noChartNote(p)
	}
	if err != nil {
		return tv, err
	}
	// The SVG is gonum's own output from numbers and labels it escaped
	// (svgo escapes text), not user HTML.
	tv.Chart = template.HTML(svg)
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
// per variant and field in order of appearance (a second number of the
// same variant and field in a row, from columns whose titles were not
// read, gets a column of its own); compared cells carry their
// improvement and verdict.
func grid(t *model.Table) ([]column, []rowView) {
	var cols []column
	at := map[column]int{}
	for _, r := range t.Rows {
		for _, k := range cellColumns(&r) {
			if _, ok := at[k]; !ok {
				at[k] = len(cols)
				cols = append(cols, k)
			}
		}
	}
	rows := make([]rowView, 0, len(t.Rows))
	for _, r := range t.Rows {
		rv := rowView{Case: r.Case, Flags: strings.Join(r.Flags, ", "), Cells: make([]cellView, len(cols))}
		keys := cellColumns(&r)
		for i, c := range r.Cells {
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
			rv.Cells[at[keys[i]]] = cv
		}
		rows = append(rows, rv)
	}
	return cols, rows
}
