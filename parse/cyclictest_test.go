package parse

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var cyclictestCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "aligned",
		in:   "T: 0 ( 1234) P:99 I:1000 C: 100000 Min:      3 Act:    5 Avg:    4 Max:      17\n",
		want: []string{"0||count|100000", "0||min|3", "0||act|5", "0||avg|4", "0||max|17"},
	},
	{
		name: "squeezed and indented",
		in:   "   T:12 (77) P:0 I:500 C:10 Min:1 Act:2 Avg:3 Max:4\n",
		want: []string{"12||count|10", "12||min|1", "12||act|2", "12||avg|3", "12||max|4"},
	},
	{
		name: "runs split by a policy line",
		in:   "T: 0 ( 1) P:99 I:1000 C: 5 Min: 1 Act: 1 Avg: 1 Max: 2\npolicy: fifo: loadavg: 0.1 0.1 0.1 1/2 3\nT: 0 ( 2) P:99 I:1000 C: 5 Min: 1 Act: 1 Avg: 1 Max: 3\n",
		want: []string{"0||count|5", "0||min|1", "0||act|1", "0||avg|1", "0||max|2", "--", "0||count|5", "0||min|1", "0||act|1", "0||avg|1", "0||max|3"},
	},
	{
		name: "wrapped before Max",
		in:   "> T: 0 ( 1234) P:99 I:1000 C: 100000 Min:      3 Act:    5 Avg:    4\n> Max:      17\n> T: 1 ( 1235) P:99 I:1000 C: 99999 Min: 3 Act: 4 Avg: 4 Max: 9\n",
		want: []string{"0||count|100000", "0||min|3", "0||act|5", "0||avg|4", "0||max|17", "1||count|99999", "1||min|3", "1||act|4", "1||avg|4", "1||max|9"},
	},
	{
		name: "no avg",
		in:   "T: 0 ( 1234) P:99 I:1000 C: 100000 Min: 3 Max: 17\n",
	},
	{
		name: "repeated key",
		in:   "T: 0 ( 1234) Min: 3 Avg: 4 Max: 17 Max: 18\n",
	},
	{
		name: "trailing text",
		in:   "T: 0 ( 1234) P:99 I:1000 C: 1 Min: 3 Act: 5 Avg: 4 Max: 17 was the worst\n",
	},
}

func TestCyclictestRead(t *testing.T) {
	for _, tc := range cyclictestCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(cyclictestFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func TestCyclictestHeader(t *testing.T) {
	in := "values in usec:\n# /dev/cpu_dma_latency set to 0us\npolicy: fifo: loadavg: 0.52 0.43 0.31 1/123 4567\nT: 0 ( 1234) P:99 I:1000 C: 10 Min: 3 Act: 5 Avg: 4 Max: 17\n"
	ms := cyclictestFamily{}.Read(blockOf(in))
	require.Len(t, ms, 1)
	assert.Equal(t, 1, ms[0].Start)
	assert.Equal(t, "us", ms[0].Table.Unit)
	assert.Equal(t, "cyclictest", ms[0].Table.Benchmark)

	ms = cyclictestFamily{}.Read(blockOf(strings.Join(strings.Split(in, "\n")[1:], "\n")))
	require.Len(t, ms, 1)
	assert.Empty(t, ms[0].Table.Unit, "0us is the dma latency setting, not a unit statement")
}

func FuzzCyclictest(f *testing.F) {
	for _, tc := range cyclictestCases {
		f.Add(tc.in)
	}
	for _, s := range fixtures(f, "cyclictest") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, cyclictestFamily{}, in)
	})
}

func BenchmarkCyclictest(b *testing.B) { benchFamily(b, cyclictestFamily{}) }
