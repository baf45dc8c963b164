package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

// TestRebase compares a table against its other variant: improvements
// and verdicts are worked out afresh, the original is left alone, and an
// unknown variant is refused.
func TestRebase(t *testing.T) {
	tab := model.Table{Benchmark: "hackbench", Variants: []string{"tip", "patched"}, Baseline: "tip",
		Rows: []model.Row{{Case: "1-groups", Cells: []model.Cell{
			{Variant: "tip", Field: "value", Value: "4.00"}, {Variant: "patched", Field: "value", Value: "3.60"},
		}}}}
	Table(&tab, Options{})
	require.Equal(t, model.VerdictImproved, tab.Rows[0].Cells[1].Verdict)

	re, ok := Rebase(&tab, "PATCHED", Options{})
	require.True(t, ok)
	assert.Equal(t, "patched", re.Baseline)
	assert.Nil(t, re.Rows[0].Cells[1].ImprovementPct)
	require.NotNil(t, re.Rows[0].Cells[0].ImprovementPct)
	assert.Equal(t, model.Number("-11.11"), *re.Rows[0].Cells[0].ImprovementPct)
	assert.Equal(t, model.VerdictRegressed, re.Rows[0].Cells[0].Verdict)
	assert.Equal(t, model.VerdictImproved, tab.Rows[0].Cells[1].Verdict, "the original keeps its verdicts")
	assert.Equal(t, "tip", tab.Baseline)

	_, ok = Rebase(&tab, "nosuch", Options{})
	assert.False(t, ok)
}
