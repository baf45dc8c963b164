package parse

import "testing"

var columnarCases = []familyCase{
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
	{"intel std notes", "case\tload\tbaseline(std%)\tcompare%( std%)\npipe\t1-groups\t 1.00 (  1.20)\t -0.53 (  0.80)\nsock\t1-groups\t 1.00 (  2.01)\t -3.25 (  1.95)\n", 1, 8},
	{"kernels as rows", "Kernel  Time  Ratio\n2.6.9  79  1.00\n2.6.9-mm1  XX  1.01\n", 1, 3},
	{"suffixes", "job base new\nrandread 250K 262K\nseqread 450MB/s 470MB/s\n", 1, 4},
	{"label with note", "test base new\nShell Scripts (1 concurrent) 42.4 43.1\nExecl Throughput 43.0 44.2\n", 1, 4},
	{"rule before total", "test  base  new  sum\na  1  2  3\nb  4  5  6\n     ======\ntotal  5  7  9\n", 1, 9},
	{"slabinfo", "name active num size\nkmalloc-64 12345 12800 64 : tunables 0 0 0\ntask_struct 1021 1050 9600 : tunables 0 0 0\n", 0, 0},
	{"prose label", "name base new\nwe saw it and the 12 13\nthen it was on the 14 15\n", 0, 0},
	{"ruled", "-----------------------\n test  before after delta\n-----------------------\n a  9.81  10.42  +6.2%\n b  38.50  41.07  +6.7%\n-----------------------\n", 1, 6},
	{"underlined with segments", "test  base  new\n----  ----  ---\na  1.0  2.0\nb  3.0  4.0\n", 1, 4},
	{"heading underline is no rule", "bench\n=====\n", 0, 0},
	{"kernel rows, one metric", "kernel  throughput\nbase  2310.55\npatched  2400.10\n", 1, 2},
	{"value (stddev) side by side", "build  base  patched\nallno  41.20 (0.31)  40.85 (0.12)\ndefconfig  88.01 (0.90)  87.10 (1.20)\n", 1, 8},
}

func TestColumnar(t *testing.T) { runFamily(t, columnar{}, columnarCases) }

func FuzzColumnar(f *testing.F) { fuzzFamily(f, columnar{}, columnarCases) }

func BenchmarkColumnar(b *testing.B) { benchFamily(b, columnar{}) }

// TestColumnarBracketTitle: a column titled by a bracket alone (found in
// real mail) is no metric and no panic.
func TestColumnarBracketTitle(t *testing.T) {
	ms, _ := readCells(columnar{}, "name        (          size\nalpha     12.5      3.25\nbeta      13.5      4.25\n")
	for _, m := range ms {
		if len(m.Table.Rows) == 0 {
			t.Fatal("a table without rows")
		}
	}
}
