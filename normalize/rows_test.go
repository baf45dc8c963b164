package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/lkmlbench/lkmlbench/model"
)

// TestRowsOrColumns pins how a table's columns are read: variants, or
// metrics and tests side by side, and then whether a row is the
// reference.
func TestRowsOrColumns(t *testing.T) {
	tests := []struct {
		name     string
		format   string
		baseline string
		variants []string
		rows     []string
		lead     string
		columns  string
		baseCase string
	}{
		{"metrics, no reference row", "whitespace", "", []string{"energy (J)", "duration (s)", "idles"},
			[]string{"quiet", "eager"}, "", model.ColumnsMetrics, ""},
		{"metrics over a reference row", "whitespace", "", []string{"iops", "idles", "belows"},
			[]string{"base", "patched"}, "", model.ColumnsMetrics, "base"},
		{"one metric shared by governors", "whitespace", "", []string{"menu latency (us)", "teo latency (us)"},
			[]string{"1", "2"}, "", "", ""},
		{"mmtests columns are kernels", "mmtests", "min-cstate", []string{"min-cstate", "max-cstate"},
			[]string{"Hmean 1", "Hmean 2"}, "", "", ""},
		{"tests over a reference row", "whitespace", "", []string{"alloc", "free"},
			[]string{"(1 baseline)", "(2) on"}, "", model.ColumnsMetrics, "(1 baseline)"},
		{"the reader's baseline column stands", "whitespace", "alloc", []string{"alloc", "free"},
			[]string{"(1 baseline)", "(2) on"}, "", "", ""},
		{"rows that name measures", "whitespace", "", []string{"ZIPA", "ZIPB"},
			[]string{"Size before compression (bytes)", "Size after compression (bytes)"}, "", "", ""},
		{"a test and a variant per row", "whitespace", "", []string{"iops", "idles"},
			[]string{"sdx gov-m", "sdx gov-p", "nvy gov-m", "nvy gov-p"}, "gov-m is mainline", model.ColumnsMetrics, "gov-m"},
		{"the prose names a last word over a whole label", "whitespace", "", []string{"iops", "idles"},
			[]string{"sdx teo", "sdx teo-m", "nvy teo", "nvy teo-m"}, "teo-m is mainline, teo has the series", model.ColumnsMetrics, "teo-m"},
		{"devices named after an operation", "whitespace", "", []string{"reading from /dev/ram0", "reading from /dev/mapper/x-inline-read"},
			[]string{"READ"}, "", "", ""},
		{"an event's name is no reference", "perf-stat", "", nil,
			[]string{"task-clock", "cycles", "sched:sched_wake_idle_without_ipi", "instructions"}, "", "", ""},
		{"a name extending another is not enough without columns", "whitespace", "", nil,
			[]string{"passive schedutil", "passive schedutil-4C"}, "", "", ""},
		{"no columns, rows name the reference", "whitespace", "", nil,
			[]string{"Reference", "This series"}, "", model.ColumnsMetrics, "Reference"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := &model.Table{Format: tc.format, Baseline: tc.baseline, Variants: tc.variants}
			if tc.lead != "" {
				tab.Lead = []string{tc.lead}
			}
			for i, l := range tc.rows {
				r := model.Row{Case: l, Line: i + 1}
				for _, v := range tc.variants {
					r.Cells = append(r.Cells, model.Cell{Variant: v, Field: "value", Value: "1.0"})
				}
				if len(tc.variants) == 0 {
					r.Cells = []model.Cell{{Field: "bandwidth", Value: "1.0"}}
				}
				tab.Rows = append(tab.Rows, r)
			}
			rowsOrColumns(tab)
			assert.Equal(t, tc.columns, tab.Columns)
			assert.Equal(t, tc.baseCase, tab.BaselineCase)
		})
	}
}

// TestReference pins the rules that name a reference among names.
func TestReference(t *testing.T) {
	none := func() string { return "" }
	tests := []struct {
		name  string
		names []string
		texts []string
		want  string
	}{
		{"a reference word", []string{"vanilla", "thp"}, nil, "vanilla"},
		{"the prose names it", []string{"6.4", "6.6-rc2", "6.6-rc2-ramp"}, []string{"lower is better (6.4 is the baseline)"}, "6.4"},
		{"the prose calls it mainline", []string{"gov-m", "gov-p"}, []string{"gov-m = mainline, gov-p has the series"}, "gov-m"},
		{"a prefix of another name is not named", []string{"teo", "teo-m"}, []string{"teo-m is mainline"}, "teo-m"},
		{"relative to", []string{"alpha", "beta", "gamma"}, []string{"all numbers relative to beta"}, "beta"},
		{"in brackets", []string{"ondemand", "perfgov"}, []string{"5.9.0-ondemand (BASELINE)   5.9.0-perfgov"}, "ondemand"},
		{"what the change was made from", []string{"Ladder", "Menu", "Teo", "Menu Patched"}, nil, "Menu"},
		{"the negated twin", []string{"Alpha No Patch", "Alpha Patch", "Beta No Patch"}, nil, "Alpha No Patch"},
		{"changed names of two origins", []string{"Menu", "Teo", "Menu Patched", "Teo Patched"}, nil, ""},
		{"alternatives with no reference", []string{"menu", "teo", "ladder"}, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, reference(tc.names, tc.texts, true, none))
		})
	}
}
