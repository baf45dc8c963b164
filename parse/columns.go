package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
)

// baselineWords mark the variant others are compared against.
var baselineWords = []string{"without", "base", "before", "vanilla", "baseline", "tip", "mainline", "unpatched", "orig", "old", "stock", "upstream"}

// pickBaseline returns the variant whose name says it is the reference,
// or that every other one qualifies (qualifiedBuild); if none does and
// the table carries comparison figures (pct cells), the first variant;
// otherwise "".
func pickBaseline(variants []string, hasPct bool) string {
	for _, v := range variants {
		for _, w := range strings.FieldsFunc(strings.ToLower(v), func(r rune) bool {
			return !(r >= 'a' && r <= 'z')
		}) {
			for _, b := range baselineWords {
				if w == b {
					return v
				}
			}
		}
	}
	if v := qualifiedBuild(variants); v != "" {
		return v
	}
	if hasPct && len(variants) > 0 {
		return variants[0]
	}
	return ""
}

// qualifiedBuild returns the variant every other one is with a
// qualifier ("next" of "next + series"): the build they change.
func qualifiedBuild(variants []string) string {
	for _, v := range variants {
		all := len(variants) > 1
		for _, o := range variants {
			all = all && (o == v || qualifies(v, o))
		}
		if all {
			return v
		}
	}
	return ""
}

// pctNamer names the bracketed percentages of a table: the first column
// carrying one (per variant) gets "pct", later ones "<field>_pct".
type pctNamer map[string]string

func (p pctNamer) name(variant, field string) string {
	if f, ok := p[variant]; ok {
		if f == field {
			return "pct"
		}
		return field + "_pct"
	}
	p[variant] = field
	return "pct"
}

// appendSlotCells appends the cells of one column that a slot holds to
// cells. parenField names bracketed figures when the column title says
// what they are; otherwise they are the table's change figures (pctNamer).
//
// A slot that is a named part of its cell ("IOPS=20.5k", "user" of
// "(real/user/sys)") is the field of that name, and keeps its unit on
// its own cell: the parts of one cell seldom share a unit.
func appendSlotCells(cells []model.Cell, s cell.Slot, variant, field, parenField string, pcts pctNamer) (_ []model.Cell, hasPct bool) {
	unit := ""
	if s.Name != "" {
		field, unit = partField(field, s.Name), s.Unit
	}
	v, f1, f2 := variant, field, ""
	for _, e := range s.Extras {
		if e.Kind == "second" {
			v, f1, f2 = cell.PairFields(variant, field)
		}
	}
	c := model.Cell{Variant: v, Field: f1, Value: model.Number(s.Num), Text: s.Text, Unit: unit}
	if s.Approx {
		c.Flags = []string{model.FlagApprox}
	}
	cells = append(cells, c)
	for _, e := range s.Extras {
		f := e.Kind
		switch e.Kind {
		case "second":
			f = f2
		case "paren":
			switch {
			case parenField != "":
				f = parenField
			default:
				f = pcts.name(v, f1)
			}
		}
		if f == "pct" || strings.HasSuffix(f, "_pct") {
			hasPct = true
		}
		cells = append(cells, model.Cell{Variant: v, Field: f, Value: model.Number(e.Val)})
	}
	return cells, hasPct
}

// partField is the field of a named part of a cell under a column of
// field: the part's name in lower case ("iops", "user"), after the
// column's own field when that says more than "value" ("lat_p99").
func partField(field, name string) string {
	name = strings.ToLower(name)
	if field == "" || field == "value" {
		return name
	}
	return field + "_" + name
}

// unitSet collects the units glued to a table's numbers; the table's unit
// is the one unit every number carries.
type unitSet map[string]int

func (u unitSet) add(unit string) { u[unit]++ }

// common returns the unit when all numbers carry the same one ("ms" under
// every value), else "". A ratio mark "x" is no unit.
func (u unitSet) common() string {
	if len(u) != 1 {
		return ""
	}
	for k := range u {
		if k != "x" && k != "X" {
			return k
		}
	}
	return ""
}

// bareParen returns the figure a slot has in brackets with neither '%' nor
// a '+' written ("2310.55 (12.3)"), which may be a change or a spread.
func bareParen(s cell.Slot) (float64, bool) {
	for _, e := range s.Extras {
		if e.Kind == "paren" && !strings.ContainsAny(e.Raw, "%+") {
			return model.Number(e.Val).Float(), true
		}
	}
	return 0, false
}

