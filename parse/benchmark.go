package parse

import (
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// knownBenchmarks are benchmark names that kernel testers post results of.
// A name found in a table's header, its headings, the command lines or the
// prose above it names the table's benchmark. Longer names come first so
// that "ycsb-mongodb" wins over "ycsb" and "perf bench sched pipe" over
// "perf bench".
var knownBenchmarks = []string{
	"perf bench sched messaging", "perf bench sched pipe", "perf sched", "perf bench",
	"sched-messaging", "sched messaging", "sched pipe",
	"ycsb-mongodb", "ycsb-cassandra", "ycsb", "will-it-scale", "specjbb2015", "specjbb",
	"deathstarbench", "hammerdb", "unixbench", "hackbench", "schbench", "cyclictest",
	"tbench", "dbench", "netperf", "iperf3", "iperf", "stream", "fio", "sysbench", "pgbench",
	"kernbench", "kcbench", "lmbench", "aim7", "aim9", "reaim", "ebizzy", "stress-ng",
	"rt-app", "osbench", "redis", "memcached", "nginx", "mysql", "postgresql", "mongodb",
	"tiobench", "bonnie++", "contest", "blogbench", "phoronix", "vm-scalability", "pft", "pmbench",
	"lkp", "specpower", "spec cpu", "coremark", "linpack", "gups", "xsbench", "nas",
	"uperf", "sockperf", "neper", "rocksdb", "cassandra", "apache", "jbb",
}

var benchmarkRes = func() []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(knownBenchmarks))
	for i, n := range knownBenchmarks {
		out[i] = regexp.MustCompile(`(?i)(^|[^a-z0-9_-])` + regexp.QuoteMeta(n) + `($|[^a-z0-9_+])`)
	}
	return out
}()

// findBenchmark returns the first known benchmark named in s, or "".
func findBenchmark(s string) string {
	if s == "" {
		return ""
	}
	low := strings.ToLower(s)
	for i, re := range benchmarkRes {
		if strings.Contains(low, knownBenchmarks[i]) && re.MatchString(low) {
			return knownBenchmarks[i]
		}
	}
	return ""
}

// ranTest catches benchmarks the list does not know from the way the text
// introduces them: "ran barrier.c test", "the foo-bar benchmark".
var ranTest = regexp.MustCompile(`(?i)\b(?:ran|run|running|with)\s+([a-z0-9][\w.+-]*)\s+(?:test|benchmark|micro-benchmark)`)

// nameBenchmark picks the benchmark of a table from, in order, its
// variants, the paragraph that introduces it, its own title and header
// lines (after the introduction: in a transposed block they also carry
// sub-benchmark labels such as "sched pipe"), the headings above it (nearest first, banners naming
// "<bench> - <config>"), the last command line above it that is not a
// background load ("... &"), and the prose further up.
func nameBenchmark(t *model.Table, header []string, a *surroundings) string {
	for _, v := range t.Variants {
		if b := findBenchmark(v); b != "" {
			return b
		}
	}
	for i := len(a.intro) - 1; i >= 0; i-- {
		if b := findBenchmark(a.intro[i]); b != "" {
			return b
		}
	}
	for _, h := range header {
		if b := findBenchmark(h); b != "" {
			return b
		}
	}
	for i := len(a.heads) - 1; i >= 0; i-- {
		h := a.heads[i]
		if h.bench != "" {
			return h.bench
		}
		if b := findBenchmark(h.text); b != "" {
			return b
		}
		if m := ranTest.FindStringSubmatch(h.text); m != nil {
			return strings.ToLower(m[1])
		}
	}
	for i := len(a.cmds) - 1; i >= 0; i-- {
		if strings.HasSuffix(a.cmds[i], "&") {
			continue
		}
		if b := findBenchmark(a.cmds[i]); b != "" {
			return b
		}
	}
	for i := len(a.lead) - 1; i >= 0; i-- {
		if b := findBenchmark(a.lead[i]); b != "" {
			return b
		}
	}
	for _, c := range a.cmds {
		if b := findBenchmark(c); b != "" {
			return b
		}
	}
	return ""
}
