package parse

import (
	"strconv"
	"testing"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/assert"
)

func TestKernelName(t *testing.T) {
	for s, want := range map[string]bool{
		"9.1-rc3": true, "v6.10": true, "6.14-rc5+": true, "2.6.32": true, "9.2-patched+nodelay": true,
		"Baseline:": true, "patched": true,
		"tip":    true, // the tip tree
		"50.0th": false, "31245.10": false, "0.7293": false, "123.4": false, "hackbench": false, "": false,
	} {
		assert.Equal(t, want, kernelName(s), "%q", s)
	}
}

func TestLabelOf(t *testing.T) {
	for line, want := range map[string]string{
		"Before:":                               "Before",
		"**Patched**":                           "Patched",
		"Kernel: 9.1-rc3 + busy-poll-v3":        "9.1-rc3 + busy-poll-v3",
		"Result before applying the patchset:":  "before applying the patchset",
		"6.4.0":                                 "6.4.0",
		"RUN 1:":                                "",
		"Throughput, 5 runs each:":              "",
		"The numbers before the patch are here": "",
	} {
		assert.Equal(t, want, labelOf(line), "%q", line)
	}
}

func TestVariantWord(t *testing.T) {
	for s, want := range map[string]bool{"patch": true, "base": true, "6.14-rc5": true, "1182.4": false, "GB6 Single": false, "": false} {
		assert.Equal(t, want, variantWord(s), "%q", s)
	}
}

func TestRowsAreKernels(t *testing.T) {
	assert.True(t, rowsAreKernels([]string{"9.1-base", "9.1-patched"}, []string{"QD", "IOPS"}))
	assert.True(t, rowsAreKernels([]string{"Baseline:", "Patched:"}, []string{"Bandwidth", "Latency"}))
	assert.False(t, rowsAreKernels([]string{"1", "8"}, []string{"6.9", "6.9+fix"}), "kernels title the columns")
	assert.False(t, rowsAreKernels([]string{"hackbench-1", "hackbench-8"}, []string{"base", "new"}))
}

// table builds a single-series table for the semantics tests.
func table(context []string, rows map[string]float64) model.Table {
	t := model.Table{Format: "whitespace", Context: context}
	for _, c := range []string{"create", "remove", "stat"} {
		if v, ok := rows[c]; ok {
			n := model.Number(strconv.FormatFloat(v, 'f', -1, 64))
			t.Rows = append(t.Rows, model.Row{Case: c, Cells: []model.Cell{{Field: "mean", Value: n}}})
		}
	}
	return t
}

func TestMergeLabelled(t *testing.T) {
	before := table([]string{"mdtest", "Before"}, map[string]float64{"create": 1, "remove": 2})
	after := table([]string{"mdtest", "After"}, map[string]float64{"create": 3, "remove": 4})
	other := table([]string{"mdtest", "RUN 1"}, map[string]float64{"create": 5, "remove": 6})
	got := mergeLabelled([]model.Table{before, after, other})
	if assert.Len(t, got, 2) {
		m := got[0]
		assert.Equal(t, []string{"Before", "After"}, m.Variants)
		assert.Equal(t, "Before", m.Baseline)
		assert.Equal(t, []string{"mdtest"}, m.Context)
		assert.Len(t, m.Rows, 4)
		assert.Equal(t, "After", m.Rows[2].Cells[0].Variant)
		assert.Equal(t, []string{"mdtest", "RUN 1"}, got[1].Context, "a run number is no label")
	}
	// different cases: two measurements, not one comparison
	odd := table([]string{"mdtest", "After"}, map[string]float64{"stat": 3})
	assert.Len(t, mergeLabelled([]model.Table{before, odd}), 2)
}