// bareParenField decides what bare bracketed figures are: the change in
// percent against the first value of their series when they work as one,
// else a spread ("value (stddev)" side by side, kernbench style). A
// change against itself is zero, so a non-zero figure beside the first
// value is a spread; otherwise the figures are changes when the first is
// zero beside a non-zero one, or when each is within rounding of the
// change its value shows. series are the slots compared with each other
// (a row's variant columns, or a column's kernel rows), in order.
func bareParenField(series [][]cell.Slot) string {
	checked, agree := 0, 0
	for _, sr := range series {
		if len(sr) < 2 || sr[0].Missing {
			continue
		}
		base := model.Number(sr[0].Num).Float()
		p0, has0 := bareParen(sr[0])
		if has0 && p0 != 0 {
			return "stddev"
		}
		for _, s := range sr[1:] {
			p, ok := bareParen(s)
			if !ok || s.Missing {
				continue
			}
			if has0 && p != 0 {
				return "pct"
			}
			if base == 0 {
				continue
			}
			c := (model.Number(s.Num).Float() - base) / base * 100
			checked++
			if d := abs64(abs64(p) - abs64(c)); d <= 0.6 || d <= 0.05*abs64(c) {
				agree++
			}
		}
	}
	if checked > 0 && agree == checked {
		return "pct"
	}
	return "stddev"
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// withBareParens renames the bare bracketed figures of a slot to field
// ("stddev"); figures written with '%' or '+' stay changes.
func withBareParens(s cell.Slot, field string) cell.Slot {
	if field == "pct" {
		return s
	}
	out := s
	out.Extras = make([]cell.Extra, len(s.Extras))
	for i, e := range s.Extras {
		if e.Kind == "paren" && !strings.ContainsAny(e.Raw, "%+") {
			e.Kind = field
		}
		out.Extras[i] = e
	}
	return out
}

// changeColumns gives a change column ("delta", "%change", "vs base")
// that has no variant of its own the variant of the last value column
// before it: "before  after  delta" compares after with before, so its
// delta is after's pct.
func changeColumns(variants, fields []string) {
	var titled []string
	for j, v := range variants {
		if v != "" && fields[j] == "value" && !containsString(titled, v) {
			titled = append(titled, v)
		}
	}
	last := ""
	for j := range fields {
		switch {
		case variants[j] != "" && fields[j] == "value":
			last = variants[j]
		case variants[j] == "" && fields[j] == "pct" && last != "":
			variants[j] = changeOwner(titled, last)
		}
	}
}

// referenceRow reports whether a row is the reference the other rows are
// measured against: a reference word for its label ("baseline",
// "vanilla") and a zero change or a unit ratio among its numbers ("0.0%",
// "100%", "1.00x"). Then the rows are the compared kernels, whatever the
// columns hold. rows[i] holds the numbers of the row labelled labels[i].
func referenceRow(labels []string, rows [][]cell.Slot) bool {
	for i := range labels {
		for j := range rows[i] {
			if unitChange(labels, rows, i, j) {
				return true
			}
		}
	}
	return false
}

// unitChange reports whether row i is labelled as a reference and its
// number in column j is a zero change or a unit ratio.
func unitChange(labels []string, rows [][]cell.Slot, i, j int) bool {
	if i >= len(rows) || j >= len(rows[i]) || !refName(strings.TrimSuffix(labels[i], ":")) {
		return false
	}
	s := rows[i][j]
	if s.Missing {
		return false
	}
	v := model.Number(s.Num).Float()
	return s.Pct && (v == 0 || v == 100) || s.Unit == "x" && v == 1
}

// changeColumn reports whether column j of rows holds changes against the
// reference row: percentages, the reference's a zero change or 100%.
func changeColumn(labels []string, rows [][]cell.Slot, j int) bool {
	ref := false
	for i, r := range rows {
		if j >= len(r) || r[j].Missing {
			continue
		}
		if !r[j].Pct {
			return false
		}
		ref = ref || unitChange(labels, rows, i, j)
	}
	return ref
}

// changeOwner returns the variant a change column belongs to: that of the
// titled column on its left (last), but the other of two variants when
// last is their reference: "With Patch | Without Patch | % Change"
// compares the patch with its absence.
func changeOwner(titled []string, last string) string {
	if len(titled) != 2 || pickBaseline(titled, false) != last {
		return last
	}
	if titled[0] == last {
		return titled[1]
	}
	return titled[0]
}

// rowHeads are label-column titles that say the rows are the compared
// kernels or machines.
var rowHeads = map[string]bool{
	"kernel": true, "kernels": true, "kernel version": true, "host": true, "machine": true,
	"identifier": true, "tree": true, "version": true, "branch": true, "variant": true,
}

// rowsAreVariants reports whether the rows of a table are the compared
// kernels: the label column is titled so ("Kernel", "Host"), or, in a
// table of plain value columns (no statistics), a row label is a
// reference name ("base", "vanilla", "before") while no column title
// holds one. Such a table keeps the row label as its case (the schema's
// rule) and gives the kernel as the variant too, so that the compared
// kernels appear as variants; each column title, lower-cased, is a field
// ("run1", "throughput", "time"). Rows of configurations beside statistic
// columns ("with-f4-1g  Mean  Stddev") stay a single series.
func rowsAreVariants(head string, labels, titles, fields []string) bool {
	if rowHeads[strings.ToLower(strings.Join(strings.Fields(head), " "))] {
		return true
	}
	for _, f := range fields {
		if f != "value" {
			return false
		}
	}
	ref := false
	for _, l := range labels {
		ref = ref || refName(l)
	}
	return len(labels) >= 2 && ref && pickBaseline(titles, false) == ""
}

// refName reports whether a row label as a whole names a reference or its
// counterpart: "base", "vanilla", "before", "patched", "after".
func refName(label string) bool {
	same := strings.EqualFold // on ASCII, lower-casing compared in place
	if !ascii(label) {
		label = strings.ToLower(label)
		same = func(a, b string) bool { return a == b }
	}
	for _, w := range refWords {
		if same(label, w) {
			return true
		}
	}
	for _, w := range baselineWords {
		if same(label, w) {
			return true
		}
	}
	return false
}

// refWords name the variant a reference is compared with.
var refWords = []string{"patched", "after", "new", "with patch", "without patch"}
