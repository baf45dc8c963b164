package normalize

import (
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// Rebase returns a copy of t compared against another of its variants:
// improvements, noise and verdicts are worked out afresh against
// variant (matched exactly, else without regard to case), with the same
// rules as Table. Printed percentages, which refer to the author's
// baseline, then only count where they still fit the values. ok is false
// when t has no such variant.
func Rebase(t *model.Table, variant string, opts Options) (model.Table, bool) {
	v := ""
	for _, name := range t.Variants {
		if name == variant {
			v = name
			break
		}
		if v == "" && strings.EqualFold(name, variant) {
			v = name
		}
	}
	if v == "" {
		return model.Table{}, false
	}
	c := *t
	c.Variants = slices.Clone(t.Variants)
	c.Baseline = v
	c.Rows = make([]model.Row, len(t.Rows))
	for i, r := range t.Rows {
		r.Cells = slices.Clone(r.Cells)
		for j := range r.Cells {
			cell := &r.Cells[j]
			cell.ImprovementPct, cell.Noise, cell.Verdict, cell.VerdictBasis = nil, "", model.VerdictNone, ""
			cell.Flags = slices.DeleteFunc(slices.Clone(cell.Flags), func(f string) bool { return f == model.FlagPctMismatch })
		}
		c.Rows[i] = r
	}
	readings(&c, opts)
	// The printed percentages refer to the author's baseline: that they
	// do not fit the new one says nothing against the reading.
	for i := range c.Rows {
		for j := range c.Rows[i].Cells {
			cell := &c.Rows[i].Cells[j]
			cell.Flags = slices.DeleteFunc(cell.Flags, func(f string) bool { return f == model.FlagPctMismatch })
		}
	}
	Decide(&c, opts.MinChange)
	return c, true
}

// RebaseDocument compares every table of doc against variant (see
// Rebase) in place, and drops the tables that have no such variant;
// it returns how many it dropped. summary, report and series use it for
// --baseline, as compare does.
func RebaseDocument(doc *model.Document, variant string, opts Options) (dropped int) {
	kept := doc.Tables[:0]
	for i := range doc.Tables {
		c, ok := Rebase(&doc.Tables[i], variant, opts)
		if !ok {
			dropped++
			continue
		}
		kept = append(kept, c)
	}
	doc.Tables = kept
	return dropped
}
