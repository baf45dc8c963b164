package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var listCases = []cellCase{
	{"header", "Benchmark pct imp\nycsb-cassandra -0.64%\nycsb-mongodb 0.56%\n", 1,
		[]string{"ycsb-cassandra||pct|-0.64", "ycsb-mongodb||pct|0.56"}},
	{"pct diff header without signs", "Workload %diff\nnginx 2.10\n", 1, []string{"nginx||pct|2.10"}},
	{"three rows without header", "a +1.9%\nb -0.3%\nc 4.4%\n", 1, []string{"c||pct|4.4"}},
	{"colon header with blank lines", "Benchmarks:                  %diff\nycsb-cassandra              -0.64%\n\nhammerdb+mysql 16VU          1.44%\n", 1,
		[]string{"ycsb-cassandra||pct|-0.64", "hammerdb+mysql 16VU||pct|1.44"}},
	{"two rows without header", "a +1.9%\nb -0.3%\n", 0, nil},
	{"prose", "The hit rate dropped 5%\nload went up 12%\n", 0, nil},
}

func TestList(t *testing.T) { runCellCases(t, list{}, listCases) }

func TestListBaselineFromCase(t *testing.T) {
	in := "Case: mainline[pct imp](CV) new[pct imp](CV)\n 1 1.00 [ 0.00]( 0.10) 1.00 [ 0.00]( 0.20)\n\n==========\nTest : longer runs\nUnits : Normalized throughput\nInterpretation: Higher is better\nStatistic : Median\n==========\nBenchmark pct imp\nx 1.00%\n"
	ms, _ := readCells(list{}, in)
	if assert.Len(t, ms, 1) {
		tab := ms[0].Table
		assert.Equal(t, "mainline", tab.Baseline)
		assert.Equal(t, "longer runs", tab.Benchmark)
		assert.Equal(t, "higher", tab.Direction)
		assert.Equal(t, "Median", tab.Statistic)
	}
}

func FuzzList(f *testing.F) { fuzzCells(f, list{}, listCases) }

func BenchmarkList(b *testing.B) { benchCells(b, list{}, listCases) }
