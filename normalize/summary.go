package normalize

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/internal/termtext"
	"github.com/lkmlbench/lkmlbench/model"
)

// SummaryOptions tune WriteSummary.
type SummaryOptions struct {
	// Color paints regressions red and improvements green; set it only
	// when the output is a terminal.
	Color bool
	// MinChange is the |improvement| in percent that counts as beyond
	// noise for a table that gives no spread and marks no significance.
	MinChange float64
}

// DefaultMinChange is the threshold for tables without noise figures:
// run-to-run variation of scheduler benchmarks is often a few percent.
const DefaultMinChange = 5.0

// SummarySchema names the shape of WriteSummaryJSON's document
// (docs/summary.schema.json).
const SummarySchema = "lkmlbench-summary/v1"

// TableSummary is the verdict on one table, computed from its cells'
// verdicts (see Decide).
type TableSummary struct {
	Table         string   `json:"table"`
	Source        string   `json:"source"`
	Line          int      `json:"line"`
	MessageID     string   `json:"message_id"`
	Benchmark     string   `json:"benchmark"`
	Context       []string `json:"context"`
	Direction     string   `json:"direction"`
	Baseline      string   `json:"baseline"`
	Series        string   `json:"series,omitempty"`
	SeriesVersion int      `json:"series_version,omitempty"`
	// Verdict is the one line a person reads: "2 of 10 cases regress
	// beyond noise, worst -47.6% at 128 ...".
	Verdict string `json:"verdict"`
	// Compared counts the compared cases, verification re-runs excluded;
	// Regressed, Improved and WithinNoise split them by verdict.
	Compared    int `json:"compared"`
	Regressed   int `json:"regressed"`
	Improved    int `json:"improved"`
	WithinNoise int `json:"within_noise"`
	// Worst and Best are the largest regression and improvement beyond
	// noise; nil when there is none.
	Worst *CaseVerdict `json:"worst,omitempty"`
	Best  *CaseVerdict `json:"best,omitempty"`
	// NotJudged counts the cases whose change is known but that carry no
	// verdict because the evidence disagrees; NotJudgedWhy is the reason
	// (model.BasisPctMismatch, ...) of the first of them.
	NotJudged    int    `json:"not_judged,omitempty"`
	NotJudgedWhy string `json:"not_judged_why,omitempty"`
	// Cases are every compared case in row order.
	Cases []CaseVerdict `json:"cases"`
}

// CaseVerdict is one compared case of a table: one row and variant, judged
// by its main measure (value, mean, ...) when that is compared, else by
// its first compared cell.
type CaseVerdict struct {
	Case           string        `json:"case"`
	Variant        string        `json:"variant"`
	Field          string        `json:"field"`
	Line           int           `json:"line"`
	Flags          []string      `json:"flags"`
	ImprovementPct float64       `json:"improvement_pct"`
	Verdict        model.Verdict `json:"verdict"`
	Basis          string        `json:"basis"`
	// Verification is true for a re-run row ("verification run"); such
	// rows are listed but not counted.
	Verification bool `json:"verification,omitempty"`
	// Runs counts the repeated runs of the case judged together (their
	// means compared, their spread the noise); 0 for a case run once.
	Runs int `json:"runs,omitempty"`
}

// Summarize judges a table from the verdicts of its cells.
func Summarize(t *model.Table) TableSummary {
	s := TableSummary{
		Table: t.ID, Source: t.Source, Line: t.StartLine, MessageID: t.MessageID,
		Benchmark: t.Benchmark, Context: nonNil(t.Context), Direction: t.Direction,
		Baseline: t.Reference(), Series: t.Series, SeriesVersion: t.SeriesVersion,
		Cases: caseVerdicts(t),
	}
	s.NotJudged, s.NotJudgedWhy = notJudged(t)
	for i := range s.Cases {
		c := &s.Cases[i]
		if c.Verification {
			continue
		}
		s.Compared++
		switch c.Verdict {
		case model.VerdictRegressed:
			s.Regressed++
			if s.Worst == nil || c.ImprovementPct < s.Worst.ImprovementPct {
				s.Worst = c
			}
		case model.VerdictImproved:
			s.Improved++
			if s.Best == nil || c.ImprovementPct > s.Best.ImprovementPct {
				s.Best = c
			}
		default:
			s.WithinNoise++
		}
	}
	s.Verdict = verdictLine(t, &s)
	return s
}

// Summaries judges every table of doc with minChange (see Decide).
func Summaries(doc *model.Document, minChange float64) []TableSummary {
	out := make([]TableSummary, 0, len(doc.Tables))
	for i := range doc.Tables {
		t := &doc.Tables[i]
		Decide(t, minChange)
		out = append(out, Summarize(t))
	}
	return out
}

