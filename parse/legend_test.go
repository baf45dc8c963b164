package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var legendCases = []cellCase{
	{
		name: "a bullet list names the columns",
		in: "Each entry prints three values:\n- number of times the path ran;\n- total time spent in it, in ns;\n" +
			"- longest single pass, in ns;\n\nBefore:\n\n  path_enter: 4100 930112 8120\n  path_exit:  4100 120044 950\n\n" +
			"After:\n\n  path_enter: 3900 870001 7010\n  path_exit:  3900 110400 901\n  path_wait:  12 4400 800\n",
		tables: 2,
		cells: []string{"path_enter||count|4100", "path_enter||total|930112", "path_exit||max|950", "--",
			"path_wait||count|12", "path_wait||max|800"},
	},
	{
		name:   "items with no statistic are named by their words",
		in:     "Columns:\n1. pages scanned\n2. pages freed\n\nzone-a 1200 300\nzone-b 1100 280\n",
		tables: 1,
		cells:  []string{"zone-a||pages_scanned|1200", "zone-b||pages_freed|280"},
	},
	{
		name:   "a list of another length names nothing",
		in:     "Notes:\n- first run\n- second run\n- third run\n\nalpha: 1 2\nbeta: 3 4\n",
		tables: 0,
	},
	{
		name:   "no list above",
		in:     "Counts per node:\nnode0: 12 40 7\nnode1: 9 38 6\n",
		tables: 0,
	},
}

func TestLegendRead(t *testing.T) { runCellCases(t, legendFamily{}, legendCases) }

func TestLegendUnit(t *testing.T) {
	ms, _ := readCells(legendFamily{}, legendCases[0].in)
	if assert.Len(t, ms, 2) {
		assert.Equal(t, "ns", ms[0].Table.Unit)
		assert.Equal(t, []string{"Before"}, ms[0].Inner)
	}
}

func TestLegendField(t *testing.T) {
	for in, want := range map[string]string{
		"number of occurrences of the event;": "count",
		"total time the task waited in us":    "total",
		"shortest wait, in us":                "min",
		"the longest wait":                    "max",
		"mean of all waits":                   "avg",
		"bytes moved per call":                "bytes_moved_per",
	} {
		assert.Equal(t, want, legendField(in), in)
	}
}

func FuzzLegend(f *testing.F) { fuzzCells(f, legendFamily{}, legendCases) }

// FuzzPositionalLine holds the line grammar to its contract: no panic, and
// every number it returns reads as one.
func FuzzPositionalLine(f *testing.F) {
	for _, s := range []string{"path_enter: 4100 930112 8120", "zone-a 1200 300", "a b c d e: 1 2", "x: 1 2ms"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		_, nums, ok := positionalLine(line, CommaUnknown)
		if !ok {
			return
		}
		for _, n := range nums {
			if _, isNum := ReadNumber(n, CommaUnknown); !isNum {
				t.Fatalf("%q is no number", n)
			}
		}
	})
}
