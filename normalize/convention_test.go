package normalize

import (
	"testing"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/assert"
)

// TestConventions covers both percentage conventions, the speedup form,
// decimal commas and a planted mismatch.
func TestConventions(t *testing.T) {
	tests := []struct {
		name     string
		table    model.Table
		dir      string
		conv     string
		variant  string
		imps     []string // improvement_pct of the variant's value per row
		mismatch []bool   // per row: pct flagged
	}{
		{
			name: "improvement-signed, lower is better",
			table: grid("value-pct", "tip", []string{"tip", "new"},
				"1-groups: tip value=4.25 tip pct=0.00 new value=4.14 new pct=2.58",
				"2-groups: tip value=4.95 tip pct=0.00 new value=5.10 new pct=-3.03"),
			dir: "lower", conv: model.PctImprovement, variant: "new",
			imps: []string{"2.58", "-3.03"}, mismatch: []bool{false, false},
		},
		{
			name: "raw change, lower is better (the robot's %change)",
			table: grid("whitespace", "old", []string{"old", "new"},
				"a: old value=200 new value=150 new pct=-25.0",
				"b: old value=100 new value=110 new pct=+10.0"),
			dir: "lower", conv: model.PctChange, variant: "new",
			imps: []string{"25.00", "-10.00"}, mismatch: []bool{false, false},
		},
		{
			name: "speedup form base/new-1",
			table: grid("ascii-grid", "before", []string{"before", "after"},
				"1: before mean=0.851 after mean=0.828 after pct=2.77",
				"2: before mean=2.000 after mean=1.600 after pct=25.00"),
			dir: "lower", conv: model.PctImprovement, variant: "after",
			imps: []string{"2.70", "20.00"}, mismatch: []bool{false, false},
		},
		{
			name: "decimal commas",
			table: grid("transposed", "tip", []string{"tip", "new"},
				"avg: tip value=1,315 new value=1,359 new pct=-3,34"),
			dir: "lower", conv: model.PctImprovement, variant: "new",
			imps: []string{"-3.34"}, mismatch: []bool{false},
		},
		{
			name: "planted error: sign flipped",
			table: grid("value-pct", "base", []string{"base", "new"},
				"1: base value=3.20 base pct=0.00 new value=3.10 new pct=3.12",
				"2: base value=5.00 base pct=0.00 new value=5.25 new pct=5.00",
				"3: base value=6.40 base pct=0.00 new value=6.08 new pct=5.00"),
			dir: "lower", conv: model.PctImprovement, variant: "new",
			// The mismatched row's change is withheld with its verdict.
			imps: []string{"3.12", "", "5.00"}, mismatch: []bool{false, true, false},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := tc.table
			tb.Benchmark = "hackbench"
			Table(&tb, Options{})
			assert.Equal(t, tc.dir, tb.Direction)
			assert.Equal(t, tc.conv, tb.PctConvention)
			for i, want := range tc.imps {
				assert.Equal(t, want, imp(cell(&tb, i, tc.variant, firstMeasure(&tb, i, tc.variant))), "row %d", i)
			}
			for i, want := range tc.mismatch {
				p := cell(&tb, i, tc.variant, "pct")
				assert.Equal(t, want, p != nil && contains(p.Flags, model.FlagPctMismatch), "row %d", i)
			}
		})
	}
}

// TestBaselineNotFirstColumn checks that the baseline is found by name:
// the LN: 0 column in the middle is the one the others compare against.
func TestBaselineNotFirstColumn(t *testing.T) {
	tb := model.Table{Format: "value-pct", Baseline: "LN: 0", Variants: []string{"LN: 19", "LN: 0", "LN: -20"}}
	tb.Rows = []model.Row{{Case: "1-groups"}}
	tb.Rows[0].Cells = []model.Cell{
		{Variant: "LN: 19", Field: "value", Value: "4.08"}, {Variant: "LN: 19", Field: "pct", Value: "1.21"},
		{Variant: "LN: 0", Field: "value", Value: "4.13"}, {Variant: "LN: 0", Field: "pct", Value: "0.00"},
		{Variant: "LN: -20", Field: "value", Value: "4.20"}, {Variant: "LN: -20", Field: "pct", Value: "-1.69"},
	}
	tb.Benchmark = "hackbench"
	Table(&tb, Options{})
	assert.Equal(t, "1.21", imp(cell(&tb, 0, "LN: 19", "value")))
	assert.Equal(t, "", imp(cell(&tb, 0, "LN: 0", "value")), "the baseline is not compared with itself")
	assert.Equal(t, "-1.69", imp(cell(&tb, 0, "LN: -20", "value")))
	assert.Equal(t, model.PctImprovement, tb.PctConvention)
}

