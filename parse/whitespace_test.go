package parse

import "testing"

var whitespaceCases = []familyCase{
	{"variants", "kernel  base  patched\nhackbench-1  1.23  1.20\nhackbench-4  2.50  2.41\n", 1, 4},
	{"statistics with pct", "Test Mean Median\nwith-a 1.0 (+2%) 2.0 (+3%)\nwithout-a 1.1 2.1\n", 1, 6},
	{"groups over stats", "run A run B\ncase min max min max\n1 1 2 3 4\n2 5 6 7 8\n", 1, 8},
	{"blank line inside", "Test Mean Stddev\na 1.0 0.1\n\nb 2.0 0.2\n", 1, 4},
	{"one wide row", "bench v1 v2 v3\nfoo 1 2 3\n", 1, 3},
	{"one narrow row", "bench v1 v2\nfoo 1 2\n", 0, 0},
	{"prose header", "Here are the results for us\nfoo 1 2 3 4 5\nbar 1 2 3 4 5\n", 0, 0},
	{"numa list", "Nodes cpus\nNode 0: 0-63, 128-191\nNode 1: 64-127, 192-255\n", 0, 0},
	{"dmesg", "kernel log\n[    0.000000] Linux 6.1\n[    0.100000] smp 4\n", 0, 0},
	{"perf report", "Overhead Command Symbol\n  12.34%  hackbench  [k] _raw_spin_lock\n   8.01%  hackbench  [k] select_task_rq\n", 0, 0},
	{"repeated names need groups", "case min max min max\n1 1 2 3 4\n2 5 6 7 8\n", 0, 0},
}

func TestWhitespace(t *testing.T) { runFamily(t, whitespace{}, whitespaceCases) }

func FuzzWhitespace(f *testing.F) { fuzzFamily(f, whitespace{}, whitespaceCases) }

func BenchmarkWhitespace(b *testing.B) { benchFamily(b, whitespace{}) }