func TestOrientByEarlier(t *testing.T) {
	first := model.Table{Variants: []string{"async", "sync"}, Rows: []model.Row{{Case: "1", Cells: []model.Cell{{Variant: "async", Field: "bw", Value: "9"}, {Variant: "sync", Field: "bw", Value: "8"}}}}}
	second := model.Table{Variants: []string{"create", "unlink"}, Rows: []model.Row{
		{Case: "async", Cells: []model.Cell{{Variant: "create", Field: "value", Value: "101"}, {Variant: "unlink", Field: "value", Value: "123"}}},
		{Case: "sync", Cells: []model.Cell{{Variant: "create", Field: "value", Value: "100"}, {Variant: "unlink", Field: "value", Value: "114"}}},
	}}
	ts := []model.Table{first, second}
	orientByEarlier(ts)
	assert.Equal(t, []string{"async", "sync"}, ts[1].Variants)
	assert.Equal(t, "create", ts[1].Rows[0].Case)
	assert.Equal(t, "async", ts[1].Rows[0].Cells[0].Variant)
	assert.Equal(t, "async", ts[0].Variants[0], "the first table stays as it is")
}

func TestListing(t *testing.T) {
	row := func(label string, values ...string) model.Row {
		r := model.Row{Case: label}
		for _, v := range values {
			r.Cells = append(r.Cells, model.Cell{Field: "value", Value: model.Number(v)})
		}
		return r
	}
	for name, tc := range map[string]struct {
		t    model.Table
		want bool
	}{
		"diffstat":       {model.Table{Rows: []model.Row{row(".../bindings/mfd/a.txt", "1"), row("drivers/x/y.c", "12")}}, true},
		"frequencies":    {model.Table{Rows: []model.Row{row("devfreq0", "165000000", "825000000"), row("devfreq1", "84000000", "400000000")}}, true},
		"descriptors":    {model.Table{Variants: []string{"Data 0x0009"}, Rows: []model.Row{row("bLength", "9")}}, true},
		"results":        {model.Table{Rows: []model.Row{row("hackbench-1", "4.25", "4.14"), row("hackbench-8", "5.45", "5.44")}}, false},
		"round but few":  {model.Table{Rows: []model.Row{row("ops", "12000", "13410"), row("lat", "120.5", "118.2")}}, false},
		"suffixed sizes": {model.Table{Rows: []model.Row{{Case: "randread", Cells: []model.Cell{{Value: "250000", Text: "250K"}, {Value: "262000", Text: "262K"}, {Value: "270000", Text: "270K"}}}}}, false},
	} {
		assert.Equal(t, tc.want, listing(&tc.t), name)
	}
}

func TestLogStamp(t *testing.T) {
	for s, want := range map[string]bool{"[   88.593830] free:7986878": true, "<4>[": true, "[12.5]": false, "1.00 [ -0.00]": false, "plain": false} {
		assert.Equal(t, want, logStamp(s), "%q", s)
	}
}

func TestListingShapes(t *testing.T) {
	buckets := model.Table{}
	for _, b := range [][2]string{{"1", "1"}, {"2", "3"}, {"4", "7"}, {"8", "15"}} {
		buckets.Rows = append(buckets.Rows, model.Row{Case: b[0], Cells: []model.Cell{{Value: model.Number(b[1])}, {Value: "0.01"}}})
	}
	assert.True(t, listing(&buckets), "free-space buckets")
	assert.True(t, diffstatBar("6 +-----"))
	assert.False(t, diffstatBar("+-20"))
	assert.True(t, hexWord("8e690000 66c0000"))
	assert.False(t, hexWord("deadline 123456"))
}

func TestListingLogs(t *testing.T) {
	assert.True(t, testID("generic/068"))
	assert.True(t, testID("btrfs/021 extra"))
	assert.False(t, testID("mm/swap_state.c"))
	assert.False(t, testID("1/2"))
	assert.False(t, testID(""))
	assert.True(t, syslogStamp("May 30 14:08:26 box kernel: xfs"))
	assert.False(t, syslogStamp("May be 12"))
	assert.True(t, hexWord("f3 48 ab 89 d1"))
	assert.True(t, hexWord("48 89 ca 4d 89 c2 <48> 3d"))
	assert.False(t, hexWord("10 20 30 40"), "decimal numbers are no byte dump")
}
