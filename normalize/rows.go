package normalize

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/lkmlbench/lkmlbench/model"
)

// A table whose columns are metrics or tests (model.ColumnsMetrics) often
// holds the compared configurations in its rows: "(1 baseline)" above
// "(2) kmem on", "Base (menu)" above "Base + Patch 1 (menu)", or a test
// and a governor per row ("sda teo-m", "sda teo-patch"), each repeated
// for every run. The rows' reference is found as a column's would be
// (reference), among the row labels or, when the labels pair a test with
// a variant, among their last words; every other row is then compared
// with the reference rows of its test, column by column, and repeated
// runs are judged by their means against the spread of both sides.

// pctTitle is a column title that names a change rather than a reading:
// "overhead", "% Difference", "perc_diff", "benefit %", "Perf %".
var pctTitle = regexp.MustCompile(`(?i)^\W*(perc|pct|percent|%)?[ _-]?(diff|difference|delta|change|chg|gain|improvement|imp|overhead|speedup|regression|benefit)\W*$|^\W*%\W*$|\b(diff|difference|delta|change|improvement|gain|benefit|overhead|speedup|regression|perf|performance)\b\s*(\(\s*)?%`)

// isPctColumn reports whether a column of a table whose rows are its
// variants holds changes against the reference row.
func isPctColumn(t *model.Table, v string) bool {
	// Not changeName's bare "ratio": beside metrics it is one more
	// ("idle_miss ratio").
	return t.Columns == model.ColumnsMetrics && v != "" && pctTitle.MatchString(v)
}

// isPctCell reports whether a cell is a printed change: a pct field, or a
// cell of a change column of a table whose rows are its variants.
func isPctCell(t *model.Table, c *model.Cell) bool {
	return c.Field == "pct" || strings.HasSuffix(c.Field, "_pct") || isPctColumn(t, c.Variant)
}

// lastWord splits a row label into the words before its last one and its
// last word.
func lastWord(label string) (head, last string) {
	label = strings.TrimSpace(label)
	i := strings.LastIndexFunc(label, unicode.IsSpace)
	if i < 0 {
		return "", label
	}
	return strings.TrimSpace(label[:i]), label[i+1:]
}

// rowLabels lists t's distinct row labels in order, "" left out.
func rowLabels(t *model.Table) []string {
	var out []string
	for _, r := range t.Rows {
		if l := strings.TrimSpace(r.Case); l != "" && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// byWholeLabel reports whether t's rows are variants by their whole
// labels (one of them is t.BaselineCase); otherwise each label is a test
// and a variant, the last word.
func byWholeLabel(t *model.Table) bool {
	for _, r := range t.Rows {
		if strings.TrimSpace(r.Case) == t.BaselineCase {
			return true
		}
	}
	return false
}

// rowVariant splits a row label into its test and its variant: the whole
// label is the variant when whole is true, else its last word.
func rowVariant(label string, whole bool) (test, variant string) {
	if whole {
		return "", strings.TrimSpace(label)
	}
	return lastWord(label)
}

// rowsOrColumns decides whether t's columns are its variants. They are
// not when their titles name metrics or tests (metricColumns), nor when
// no title names a version of the code, nothing names a reference among
// them, and the rows name one ("(1 baseline)" above "(2) kmem on" under
// "kmalloc" and "pgalloc"). Then t.Columns is model.ColumnsMetrics, no
// column is the baseline, and t.BaselineCase names the reference row
// when one is found.
func rowsOrColumns(t *model.Table) {
	if len(t.Variants) == 1 && rowChanges(t) {
		// One column and the change of each row against one of them
		// beside it ("| Stock | 1.00 | 0.00% |" over "| Stock + Fix |
		// 0.90 | -10.00% |"): the rows are the variants.
		t.Columns, t.Baseline = model.ColumnsMetrics, ""
		t.BaselineCase = inferBaselineCase(t, false)
		return
	}
	if len(t.Variants) == 1 || knownVariants[t.Format] || pctReference(t) != "" {
		// One variant is no comparison of columns; the tool's columns
		// are kernels; or one column's printed changes are 0.00
		// throughout: it is the others' baseline.
		return
	}
	if len(t.Variants) > 0 && metricColumns(t) {
		t.Columns, t.Baseline = model.ColumnsMetrics, ""
		t.BaselineCase = inferBaselineCase(t, false)
		return
	}
	for _, v := range t.Variants {
		if namesVersion(titleWords(v)) {
			return
		}
	}
	if t.Baseline != "" || InferBaseline(t) != "" {
		return
	}
	if b := inferBaselineCase(t, true); b != "" {
		t.Columns, t.Baseline, t.BaselineCase = model.ColumnsMetrics, "", b
	}
}

// rowChanges reports whether t's rows print their changes against one
// of them: pct cells, zero in some row and not in another.
func rowChanges(t *model.Table) bool {
	zero, other := false, false
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if c.Field != "pct" {
				continue
			}
			if f := c.Value.Float(); f == 0 {
				zero = true
			} else if !math.IsNaN(f) {
				other = true
			}
		}
	}
	return zero && other
}