// TestFormatPriorAndKnownConvention: when values cannot tell (no values, or
// higher-is-better rows where both readings coincide), the family decides.
func TestFormatPriorAndKnownConvention(t *testing.T) {
	tb := grid("pct-imp-cv", "mainline", []string{"mainline", "new"},
		"1: mainline value=1.00 mainline pct=0.00 mainline cv=0.40 new value=1.00 new pct=-0.44 new cv=0.47")
	tb.Direction = "higher"
	Table(&tb, Options{})
	assert.Equal(t, model.PctImprovement, tb.PctConvention)
	c := cell(&tb, 0, "new", "value")
	assert.Equal(t, "-0.44", imp(c), "the printed pct is more precise than values rounded to 1.00")
	assert.Equal(t, model.NoiseWithin, c.Noise)
}

// TestNoise covers the three noise sources.
func TestNoise(t *testing.T) {
	tests := []struct {
		name  string
		table model.Table
		want  []string
	}{
		{"cv of either side", grid("pct-imp-cv", "a", []string{"a", "b"},
			"1: a value=1.00 a cv=2.00 b value=1.05 b cv=8.00",
			"2: a value=1.00 a cv=2.00 b value=1.10 b cv=1.00"), []string{model.NoiseWithin, model.NoiseBeyond}},
		{"stddev over the mean", grid("ascii-grid", "a", []string{"a", "b"},
			"1: a mean=1.0534 a stddev=0.13722 b mean=0.7293 b stddev=0.02653",
			"2: a mean=1.6219 a stddev=0.16631 b mean=1.6391 b stddev=0.24001"), []string{model.NoiseBeyond, model.NoiseWithin}},
		{"mmtests significance", grid("mmtests", "a", []string{"a", "b"},
			"x-1: a value=100.00 a pct=0.00 b value=110.00 b pct*=10.00",
			"x-2: a value=100.00 a pct=0.00 b value=90.00 b pct=-10.00"), []string{model.NoiseBeyond, model.NoiseWithin}},
		{"no spread given", grid("value-pct", "a", []string{"a", "b"},
			"1: a value=1.00 b value=1.50"), []string{""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := tc.table
			tb.Benchmark = "tbench"
			Table(&tb, Options{})
			for i, want := range tc.want {
				c := cell(&tb, i, "b", firstMeasure(&tb, i, "b"))
				assert.NotEmpty(t, imp(c), "row %d", i)
				assert.Equal(t, want, c.Noise, "row %d", i)
			}
		})
	}
}

// TestKeyValueBaselineOnItsOwnLine: the baseline's reading sits on a row
// of its own under the same case.
func TestKeyValueBaselineOnItsOwnLine(t *testing.T) {
	tb := grid("key-value", "tip", []string{"tip", "new"},
		"NPS1: tip value=131244.00 tip var=2.67",
		"NPS1: new value=132118.00 new var=3.62 new pct=+0.66",
		"NPS2: tip value=133295.00",
		"NPS2: new value=129975.33 new pct=-2.49")
	tb.Benchmark = "ycsb-mongodb"
	Table(&tb, Options{})
	assert.Equal(t, "0.67", imp(cell(&tb, 1, "new", "value")))
	assert.Equal(t, "-2.49", imp(cell(&tb, 3, "new", "value")))
	assert.Empty(t, Check(&model.Document{Tables: []model.Table{tb}}))
}

func firstMeasure(t *model.Table, row int, variant string) string {
	for _, c := range t.Rows[row].Cells {
		if c.Variant == variant && !isSpread(c.Field) {
			return c.Field
		}
	}
	return ""
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
