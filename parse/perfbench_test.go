package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var perfBenchCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "pipe",
		in:   "# Running 'sched/pipe' benchmark:\n# Executed 10 pipe operations between two processes\n\n     Total time: 1.5 [sec]\n\n       1.500000 usecs/op\n         666666 ops/sec\n",
		want: []string{"Total time||value|1.5", "usecs/op||value|1.500000", "ops/sec||value|666666"},
	},
	{
		name: "rates without header",
		in:   "  2.25 usecs/op\n  444444 ops/sec\n",
		want: []string{"usecs/op||value|2.25", "ops/sec||value|444444"},
	},
	{
		name: "a lone total",
		in:   "Total time: 1.5 [sec]\n",
	},
	{
		name: "prose after the value",
		in:   "12 usecs/op is slow\n13 ops/sec\n",
	},
}

func TestPerfBenchRead(t *testing.T) {
	for _, tc := range perfBenchCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(perfBenchFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzPerfBench(f *testing.F) {
	for _, tc := range perfBenchCases {
		f.Add(tc.in)
	}
	for _, s := range fixtures(f, "perf-bench") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, perfBenchFamily{}, in)
	})
}

func BenchmarkPerfBench(b *testing.B) { benchFamily(b, perfBenchFamily{}) }
