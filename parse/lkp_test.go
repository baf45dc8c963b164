package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const lkpHead = "4e2c4a8b1b3c5a0d 9f1e0c7a2b3d4e5f\n---------------- ---------------------------\n         %stddev     %change         %stddev\n             \\          |                \\  \n"

var lkpCases = []cellCase{
	{"two commits", lkpHead + "  1.234e+08 ±  2%     +12.3%  1.386e+08 ±  3%  will-it-scale.per_process_ops\n", 1,
		[]string{"will-it-scale.per_process_ops|4e2c4a8b1b3c5a0d|cv|2", "will-it-scale.per_process_ops|9f1e0c7a2b3d4e5f|pct|12.3", "will-it-scale.per_process_ops|9f1e0c7a2b3d4e5f|value|1.386e+08"}},
	{"points without percent", lkpHead + "      2.35 ±4%      -1.2        1.15 ± 3%  perf-profile.calltrace.cycles-pp.x\n", 1,
		[]string{"perf-profile.calltrace.cycles-pp.x|9f1e0c7a2b3d4e5f|pct_points|-1.2", "perf-profile.calltrace.cycles-pp.x|4e2c4a8b1b3c5a0d|cv|4"}},
	{"three commits", "v6.9 aaaaaaaaaa bbbbbbbbbb\n---------------- ---------------- ----------------\n 12345 ±3% -5.0% 11728 ±2% +2.1e+05% 2.592e+07 ±5% stress-ng.fork.ops_per_sec\n", 1,
		[]string{"stress-ng.fork.ops_per_sec|bbbbbbbbbb|pct|2.1e+05", "stress-ng.fork.ops_per_sec|aaaaaaaaaa|value|11728"}},
	{"four commits", "v6.8 aaaaaaaaaa bbbbbbbbbb cccccccccc\n---------------- ---------------- ---------------- ----------------\n 1.00 ±100% -100.0% 0.00 +0.0% 1.00 -50.0% 0.50 ± 10% sched_debug.cpu.nr_running.max\n", 1,
		[]string{"sched_debug.cpu.nr_running.max|cccccccccc|pct|-50.0", "sched_debug.cpu.nr_running.max|cccccccccc|cv|10", "sched_debug.cpu.nr_running.max|v6.8|cv|100"}},
	{"metric wrapped onto the next line", lkpHead + "     12.50   -2.1   10.40\nperf-profile.calltrace.cycles-pp.do_anonymous_page.__handle_mm_fault\n   1234   -12.3%   1083  will-it-scale.per_process_ops\n", 1,
		[]string{"perf-profile.calltrace.cycles-pp.do_anonymous_page.__handle_mm_fault|9f1e0c7a2b3d4e5f|value|10.40", "will-it-scale.per_process_ops|9f1e0c7a2b3d4e5f|pct|-12.3"}},
	{"rule without rows", "The robot ran:\n---------------- ----------------\nnothing came out\n", 0, nil},
}

func TestLkp(t *testing.T) { runCellCases(t, lkp{}, lkpCases) }

func TestLkpBenchmark(t *testing.T) {
	ms, _ := readCells(lkp{}, lkpHead+"  1.0 +1.0% 1.01 will-it-scale.per_process_ops\n  2.0 -1.2 0.8 perf-profile.self.x\n  3.0 +2% 3.06 will-it-scale.per_thread_ops\n")
	if assert.Len(t, ms, 1) {
		assert.Equal(t, "will-it-scale", ms[0].Table.Benchmark)
		assert.Equal(t, "4e2c4a8b1b3c5a0d", ms[0].Table.Baseline)
	}
}

func FuzzLkp(f *testing.F) { fuzzCells(f, lkp{}, lkpCases) }

func BenchmarkLkp(b *testing.B) { benchCells(b, lkp{}, lkpCases) }
