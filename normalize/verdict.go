package normalize

import (
	"math"

	"github.com/lkmlbench/lkmlbench/model"
)

// Decide sets Verdict and VerdictBasis on every compared cell of t (those
// with an ImprovementPct) and clears them on the others. A cell whose
// Noise is known keeps that judgement (the tool's significance marker or
// the spread of both sides, whichever the table gives); any other is
// beyond noise when |ImprovementPct| is at least minChange percent
// (DefaultMinChange when minChange <= 0). Table calls it; call it again
// to judge stored tables with another minChange.
func Decide(t *model.Table, minChange float64) {
	if minChange <= 0 {
		minChange = DefaultMinChange
	}
	marked := significanceMarked(t)
	for ri := range t.Rows {
		for ci := range t.Rows[ri].Cells {
			c := &t.Rows[ri].Cells[ci]
			c.Verdict, c.VerdictBasis = decide(c, marked, minChange)
		}
	}
}

// decide is the verdict of one cell: the one place that turns an
// improvement and its noise into a verdict.
func decide(c *model.Cell, marked bool, minChange float64) (model.Verdict, string) {
	if c.ImprovementPct == nil {
		return model.VerdictNone, ""
	}
	imp := c.ImprovementPct.Float()
	if math.IsNaN(imp) {
		return model.VerdictNone, ""
	}
	basis, beyond := model.BasisMinChange, math.Abs(imp) >= minChange
	if c.Noise != "" {
		basis, beyond = model.BasisCV, c.Noise == model.NoiseBeyond
		if marked {
			basis = model.BasisSignificance
		}
	}
	switch {
	case beyond && imp < 0:
		return model.VerdictRegressed, basis
	case beyond && imp > 0:
		return model.VerdictImproved, basis
	}
	return model.VerdictWithinNoise, basis
}