func nonNil(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

// notJudged counts the row and variant pairs whose verdict was withheld
// (see Decide), and gives the first one's reason.
func notJudged(t *model.Table) (n int, why string) {
	for ri := range t.Rows {
		seen := map[string]bool{}
		for _, c := range t.Rows[ri].Cells {
			if c.Verdict != model.VerdictNone || !model.Withheld(c.VerdictBasis) || seen[c.Variant] {
				continue
			}
			seen[c.Variant] = true
			n++
			if why == "" {
				why = c.VerdictBasis
			}
		}
	}
	return n, why
}

// caseVerdicts picks, per row and variant, the compared cell the verdict
// is about: the main measure when compared, else the first compared cell.
func caseVerdicts(t *model.Table) []CaseVerdict {
	out := []CaseVerdict{}
	for ri := range t.Rows {
		r := &t.Rows[ri]
		best := map[string]*model.Cell{}
		var order []string
		for ci := range r.Cells {
			c := &r.Cells[ci]
			if c.Verdict == model.VerdictNone {
				continue
			}
			prev, ok := best[c.Variant]
			if !ok {
				order = append(order, c.Variant)
			}
			if !ok || (!slices.Contains(mainFields, prev.Field) && slices.Contains(mainFields, c.Field)) {
				best[c.Variant] = c
			}
		}
		for _, v := range order {
			c := best[v]
			if j := slices.IndexFunc(out, func(o CaseVerdict) bool {
				return len(r.Flags) == 0 && o.Runs > 0 && o.Case == r.Case && o.Variant == v && o.Field == c.Field &&
					o.ImprovementPct == c.ImprovementPct.Float() && o.Verdict == c.Verdict
			}); j >= 0 {
				// A further run of a case judged on all its runs (foldRuns).
				out[j].Runs++
				continue
			}
			out = append(out, CaseVerdict{
				Case: r.Case, Variant: v, Field: c.Field, Line: r.Line, Flags: nonNil(r.Flags),
				ImprovementPct: c.ImprovementPct.Float(), Verdict: c.Verdict, Basis: c.VerdictBasis,
				Verification: verification(r), Runs: runsOf(t, r),
			})
		}
	}
	return out
}

// runsOf is 1 when the row is the first of repeated runs of its case
// (see foldRuns), else 0.
func runsOf(t *model.Table, r *model.Row) int {
	if len(r.Flags) > 0 {
		return 0
	}
	shape := rowShape(r)
	n := 0
	for i := range t.Rows {
		if o := &t.Rows[i]; o.Case == r.Case && len(o.Flags) == 0 && rowShape(o) == shape {
			n++
		}
	}
	if n < 2 {
		return 0
	}
	return 1
}

func verification(r *model.Row) bool {
	for _, f := range r.Flags {
		if strings.Contains(strings.ToLower(f), "verification") {
			return true
		}
	}
	return false
}

// WriteSummary prints, per table, a one-line verdict and the cases that
// improved or regressed beyond noise, aligned, improvement in percent.
func WriteSummary(w io.Writer, doc *model.Document, o SummaryOptions) error {
	sums := Summaries(doc, o.MinChange)
	for ti := range sums {
		s := &sums[ti]
		if _, err := fmt.Fprintf(w, "%s\n%s    %s\n", termtext.Visible(tableTitle(&doc.Tables[ti])), threadLine(&doc.Tables[ti]), termtext.Visible(s.Verdict)); err != nil {
			return err
		}
		if err := writeCases(w, s, o.Color); err != nil {
			return err
		}
	}
	return nil
}

// SummaryDocument is what WriteSummaryJSON writes.
type SummaryDocument struct {
	Schema    string         `json:"schema"`
	MinChange float64        `json:"min_change"`
	Tables    []TableSummary `json:"tables"`
}

// WriteSummaryJSON writes the summaries of every table as one JSON
// document (docs/summary.schema.json).
func WriteSummaryJSON(w io.Writer, doc *model.Document, minChange float64) error {
	if minChange <= 0 {
		minChange = DefaultMinChange
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(SummaryDocument{Schema: SummarySchema, MinChange: minChange, Tables: Summaries(doc, minChange)})
}

// tableTitle is "t05 schbench (DEFAULT_LATENCY_NICE / NPS1) file:line, lower is better".
func tableTitle(t *model.Table) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", t.ID, orDash(t.Benchmark))
	if len(t.Context) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(t.Context, " / "))
	}
	fmt.Fprintf(&b, " %s:%d", t.Source, t.StartLine)
	if t.Direction != "" {
		fmt.Fprintf(&b, ", %s is better", t.Direction)
	}
	if ref := t.Reference(); ref != "" {
		fmt.Fprintf(&b, ", vs %s", ref)
	}
	return b.String()
}

