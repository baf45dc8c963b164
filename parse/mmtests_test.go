package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var mmtestsCases = []cellCase{
	{"compare-kernels columns", "Test Metric Parallelism tip ln\nunixbench-syscall Amean unixbench-syscall-1 2994319.73 ( 0.00%) 3008596.83 * -0.48%*\nunixbench-spawn Hmean unixbench-spawn-512 85443.56 ( 0.00%) 70536.42 * -17.45%* (0.67% vs 0.93% - CoEff var)\n", 1,
		[]string{"unixbench-syscall-1|ln|pct|-0.48", "unixbench-spawn-512|tip|cv|0.67", "unixbench-spawn-512|ln|cv|0.93"}},
	{"plain with statistic rows", "  vanilla patched\nHmean tput-1 123.45 ( 0.00%) 130.10 * 5.39%*\nStddev tput-1 1.23 ( 0.00%) 2.34 ( -90.24%)\nCoeffVar tput-1 0.99 ( 0.00%) 1.80 ( -81.82%)\n", 1,
		[]string{"tput-1|patched|pct|5.39", "tput-1|patched|stddev|2.34", "tput-1|patched|stddev_pct|-90.24", "tput-1|vanilla|cv|0.99"}},
	{"numeric case and ops", " base patched\nAmean 1 0.4060 ( 0.00%) 0.4047 ( 0.32%)\nOps Minor Faults 123456.00 123999.00\n", 1,
		[]string{"1|patched|value|0.4047", "Ops Minor Faults|patched|value|123999.00"}},
	{"quartiles and tail maxima", " base patched\nMin 1 0.39 ( 0.00%) 0.38 ( 0.51%)\n1st-qrtle 1 0.40 ( 0.00%) 0.39 ( 0.52%)\nMax-90 1 0.41 ( 0.00%) 0.41 ( 1.16%)\nBAmean-99 1 0.40 ( 0.00%) 0.40 ( 0.32%)\n", 1,
		[]string{"1|patched|1st-qrtle|0.39", "1|base|max-90|0.41", "1|patched|bamean-99_pct|0.32", "1|base|min|0.39"}},
	{"duration block", " base patched\nDuration User 431.96 432.98\nDuration Elapsed 160.67 160.32\n", 1,
		[]string{"Duration User|base|value|431.96", "Duration Elapsed|patched|value|160.32"}},
	{"NA cells", " base patched\nAmean a 6.77 ( 0.00%) NA ( NA)\nAmean b 9.83 ( 0.00%) 9.63 ( 2.03%)\nOps Swap Ins NA NA\n", 1,
		[]string{"a|base|value|6.77", "b|patched|pct|2.03"}},
	{"unread row is no header", "Amean a 6.77 ( 0.00%) 6.53 * 3.55%*\nFoo b 1.0 ( 0.00%) 2.0 ( 1.00%)\nAmean c 1.0 ( 0.00%) 2.0 ( 1.00%)\n", 0, nil},
	{"no header", "Hmean tput-1 123.45 ( 0.00%) 130.10 * 5.39%*\n", 0, nil},
	{"prose", "The Hmean value rose 2.25% (from 1433.95 to 1466.19)\n", 0, nil},
}

func TestMmtests(t *testing.T) { runCellCases(t, mmtests{}, mmtestsCases) }

func TestMmtestsStatistic(t *testing.T) {
	ms, _ := readCells(mmtests{}, mmtestsCases[1].in)
	if assert.Len(t, ms, 1) {
		assert.Equal(t, "Hmean", ms[0].Table.Statistic)
	}
	ms, _ = readCells(mmtests{}, mmtestsCases[0].in)
	if assert.Len(t, ms, 1) {
		assert.Equal(t, "", ms[0].Table.Statistic, "mixed Amean/Hmean rows")
		assert.Equal(t, "unixbench", ms[0].Table.Benchmark)
	}
}

func FuzzMmtests(f *testing.F) { fuzzCells(f, mmtests{}, mmtestsCases) }

func BenchmarkMmtests(b *testing.B) { benchCells(b, mmtests{}, mmtestsCases) }

func TestMMHeaderPieces(t *testing.T) {
	checkLabelled(t, []labelledCase{{
		name: "names of several words stand apart by wider gaps than their words",
		text: `fio on the phone, the average of four runs each:
  read / 2 jobs     stock      slowed  this fix
    min IOPS       4,100.50   2,300.25     3,800.75
    max IOPS       6,000.10   4,500.30     5,900.90
`,
		variants: [][]string{{"stock", "slowed", "this fix"}},
		cells:    map[string][2]string{"3800.75": {"IOPS", "this fix"}, "6000.10": {"IOPS", "stock"}},
	}})
}
