package normalize

import (
	"github.com/lkmlbench/lkmlbench/model"
)

// Names say what one reading of a table is, whatever the layout the
// author chose: the case measured, the variant (kernel, configuration)
// it was measured on, and the measure.
type Names struct {
	Case, Variant, Measure string
}

// Namer returns the names of t's readings, as the verdicts read them.
// For a table whose columns are variants they are the row's label, the
// column's variant and the cell's field. When the columns are metrics
// (model.ColumnsMetrics) the column's title is the measure (with the
// field when that is not "value"), and when the rows are also the
// variants (BaselineCase) each row label splits into its test, the case,
// and its variant ("sda teo-m": case "sda", variant "teo-m"). When each
// row holds the cells of the variant its label names ("Baseline:" above
// "Patched:"), the case is "" and the measure is the field.
func Namer(t *model.Table) func(row int, c *model.Cell) Names {
	switch {
	case t.Columns == model.ColumnsMetrics:
		whole := t.BaselineCase != "" && byWholeLabel(t)
		return func(row int, c *model.Cell) Names {
			n := Names{Case: t.Rows[row].Case, Measure: metricMeasure(c)}
			if t.BaselineCase != "" {
				n.Case, n.Variant = rowVariant(t.Rows[row].Case, whole)
			}
			return n
		}
	case rowsAreVariants(t):
		return func(_ int, c *model.Cell) Names { return Names{Variant: c.Variant, Measure: c.Field} }
	}
	return func(row int, c *model.Cell) Names {
		return Names{Case: t.Rows[row].Case, Variant: c.Variant, Measure: c.Field}
	}
}

// metricMeasure names what a cell of a metric column measures: the
// column's title, with the field when that says more than "value".
func metricMeasure(c *model.Cell) string {
	switch {
	case c.Variant == "":
		return c.Field
	case c.Field == "" || c.Field == "value":
		return c.Variant
	}
	return c.Variant + " " + c.Field
}

// Pair is one reading of a table compared with its reference: the pairs
// the verdicts judge, named (Namer).
type Pair struct {
	Names
	// Row is the row of Cell.
	Row int
	// Main is true for the variant's main measure (value, mean, ...; the
	// one its printed change and spread refer to), and for every reading
	// of a table whose rows are its variants.
	Main bool
	// Cell is the compared reading; where the variant prints only its
	// change, the printed change, which then carries the improvement.
	Cell *model.Cell
	// Bases are the reference's readings Cell is compared with: one for
	// a baseline column, each run of the reference row for a table whose
	// rows are its variants; none where only a change is printed.
	Bases []*model.Cell
}

// Pairs lists every reading of t compared with its reference, in row
// order: with a baseline column the pairs its verdicts judge; when the
// rows are the variants (BaselineCase) each reading of a row that is not
// the reference with the readings of the reference rows of its test in
// the same column and field. nil when t has no reference.
func Pairs(t *model.Table) []Pair {
	name := Namer(t)
	if t.BaselineCase == "" {
		var out []Pair
		for _, c := range comparisons(t) {
			p := Pair{Row: c.row, Main: c.main, Cell: c.cell}
			if c.base != nil {
				p.Bases = []*model.Cell{c.base}
			}
			if p.Cell == nil {
				p.Cell = c.pct
			}
			p.Names = name(c.row, p.Cell)
			out = append(out, p)
		}
		return out
	}
	type key struct{ test, column, field string }
	whole := byWholeLabel(t)
	refs := map[key][]*model.Cell{}
	for ri := range t.Rows {
		r := &t.Rows[ri]
		if test, v := rowVariant(r.Case, whole); v == t.BaselineCase {
			for ci := range r.Cells {
				if c := &r.Cells[ci]; rowCompared(t, c) {
					k := key{test, c.Variant, c.Field}
					refs[k] = append(refs[k], c)
				}
			}
		}
	}
	var out []Pair
	for ri := range t.Rows {
		r := &t.Rows[ri]
		test, v := rowVariant(r.Case, whole)
		if v == t.BaselineCase {
			continue
		}
		for ci := range r.Cells {
			c := &r.Cells[ci]
			bases := refs[key{test, c.Variant, c.Field}]
			if !rowCompared(t, c) || bases == nil {
				continue
			}
			out = append(out, Pair{Names: name(ri, c), Row: ri, Main: true, Cell: c, Bases: bases})
		}
	}
	return out
}