// knownVariants are the formats whose columns are always the compared
// kernels: mmtests, AMD's "[pct imp]" blocks, the robot's.
var knownVariants = map[string]bool{"mmtests": true, "pct-imp-cv": true, "lkp": true}

// inferBaselineCase names the reference row of a table whose columns are
// metrics (model.Table.BaselineCase): a row label that reference picks
// among the labels, else a last word it picks among the labels' last
// words when every label has a test before it. "" when none. strict
// asks for a reference named outright (see reference): the columns
// themselves did not say the rows are the variants.
func inferBaselineCase(t *model.Table, strict bool) string {
	labels := rowLabels(t)
	if len(labels) < 2 {
		return ""
	}
	texts := nearbyTexts(t)
	lasts := lastWords(labels)
	v := proseReference(lasts, texts)
	if v == "" {
		// The prose names no variant the labels pair with their tests
		// ("teo-m is mainline" over "sdx teo-m", "sdx teo").
		v = reference(labels, texts, !strict, func() string { return rowPctReference(t, true) })
		if v != "" && measureLabel(v) {
			// "sched:sched_wake_idle_without_ipi" is an event, not the
			// code without something.
			return ""
		}
	}
	if v == "" {
		v = reference(lasts, texts, !strict, func() string { return rowPctReference(t, false) })
	}
	if v == "" {
		return ""
	}
	measured := 0
	for _, l := range labels {
		if measureLabel(l) {
			measured++
		}
	}
	if 2*measured > len(labels) {
		// Most rows name a metric, a test or a part ("Size before
		// compression (bytes)", "vanilla read", "POLL"): the rows are
		// what was measured, not the variants.
		return ""
	}
	return v
}

// measureLabel reports whether a row label names what was measured: a
// metric, a counter or event, a unit, a test or a part of the machine.
func measureLabel(l string) bool {
	return namesMeasure(titleWords(l), unitTitle.MatchString(l)) || isCounterName(l) || MetricDirection(l) != ""
}

// lastWords lists the distinct last words of labels that each pair a
// test with a variant: every label has words before its last, and some
// last word ends several labels or all labels share their test. nil
// otherwise: the words before the last are no test shared by several
// variants.
func lastWords(labels []string) []string {
	var lasts, heads []string
	for _, l := range labels {
		head, last := lastWord(l)
		if head == "" {
			return nil
		}
		if !slices.Contains(lasts, last) {
			lasts = append(lasts, last)
		}
		if !slices.Contains(heads, head) {
			heads = append(heads, head)
		}
	}
	if len(lasts) == len(labels) && len(heads) > 1 {
		return nil
	}
	return lasts
}

