package report

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/timeline"
)

// entries is one result of table tab: its value, improvement ("" for
// none) and verdict.
func entries(tab, value, imp string, v model.Verdict) []timeline.Entry {
	e := timeline.Entry{Table: tab, Value: model.Number(value), Verdict: v}
	if imp != "" {
		e.ImprovementPct = num(imp)
	}
	return []timeline.Entry{e}
}

// TestSeriesPivots: a series becomes one case x version pivot per
// benchmark and measure. Cells are improvements over each version's
// baseline, the case whose worst version fell furthest first; a case
// posted in two tables of one version has a row per table; cases without
// a baseline show their values, in table order, at most maxRows of them.
func TestSeriesPivots(t *testing.T) {
	tl := timeline.Timeline{Series: "mm: invented", Versions: []int{1, 2, 3}}
	add := func(c, field string, v int, tab, value, imp string, verdict model.Verdict) {
		e := entries(tab, value, imp, verdict)[0]
		e.Benchmark, e.Case, e.Field, e.Version, e.Variant = "frob", c, field, v, "patched"
		tl.Entries = append(tl.Entries, e)
	}
	for i := range 30 {
		for v := 1; v <= 3; v++ {
			add(fmt.Sprintf("case-%02d", i), "value", v, "t"+strconv.Itoa(v), strconv.Itoa(1000*i+v), "", model.VerdictNone)
		}
	}
	add("c", "p99", 1, "t1", "5", "-40.00", model.VerdictRegressed)
	add("c", "p99", 2, "t2", "4", "-10.00", model.VerdictWithinNoise)
	add("c", "p99", 3, "t3", "3", "5.00", model.VerdictImproved)
	add("d", "p99", 3, "t3", "9", "-90.00", model.VerdictRegressed)
	add("e", "p99", 2, "t2", "4", "-1.00", model.VerdictWithinNoise)
	add("e", "p99", 2, "t4", "4", "-2.00", model.VerdictWithinNoise)

	ps := seriesPivots(tl)
	require.Len(t, ps, 2)
	v := ps[0]
	assert.Equal(t, "frob", v.Title)
	assert.Equal(t, 30, v.Cases)
	require.Len(t, v.Rows, maxRows)
	assert.Equal(t, "case-00 patched", v.Rows[0].Name, "without improvements: table order")
	assert.Equal(t, "2003", v.Rows[2].Cells[2].Text)
	assert.Contains(t, v.Note, "the 20 of 30 cases")

	p := ps[1]
	assert.Equal(t, "frob p99", p.Title)
	var names []string
	for _, r := range p.Rows {
		names = append(names, r.Name)
		assert.Len(t, r.Cells, 3, "a cell per version of the series")
	}
	assert.Equal(t, []string{"d patched", "c patched", "e patched (t4)", "e patched"}, names,
		"the case that fell furthest first; the second table of a version a row of its own")
	c := p.Rows[1]
	assert.Equal(t, []string{"-40.0%", "-10.0%", "+5.0%"}, []string{c.Cells[0].Text, c.Cells[1].Text, c.Cells[2].Text})
	assert.Equal(t, []string{"regressed", "noise", "improved"}, []string{c.Cells[0].Class, c.Cells[1].Class, c.Cells[2].Class})
	assert.Empty(t, p.Rows[0].Cells[0].Text, "d was not posted in v1")
	assert.Empty(t, p.Note)
}

// TestRowName: rows under the same long heading read the same heading,
// whatever the length of their case; the title has it whole.
func TestRowName(t *testing.T) {
	heading := []string{"2. Mostly idle: the governor asks the firmware for the lowest state it may use"}
	short, _ := rowName(timeline.Entry{Context: heading, Case: "1", Variant: "gov+lazy"})
	long, full := rowName(timeline.Entry{Context: heading, Case: "512", Variant: "gov+lazy-with-hints"})
	head := func(s string) string { h, _, _ := strings.Cut(s, " · "); return h }
	assert.Equal(t, head(short), head(long))
	assert.Equal(t, maxRowContext, utf8.RuneCountInString(head(short)))
	assert.Equal(t, heading[0]+" · 512 gov+lazy-with-hints", full)
}
