package normalize

import (
	"math"
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// foldRuns judges repeated runs of one case together. Rows that repeat a
// label with the same variants and fields and no marker (three `time`
// runs, each with real, user and sys) are runs of one case, not cases:
// each compared cell of them gets the change of the runs' means, and
// that change is beyond noise only when it exceeds the spread (the
// coefficient of variation) of the runs on both sides. A verification
// re-run keeps its own verdict.
func foldRuns(t *model.Table) {
	groups := map[string][]int{}
	var order []string
	for i, r := range t.Rows {
		if r.Case == "" || marked(&r) {
			continue
		}
		k := r.Case + "\x00" + rowShape(&r)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	for _, k := range order {
		rows := groups[k]
		if len(rows) < 2 {
			continue
		}
		for ci, c := range t.Rows[rows[0]].Cells {
			if c.ImprovementPct == nil || c.Variant == t.Baseline {
				continue
			}
			foldCell(t, rows, ci)
		}
	}
}

// marked reports whether the row or any of its cells carries a flag: a
// row the author set apart (a verification re-run, a `*` significance
// mark, an approximate figure) is a case of its own, never one of a run
// of repeats.
func marked(r *model.Row) bool {
	if len(r.Flags) > 0 {
		return true
	}
	for _, c := range r.Cells {
		if len(c.Flags) > 0 {
			return true
		}
	}
	return false
}

// rowShape lists a row's variants and fields in order.
func rowShape(r *model.Row) string {
	var b strings.Builder
	for _, c := range r.Cells {
		b.WriteString(c.Variant + "\x01" + c.Field + "\x02")
	}
	return b.String()
}

// foldCell sets cell ci of every run to the change of the runs' mean
// against the baseline runs' mean, judged against both spreads.
func foldCell(t *model.Table, rows []int, ci int) {
	cell := t.Rows[rows[0]].Cells[ci]
	bi := slices.IndexFunc(t.Rows[rows[0]].Cells, func(c model.Cell) bool {
		return c.Variant == t.Baseline && c.Field == cell.Field
	})
	if bi < 0 {
		return
	}
	var news, bases []float64
	for _, ri := range rows {
		news = append(news, t.Rows[ri].Cells[ci].Value.Float())
		bases = append(bases, t.Rows[ri].Cells[bi].Value.Float())
	}
	mn, cn := meanCV(news)
	mb, cb := meanCV(bases)
	if math.IsNaN(mn) || math.IsNaN(mb) || mb <= 0 {
		return
	}
	dir := cell.Direction
	if dir == "" {
		dir = t.Direction
	}
	if dir == "" {
		dir = fieldDirection(cell.Field)
	}
	imp := 100 * (mn/mb - 1)
	switch dir {
	case "lower":
		imp = -imp
	case "higher":
	default:
		return
	}
	noise := model.NoiseBeyond
	if math.Abs(imp) < math.Max(cn, cb) {
		noise = model.NoiseWithin
	}
	for _, ri := range rows {
		c := &t.Rows[ri].Cells[ci]
		c.ImprovementPct, c.Noise = pctNumber(imp), noise
	}
}

// meanCV is the mean and the coefficient of variation in percent (sample
// standard deviation over the mean) of xs; NaN when a value is not a number.
func meanCV(xs []float64) (mean, cv float64) {
	for _, x := range xs {
		if math.IsNaN(x) {
			return math.NaN(), math.NaN()
		}
		mean += x
	}
	mean /= float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	if mean == 0 {
		return mean, math.Inf(1)
	}
	return mean, 100 * math.Sqrt(ss/float64(len(xs)-1)) / math.Abs(mean)
}
