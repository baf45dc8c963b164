package normalize

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

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

// outcome is one compared case of a table: one row and variant.
type outcome struct {
	row      *model.Row
	variant  string
	imp      float64
	beyond   bool
	verified bool // the row is a verification re-run
}

// WriteSummary prints, per table, a one-line verdict and the cases that
// improved or regressed beyond noise, aligned, improvement in percent.
func WriteSummary(w io.Writer, doc *model.Document, o SummaryOptions) error {
	if o.MinChange <= 0 {
		o.MinChange = DefaultMinChange
	}
	for ti := range doc.Tables {
		t := &doc.Tables[ti]
		outs := outcomes(t, o.MinChange)
		if _, err := fmt.Fprintf(w, "%s\n    %s\n", tableTitle(t), verdict(t, outs)); err != nil {
			return err
		}
		if err := writeCases(w, t, outs, o.Color); err != nil {
			return err
		}
	}
	return nil
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
	if t.Baseline != "" {
		fmt.Fprintf(&b, ", vs %s", t.Baseline)
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// outcomes picks, per row and variant, the compared cell the verdict is
// about: the main measure (value, mean, ...) when compared, else the
// first compared cell.
func outcomes(t *model.Table, minChange float64) []outcome {
	var out []outcome
	for ri := range t.Rows {
		r := &t.Rows[ri]
		best := map[string]*model.Cell{}
		var order []string
		for ci := range r.Cells {
			c := &r.Cells[ci]
			if c.ImprovementPct == nil {
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
			imp := c.ImprovementPct.Float()
			beyond := c.Noise == model.NoiseBeyond || (c.Noise == "" && math.Abs(imp) >= minChange)
			out = append(out, outcome{row: r, variant: v, imp: imp, beyond: beyond, verified: verification(r)})
		}
	}
	return out
}

func verification(r *model.Row) bool {
	for _, f := range r.Flags {
		if strings.Contains(strings.ToLower(f), "verification") {
			return true
		}
	}
	return false
}

// verdict is the one line per table: how many cases regress and improve
// beyond noise, the worst regression and, when a verification row re-ran
// it, what the re-run showed.
func verdict(t *model.Table, outs []outcome) string {
	if len(outs) == 0 {
		switch {
		case t.Baseline == "":
			return "no baseline to compare against"
		case t.Direction == "" && t.DirectionSource == model.DirMixed:
			return "rows mix metrics and no direction is known for them"
		case t.Direction == "":
			return "better-direction unknown (add the benchmark with --benchmarks)"
		}
		return "nothing compared"
	}
	total, worse, better := 0, 0, 0
	var worst, best *outcome
	for i := range outs {
		o := &outs[i]
		if o.verified {
			continue
		}
		total++
		if !o.beyond {
			continue
		}
		if o.imp < 0 {
			worse++
			if worst == nil || o.imp < worst.imp {
				worst = o
			}
		} else if o.imp > 0 {
			better++
			if best == nil || o.imp > best.imp {
				best = o
			}
		}
	}
	var parts []string
	if worse > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d cases regress beyond noise, worst %+.1f%% at %s%s",
			worse, total, worst.imp, where(t, worst), rerun(outs, worst)))
	}
	if better > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d improve, best %+.1f%% at %s", better, total, best.imp, where(t, best)))
	}
	if len(parts) == 0 {
		return fmt.Sprintf("all %d cases within noise", total)
	}
	return strings.Join(parts, "; ")
}

// where names a case: the row label, and the variant when there are
// several compared ones.
func where(t *model.Table, o *outcome) string {
	s := orDash(o.row.Case)
	if len(t.Variants) > 2 && o.variant != "" {
		s += " (" + o.variant + ")"
	}
	return s
}

// rerun notes the row's markers and the result of a verification row of
// the same case and variant.
func rerun(outs []outcome, o *outcome) string {
	var notes []string
	for _, f := range o.row.Flags {
		if !strings.Contains(strings.ToLower(f), "verification") {
			notes = append(notes, "marked "+f)
		}
	}
	for _, v := range outs {
		if v.verified && v.row.Case == o.row.Case && v.variant == o.variant {
			notes = append(notes, fmt.Sprintf("re-run in the verification row: %+.1f%%", v.imp))
			break
		}
	}
	if len(notes) == 0 {
		return ""
	}
	return " (" + strings.Join(notes, ", ") + ")"
}

// writeCases prints the cases beyond noise, one per line, columns aligned.
func writeCases(w io.Writer, t *model.Table, outs []outcome, color bool) error {
	var rows [][3]string
	var imps []float64
	for _, o := range outs {
		if !o.beyond || o.imp == 0 {
			continue
		}
		label := orDash(o.row.Case)
		if len(o.row.Flags) > 0 {
			label += " [" + strings.Join(o.row.Flags, ", ") + "]"
		}
		rows = append(rows, [3]string{label, o.variant, fmt.Sprintf("%+.2f%%", o.imp)})
		imps = append(imps, o.imp)
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
