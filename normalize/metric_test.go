package normalize

import (
	"testing"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/assert"
)

// TestMetricDirection: a metric's name decides its direction, whatever
// benchmark it belongs to; unknown names stay unknown.
func TestMetricDirection(t *testing.T) {
	for name, want := range map[string]string{
		"hackbench.throughput_avg":                "higher",
		"hackbench.throughput_best":               "higher",
		"hackbench.throughput_worst":              "higher",
		"vm-scalability.time.system_time":         "lower",
		"vm-scalability.throughput":               "higher",
		"will-it-scale.per_process_ops":           "higher",
		"stress-ng.fault.ops_per_sec":             "higher",
		"fsmark.files_per_sec":                    "higher",
		"fio.read_clat_mean_us":                   "lower",
		"time.voluntary_context_switches":         "lower",
		"time.minor_page_faults":                  "lower",
		"time.elapsed_time.max":                   "lower",
		"perf-stat.ps.cpu-cycles":                 "",
		"mpstat.cpu.all.sys%":                     "",
		"read MB/s":                               "higher",
		"usecs/op":                                "lower",
		"IOPS":                                    "higher",
		"lat_p99":                                 "lower",
		"latency_ns":                              "lower",
		"score":                                   "higher",
		"sys":                                     "lower",
		"real":                                    "lower",
		"proc-vmstat.numa_hit":                    "",
		"time.percent_of_cpu_this_job_got":        "",
		"time.maximum_resident_set_size":          "",
		"perf-stat.i.cycles-between-cache-misses": "",
		"Energy (J)":                              "lower",
		"hibernate time (s)":                      "lower",
		"faults/sec":                              "",
		"faults/cpu":                              "",
		"cycles per op":                           "lower",
		"fio.latency_250us%":                      "",
		"sched:sched_process_wait":                "",
		"fxmark.ssd_xfs_MWCM_1_directio.idle_sec": "",
		"Ops Direct pages reclaimed":              "",
		"ops":                                     "higher",
		"latency_nice":                            "",
		"avglat":                                  "lower",
		"95%lat":                                  "lower",
		"maxbw":                                   "higher",
		"% of Total Time":                         "",
		"1-groups":                                "",
		"throughput and latency":                  "",
		"sched_debug.cfs_rq:/.removed.load_avg.max": "",
	} {
		assert.Equal(t, want, MetricDirection(name), name)
	}
}

// TestMetricRowsOverBenchmark: rows that name their metrics decide over
// the benchmark's direction, and rows naming nothing stay unknown.
func TestMetricRowsOverBenchmark(t *testing.T) {
	tb := grid("lkp", "a", []string{"a", "b"},
		"hackbench.throughput_avg: a value=100 b pct=-26.0 b value=74",
		"proc-vmstat.numa_hit: a value=100 b pct=-20.0 b value=80",
	)
	tb.Benchmark = "hackbench"
	Table(&tb, Options{})
	assert.Equal(t, "", tb.Direction)
	assert.Equal(t, model.DirMixed, tb.DirectionSource)
	assert.Equal(t, "higher", cell(&tb, 0, "b", "value").Direction)
	assert.Equal(t, model.VerdictRegressed, cell(&tb, 0, "b", "value").Verdict)
	assert.Equal(t, "", cell(&tb, 1, "b", "value").Direction)
	assert.Equal(t, model.VerdictNone, cell(&tb, 1, "b", "value").Verdict)

	all := grid("lkp", "a", []string{"a", "b"},
		"vm-scalability.time.system_time: a value=10 b pct=777.9 b value=87.79",
		"vm-scalability.time.elapsed_time: a value=100 b pct=1.0 b value=101",
	)
	all.Benchmark = "vm-scalability"
	Table(&all, Options{})
	// LKP's time.* rows time a fixed-length run: counters, not results
	// (counter.go), so neither a direction nor a verdict.
	assert.Equal(t, "", all.Direction)
	assert.Equal(t, model.DirMixed, all.DirectionSource)
	for i := range all.Rows {
		c := cell(&all, i, "b", "value")
		assert.Equal(t, model.VerdictNone, c.Verdict)
		assert.Equal(t, model.BasisCounter, c.VerdictBasis)
		assert.Nil(t, c.ImprovementPct)
		assert.Equal(t, "", c.Direction)
	}
}

// TestInferBaseline: the names, the shape of the names and the printed
// percentages say which variant is the reference.
func TestInferBaseline(t *testing.T) {
	tests := []struct {
		variants []string
		rows     []string
		want     string
	}{
		{[]string{"main", "patched"}, nil, "main"},
		{[]string{"mm-new", "after"}, nil, "mm-new"},
		{[]string{"Baseline (hash)", "Baseline + Series"}, nil, "Baseline (hash)"},
		{[]string{"Kmem disabled", "Original", "Patched"}, nil, "Original"},
		{[]string{"base elapsed", "RFC elapsed"}, nil, "base elapsed"},
		{[]string{"6.2", "6.2 + series"}, nil, "6.2"},
		{[]string{"v6.6-rc3", "v6.6-rc3-fix"}, nil, "v6.6-rc3"},
		{[]string{"w/o patch", "w/ patch"}, nil, "w/o patch"},
		{[]string{"tip", "tip+sched_x"}, nil, "tip"},
		{[]string{"vanilla", "thp"}, nil, "vanilla"},
		{[]string{"before", "after"}, nil, "before"},
		{[]string{"kmalloc", "pgalloc"}, nil, ""},
		{[]string{"v6.5", "v6.6"}, nil, ""},
		{[]string{"(1) v6.2.0-rc5", "(2) revert 442bf3aaf55a", "(3) enable expedited"}, nil, "(1) v6.2.0-rc5"},
		{[]string{"alpha", "beta"}, []string{"x: alpha value=1 alpha pct=0.00 beta value=2 beta pct=100.0", "y: alpha value=3 alpha pct=0.00 beta value=3 beta pct=0.00"}, "alpha"},
		{[]string{"alpha", "beta"}, []string{"x: alpha value=1 beta value=2 beta pct=100.0"}, "alpha"},
	}
	for _, tc := range tests {
		tb := grid("whitespace", "", tc.variants, tc.rows...)
		assert.Equal(t, tc.want, InferBaseline(&tb), "%q", tc.variants)
	}
}