// threadLine names the message the table was posted in, so that a table
// read from a database can be found in the archive:
// `    in "Re: [PATCH v2] ..." <id@host>`; "" when its subject is unknown.
func threadLine(t *model.Table) string {
	if t.Subject == "" {
		return ""
	}
	id := ""
	if t.MessageID != "" && !strings.Contains(t.MessageID, "#") {
		id = " <" + t.MessageID + ">"
	}
	return fmt.Sprintf("    in %q%s\n", t.Subject, id)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// verdictLine is the one line per table: how many cases regress and
// improve beyond noise, the worst regression and, when a verification row
// re-ran it, what the re-run showed.
func verdictLine(t *model.Table, s *TableSummary) string {
	if len(s.Cases) == 0 {
		switch {
		case s.NotJudged > 0:
			return "no verdict: " + whyNot[s.NotJudgedWhy]
		case t.Reference() == "" && t.Columns == model.ColumnsMetrics:
			return "no baseline: the columns are different metrics or tests, and no row names a reference"
		case t.Reference() == "":
			return "no baseline to compare against"
		case t.Direction == "" && t.DirectionSource == model.DirMixed:
			return "rows mix metrics and no direction is known for them"
		case t.Direction == "":
			return "better-direction unknown (add the benchmark with --benchmarks)"
		}
		return "nothing compared"
	}
	var parts []string
	if s.Worst != nil {
		parts = append(parts, fmt.Sprintf("%d of %d cases regress beyond noise, worst %+.1f%% at %s%s",
			s.Regressed, s.Compared, s.Worst.ImprovementPct, where(t, s.Worst), rerun(s.Cases, s.Worst)))
	}
	if s.Best != nil {
		parts = append(parts, fmt.Sprintf("%d of %d improve, best %+.1f%% at %s", s.Improved, s.Compared, s.Best.ImprovementPct, where(t, s.Best)))
	}
	if len(parts) == 0 {
		parts = append(parts, fmt.Sprintf("all %d cases within noise", s.Compared))
	}
	if s.NotJudged > 0 {
		parts = append(parts, fmt.Sprintf("%d not judged: %s", s.NotJudged, whyNot[s.NotJudgedWhy]))
	}
	return strings.Join(parts, "; ")
}

// whyNot words the reasons a case with a known change has no verdict.
var whyNot = map[string]string{
	model.BasisPctMismatch:    "the printed percentages do not follow from the values",
	model.BasisDifferentTests: "the columns look like different tests, not variants of one",
	model.BasisDoubtful:       "the reading is doubtful (a header line read as data, or columns not told apart)",
	model.BasisCounter:        "counters (CPU time, context switches, faults, usage) that follow the work done",
	model.BasisNoise:          "the mail calls the differences noise, or they are within the printed resolution",
}

// where names a case: the row label, and the variant when there are
// several compared ones; a row without a label by its variant, its field
// or its line, never by a dash.
func where(t *model.Table, c *CaseVerdict) string {
	s := c.Case
	switch {
	case s == "" && c.Variant != "":
		return c.Variant
	case s == "" && c.Field != "" && c.Field != "value":
		return c.Field
	case s == "":
		return fmt.Sprintf("line %d", c.Line)
	}
	if len(t.Variants) > 2 && c.Variant != "" {
		s += " (" + c.Variant + ")"
	}
	return s
}

// rerun notes the row's markers and the result of a verification row of
// the same case and variant.
func rerun(cases []CaseVerdict, c *CaseVerdict) string {
	var notes []string
	for _, f := range c.Flags {
		if !strings.Contains(strings.ToLower(f), "verification") {
			notes = append(notes, "marked "+f)
		}
	}
	for _, v := range cases {
		if v.Verification && v.Case == c.Case && v.Variant == c.Variant {
			notes = append(notes, fmt.Sprintf("re-run in the verification row: %+.1f%%", v.ImprovementPct))
			break
		}
	}
	if len(notes) == 0 {
		return ""
	}
	return " (" + strings.Join(notes, ", ") + ")"
}

// writeCases prints the cases beyond noise, one per line, columns aligned.
func writeCases(w io.Writer, s *TableSummary, color bool) error {
	var rows [][3]string
	var imps []float64
	for _, c := range s.Cases {
		if !c.Verdict.Beyond() {
			continue
		}
		label := orDash(c.Case)
		if len(c.Flags) > 0 {
			label += " [" + strings.Join(c.Flags, ", ") + "]"
		}
		rows = append(rows, [3]string{termtext.Visible(label), termtext.Visible(c.Variant), fmt.Sprintf("%+.2f%%", c.ImprovementPct)})
		imps = append(imps, c.ImprovementPct)
	}
	width := [3]int{}
	for _, r := range rows {
		for i, s := range r {
			width[i] = max(width[i], len(s))
		}
	}
	for i, r := range rows {
		line := strings.TrimRight(fmt.Sprintf("    %-*s  %-*s  %*s", width[0], r[0], width[1], r[1], width[2], r[2]), " ")
		if color {
			code := "32" // green: better
			if imps[i] < 0 {
				code = "31" // red: worse
			}
			line = "\x1b[" + code + "m" + line + "\x1b[0m"
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	return nil
}
