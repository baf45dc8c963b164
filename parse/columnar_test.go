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

func TestNumberTitles(t *testing.T) {
	checkLabelled(t, []labelledCase{{
		name: "sizes over the columns, no label over the rows",
		text: "Read bandwidth by request size and limit, MiB/s:\n\n" +
			"\t|\t1MB\t\t|\t2MB\t\t|\t128MB\n----------------------------------------------\n" +
			"4KiB\t|\t14.1\t\t|\t13.8\t\t|\t15.2\n8KiB\t|\t26.3\t\t|\t27.0\t\t|\t25.1\n16KiB\t|\t44\t\t|\t52.6\t\t|\t46.9\n",
		variants: [][]string{{"1MB", "2MB", "128MB"}},
		cells:    map[string][2]string{"52.6": {"16KiB", "2MB"}},
	}, {
		name:     "size suffixes under a word over the labels",
		text:     "Ratios:\n\n| Codec | 4k | 8k | 16k |\n| --- | --- | --- | --- |\n| zz-fast | 2.44 | 2.71 | 2.64 |\n| zz-best | 3.14 | 3.31 | 3.36 |\n",
		variants: [][]string{{"4k", "8k", "16k"}},
		cells:    map[string][2]string{"3.31": {"zz-best", "8k"}},
	}, {
		name:     "sizes with spaced units over plain counts",
		text:     "Cycles per chunk:\n\n\t| 24 B \t| 32 B\t| 4 KB\n--------+-------+-------+------\nhash-a\t| 1225\t| 1941 \t|  2194\nhash-b\t| 1223\t| 1935\t|  2210\n",
		variants: [][]string{{"24 B", "32 B", "4 KB"}},
		cells:    map[string][2]string{"2210": {"hash-b", "4 KB"}},
	}, {
		name:     "numbered runs, then their average",
		text:     "Sequential read results (MiB/s):\n                        1      2      3      avg\n  image-a.img         701    705    699    702\n  image-b.img         650    649    654    651\n",
		variants: [][]string{{}},
		cells:    map[string][2]string{"705": {"image-a.img", ""}},
		fields:   map[string]string{"705": "run2", "651": "avg"},
	}, {
		name:     "the same with the rows' gaps widened and the header not",
		text:     "Sequential read results (MiB/s):\n                        1      2      3      avg\n  image-a.img            701       705       699       702\n  image-b.img            650       649       654       651\n",
		variants: [][]string{{}},
		cells:    map[string][2]string{"705": {"image-a.img", ""}},
		fields:   map[string]string{"705": "run2", "651": "avg", "650": "run1"},
	}})
}

func TestPackedSides(t *testing.T) {
	checkLabelled(t, []labelledCase{{
		name: "a quantity and a side packed in each title, a ratio after each pair",
		text: `Checksum loop, cycles per call and bytes per cycle:

 len   cyc_new   cyc_old      r    bpc_new   bpc_old      r
   8      3.61      3.52  1.026       2.21      2.18  1.014
  16      4.18      4.05  1.032       3.83      3.77  1.016
  32      5.12      5.20  0.985       6.25      6.15  1.016
`,
		variants: [][]string{{"new", "old"}},
		cells:    map[string][2]string{"3.52": {"8", "old"}, "1.032": {"16", "new"}, "6.15": {"32", "old"}},
		fields:   map[string]string{"3.52": "cyc", "1.032": "cyc_ratio", "1.014": "bpc_ratio", "6.15": "bpc"},
	}})
}

func TestDerivedColumns(t *testing.T) {
	checkLabelled(t, []labelledCase{{
		name: "a count column keying runs of rows, then a difference, a per-unit figure and a ratio of the pair",
		text: `Cost of each call in ns, plain and with the lock taken:

call      n     t       t_lock   delta_ns   per_n    %
open      1     500     530      30         30       106%
open      2     900     962      62         31       107%
open      4     1700    1821     121        30       107%
close     1     300     310      10         10       103%
close     2     550     576      26         13       105%
close     4     1000    1052     52         13       105%
`,
		variants: [][]string{{"t", "t_lock"}},
		cells:    map[string][2]string{"962": {"open 2", "t_lock"}, "121": {"open 4", "t_lock"}, "31": {"open 2", "t_lock"}, "103": {"close 1", "t_lock"}},
		fields:   map[string]string{"962": "value", "121": "pct", "31": "per_n", "103": "ratio"},
	}})
}
