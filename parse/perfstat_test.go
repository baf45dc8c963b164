package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var perfStatCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "header, spread and share",
		in:   " Performance counter stats for './run' (5 runs):\n\n  1,234,567,890      cycles   #    3.012 GHz   ( +-  0.50% )  (75.00%)\n\n  12.3456 +- 0.0789 seconds time elapsed  ( +-  0.64% )\n",
		want: []string{"cycles||value|1234567890", "cycles||ghz|3.012", "cycles||cv|0.50", "cycles||multiplex|75.00",
			"time elapsed||value|12.3456", "time elapsed||stddev|0.0789", "time elapsed||cv|0.64"},
	},
	{
		name: "no header, derived metrics mark it",
		in:   "  5,000 msec task-clock # 1.000 CPUs utilized\n  120 context-switches # 24.000 /sec\n",
		want: []string{"task-clock||value|5000", "task-clock||cpus_utilized|1.000", "context-switches||value|120", "context-switches||per_sec|24.000"},
	},
	{
		name: "metric line continues the row above",
		in:   "  10 instructions # 0.5 insn per cycle\n                 # 0.2 stalled cycles per insn\n  20 cycles\n",
		want: []string{"instructions||value|10", "instructions||insn_per_cycle|0.5", "instructions||stalled_cycles_per_insn|0.2", "cycles||value|20"},
	},
	{
		name: "percent metric",
		in:   "  7 branch-misses # 0.68% of all branches\n  1,000 branches\n",
		want: []string{"branch-misses||value|7", "branch-misses||pct_of_all_branches|0.68", "branches||value|1000"},
	},
	{
		name: "spread wrapped to the next line",
		in:   "  1,000 cycles # 3.0 GHz\n      ( +-  0.50% )  (75.00%)\n  2,000 instructions\n",
		want: []string{"cycles||value|1000", "cycles||ghz|3.0", "cycles||cv|0.50", "cycles||multiplex|75.00", "instructions||value|2000"},
	},
	{
		name: "plain count lines are no perf stat",
		in:   "  16 cores\n  2 sockets\n",
	},
	{
		name: "one unmarked line",
		in:   "  12,345 cycles\n",
	},
	{
		name: "perf report",
		in:   "    12.34%  hackbench  [kernel.kallsyms]  [k] _raw_spin_lock\n     8.02%  hackbench  [kernel.kallsyms]  [k] update_cfs_group\n",
	},
	{
		name: "sentence after a count",
		in:   "  3 runs were made # see below\n  4 more failed\n",
	},
}

func TestPerfStatRead(t *testing.T) {
	for _, tc := range perfStatCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(perfStatFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func TestPerfStatHeaders(t *testing.T) {
	in := " Performance counter stats for 'schbench -m 2' (3 runs):\n\n   10 cycles\n\n Performance counter stats for 'system wide':\n\n   11 cycles\n"
	ms := perfStatFamily{}.Read(blockOf(in))
	require.Len(t, ms, 2)
	assert.Equal(t, []int{0, 3}, []int{ms[0].Start, ms[0].End})
	assert.Equal(t, "schbench", ms[0].Table.Benchmark)
	assert.Equal(t, []string{"schbench -m 2"}, ms[0].Inner)
	assert.Equal(t, "perf stat", ms[1].Table.Benchmark)
	assert.Equal(t, []string{"system wide"}, ms[1].Inner)
}

func FuzzPerfStat(f *testing.F) {
	for _, tc := range perfStatCases {
		f.Add(tc.in)
	}
	for _, s := range fixtures(f, "perf-stat") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, perfStatFamily{}, in)
	})
}

func BenchmarkPerfStat(b *testing.B) { benchFamily(b, perfStatFamily{}) }
