package parse

import "testing"

var kunitCases = []cellCase{
	{
		name: "kunit.py closing lines",
		in: "[09:10:11] Testing complete. Ran 212 tests: passed: 208, skipped: 4\n" +
			"[09:10:11] Elapsed time: 61.402s total, 0.002s configuring, 57.300s building, 4.100s running\n",
		tables: 1,
		cells: []string{"elapsed time||total|61.402",
			"elapsed time||configuring|0.002", "elapsed time||building|57.300", "elapsed time||running|4.100"},
	},
	{
		name:   "elapsed time alone, without the clock",
		in:     "Elapsed time: 9.010s total, 0.001s configuring, 6.500s building, 2.509s running\n",
		tables: 1,
		cells:  []string{"elapsed time||total|9.010", "elapsed time||running|2.509"},
	},
	{
		name:   "test counts alone are no timing",
		in:     "[09:10:11] Testing complete. Ran 12 tests: passed: 12\n",
		tables: 0,
	},
	{
		name:   "prose about elapsed time",
		in:     "Elapsed time: about a minute, most of it building\n",
		tables: 0,
	},
}

func TestKunitRead(t *testing.T) { runCellCases(t, kunitFamily{}, kunitCases) }

func FuzzKunit(f *testing.F) { fuzzCells(f, kunitFamily{}, kunitCases) }
