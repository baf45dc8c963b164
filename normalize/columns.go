package normalize

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/lkmlbench/lkmlbench/model"
)

// A table's columns are the compared variants only when their titles name
// versions of the code: kernels, patches, configurations. On real lists
// many tables put what was measured side by side instead ("iops idles
// idle_miss belows aboves", "Busy% Bzy_MHz PkgWatt", "Energy (J)
// Duration (s)", "kmalloc pgalloc overhead"), often with the
// configurations as rows. Such a table has no baseline column, and
// counting it as a comparison that lacks one misreads it: a person sees
// metrics, units, statistics, operations or parts of the machine in the
// titles, and that is what metricColumns reads.
var (
	// unitTitle is a title that carries a unit or a share: "Energy (J)",
	// "Busy%", "% Difference", "timeΔ", "BW (MB/s)", "avg_resid_us".
	unitTitle = regexp.MustCompile(`(?i)(\(\s*(ns|us|µs|usecs?|ms|msecs?|s|secs?|seconds|min|j|joules|mj|uj|w|watts?|mw|bytes|b|kb|mb|gb|kib|mib|gib|k|%|hz|khz|mhz|ghz|mb/s|gb/s|kb/s|mib/s|gib/s|ops/s|iops|c|ma|mah|v|mv|tsc counts)\s*\)|%|Δ|/s\b|/sec\b|_(ns|us|ms|s|pct)\b)`)
	// measureWords name what a column counts or how it aggregates.
	measureWords = wordSet("avg", "average", "mean", "min", "max", "median", "std", "stdev", "stddev", "mode",
		"count", "counts", "total", "sum", "ratio", "rate", "percentage", "percent", "pct", "share", "diff", "delta",
		"nr", "num", "number", "iter", "iters", "iteration", "iterations", "idles", "entries", "samples", "hit",
		"hits", "loops", "files", "threads", "jobs", "value", "values", "size", "temp", "tmp", "irq", "smi")
	// testWords name an operation or a phase a column measures rather
	// than a version of the code ("Create", "Unlink", "Suspend").
	testWords = wordSet("read", "reads", "write", "writes", "create", "creates", "delete", "deletes", "unlink",
		"chmod", "walk", "bulkstat", "stat", "lookup", "rewrite", "fsync", "mkdir", "rmdir", "rename",
		"seqread", "seqwrite", "randread", "randwrite", "encryption", "decryption", "suspend", "resume",
		"hibernate", "hibernation", "boot", "entry", "exit")
	// partWord names a part of the machine a column is measured on:
	// CPUs, cores, clusters, nodes, idle states, power domains.
	partWord = regexp.MustCompile(`^(cpu|core|[a-z]core|node|socket|state|pkg|package|pack|cluster|gfx|gpu|dram|uncore|unco)[0-9]*$`)
	// unitSuffix is a word that ends in a unit (turbostat's "PkgWatt",
	// "Bzy_MHz", "PkgTmp").
	unitSuffix = regexp.MustCompile(`(watt|watts|mhz|ghz|khz|tmp|joules)$`)
	// versionWord is a release in a title ("5.10", "v6.1-rc3").
	versionWord = regexp.MustCompile(`(?i)(^|[^a-z0-9.])v?[0-9]+\.[0-9]+(\.([0-9]+|x))?(-rc[0-9]+)?([^0-9.]|$)`)
	// hexWord may be a commit ("b843299ba5f9"), when it holds both a
	// digit and a letter.
	hexWord = regexp.MustCompile(`\b[0-9a-f]{7,40}\b`)
)

// namesCommit reports whether s holds a commit id.
func namesCommit(s string) bool {
	for _, w := range hexWord.FindAllString(s, -1) {
		if strings.ContainsAny(w, "abcdef") && strings.ContainsAny(w, "0123456789") {
			return true
		}
	}
	return false
}

// titleWords splits a column title into its words, lower case: blanks,
// underscores and punctuation part them, '+' stays (it marks a change).
func titleWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return r != '+' && r != '%' && r != 'Δ' && !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '.'
	})
}

// namesVersion reports whether words (a title's own) name a version of
// the code: a reference or a change, a release, a commit.
func namesVersion(words []string) bool {
	s := strings.Join(words, " ")
	return s != "" && (referenceName.MatchString(s) || treatmentName.MatchString(s) || negatedName.MatchString(s) || versionWord.MatchString(s) || namesCommit(s))
}

// namesMeasure reports whether a title's own words (those not all
// titles share) name what is measured: a metric with a direction, a
// counter, a statistic or count, an operation or phase, a part of the
// machine. unit says whether the title carries a unit or share that not
// every title carries ("Energy (J)" beside "Duration (s)").
func namesMeasure(words []string, unit bool) bool {
	s := strings.Join(words, " ")
	if s == "" {
		return false
	}
	if unit || MetricDirection(s) != "" || isCounterName(s) || changeName.MatchString(s) || spreadTitle.MatchString(s) {
		return true
	}
	for _, w := range words {
		if testWords[w] {
			// Whole words only: "eram0-inline-read" names a device.
			return true
		}
		for _, p := range strings.FieldsFunc(w, func(r rune) bool { return r == '-' || r == '.' || r == '%' || r == 'Δ' }) {
			if measureWords[p] || lowerWords[p] || higherWords[p] || partWord.MatchString(p) || unitSuffix.MatchString(p) || idleState.MatchString(p) {
				return true
			}
		}
	}
	return false
}

// metricColumns reports whether t's columns are different metrics or
// tests side by side rather than variants (model.ColumnsMetrics): no
// title names a version of the code, and at least two titles, half of
// them or more, name what is measured. Words and units all titles share
// do not count ("throughput (MB/s)" in "menu throughput (MB/s)" and "teo
// throughput (MB/s)": the governors are the variants).
func metricColumns(t *model.Table) bool {
	vs := t.Variants
	if len(vs) < 2 {
		return false
	}
	words := make([][]string, len(vs))
	units := make([]string, len(vs))
	shared, sharedUnit := map[string]int{}, map[string]int{}
	for i, v := range vs {
		words[i] = titleWords(v)
		seen := map[string]bool{}
		for _, w := range words[i] {
			if !seen[w] {
				seen[w] = true
				shared[w]++
			}
		}
		units[i] = strings.ToLower(strings.Join(unitTitle.FindAllString(v, -1), " "))
		sharedUnit[units[i]]++
	}
	measures := 0
	for i := range vs {
		var own []string
		for _, w := range words[i] {
			if shared[w] < len(vs) {
				own = append(own, w)
			}
		}
		if namesVersion(own) || versionWord.MatchString(vs[i]) || namesCommit(vs[i]) {
			// A release or commit names a build even when every title
			// shares it ("6.1.x with ..."); a shared "+" or "with" is
			// no change ("Mixed Read+Writes, Reads").
			return false
		}
		if namesMeasure(own, units[i] != "" && sharedUnit[units[i]] < len(vs)) {
			measures++
		}
	}
	return measures >= 2 && 2*measures >= len(vs)
}
