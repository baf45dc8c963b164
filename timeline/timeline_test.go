package timeline_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/timeline"
)

// TestBuild follows the fixture series through its three versions: one
// entry per version and case, the change from the version before, who
// tested it and when; tables outside a series are left out.
func TestBuild(t *testing.T) {
	ex := lkmlbench.New(lkmlbench.Options{})
	require.NoError(t, ex.AddPath(filepath.Join("..", "testdata", "series.mbox")))
	require.NoError(t, ex.AddPath(filepath.Join("..", "testdata", "wild", "top-posted.eml")))
	doc := ex.Document()
	tls := timeline.Build(doc)
	var tl *timeline.Timeline
	for i := range tls {
		if tls[i].Series == "sched/fair: Latency nice hint for the wakeup path" {
			tl = &tls[i]
		}
	}
	require.NotNil(t, tl)
	assert.Equal(t, []int{1, 2, 3}, tl.Versions)
	require.Len(t, tl.Entries, 9)
	type row struct {
		Case    string
		Version int
		Value   model.Number
		Verdict model.Verdict
		Change  float64
		Author  string
		Day     string
	}
	var got []row
	for _, e := range tl.Entries {
		r := row{Case: e.Case, Version: e.Version, Value: e.Value, Verdict: e.Verdict, Author: e.Author, Day: e.Date.Format("2006-01-02")}
		if e.ChangePct != nil {
			r.Change = *e.ChangePct
			assert.Equal(t, e.Version-1, e.FromVersion)
		}
		got = append(got, r)
	}
	assert.Equal(t, []row{
		{"1-groups", 1, "4.40", model.VerdictRegressed, 0, "Omar Quist", "2022-03-11"},
		{"1-groups", 2, "4.12", model.VerdictWithinNoise, 6.36, "Omar Quist", "2022-04-07"},
		{"1-groups", 3, "3.80", model.VerdictImproved, 7.77, "Lena Voss", "2022-05-04"},
		{"4-groups", 1, "5.10", model.VerdictWithinNoise, 0, "Omar Quist", "2022-03-11"},
		{"4-groups", 2, "4.95", model.VerdictWithinNoise, 2.94, "Omar Quist", "2022-04-07"},
		{"4-groups", 3, "4.90", model.VerdictWithinNoise, 1.01, "Lena Voss", "2022-05-04"},
		{"16-groups", 1, "8.80", model.VerdictRegressed, 0, "Omar Quist", "2022-03-11"},
		{"16-groups", 2, "8.16", model.VerdictWithinNoise, 7.27, "Omar Quist", "2022-04-07"},
		{"16-groups", 3, "7.60", model.VerdictImproved, 6.86, "Lena Voss", "2022-05-04"},
	}, got)
	for _, other := range tls {
		for _, e := range other.Entries {
			assert.NotEmpty(t, e.Series)
		}
	}
}

// TestBuildMetricColumns: in a table whose columns are metrics and whose
// rows are the variants, each column is a measure of its own (one chart
// each in a report), the rows' variants are the variants, and the
// reference row, which every version shares, is left out, as is the
// column of printed changes against it.
func TestBuildMetricColumns(t *testing.T) {
	imp := func(s string) *model.Number { n := model.Number(s); return &n }
	table := func(id string, version int, alloc, free string) model.Table {
		return model.Table{ID: id, Series: "mm: invented", SeriesVersion: version, Columns: model.ColumnsMetrics,
			BaselineCase: "(1) base", Variants: []string{"alloc", "free", "overhead"}, Rows: []model.Row{
				{Case: "(1) base", Cells: []model.Cell{{Variant: "alloc", Field: "value", Value: "100"}, {Variant: "free", Field: "value", Value: "50"},
					{Variant: "overhead", Field: "value", Value: "0.00"}}},
				{Case: "(2) traced", Cells: []model.Cell{
					{Variant: "alloc", Field: "value", Value: model.Number(alloc), ImprovementPct: imp("-5.00"), Direction: "lower"},
					{Variant: "free", Field: "value", Value: model.Number(free), ImprovementPct: imp("-2.00"), Direction: "lower"},
					{Variant: "overhead", Field: "value", Value: "3.50"}}},
			}}
	}
	doc := &model.Document{Tables: []model.Table{table("t01", 1, "105", "51"), table("t02", 2, "103", "52")}}
	tls := timeline.Build(doc)
	require.Len(t, tls, 1)
	var got []string
	for _, e := range tls[0].Entries {
		got = append(got, fmt.Sprintf("%s|%s|%s|v%d|%s", e.Case, e.Variant, e.Field, e.Version, e.Value))
	}
	assert.Equal(t, []string{
		"|(2) traced|alloc|v1|105", "|(2) traced|alloc|v2|103",
		"|(2) traced|free|v1|51", "|(2) traced|free|v2|52",
	}, got)
	require.NotNil(t, tls[0].Entries[1].ChangePct)
	assert.InDelta(t, 1.9, *tls[0].Entries[1].ChangePct, 1e-9, "alloc fell from 105 to 103, lower is better")
}
