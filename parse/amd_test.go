package parse

import "testing"

var pctImpCVCases = []cellCase{
	{"framed header", "==========\nTest          : hackbench\nUnits         : Normalized time in seconds\nInterpretation: Lower is better\nStatistic     : AMean\n==========\nCase:     mainline[pct imp](CV)   new[pct imp](CV)\n 1-groups 1.00 [ -0.00]( 8.66) 1.05 [ -5.30](16.73)\n", 1,
		[]string{"1-groups|mainline|pct|-0.00", "1-groups|new|cv|16.73", "1-groups|new|value|1.05"}},
	{"overflowing cell", "Clients: a[pct imp](CV) b[pct imp](CV)\n 1 1.00 [ 0.00]( 0.40) 2.50 [-150.00](60.00)\n", 1,
		[]string{"1|b|pct|-150.00", "1|b|cv|60.00"}},
	{"cv before pct", "Case: a[CV](pct imp) b[CV](pct imp)\n x 1.00 [ 0.51]( 0.00) 1.03 [ 0.77]( 3.00)\n", 1,
		[]string{"x|b|cv|0.77", "x|b|pct|3.00"}},
	{"intel std", "Threads: baseline(std%) compare%( std%)\n 8 40512.3 ( 0.52%) +2.31%( 0.81%)\n", 1,
		[]string{"8|compare|pct|2.31", "8|baseline|cv|0.52"}},
	{"six variants with overflow", "Clients:  base[pct imp](CV)  a[pct imp](CV)  b[pct imp](CV)  c[pct imp](CV)  d[pct imp](CV)  e[pct imp](CV)\n    1     1.00 [ 0.00]( 0.40)  1.01 [ 1.00]( 0.20)  0.99 [ -1.00]( 0.30)  2.50 [-150.00](60.00)  1.00 [ 0.00]( 0.10)  1.02 [ 2.00]( 0.90)\n", 1,
		[]string{"1|c|pct|-150.00", "1|d|value|1.00", "1|e|cv|0.90"}},
	{"wrong cell count", "Case: a[pct imp](CV) b[pct imp](CV)\n x 1.00 [ 0.00]( 0.10)\n", 0, nil},
	{"numeric brackets are not a header", "1-groups: 3.10 (0.00%) 3.05 (1.61%)\n2-groups: 3.52 (0.00%) 3.60 (-2.27%)\n", 0, nil},
}

func TestPctImpCV(t *testing.T) { runCellCases(t, pctImpCV{}, pctImpCVCases) }

func TestAMDMeta(t *testing.T) {
	ms, _ := readCells(pctImpCV{}, pctImpCVCases[0].in)
	if len(ms) != 1 {
		t.Fatalf("got %d tables", len(ms))
	}
	tab := ms[0].Table
	if tab.Benchmark != "hackbench" || tab.Unit != "Normalized time in seconds" || tab.Direction != "lower" || tab.Statistic != "AMean" || ms[0].Start != 0 {
		t.Fatalf("header block misread: %+v start %d", tab, ms[0].Start)
	}
}

func FuzzPctImpCV(f *testing.F) { fuzzCells(f, pctImpCV{}, pctImpCVCases) }

func BenchmarkPctImpCV(b *testing.B) { benchCells(b, pctImpCV{}, pctImpCVCases) }