// rowPctReference is the row variant whose printed changes (its cells in
// change columns) are all zero while every other variant prints a
// nonzero one: the row the changes are relative to. "" when none is.
func rowPctReference(t *model.Table, whole bool) string {
	zero, nonzero := map[string]bool{}, map[string]bool{}
	var order []string
	for _, r := range t.Rows {
		_, v := rowVariant(r.Case, whole)
		for _, c := range r.Cells {
			if c.Variant == "" || !pctTitle.MatchString(c.Variant) || !c.Value.Valid() {
				continue
			}
			if !slices.Contains(order, v) {
				order = append(order, v)
			}
			if c.Value.Float() == 0 {
				zero[v] = true
			} else {
				nonzero[v] = true
			}
		}
	}
	ref := only(order, func(v string) bool { return zero[v] && !nonzero[v] })
	if ref == "" || len(order) < 2 {
		return ""
	}
	for _, v := range order {
		if v != ref && !nonzero[v] {
			return ""
		}
	}
	return ref
}

// rowKey names one reading of a table whose rows are its variants: a
// test, a variant, and the column and field of the cell.
type rowKey struct{ test, variant, column, field string }

// rowCell is a reading of such a table and the row that holds it.
type rowCell struct {
	row  *model.Row
	cell *model.Cell
}

// rowReadings compares every row of t with its test's reference rows
// (t.BaselineCase), column by column: each cell of a compared column gets
// the change of its runs' mean against the reference runs' mean, signed
// by the cell's direction. The change is beyond noise when it exceeds the
// spread of the runs on both sides (when both repeat), or the spread both
// rows print beside the reading (a "bandwidth_cv" field, a cv); else the
// minimum change decides (Decide). A change column whose number in a row
// fits the change of none of the row's readings is flagged
// model.FlagPctMismatch.
func rowReadings(t *model.Table) {
	whole := byWholeLabel(t)
	runs := map[rowKey][]rowCell{}
	var order []rowKey
	for i := range t.Rows {
		r := &t.Rows[i]
		test, v := rowVariant(r.Case, whole)
		for j := range r.Cells {
			c := &r.Cells[j]
			if !rowCompared(t, c) {
				continue
			}
			k := rowKey{test, v, c.Variant, c.Field}
			if _, ok := runs[k]; !ok {
				order = append(order, k)
			}
			runs[k] = append(runs[k], rowCell{r, c})
		}
	}
	for _, k := range order {
		cells := runs[k]
		bk := k
		bk.variant = t.BaselineCase
		base, ok := runs[bk]
		if k.variant == t.BaselineCase || !ok {
			continue
		}
		dir := cells[0].cell.Direction
		if t.Direction != "" {
			dir = t.Direction
		}
		mn, cn := meanCV(rowValues(cells))
		mb, cb := meanCV(rowValues(base))
		if math.IsNaN(mn) || math.IsNaN(mb) || mb <= 0 || mn < 0 || dir == "" {
			continue
		}
		imp := 100 * (mn/mb - 1)
		if dir == "lower" {
			imp = -imp
		}
		spread := math.NaN()
		switch {
		case len(cells) > 1 && len(base) > 1:
			spread = math.Max(cn, cb)
		case len(cells) == 1 && len(base) == 1:
			spread = math.Max(printedSpread(cells[0]), printedSpread(base[0]))
		}
		noise := ""
		switch {
		case math.IsNaN(spread):
		case math.Abs(imp) < spread:
			noise = model.NoiseWithin
		default:
			noise = model.NoiseBeyond
		}
		for _, c := range cells {
			c.cell.ImprovementPct, c.cell.Noise = pctNumber(imp), noise
		}
	}
	checkRowPcts(t, whole)
}

