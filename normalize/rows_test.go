package normalize

import (
	"strings"
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
		{"builds of one release named by their options", "whitespace", "", []string{"6.1.x with the cache and batch size=1048576", "6.1.x with the cache only", "6.1.x with batch size=1048576 only"},
			[]string{"1", "2"}, "", "", ""},
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

// FuzzRowsOrColumns reads tables of fuzzed titles, row labels and values
// (titles and labels separated by '|', values cycled over the cells) and
// checks what every reading must keep: a table whose rows are its
// variants has metric columns and no baseline column, its reference is
// one of its rows' variants, and a cell carries a verdict exactly when it
// carries an improvement, never beside no reason.
func FuzzRowsOrColumns(f *testing.F) {
	f.Add("kmalloc|pgalloc|overhead", "(1 baseline)|(2) on|(3) on + stats", "lower is better", "120 492 0 121 497 1 130 530 9")
	f.Add("iops|idles|belows", "sdx gov-m|sdx gov-m|sdx gov-p|sdx gov-p", "gov-m is mainline", "1000 5000 400 1010 5100 410 1200 5600 300 1210 5700 310")
	f.Add("Menu|Menu Patched|Teo", "8|32", "", "10 11 9 32 34 30")
	f.Add("", "Reference|This series", "", "1 2")
	f.Fuzz(func(t *testing.T, titles, labels, lead, values string) {
		var vs []string
		if titles != "" {
			vs = strings.Split(titles, "|")
		}
		nums := strings.Fields(values)
		if len(nums) == 0 {
			nums = []string{"1"}
		}
		tab := model.Table{Format: "whitespace", Variants: vs, Lead: []string{lead}}
		k := 0
		for i, l := range strings.Split(labels, "|") {
			r := model.Row{Case: l, Line: i + 1}
			cols := vs
			if len(cols) == 0 {
				cols = []string{""}
			}
			for _, v := range cols {
				n := nums[k%len(nums)]
				k++
				if !model.Number(n).Valid() {
					n = "1"
				}
				r.Cells = append(r.Cells, model.Cell{Variant: v, Field: "value", Value: model.Number(n)})
			}
			tab.Rows = append(tab.Rows, r)
		}
		Table(&tab, Options{})
		if tab.BaselineCase != "" {
			assert.Equal(t, model.ColumnsMetrics, tab.Columns)
			assert.Empty(t, tab.Baseline)
		}
		for _, r := range tab.Rows {
			for _, c := range r.Cells {
				assert.Equal(t, c.Verdict != model.VerdictNone, c.ImprovementPct != nil, "verdict %q with improvement %v", c.Verdict, c.ImprovementPct)
				if c.Verdict == model.VerdictNone && c.VerdictBasis != "" {
					assert.True(t, model.Withheld(c.VerdictBasis), c.VerdictBasis)
				}
			}
		}
	})
}
