package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var histogramCases = []struct {
	name, in string
	want     []string
	variants []string
}{
	{
		name:     "repeated leading word splits the header",
		in:       "latency 0 latency -20\nMin Latencies: 60 61\nMax Latencies: 87311 444\n",
		want:     []string{"|latency 0|min|60", "|latency -20|min|61", "|latency 0|max|87311", "|latency -20|max|444"},
		variants: []string{"latency 0", "latency -20"},
	},
	{
		name:     "wide header, percentile with decimals",
		in:       "  base    patched\n50% latencies:  12  11\n99.90% latencies:  80  70\n",
		want:     []string{"|base|p50|12", "|patched|p50|11", "|base|p99.9|80", "|patched|p99.9|70"},
		variants: []string{"base", "patched"},
	},
	{
		name:     "no header numbers the threads",
		in:       "# Min Latencies: 00003 00004\n# Max Latencies: 00017 nan\n",
		want:     []string{"|0|min|3", "|1|min|4", "|0|max|17"},
		variants: []string{"0", "1"},
	},
	{
		name:     "single column",
		in:       "Min Latencies: 5\nAvg Latencies: 9\n",
		want:     []string{"||min|5", "||avg|9"},
		variants: []string{},
	},
	{
		name: "a lone row is prose",
		in:   "Max Latencies: 17 20\n",
	},
	{
		name: "unknown statistic ends the table",
		in:   "Min Latencies: 1 2\nOdd Latencies: 3 4\n",
	},
	{
		name:     "schbench section with unit",
		in:       "Wakeup Latencies percentiles (usec) runtime 10 (s) (100 total samples)\n\t  50.0th: 7 (50 samples)\n\t* 99.0th: 20 (9 samples)\n\t  min=1, max=31\n",
		want:     []string{"Wakeup Latencies||p50|7", "Wakeup Latencies||p99|20", "Wakeup Latencies||min|1", "Wakeup Latencies||max|31"},
		variants: []string{},
	},
	{
		name:     "repeated section starts a new run",
		in:       "Latency percentiles (usec)\n\t50.0000th: 1\n\t90.0000th: 2\nLatency percentiles (usec)\n\t50.0000th: 3\n\t90.0000th: 4\n",
		want:     []string{"Latency||p50|1", "Latency||p90|2", "--", "Latency||p50|3", "Latency||p90|4"},
		variants: []string{},
	},
	{
		name: "one percentile row is not a section",
		in:   "Latency percentiles (usec)\n\t50.0000th: 1\nthat was all\n",
	},
	{
		name: "prose about percentiles",
		in:   "the tail percentiles of 3 runs look fine: 99.0th: 12 was seen\n",
	},
}

func TestHistogramRead(t *testing.T) {
	for _, tc := range histogramCases {
		t.Run(tc.name, func(t *testing.T) {
			ms := histogramFamily{}.Read(blockOf(tc.in))
			assert.Equal(t, tc.want, renderCells(ms))
			if tc.variants != nil {
				require.NotEmpty(t, ms)
				assert.Equal(t, tc.variants, ms[0].Table.Variants)
			}
		})
	}
}

func TestHistogramSchbenchTable(t *testing.T) {
	in := "Groups: 8\nRPS percentiles (requests) runtime 5 (s) (6 total samples)\n\t  20.0th: 100 (2 samples)\n\t  50.0th: 120 (2 samples)\n\t  min=90, max=130\naverage rps: 115.50\n"
	ms := histogramFamily{}.Read(blockOf(in))
	require.Len(t, ms, 1)
	tab := ms[0].Table
	assert.Equal(t, 0, ms[0].Start)
	assert.Equal(t, 6, ms[0].End)
	assert.Equal(t, []string{"Groups: 8"}, ms[0].Inner)
	assert.Equal(t, "higher", tab.Direction)
	assert.Equal(t, "requests", tab.Unit)
	assert.Equal(t, "schbench", tab.Benchmark)
	assert.Equal(t, "average rps", tab.Rows[1].Case)
	assert.Equal(t, 6, tab.Rows[1].Line)
}

func TestHistogramSplitHeader(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want []string
	}{
		{"latency 0 latency -20", 2, []string{"latency 0", "latency -20"}},
		{"v6.1   v6.1 + fix   v6.2", 3, []string{"v6.1", "v6.1 + fix", "v6.2"}},
		{"tip patched", 2, []string{"tip", "patched"}},
		{"Total: 1 2", 2, nil},
		{"cyclictest --policy other -D 5", 2, nil},
		{"a b c", 2, nil},
	} {
		assert.Equal(t, tc.want, histSplitHeader(tc.in, tc.n), tc.in)
	}
}

func FuzzHistogram(f *testing.F) {
	for _, tc := range histogramCases {
		f.Add(tc.in)
	}
	for _, s := range fixtures(f, "histogram") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, histogramFamily{}, in)
	})
}

func BenchmarkHistogram(b *testing.B) { benchFamily(b, histogramFamily{}) }