// printedSpread is the coefficient of variation, in percent, the row
// prints beside a reading in its column ("bandwidth" beside
// "bandwidth_cv"; "value" beside "cv" or "stddev"); NaN when none.
func printedSpread(rc rowCell) float64 {
	f := rc.cell.Field
	for _, c := range rc.row.Cells {
		if c.Variant != rc.cell.Variant {
			continue
		}
		switch {
		case c.Field == f+"_cv" || f == "value" && c.Field == "cv":
			return c.Value.Float()
		case c.Field == f+"_stddev" || c.Field == f+"_stdev" || f == "value" && (c.Field == "stddev" || c.Field == "stdev"):
			if m := rc.cell.Value.Float(); m != 0 {
				return math.Abs(100 * c.Value.Float() / m)
			}
		}
	}
	return math.NaN()
}

func rowValues(cells []rowCell) []float64 {
	out := make([]float64, len(cells))
	for i, c := range cells {
		out[i] = c.cell.Value.Float()
	}
	return out
}

// rowCompared reports whether a cell of a table whose rows are its
// variants is a reading to compare: not a change or spread, not a run
// setting, not an untitled key column.
func rowCompared(t *model.Table, c *model.Cell) bool {
	return (c.Variant != "" || len(t.Variants) == 0) && !isPctColumn(t, c.Variant) && !spreadTitle.MatchString(c.Variant) && !isSpread(c.Field) &&
		c.Field != "pct_points" && !slices.Contains(c.Flags, model.FlagParameter)
}

// checkRowPcts holds every change printed in a row against the changes of
// the row's readings from its reference row (the first of its test): a
// printed change that fits none of them, as new/base-1, 1-new/base or
// base/new-1, is flagged model.FlagPctMismatch.
func checkRowPcts(t *model.Table, whole bool) {
	first := map[string]*model.Row{}
	for i := range t.Rows {
		r := &t.Rows[i]
		if test, v := rowVariant(r.Case, whole); v == t.BaselineCase && first[test] == nil {
			first[test] = r
		}
	}
	for i := range t.Rows {
		r := &t.Rows[i]
		test, v := rowVariant(r.Case, whole)
		base := first[test]
		if v == t.BaselineCase || base == nil {
			continue
		}
		for j := range r.Cells {
			p := &r.Cells[j]
			if !isPctColumn(t, p.Variant) || !p.Value.Valid() {
				continue
			}
			fits, checked := false, false
			for k := range r.Cells {
				c := &r.Cells[k]
				if !rowCompared(t, c) {
					continue
				}
				b := cellOf(base, c.Variant, c.Field)
				if b == nil {
					continue
				}
				f := fitPct(&comparison{base: b, cell: c, pct: p})
				checked = checked || f.checked
				fits = fits || f.up || f.down || f.speedup
			}
			if checked && !fits {
				p.Flags = appendFlag(p.Flags, model.FlagPctMismatch)
			}
		}
	}
}

// cellOf is a row's cell of a column and field, nil when it has none.
func cellOf(r *model.Row, variant, field string) *model.Cell {
	for i := range r.Cells {
		if c := &r.Cells[i]; c.Variant == variant && c.Field == field {
			return c
		}
	}
	return nil
}

// baseCell is the baseline's reading that cell c of row ri is compared
// with: the baseline column's cell of the same field in the row, or, when
// the rows are the variants, the first reference row's cell of the same
// column and field for the row's test. nil when there is none.
func baseCell(t *model.Table, ri int, c *model.Cell) *model.Cell {
	if t.BaselineCase == "" {
		if t.Baseline == "" {
			return nil
		}
		if b := cellOf(&t.Rows[ri], t.Baseline, c.Field); b != nil {
			return b
		}
		if j := baselineRow(t, ri); j >= 0 {
			return cellOf(&t.Rows[j], t.Baseline, c.Field)
		}
		return nil
	}
	whole := byWholeLabel(t)
	test, _ := rowVariant(t.Rows[ri].Case, whole)
	for i := range t.Rows {
		if tt, v := rowVariant(t.Rows[i].Case, whole); v == t.BaselineCase && tt == test {
			return cellOf(&t.Rows[i], c.Variant, c.Field)
		}
	}
	return nil
}
