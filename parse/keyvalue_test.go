package parse

import "testing"

var keyValueCases = []cellCase{
	{"bullet groups", "o NPS1\ntip: 131244.00 (var: 2.67%)\nln: 132118.00 (var: 3.62%) (+0.66%)\no NPS2\ntip: 127663.33 (var: 2.08%)\nln: 129148.00 (var: 4.29%) (+1.16%)\n", 1,
		[]string{"NPS1|tip|value|131244.00", "NPS1|ln|pct|0.66", "NPS2|ln|var|4.29"}},
	{"single annotated group", "tip: 1.0 (var: 2%)\nnew: 2.0 (var: 3%) (-1%)\n", 1, []string{"|new|pct|-1"}},
	{"plain groups repeating keys", "Run 1:\n a: 1.5 ops/s\n b: 2.5 ops/s\nRun 2:\n a: 1.6 ops/s\n b: 2.6 ops/s\n", 1, []string{"Run 2|b|value|2.6"}},
	{"metric block with deviations", "Average of 10 runs (std deviation):\nBuild time 58.692 (0.236157)\nLink time 13.814 (0.648826)\nPeak RSS 1526 (2.34521)\n", 1,
		[]string{"Build time||value|58.692", "Build time||stddev|0.236157", "Peak RSS||value|1526"}},
	{"colons and units", "Build time: 58.69 s (0.24)\nLink time: 13.81 s (0.65)\n", 1, []string{"Link time||stddev|0.65"}},
	{"kernbench's own block is left to it", "Elapsed Time 58.692 (0.236157)\nUser Time 803.814 (0.648826)\n", 0, nil},
	{"one deviation line", "Build time 58.692 (0.236157)\n", 0, nil},
	{"machine description", "CPU: 64\nMemory: 256 GB\nNode 0: 0-63, 128-191\n", 0, nil},
	{"percentile lines", "Groups: 2\n50.0000th: 21\n*99.0000th: 61\nmin=0, max=3012\nGroups: 4\n50.0000th: 26\n", 0, nil},
}

func TestKeyValue(t *testing.T) { runCellCases(t, keyValue{}, keyValueCases) }

func FuzzKeyValue(f *testing.F) { fuzzCells(f, keyValue{}, keyValueCases) }

func BenchmarkKeyValue(b *testing.B) { benchCells(b, keyValue{}, keyValueCases) }
