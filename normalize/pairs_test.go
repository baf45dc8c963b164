package normalize

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/lkmlbench/lkmlbench/model"
)

// TestPairs names the compared readings of each layout as the verdicts
// read them, each with the reference readings it is compared with.
func TestPairs(t *testing.T) {
	c := func(v, f, n string) model.Cell { return model.Cell{Variant: v, Field: f, Value: model.Number(n)} }
	r := func(label string, cells ...model.Cell) model.Row { return model.Row{Case: label, Cells: cells} }
	tests := []struct {
		name  string
		table model.Table
		want  []string // case|variant|measure|main: bases
	}{{
		name: "a baseline column, its printed change beside",
		table: model.Table{Variants: []string{"tip", "new"}, Baseline: "tip", Rows: []model.Row{
			r("1", c("tip", "value", "10"), c("new", "value", "12"), c("new", "pct", "20.00")),
		}},
		want: []string{"1|new|value|true: [10]"},
	}, {
		name: "only a printed change: no base",
		table: model.Table{Variants: []string{"tip", "new"}, Baseline: "tip", Rows: []model.Row{
			r("1", c("tip", "value", "10"), c("new", "pct", "-3.00")),
		}},
		want: []string{"1|new|pct|true: []"},
	}, {
		name: "rows are the variants: no case, the field is the measure",
		table: model.Table{Variants: []string{"before", "after"}, Baseline: "before", Rows: []model.Row{
			r("before", c("before", "iops", "100"), c("before", "lat", "5")),
			r("after", c("after", "iops", "120"), c("after", "lat", "4")),
		}},
		want: []string{"|after|iops|false: [100]", "|after|lat|false: [5]"},
	}, {
		name: "a reference row under metric columns; the change column is none",
		table: model.Table{Columns: model.ColumnsMetrics, BaselineCase: "(1 base)", Variants: []string{"alloc", "free", "overhead"},
			Rows: []model.Row{
				r("(1 base)", c("alloc", "value", "120"), c("free", "value", "40"), c("overhead", "value", "0.00")),
				r("(2) on", c("alloc", "value", "130"), c("free", "value", "41"), c("overhead", "value", "8.33")),
			}},
		want: []string{"|(2) on|alloc|true: [120]", "|(2) on|free|true: [40]"},
	}, {
		name: "a test and a variant per row, the reference run twice",
		table: model.Table{Columns: model.ColumnsMetrics, BaselineCase: "gov-m", Variants: []string{"iops", "time mean"},
			Rows: []model.Row{
				r("sdx gov-m", c("iops", "value", "100"), c("time", "mean", "3")),
				r("sdx gov-m", c("iops", "value", "104"), c("time", "mean", "3.2")),
				r("sdx gov-p", c("iops", "value", "110"), c("time", "mean", "2.9")),
				r("nvy gov-p", c("iops", "value", "900")),
			}},
		want: []string{"sdx|gov-p|iops|true: [100 104]", "sdx|gov-p|time mean|true: [3 3.2]"},
	}, {
		name:  "no reference: no pairs",
		table: model.Table{Columns: model.ColumnsMetrics, Variants: []string{"a", "b"}, Rows: []model.Row{r("x", c("a", "value", "1"))}},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, p := range Pairs(&tc.table) {
				var bases []model.Number
				for _, b := range p.Bases {
					bases = append(bases, b.Value)
				}
				got = append(got, fmt.Sprintf("%s|%s|%s|%v: %v", p.Case, p.Variant, p.Measure, p.Main, bases))
			}
			assert.Equal(t, tc.want, got)
		})
	}
}
