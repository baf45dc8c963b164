package normalize

import (
	"testing"

	"github.com/lkmlbench/lkmlbench/internal/gold"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// toModel rebuilds a model.Table from a gold table: rows are runs of cells
// of one case, a repeated (variant, field) starting a new row (a
// verification run). AMD blocks state their direction in their header, so
// the header's reading is kept for them as the parser would.
func toModel(g gold.Table) model.Table {
	t := model.Table{
		ID: g.ID, Format: g.Format, Benchmark: gold.Str(g.Benchmark), Context: g.Context,
		Variants: g.Variants, Baseline: gold.Str(g.Baseline), Unit: gold.Str(g.Unit), Statistic: gold.Str(g.Statistic),
	}
	if g.Format == "pct-imp-cv" || g.Format == "list" {
		t.Direction = gold.Str(g.Direction)
	}
	seen := map[string]bool{}
	for _, c := range g.Cells {
		key := c.Variant + "|" + c.Field
		if len(t.Rows) == 0 || t.Rows[len(t.Rows)-1].Case != c.Case || seen[key] {
			t.Rows = append(t.Rows, model.Row{Case: c.Case})
			seen = map[string]bool{}
		}
		seen[key] = true
		r := &t.Rows[len(t.Rows)-1]
		r.Cells = append(r.Cells, model.Cell{Variant: c.Variant, Field: c.Field, Value: model.Number(c.Value.String()), Flags: c.Flags})
	}
	return t
}

// signOf is -1, 0 or 1, reading values within half a hundredth as zero.
func signOf(x float64) int {
	switch {
	case x > 0.005:
		return 1
	case x < -0.005:
		return -1
	}
	return 0
}

// TestGoldSeeds holds the normalisation of every seed table against the
// answer keys: directions match the gold's (and stay empty where the gold
// has none), improvement_pct agrees in sign with the author's own
// improvement-signed percentage in every value-pct, pct-imp-cv and mmtests
// row, and no printed percentage is flagged as a mismatch.
func TestGoldSeeds(t *testing.T) {
	bl := Default()
	for _, f := range gold.Load(t) {
		for _, g := range f.Tables {
			name := f.Name + "/" + g.ID
			tb := toModel(g)
			Table(&tb, Options{Benchmarks: bl})
			assert.Equal(t, gold.Str(g.Direction), tb.Direction, "%s: direction (source %q)", name, tb.DirectionSource)
			compared := 0
			for _, r := range tb.Rows {
				cells := map[string]*model.Cell{}
				for i := range r.Cells {
					c := &r.Cells[i]
					assert.NotContains(t, c.Flags, model.FlagPctMismatch, "%s %s %s: false alarm", name, r.Case, c.Variant)
					cells[c.Variant+"|"+c.Field] = c
				}
				if g.Format != "value-pct" && g.Format != "pct-imp-cv" && g.Format != "mmtests" {
					continue
				}
				for _, v := range tb.Variants {
					p, val := cells[v+"|pct"], cells[v+"|value"]
					if v == tb.Baseline || p == nil || val == nil {
						continue
					}
					require.NotNil(t, val.ImprovementPct, "%s %s %s: no improvement_pct", name, r.Case, v)
					imp := val.ImprovementPct.Float()
					assert.Equal(t, signOf(p.Value.Float()), signOf(imp), "%s %s %s: pct %s, improvement %s", name, r.Case, v, p.Value, *val.ImprovementPct)
					compared++
				}
			}
			if g.Format == "value-pct" || g.Format == "pct-imp-cv" || g.Format == "mmtests" {
				assert.Positive(t, compared, name)
				// For higher-is-better rows new/base-1 is both readings.
				if tb.Direction != "higher" {
					assert.Equal(t, model.PctImprovement, tb.PctConvention, name)
				}
			}
		}
	}
}
