package normalize

import (
	"math"
	"slices"
	"strconv"

	"github.com/lkmlbench/lkmlbench/model"
)

// improvement returns the change of a comparison against its baseline in
// percent, positive when better: 100*(new/base-1) for higher-is-better
// metrics, 100*(1-new/base) for lower-is-better ones (mmtests' formulas).
// It comes from the values, or from the printed percentage when that is
// the more precise of the two (values normalised to 1.00 with two digits
// cannot carry a 0.44% change; the author's percentage can). ok is false
// when the direction or both sources are unknown.
func improvement(c *comparison, conv, dir, pctForm string) (float64, bool) {
	if dir != "lower" && dir != "higher" {
		return 0, false
	}
	fromValues, valTol, haveValues := 0.0, math.Inf(1), false
	if c.base != nil && c.cell != nil {
		b, n := c.base.Value.Float(), c.cell.Value.Float()
		if b > 0 && n >= 0 {
			haveValues = true
			fromValues = 100 * (n/b - 1)
			valTol = c.fit.changeTol
			if dir == "lower" {
				fromValues = -fromValues
			}
		}
	}
	if c.pct != nil && conv != "" && fitsConvention(c.fit, conv, dir) {
		if ratio, ok := pctRatio(c.pct.Value.Float(), conv, dir, pctForm); ok && 2*halfUlp(c.pct.Value) < valTol {
			if dir == "higher" {
				return 100 * (ratio - 1), true
			}
			return 100 * (1 - ratio), true
		}
	}
	return fromValues, haveValues
}

// pctRatio turns a printed percentage back into new/base under the table's
// convention; pctForm is "speedup" when the author printed base/new-1 for
// a lower-is-better metric.
func pctRatio(p float64, conv, dir, pctForm string) (float64, bool) {
	if math.IsNaN(p) {
		return 0, false
	}
	switch {
	case conv == model.PctChange, dir == "higher":
		return 1 + p/100, true
	case pctForm == "speedup":
		if p <= -100 {
			return 0, false
		}
		return 1 / (1 + p/100), true
	}
	return 1 - p/100, true
}

// noise judges a comparison of a table's main measure: mmtests-style
// significance marks decide where the table has them; else the spread of
// the two sides (cv, or stddev over the value) does.
func noise(t *model.Table, c *comparison, imp float64, marked bool) string {
	if !c.main {
		return ""
	}
	if marked {
		if c.pct == nil {
			return ""
		}
		if slices.Contains(c.pct.Flags, "significant") {
			return model.NoiseBeyond
		}
		return model.NoiseWithin
	}
	spread := math.Max(relSpread(t, c.row, c.variant, c.cell), relSpread(t, c.baseRow, t.Baseline, c.base))
	switch {
	case math.IsNaN(spread):
		return ""
	case math.Abs(imp) < spread:
		return model.NoiseWithin
	}
	return model.NoiseBeyond
}

// relSpread is the coefficient of variation, in percent, of one variant's
// main measure in one row; NaN when the row gives none.
func relSpread(t *model.Table, row int, variant string, measure *model.Cell) float64 {
	for _, c := range t.Rows[row].Cells {
		if c.Variant != variant {
			continue
		}
		switch c.Field {
		case "cv":
			return c.Value.Float()
		case "stddev", "stdev":
			if measure != nil && measure.Value.Float() != 0 {
				return math.Abs(100 * c.Value.Float() / measure.Value.Float())
			}
		}
	}
	return math.NaN()
}

// significanceMarked reports whether the table marks significant
// differences (mmtests' "* x%*"), so that an unmarked one is noise.
func significanceMarked(t *model.Table) bool {
	if t.Format == "mmtests" {
		return true
	}
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if slices.Contains(c.Flags, "significant") {
				return true
			}
		}
	}
	return false
}

// pctNumber renders a percentage with two decimals, without "-0.00".
func pctNumber(x float64) *model.Number {
	s := strconv.FormatFloat(math.Round(x*100)/100, 'f', 2, 64)
	if s == "-0.00" {
		s = "0.00"
	}
	n := model.Number(s)
	return &n
}
