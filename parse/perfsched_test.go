package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var perfSchedCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "one line",
		in:   " a:1 | 2.5 ms | 3 | avg: 0.1 ms | max: 0.4 ms | max start: 10.5 s | max end: 10.9 s\n",
		want: []string{"a:1||runtime|2.5", "a:1||switches|3", "a:1||avg|0.1", "a:1||max|0.4", "a:1||max_start|10.5", "a:1||max_end|10.9"},
	},
	{
		name: "wrapped before max",
		in:   "t:7 | 1.000 ms | 2 | avg: 0.5 ms |\nmax: 0.9 ms | max start: 1.0 s | max end: 1.9 s\n",
		want: []string{"t:7||runtime|1.000", "t:7||switches|2", "t:7||avg|0.5", "t:7||max|0.9", "t:7||max_start|1.0", "t:7||max_end|1.9"},
	},
	{
		name: "wrapped twice",
		in:   "t:7 | 1.000 ms | 2 | avg: 0.5 ms |\nmax: 0.9 ms |\nmax at: 1.0 s\n",
		want: []string{"t:7||runtime|1.000", "t:7||switches|2", "t:7||avg|0.5", "t:7||max|0.9", "t:7||max_at|1.0"},
	},
	{
		name: "prose splits tables",
		in:   "a:1 | 2 ms | 3 | avg: 1 ms | max: 2 ms |\nthen again\nb:2 | 4 ms | 5 | avg: 1 ms | max: 3 ms |\n",
		want: []string{"a:1||runtime|2", "a:1||switches|3", "a:1||avg|1", "a:1||max|2", "--", "b:2||runtime|4", "b:2||switches|5", "b:2||avg|1", "b:2||max|3"},
	},
	{
		name: "total row alone is no table",
		in:   " TOTAL: | 12.3 ms | 40 |\n",
	},
	{
		name: "task without pid",
		in:   "hackbench | 2 ms | 3 | avg: 1 ms | max: 2 ms |\n",
	},
	{
		name: "missing max",
		in:   "a:1 | 2 ms | 3 | avg: 1 ms |\n",
	},
	{
		name: "runtime without unit",
		in:   "a:1 | 2 | 3 | avg: 1 ms | max: 2 ms |\n",
	},
	{
		name: "pipe grid",
		in:   "| cpu:0 | 12 ms | 10 ms |\n| cpu:1 | 11 ms | 9 ms |\n",
	},
}

func TestPerfSchedRead(t *testing.T) {
	for _, tc := range perfSchedCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(perfSchedFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func TestPerfSchedFrame(t *testing.T) {
	in := " ----------\n  Task  |  Runtime ms  | Switches | Avg delay ms | Max delay ms |\n ----------\n  x:1 | 1 ms | 1 | avg: 1 ms | max: 1 ms |\n ----------\n  TOTAL: | 1 ms | 1 |\n ----------\nprose\n"
	ms := perfSchedFamily{}.Read(blockOf(in))
	require.Len(t, ms, 1)
	assert.Equal(t, 0, ms[0].Start)
	assert.Equal(t, 7, ms[0].End)
	tab := ms[0].Table
	assert.Equal(t, "perf sched", tab.Benchmark)
	assert.Equal(t, "ms", tab.Unit)
	require.Len(t, tab.Rows, 2)
	assert.Equal(t, "TOTAL", tab.Rows[1].Case)
	assert.Equal(t, 6, tab.Rows[1].Line)
}

func FuzzPerfSched(f *testing.F) {
	for _, tc := range perfSchedCases {
		f.Add(tc.in)
	}
	for _, s := range fixtures(f, "perf-sched") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, perfSchedFamily{}, in)
	})
}

func BenchmarkPerfSched(b *testing.B) { benchFamily(b, perfSchedFamily{}) }
