package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/lkmlbench/lkmlbench/model"
)

// TestDecide pins the one rule that turns an improvement and its noise
// into a verdict, for each basis.
func TestDecide(t *testing.T) {
	num := func(s string) *model.Number { n := model.Number(s); return &n }
	tests := []struct {
		name      string
		format    string
		cell      model.Cell
		minChange float64
		verdict   model.Verdict
		basis     string
	}{
		{"baseline cell", "value-pct", model.Cell{Field: "value"}, 0, model.VerdictNone, ""},
		{"min-change regressed", "value-pct", model.Cell{ImprovementPct: num("-47.58")}, 0, model.VerdictRegressed, model.BasisMinChange},
		{"min-change improved", "value-pct", model.Cell{ImprovementPct: num("5.00")}, 0, model.VerdictImproved, model.BasisMinChange},
		{"min-change within", "value-pct", model.Cell{ImprovementPct: num("4.99")}, 0, model.VerdictWithinNoise, model.BasisMinChange},
		{"lower min-change", "value-pct", model.Cell{ImprovementPct: num("-2.10")}, 2, model.VerdictRegressed, model.BasisMinChange},
		{"cv beyond", "pct-imp-cv", model.Cell{ImprovementPct: num("-3.00"), Noise: model.NoiseBeyond}, 0, model.VerdictRegressed, model.BasisCV},
		{"cv within a big change", "pct-imp-cv", model.Cell{ImprovementPct: num("12.00"), Noise: model.NoiseWithin}, 0, model.VerdictWithinNoise, model.BasisCV},
		{"mmtests significant", "mmtests", model.Cell{ImprovementPct: num("1.20"), Noise: model.NoiseBeyond}, 0, model.VerdictImproved, model.BasisSignificance},
		{"beyond noise but no change", "pct-imp-cv", model.Cell{ImprovementPct: num("0.00"), Noise: model.NoiseBeyond}, 0, model.VerdictWithinNoise, model.BasisCV},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := &model.Table{Format: tc.format, Rows: []model.Row{{Cells: []model.Cell{tc.cell}}}}
			Decide(tab, tc.minChange)
			c := tab.Rows[0].Cells[0]
			assert.Equal(t, tc.verdict, c.Verdict)
			assert.Equal(t, tc.basis, c.VerdictBasis)
		})
	}
}
