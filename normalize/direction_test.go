package normalize

import (
	"testing"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/assert"
)

// TestDirection covers each rule of direction inference in its order.
func TestDirection(t *testing.T) {
	user := Default().With(Benchmark{Name: "hackbench", Direction: "higher"}, Benchmark{Name: "frobnicate", Direction: "lower"})
	tests := []struct {
		name     string
		table    model.Table
		bl       *Benchmarks
		dir, src string
	}{
		{"header wins over everything", model.Table{Direction: "Higher", Benchmark: "hackbench", Unit: "seconds", Lead: []string{"lower is better"}}, nil, "higher", model.DirFromHeader},
		{"explicit prose beats unit and list", model.Table{Benchmark: "tbench", Unit: "MB/s", Lead: []string{"Note: data is completion time in seconds (lower is better)."}}, nil, "lower", model.DirFromProse},
		{"nearest prose line decides", model.Table{Lead: []string{"higher is better for the first table", "and lower is better here:"}}, nil, "lower", model.DirFromProse},
		{"prose in a heading", model.Table{Context: []string{"iterations per second (higher is better)"}}, nil, "higher", model.DirFromProse},
		{"a line saying both is skipped", model.Table{Benchmark: "stream", Lead: []string{"lower is better for some rows, higher is better for others"}}, nil, "higher", model.DirFromList},
		{"metric prose", model.Table{Lead: []string{"Number of loops is 10000 and runtime is in seconds."}}, nil, "lower", model.DirFromProse},
		{"throughput prose", model.Table{Lead: []string{"Following is the throughput with the series applied"}}, nil, "higher", model.DirFromProse},
		{"unit time", model.Table{Unit: "usecs"}, nil, "lower", model.DirFromUnit},
		{"unit rate", model.Table{Unit: "ops/sec", Benchmark: "hackbench"}, nil, "higher", model.DirFromUnit},
		{"normalized metric unit", model.Table{Unit: "Normalized throughput"}, nil, "higher", model.DirFromUnit},
		{"benchmark list", model.Table{Benchmark: "schbench"}, nil, "lower", model.DirFromList},
		{"longest list name wins", model.Table{Benchmark: "new-schbench-requests-per-second"}, nil, "higher", model.DirFromList},
		{"user list overrides built-in", model.Table{Benchmark: "hackbench"}, user, "higher", model.DirFromList},
		{"user list adds a name", model.Table{Benchmark: "frobnicate-v2"}, user, "lower", model.DirFromList},
		{"row labels name the metric", model.Table{Rows: []model.Row{{Case: "tcp_rr"}, {Case: "tcp_stream"}}}, nil, "higher", model.DirFromList},
		{"rows mixing opposite metrics", model.Table{Benchmark: "unixbench", Rows: []model.Row{{Case: "unixbench-dhry2reg-1"}, {Case: "unixbench-syscall-1"}}}, nil, "", model.DirMixed},
		{"fields mixing metrics", model.Table{Benchmark: "perf sched", Unit: "ms", Rows: []model.Row{{Cells: []model.Cell{{Field: "runtime"}, {Field: "switches"}}}}}, nil, "", model.DirMixed},
		{"metric prose does not decide a mixed table", model.Table{Lead: []string{"they had similar runtime is in seconds"}, Rows: []model.Row{{Cells: []model.Cell{{Field: "runtime"}, {Field: "switches"}}}}}, nil, "", model.DirMixed},
		{"row-key columns outside the variants do not mix", model.Table{Benchmark: "hackbench", Variants: []string{"a"}, Rows: []model.Row{{Cells: []model.Cell{{Field: "fds"}, {Field: "tasks"}, {Variant: "a", Field: "mean"}, {Variant: "a", Field: "p99"}}}}}, nil, "lower", model.DirFromList},
		{"latency_nice is not latency", model.Table{Benchmark: "latency_nice-test"}, nil, "", ""},
		{"nothing known", model.Table{Benchmark: "foo"}, nil, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := tc.table
			Table(&tb, Options{Benchmarks: tc.bl})
			assert.Equal(t, tc.dir, tb.Direction)
			assert.Equal(t, tc.src, tb.DirectionSource)
		})
	}
}

// TestMixedRowsGetCellDirections checks that a table without a direction
// still gives each row's cells the direction of the row's metric.
func TestMixedRowsGetCellDirections(t *testing.T) {
	tb := grid("mmtests", "tip", []string{"tip", "new"},
		"unixbench-pipe-1: tip value=2830206.03 tip pct=0.00 new value=2854405.99 new pct*=0.86",
		"unixbench-syscall-1: tip value=2994319.73 tip pct=0.00 new value=3008596.83 new pct*=-0.48",
	)
	Table(&tb, Options{})
	assert.Equal(t, "", tb.Direction)
	assert.Equal(t, "higher", cell(&tb, 0, "new", "value").Direction)
	assert.Equal(t, "lower", cell(&tb, 1, "new", "value").Direction)
	assert.Equal(t, "0.86", imp(cell(&tb, 0, "new", "value")))
	assert.Equal(t, "-0.48", imp(cell(&tb, 1, "new", "value")))
	obs := tb.AppendObservations(nil)
	assert.Equal(t, "lower", obs[len(obs)-1].Direction)
}
