package export

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lkmlbench/lkmlbench/internal/termtext"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

// CompareOptions tune WriteCompare.
type CompareOptions struct {
	// Baseline is the variant every table is compared against; "" keeps
	// each table's own baseline.
	Baseline string
	// Normalize holds the rules the comparison is worked out with
	// (better-direction list, minimum change).
	Normalize normalize.Options
}

// CompareStats counts what WriteCompare left out.
type CompareStats struct {
	Tables int // tables printed
	// NoBaseline counts tables without the baseline variant (or without
	// any baseline).
	NoBaseline int
}

// WriteCompare prints each table with a baseline in the layout of
// mmtests' compare-kernels: one line per case and measure, one column
// per variant, each value followed by its improvement over the baseline
// in percent, positive is better: "( x.xx%)" within noise, "* x.xx%*"
// beyond it. Columns are aligned per table.
func WriteCompare(w io.Writer, doc *model.Document, o CompareOptions) (CompareStats, error) {
	var st CompareStats
	for i := range doc.Tables {
		t := &doc.Tables[i]
		c := *t
		if o.Baseline != "" {
			var ok bool
			if c, ok = normalize.Rebase(t, o.Baseline, o.Normalize); !ok {
				st.NoBaseline++
				continue
			}
		} else {
			normalize.Decide(&c, o.Normalize.MinChange)
		}
		if c.Baseline == "" {
			st.NoBaseline++
			continue
		}
		if st.Tables > 0 {
			if _, err := fmt.Fprintln(w); err != nil {
				return st, err
			}
		}
		st.Tables++
		if err := writeCompareTable(w, &c); err != nil {
			return st, err
		}
	}
	return st, nil
}

// writeCompareTable prints one table: a title line, the variant names
// with the baseline first, then the rows.
func writeCompareTable(w io.Writer, t *model.Table) error {
	title := t.ID + " " + dash(t.Benchmark)
	if len(t.Context) > 0 {
		title += " (" + strings.Join(t.Context, " / ") + ")"
	}
	if t.Direction != "" {
		title += ", " + t.Direction + " is better"
	}
	if t.Unit != "" {
		title += ", " + t.Unit
	}
	if _, err := fmt.Fprintf(w, "%s\n", termtext.Visible(title)); err != nil {
		return err
	}
	variants := []string{t.Baseline}
	for _, v := range t.Variants {
		if v != t.Baseline {
			variants = append(variants, v)
		}
	}
	// Rows of cells: the statistic and the case left-aligned, the
	// variants' columns right-aligned, as compare-kernels prints them.
	lines := [][]string{append([]string{"", ""}, variants...)}
	stat := t.Statistic
	for _, r := range t.Rows {
		var fields []string
		for _, c := range r.Cells {
			if !normalize.IsSpread(c.Field) && !slices.Contains(fields, c.Field) {
				fields = append(fields, c.Field)
			}
		}
		for _, f := range fields {
			label := stat
			if label == "" || f != "value" {
				label = f
			}
			name := dash(r.Case)
			if len(r.Flags) > 0 {
				name += " [" + strings.Join(r.Flags, ", ") + "]"
			}
			line := []string{label, name}
			for vi, v := range variants {
				line = append(line, compareCell(&r, v, f, vi == 0))
			}
			lines = append(lines, line)
		}
	}
	for _, l := range lines {
		for i, c := range l {
			l[i] = termtext.Visible(c)
		}
	}
	width := make([]int, len(lines[0]))
	for _, l := range lines {
		for i, c := range l {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, l := range lines {
		var b strings.Builder
		for i, c := range l {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if i < 2 {
				b.WriteString(c + pad + "  ")
			} else {
				b.WriteString("  " + pad + c)
			}
		}
		if _, err := fmt.Fprintln(w, strings.TrimRight(b.String(), " ")); err != nil {
			return err
		}
	}
	return nil
}

// compareCell renders "value (  x.xx%)" or "value *  x.xx%*"; the
// baseline shows 0.00%, a cell without comparison its value alone.
func compareCell(r *model.Row, variant, field string, base bool) string {
	for _, c := range r.Cells {
		if c.Variant != variant || c.Field != field {
			continue
		}
		switch {
		case base:
			return fmt.Sprintf("%s (%7.2f%%)", c.Value, 0.0)
		case c.ImprovementPct == nil:
			return fmt.Sprintf("%s %10s", c.Value, "")
		case c.Verdict.Beyond():
			return fmt.Sprintf("%s *%7.2f%%*", c.Value, c.ImprovementPct.Float())
		}
		return fmt.Sprintf("%s (%7.2f%%)", c.Value, c.ImprovementPct.Float())
	}
	return "-"
}
