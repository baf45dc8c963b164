package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var unitCases = []struct {
	text string
	want Unit
}{
	{"", Unit{}},
	{"us", Unit{Symbol: "us", Direction: "lower"}},
	{"usecs", Unit{Symbol: "us", Direction: "lower"}},
	{"µs", Unit{Symbol: "us", Direction: "lower"}},
	{"ms", Unit{Symbol: "ms", Direction: "lower"}},
	{"seconds", Unit{Symbol: "s", Direction: "lower"}},
	{"Normalized time in seconds", Unit{Symbol: "s", Normalized: true, Direction: "lower"}},
	{"Normalized 99th percentile latency in us", Unit{Symbol: "us", Normalized: true, Direction: "lower"}},
	{"Normalized Bandwidth, MB/s", Unit{Symbol: "MB/s", Normalized: true, Direction: "higher"}},
	{"Normalized throughput", Unit{Normalized: true, Direction: "higher"}},
	{"Normalized Througput", Unit{Normalized: true, Direction: "higher"}},
	{"Normalized Requests per second", Unit{Symbol: "req/s", Normalized: true, Direction: "higher"}},
	{"iterations/s", Unit{Symbol: "ops/s", Direction: "higher"}},
	{"ops/sec", Unit{Symbol: "ops/s", Direction: "higher"}},
	{"usecs/op", Unit{Symbol: "us/op", Direction: "lower"}},
	{"Gbps", Unit{Symbol: "Gbit/s", Direction: "higher"}},
	{"items", Unit{}},
	{"%", Unit{Symbol: "%"}},
}

func TestParseUnit(t *testing.T) {
	for _, tc := range unitCases {
		assert.Equal(t, tc.want, ParseUnit(tc.text), tc.text)
	}
}

// FuzzParseUnit: any text gives a known symbol and direction, never a panic.
func FuzzParseUnit(f *testing.F) {
	for _, tc := range unitCases {
		f.Add(tc.text)
	}
	symbols := map[string]bool{"": true, "%": true}
	for _, w := range unitWords {
		symbols[w.symbol] = true
	}
	f.Fuzz(func(t *testing.T, s string) {
		u := ParseUnit(s)
		if !symbols[u.Symbol] {
			t.Fatalf("unknown symbol %q from %q", u.Symbol, s)
		}
		if u.Direction != "" && u.Direction != "lower" && u.Direction != "higher" {
			t.Fatalf("direction %q from %q", u.Direction, s)
		}
	})
}

var sampleCases = []struct {
	text string
	want int
}{
	{"10 Runs", 10},
	{"100000 loops", 100000},
	{"o 100 Runs:", 100},
	{"averaged over 5 iterations", 5},
	{"Number of loops is 10000 and runtime is in seconds", 10000},
	{"runs: 7", 7},
	{"NPS1", 0},
	{"ran for 10ms in a loop", 0},
	{"v5.18 runs fine", 0},
	{"3x runs", 3},
	{"0 runs", 0},
	{"", 0},
}

func TestSamples(t *testing.T) {
	for _, tc := range sampleCases {
		assert.Equal(t, tc.want, Samples(tc.text), tc.text)
	}
	assert.Equal(t, 10, Samples("NPS1", "10 Runs", "100 Runs"), "the first text that states a count wins")
}

// FuzzSamples: the count is never negative and never panics.
func FuzzSamples(f *testing.F) {
	for _, tc := range sampleCases {
		f.Add(tc.text)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n := Samples(s); n < 0 {
			t.Fatalf("negative count %d from %q", n, s)
		}
	})
}

func TestStatistic(t *testing.T) {
	for in, want := range map[string]string{"Hmean": "HMean", "amean": "AMean", "Geometric Mean": "GMean", "Median": "Median", "": "", "p95": "p95"} {
		assert.Equal(t, want, Statistic(in), in)
	}
}
