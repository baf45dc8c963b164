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

// benchmarksByInitial lists the indices in knownBenchmarks of the names
// beginning with each byte.
var benchmarksByInitial = func() (by [256][]int) {
	for i, n := range knownBenchmarks {
		by[n[0]] = append(by[n[0]], i)
	}
	return by
}()

// findBenchmark returns the first known benchmark named in s, or "": the
// first of knownBenchmarks that benchmarkRes finds in s.
//
// Prose is searched once, not once per name: a name starts where a word
// does (after a byte no name may follow), so only the names beginning
// with the byte there are compared. Text beyond ASCII, where case folding
// is more than ASCII's, takes the regular expressions.
func findBenchmark(s string) string {
	if s == "" {
		return ""
	}
	if !ascii(s) {
		return findBenchmarkRE(strings.ToLower(s))
	}
	best := len(knownBenchmarks)
	for i := 0; i < len(s); i++ {
		if i > 0 && nameByte(lowerASCII(s[i-1]), '-') {
			continue
		}
		for _, k := range benchmarksByInitial[lowerASCII(s[i])] {
			if k >= best {
				break
			}
			n := knownBenchmarks[k]
			if len(s)-i >= len(n) && strings.EqualFold(s[i:i+len(n)], n) && (i+len(n) == len(s) || !nameByte(lowerASCII(s[i+len(n)]), '+')) {
				best = k
				break
			}
		}
	}
	if best == len(knownBenchmarks) {
		return ""
	}
	return knownBenchmarks[best]
}

// findBenchmarkRE is findBenchmark by the regular expressions, over
// lower-cased text.
func findBenchmarkRE(low string) string {
	for i, re := range benchmarkRes {
		if strings.Contains(low, knownBenchmarks[i]) && re.MatchString(low) {
			return knownBenchmarks[i]
		}
	}
	return ""
}

// nameByte reports whether c, lower-cased, continues a name: a letter, a
// digit, '_' or extra, the classes benchmarkRes puts around a name.
func nameByte(c, extra byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == extra
}

// lowerASCII lower-cases an ASCII letter.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
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
