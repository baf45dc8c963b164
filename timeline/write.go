package timeline

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench/export"
)

// CSVHeader is the column order of WriteCSV: the json keys of Entry.
var CSVHeader = []string{"series", "version", "benchmark", "context", "case", "variant", "field", "value",
	"unit", "direction", "improvement_pct", "verdict", "change_pct", "from_version", "author", "date",
	"table", "message_id"}

// WriteJSONL writes one JSON object per entry of every timeline.
func WriteJSONL(w io.Writer, tls []Timeline) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, tl := range tls {
		for i := range tl.Entries {
			if err := enc.Encode(&tl.Entries[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// WriteJSON writes the timelines as one JSON array.
func WriteJSON(w io.Writer, tls []Timeline) error {
	if tls == nil {
		tls = []Timeline{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(tls)
}

// WriteCSV writes CSVHeader, then one row per entry; unknown values are
// empty cells.
func WriteCSV(w io.Writer, tls []Timeline) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, tl := range tls {
		for _, e := range tl.Entries {
			imp, ch, from, date := "", "", "", ""
			if e.ImprovementPct != nil {
				imp = string(*e.ImprovementPct)
			}
			if e.ChangePct != nil {
				ch = strconv.FormatFloat(*e.ChangePct, 'f', 2, 64)
				from = strconv.Itoa(e.FromVersion)
			}
			if e.Date != nil {
				date = e.Date.UTC().Format(time.RFC3339)
			}
			if err := cw.Write([]string{e.Series, strconv.Itoa(e.Version), e.Benchmark, strings.Join(e.Context, " / "),
				e.Case, e.Variant, e.Field, string(e.Value), e.Unit, e.Direction, imp, string(e.Verdict), ch, from,
				e.Author, date, e.Table, e.MessageID}); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteTable prints each timeline for reading: a heading with the
// versions, then per benchmark and case one line per version's result,
// with the change from the previous version; width > 0 fits the lines.
func WriteTable(w io.Writer, tls []Timeline, width int) error {
	for i, tl := range tls {
		if i > 0 {
			if _, err := fmt.Fprintln(w); err != nil {
				return err
			}
		}
		vs := make([]string, len(tl.Versions))
		for j, v := range tl.Versions {
			vs[j] = fmt.Sprintf("v%d", v)
		}
		if _, err := fmt.Fprintf(w, "%s (%s)\n", tl.Series, strings.Join(vs, ", ")); err != nil {
			return err
		}
		g := export.Grid{
			Header:  []string{"BENCHMARK", "CONTEXT", "CASE", "VERSION", "VARIANT", "VALUE", "IMPROVEMENT", "VERDICT", "CHANGE", "AUTHOR", "DATE", "TABLE"},
			Shrink:  []int{1, 9, 4},
			Numeric: []int{5, 6, 8},
		}
		for _, e := range tl.Entries {
			imp, ch, date := "", "", ""
			if e.ImprovementPct != nil {
				imp = string(*e.ImprovementPct) + "%"
			}
			if e.ChangePct != nil {
				ch = fmt.Sprintf("%+.2f%% vs v%d", *e.ChangePct, e.FromVersion)
			}
			if e.Date != nil {
				date = e.Date.UTC().Format("2006-01-02")
			}
			g.Rows = append(g.Rows, []string{e.Benchmark, strings.Join(e.Context, " / "), e.Case,
				fmt.Sprintf("v%d", e.Version), e.Variant, string(e.Value), imp, string(e.Verdict), ch, e.Author, date, e.Table})
		}
		if err := g.Write(w, width); err != nil {
			return err
		}
	}
	return nil
}
