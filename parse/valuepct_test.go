package parse

import "testing"

var valuePctCases = []cellCase{
	{"colon labels", "Test: tip patched\n1-groups: 4.25 (0.00 pct) 4.14 (2.58 pct)\n2-groups: 4.95 (0.00 pct) 4.92 (0.60 pct)\n", 1,
		[]string{"1-groups|tip|value|4.25", "1-groups|patched|pct|2.58"}},
	{"bare labels and percent sign", "Clients: tip patched\n1 581.75 (0.00%) 586.52 (0.81%)\n", 1,
		[]string{"1|tip|value|581.75", "1|patched|pct|0.81"}},
	{"variants with colons", "Test: LN: 0 LN: 19 LN: -20\n1-groups: 3.91 (0.00 pct) 3.91 (0.00 pct) 3.81 (2.55 pct)\n", 1,
		[]string{"1-groups|LN: -20|pct|2.55"}},
	{"markers", "#workers: a b\n128: 475.00 (0.00 pct) 701.00 (-47.57 pct) *\n128: 429.00 (0.00 pct) 441.00 (-2.79 pct) [Verification Run]\n", 1,
		[]string{"128|b|pct|-47.57", "128|b|pct|-2.79"}},
	{"sub-heading reuses variants", "Test: a b\n1: 1.0 (0.00 pct) 2.0 (-1.00 pct)\n- pipe (thread)\n1: 3.0 (0.00 pct) 4.0 (-2.00 pct)\n", 2,
		[]string{"1|b|value|4.0"}},
	{"missing cell", "Test: a b c\n1: 1.0 (0.00 pct) - 2.0 (3.00 pct)\n", 1, []string{"1|c|value|2.0"}},
	{"cv in brackets", "Clients: tip new\n 1  573.26 [0.21] (0.00 pct)  578.14 [0.33] (0.85 pct)\n", 1,
		[]string{"1|tip|cv|0.21", "1|new|pct|0.85", "1|new|value|578.14"}},
	{"gmail wrapped 3+1", "Test: a b c d\n Copy: 1.0 (0.00 pct) 2.0 (1.00 pct) 3.0 (2.00 pct)\n4.0 (3.00 pct)\n Scale: 5.0 (0.00 pct) 6.0 (1.00 pct) 7.0 (2.00 pct)\n8.0 (3.00 pct)\n", 1,
		[]string{"Copy|d|value|4.0", "Scale|d|pct|3.00", "Scale|a|value|5.0"}},
	{"wrapped inside a cell", "Test: a b c\n1: 1.0 (0.00 pct) 2.0 (1.00 pct) 3.0 (2.00\npct)\n", 1, []string{"1|c|pct|2.00"}},
	{"tail line is no header", "1: 1.0 (0.00 pct) 2.0 (1.00 pct)\n3.0 (2.00 pct)\n2: 1.0 (0.00 pct) 2.0 (1.00 pct)\n", 0, nil},
	{"no header, two columns", "1: 1.0 (0.00 pct) 2.0 (-1.00 pct)\n", 0, nil},
	{"prose", "it went from 4.25 (0.00 pct) to worse\nNode 0: 0-63, 128-191\n", 0, nil},
	{"row of failed runs", "Test: tip patched\n1-groups: 4.25 (0.00 pct) 4.14 (2.58 pct)\n2-groups: nan (0.00 pct) nan (nan pct)\n4-groups: 5.01 (0.00 pct) 4.90 (2.19 pct)\n", 1,
		[]string{"1-groups|tip|value|4.25", "4-groups|tip|value|5.01", "4-groups|patched|pct|2.19"}},
	{"one failed run", "Test: tip patched\n1-groups: 4.25 (0.00 pct) -nan (-nan pct)\n2-groups: 4.89 (0.00 pct) 4.71 (3.68 pct)\n", 1,
		[]string{"1-groups|tip|value|4.25", "2-groups|patched|value|4.71"}},
	{"value out of range", "Test: a b\n1: 1e999 (0.00 pct) 2.0 (1.00 pct)\n2: 1.5 (0.00 pct) 2.5 (1.00 pct)\n", 1,
		[]string{"1|a|pct|0.00", "1|b|value|2.0", "2|a|value|1.5"}},
	{"bracketed cpu share named above", "Read rate per size, KIOPS (CPU%):\nsize: stock polled\n4k: 1200 (63%) 1350 (58%)\n64k: 310 (22%) 330 (20%)\n", 1,
		[]string{"4k|stock|cpu|63", "64k|polled|cpu|20", "64k|polled|value|330"}},
}

func TestValuePct(t *testing.T) { runCellCases(t, valuePct{}, valuePctCases) }

func FuzzValuePct(f *testing.F) { fuzzCells(f, valuePct{}, valuePctCases) }

func BenchmarkValuePct(b *testing.B) { benchCells(b, valuePct{}, valuePctCases) }
