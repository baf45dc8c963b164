package normalize

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// comparison is one compared reading: a cell of a non-baseline variant, the
// same field of the baseline variant in the same row, and the percentage
// the author printed beside it.
type comparison struct {
	row     int
	baseRow int // the row that holds base: row, or another row of the baseline
	variant string
	field   string
	main    bool        // the variant's main measure: the one pct, cv and stddev refer to
	base    *model.Cell // nil when the baseline has no such cell
	cell    *model.Cell // nil when the variant has only a printed pct
	pct     *model.Cell // nil when no percentage is printed

	fit fit // how the printed pct relates to the values (when all three exist)
}

// fit records which formula reproduces a printed percentage from the values.
type fit struct {
	checked   bool // base, cell and pct hold usable numbers
	up        bool // pct = new/base - 1
	down      bool // pct = 1 - new/base
	speedup   bool // pct = base/new - 1
	change    float64
	changeTol float64 // how far rounding of the values can move change
}

// informative reports whether the fit tells the formulas apart.
func (f fit) informative() bool { return f.checked && !(f.up && (f.down || f.speedup)) }

// mainFields are the fields a printed "pct" refers to, in order of
// preference.
var mainFields = []string{"value", "mean", "avg", "amean", "hmean", "gmean", "median"}

// MainField returns the main measure among fields (the one a printed
// "pct", "cv" or "stddev" refers to: value, mean, avg, ...), "" when none
// is one.
func MainField(fields []string) string {
	for _, f := range mainFields {
		if slices.Contains(fields, f) {
			return f
		}
	}
	return ""
}

// IsSpread reports whether a field is a spread (cv, stddev, var) or a
// printed change (pct, x_pct) rather than a reading.
func IsSpread(f string) bool { return isSpread(f) }

// isSpread reports whether a field is a spread or a printed change rather
// than a reading that can be compared.
func isSpread(f string) bool {
	switch f {
	case "pct", "cv", "stddev", "stdev", "var":
		return true
	}
	// A spread named after its metric ("bandwidth_cv") is no reading.
	return strings.HasSuffix(f, "_pct") || strings.HasSuffix(f, "_cv") || strings.HasSuffix(f, "_stddev") || strings.HasSuffix(f, "_stdev")
}

// comparisons lists the compared readings of a table with a baseline.
func comparisons(t *model.Table) []*comparison {
	if t.Baseline == "" {
		return nil
	}
	var out []*comparison
	for ri := range t.Rows {
		r := &t.Rows[ri]
		byVariant := map[string][]*model.Cell{}
		var order []string
		for ci := range r.Cells {
			c := &r.Cells[ci]
			if slices.Contains(c.Flags, model.FlagParameter) {
				continue // a setting of the run, not a reading
			}
			if _, ok := byVariant[c.Variant]; !ok {
				order = append(order, c.Variant)
			}
			byVariant[c.Variant] = append(byVariant[c.Variant], c)
		}
		base, bi := byVariant[t.Baseline], ri
		if base == nil {
			base, bi = baselineNearby(t, ri)
		}
		for _, v := range order {
			if v == t.Baseline || (v == "" && len(t.Variants) > 0) {
				continue
			}
			for _, c := range variantComparisons(ri, v, byVariant[v], base) {
				c.baseRow = bi
				out = append(out, c)
			}
		}
	}
	for _, c := range out {
		c.fit = fitPct(c)
	}
	return out
}

// baselineNearby finds the baseline's cells for a row that holds none,
// and the row that holds them. In key-value layouts each variant has its
// own line under the same case ("tip: 131244.00", "latency_nice:
// 132118.00 (+0.66%)"): the nearest row of the same case with baseline
// cells is taken. In a table whose rows are its variants (each row's
// cells belong to the variant its label names: "Baseline:" above
// "Patched:"), the baseline's row is: the k-th row of the baseline for
// the k-th row of a variant, when both have as many rows.
func baselineNearby(t *model.Table, ri int) ([]*model.Cell, int) {
	for d := 1; d < len(t.Rows); d++ {
		for _, j := range []int{ri - d, ri + d} {
			if j < 0 || j >= len(t.Rows) || t.Rows[j].Case != t.Rows[ri].Case {
				continue
			}
			if cells := variantCells(&t.Rows[j], t.Baseline); cells != nil {
				return cells, j
			}
		}
	}
	if j := baselineRow(t, ri); j >= 0 {
		return variantCells(&t.Rows[j], t.Baseline), j
	}
	return nil, ri
}

