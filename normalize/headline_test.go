package normalize

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHeadlines reads the robot's sentences: signed ones say which way
// the metric went, unsigned ones leave it to the table, and two sentences
// that judge one metric apart say nothing of it.
func TestHeadlines(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines []string
		want  map[string]Headline
	}{
		{"signed fall", []string{"kernel test robot noticed a -8.1% regression of vm-scalability.throughput on:"},
			map[string]Headline{"vm-scalability.throughput": {Word: "regression", Signed: true}}},
		{"signed rise", []string{"kernel test robot noticed a +12.3% improvement of aim7.jobs-per-min on:"},
			map[string]Headline{"aim7.jobs-per-min": {Word: "improvement", Signed: true, Rise: true}}},
		{"unsigned", []string{"FYI, we noticed a 12.9% regression of sprocket.ops_per_sec due to commit:"},
			map[string]Headline{"sprocket.ops_per_sec": {Word: "regression"}}},
		{"impact table", []string{"| testcase: change | stress-ng: stress-ng.fork.ops_per_sec -10.0% regression |"},
			map[string]Headline{"stress-ng.fork.ops_per_sec": {Word: "regression", Signed: true}}},
		{"disputed", []string{"noticed a -5.0% regression of gizmo.ops on:", "noticed a +5.0% improvement of gizmo.ops on:"},
			map[string]Headline{}},
		{"none", []string{"the regression is in the allocator"}, nil},
	} {
		assert.Equal(t, c.want, Headlines(c.lines), c.name)
	}
}

// TestHeadlineDirection gives each sentence and change its direction: an
// unsigned sentence takes the way the table's own change went.
func TestHeadlineDirection(t *testing.T) {
	for _, c := range []struct {
		h      Headline
		change float64
		want   string
	}{
		{Headline{Word: "regression", Signed: true}, +3, "higher"}, // the sentence's sign wins
		{Headline{Word: "regression", Signed: true, Rise: true}, 0, "lower"},
		{Headline{Word: "improvement", Signed: true, Rise: true}, 0, "higher"},
		{Headline{Word: "regression"}, -12.9, "higher"}, // ops/s fell: a regression
		{Headline{Word: "regression"}, +31.4, "lower"},  // a latency rose: a regression
		{Headline{Word: "improvement"}, -20, "lower"},
		{Headline{Word: "regression"}, 0, ""}, // nothing says which way
	} {
		assert.Equal(t, c.want, c.h.direction(c.change), "%+v %v", c.h, c.change)
	}
}
