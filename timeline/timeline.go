package timeline

import (
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

// Entry is one result of one version: the main measure of one case and
// variant of a table posted in reply to that version.
type Entry struct {
	Series    string   `json:"series"`
	Version   int      `json:"version"`
	Benchmark string   `json:"benchmark"`
	Context   []string `json:"context"`
	Case      string   `json:"case"`
	Variant   string   `json:"variant"`
	// Field is the measure: the cell's field, or, where the table's
	// columns are metrics, the column's title (with the field when that
	// is not "value").
	Field     string       `json:"field"`
	Value     model.Number `json:"value"`
	Unit      string       `json:"unit"`
	Direction string       `json:"direction"`
	// ImprovementPct and Verdict compare the variant with its table's
	// baseline (as in the records).
	ImprovementPct *model.Number `json:"improvement_pct,omitempty"`
	Verdict        model.Verdict `json:"verdict"`
	// ChangePct is the change of Value from the same case's result in the
	// closest earlier version, in percent, signed so that positive is
	// better when Direction is known (the raw change otherwise); nil for
	// the first version that has the case.
	ChangePct *float64 `json:"change_pct,omitempty"`
	// FromVersion is the version ChangePct compares with.
	FromVersion int        `json:"from_version,omitempty"`
	Author      string     `json:"author"`
	Date        *time.Time `json:"date,omitempty"`
	Table       string     `json:"table"`
	MessageID   string     `json:"message_id"`
}

// Timeline is one series' results, ordered by benchmark, context, case,
// variant and version.
type Timeline struct {
	Series   string  `json:"series"`
	Versions []int   `json:"versions"`
	Entries  []Entry `json:"entries"`
}

// Build returns a timeline per series title of doc's tables, in title
// order; tables outside a series are left out.
func Build(doc *model.Document) []Timeline {
	dates := map[string]*time.Time{}
	for _, m := range doc.Messages {
		dates[m.ID] = m.Date
	}
	bySeries := map[string]*Timeline{}
	var titles []string
	for ti := range doc.Tables {
		t := &doc.Tables[ti]
		if t.Series == "" {
			continue
		}
		tl := bySeries[t.Series]
		if tl == nil {
			tl = &Timeline{Series: t.Series}
			bySeries[t.Series] = tl
			titles = append(titles, t.Series)
		}
		version := max(t.SeriesVersion, 1)
		if !slices.Contains(tl.Versions, version) {
			tl.Versions = append(tl.Versions, version)
		}
		tl.Entries = append(tl.Entries, tableEntries(t, version, dates[t.MessageID])...)
	}
	sort.Strings(titles)
	out := make([]Timeline, 0, len(titles))
	for _, title := range titles {
		tl := bySeries[title]
		slices.Sort(tl.Versions)
		sortEntries(tl.Entries)
		changes(tl.Entries)
		out = append(out, *tl)
	}
	return out
}

// Key names what is comparable across versions: the same benchmark,
// headings and case. Variants are not part of it: they are named after
// the versions themselves as often as not ("v8", "v9").
func (e *Entry) Key() string {
	return e.Benchmark + "\x00" + strings.Join(e.Context, " / ") + "\x00" + e.Case + "\x00" + e.Field
}

// sortEntries orders entries by benchmark, then case (each in the order
// they first appear: rows keep the author's order, 1, 2, 4, ... 512),
// then version; entries of one version keep table order.
func sortEntries(es []Entry) {
	bench, key := map[string]int{}, map[string]int{}
	for i := range es {
		if _, ok := bench[es[i].Benchmark]; !ok {
			bench[es[i].Benchmark] = len(bench)
		}
		if _, ok := key[es[i].Key()]; !ok {
			key[es[i].Key()] = len(key)
		}
	}
	sort.SliceStable(es, func(i, j int) bool {
		a, b := &es[i], &es[j]
		if bench[a.Benchmark] != bench[b.Benchmark] {
			return bench[a.Benchmark] < bench[b.Benchmark]
		}
		if key[a.Key()] != key[b.Key()] {
			return key[a.Key()] < key[b.Key()]
		}
		return a.Version < b.Version
	})
}

// tableEntries lists the main measure of every case of a table, for each
// variant but the reference (which every version shares): the baseline
// column, or the reference rows of a table whose rows are its variants
// (of which the compared readings are listed).
// The names are the verdicts' (normalize.Namer): where the columns are
// metrics, each is a measure of its own.
func tableEntries(t *model.Table, version int, date *time.Time) []Entry {
	var fields []string
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if !slices.Contains(fields, c.Field) {
				fields = append(fields, c.Field)
			}
		}
	}
	main := normalize.MainField(fields)
	if main == "" {
		return nil
	}
	ctx := t.Context
	if ctx == nil {
		ctx = []string{}
	}
	name := normalize.Namer(t)
	// Where the rows are the variants, the compared readings are those
	// with a reference reading; a column of printed changes against the
	// reference row is none.
	var compared map[*model.Cell]bool
	if t.BaselineCase != "" {
		compared = map[*model.Cell]bool{}
		for _, p := range normalize.Pairs(t) {
			compared[p.Cell] = true
		}
	}
	var out []Entry
	for ri := range t.Rows {
		for ci := range t.Rows[ri].Cells {
			c := &t.Rows[ri].Cells[ci]
			if c.Field != main || compared != nil && !compared[c] {
				continue
			}
			if t.Baseline != "" && c.Variant == t.Baseline {
				continue
			}
			n := name(ri, c)
			dir := t.Direction
			if dir == "" {
				dir = c.Direction
			}
			out = append(out, Entry{
				Series: t.Series, Version: version, Benchmark: t.Benchmark, Context: ctx,
				Case: n.Case, Variant: n.Variant, Field: n.Measure, Value: c.Value, Unit: t.Unit,
				Direction: dir, ImprovementPct: c.ImprovementPct, Verdict: c.Verdict,
				Author: t.Author, Date: date, Table: t.ID, MessageID: t.MessageID,
			})
		}
	}
	return out
}

// changes sets ChangePct of each entry against the last entry of the
// same key in the closest earlier version. Entries are sorted by key,
// then version.
func changes(es []Entry) {
	for i := range es {
		e := &es[i]
		for j := i - 1; j >= 0 && es[j].Key() == e.Key(); j-- {
			p := &es[j]
			if p.Version >= e.Version {
				continue
			}
			prev, cur := p.Value.Float(), e.Value.Float()
			if prev <= 0 || cur < 0 {
				break
			}
			ch := 100 * (cur/prev - 1)
			if e.Direction == "lower" {
				ch = -ch
			}
			ch = math.Round(ch*100) / 100
			e.ChangePct, e.FromVersion = &ch, p.Version
			break
		}
	}
}