// variantCells are a row's cells of one variant, nil when it has none.
func variantCells(r *model.Row, v string) []*model.Cell {
	var cells []*model.Cell
	for ci := range r.Cells {
		if c := &r.Cells[ci]; c.Variant == v {
			cells = append(cells, c)
		}
	}
	return cells
}

// rowsAreVariants reports whether every cell of t that names a variant
// sits in a row labelled by that variant: the rows are the variants.
func rowsAreVariants(t *model.Table) bool {
	named := false
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if c.Variant == "" {
				continue
			}
			if c.Variant != r.Case {
				return false
			}
			named = true
		}
	}
	return named
}

// baselineRow is the baseline's row that row ri of a table whose rows are
// its variants is compared with: the k-th of the baseline's rows for the
// k-th of its own variant's; -1 when the table is not so or the counts
// differ.
func baselineRow(t *model.Table, ri int) int {
	if t.Baseline == "" || !rowsAreVariants(t) {
		return -1
	}
	k, own := -1, 0
	var base []int
	for j, r := range t.Rows {
		switch r.Case {
		case t.Rows[ri].Case:
			if j == ri {
				k = own
			}
			own++
		case t.Baseline:
			base = append(base, j)
		}
	}
	if k < 0 || len(base) != own {
		return -1
	}
	return base[k]
}

// variantComparisons pairs the cells of one variant in one row with the
// baseline's.
func variantComparisons(row int, v string, cells, base []*model.Cell) []*comparison {
	find := func(cs []*model.Cell, field string) *model.Cell {
		for _, c := range cs {
			if c.Field == field {
				return c
			}
		}
		return nil
	}
	main := ""
	for _, f := range mainFields {
		if find(cells, f) != nil || find(base, f) != nil {
			main = f
			break
		}
	}
	if main == "" {
		// A row of one statistic (mmtests' Min, Max, BAmean-99 rows): its
		// one reading is what the row's pct and marks are about.
		var reads []string
		for _, c := range cells {
			if !isSpread(c.Field) && !slices.Contains(reads, c.Field) {
				reads = append(reads, c.Field)
			}
		}
		if len(reads) == 1 {
			main = reads[0]
		}
	}
	var out []*comparison
	for _, c := range cells {
		if isSpread(c.Field) {
			continue
		}
		cmp := &comparison{row: row, variant: v, field: c.Field, main: c.Field == main, base: find(base, c.Field), cell: c}
		if cmp.main {
			cmp.pct = find(cells, "pct")
		}
		if p := find(cells, c.Field+"_pct"); p != nil {
			cmp.pct = p
		}
		if cmp.base != nil || cmp.pct != nil {
			out = append(out, cmp)
		}
	}
	if p := find(cells, "pct"); p != nil && find(cells, main) == nil {
		out = append(out, &comparison{row: row, variant: v, field: "pct", main: true, pct: p})
	}
	return out
}

// fitPct checks the printed percentage against the formulas reporters use,
// allowing for the rounding of every number involved (and for truncation
// of the percentage: authors often cut digits instead of rounding).
func fitPct(c *comparison) fit {
	if c.base == nil || c.cell == nil {
		return fit{}
	}
	b, n := c.base.Value.Float(), c.cell.Value.Float()
	if math.IsNaN(b) || math.IsNaN(n) || b <= 0 || n <= 0 {
		return fit{}
	}
	db, dn := halfUlp(c.base.Value), halfUlp(c.cell.Value)
	f := fit{change: 100 * (n/b - 1), changeTol: 100 * (dn/b + n*db/(b*b))}
	if c.pct == nil {
		return f
	}
	p := c.pct.Value.Float()
	if math.IsNaN(p) {
		return f
	}
	f.checked = true
	slack := 2*halfUlp(c.pct.Value) + 1e-9
	near := func(want, tol float64) bool { return math.Abs(p-want) <= tol+slack+1e-9*math.Abs(want) }
	f.up = near(f.change, f.changeTol)
	f.down = near(-f.change, f.changeTol)
	f.speedup = near(100*(b/n-1), 100*(db/n+b*dn/(n*n)))
	return f
}

// halfUlp is half a unit in the last written digit of a number: how far
// rounding can have moved it.
func halfUlp(n model.Number) float64 {
	s, exp := string(n), 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		exp, _ = strconv.Atoi(s[i+1:]) // Number text is valid JSON, so this parses
		s = s[:i]
	}
	d := 0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		d = len(s) - i - 1
	}
	return 0.5 * math.Pow(10, float64(exp-d))
}
