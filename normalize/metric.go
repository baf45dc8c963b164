package normalize

import (
	"regexp"
	"slices"
	"strings"
)

// A metric's name says which way is better more often than its benchmark
// does: hackbench is timed, but hackbench.throughput_avg is a rate, and a
// latency table of fio is lower-is-better although fio's IOPS are not. The
// word lists below are what an engineer reads in a name: time and cost
// words (lower), rate and work-done words (higher).
var (
	lowerWords = wordSet("time", "times", "latency", "latencies", "lat", "clat", "slat", "elapsed",
		"duration", "runtime", "ns", "nsec", "nsecs", "us", "usec", "usecs", "ms", "msec", "msecs",
		"sec", "secs", "seconds", "cycles", "sys", "switches", "faults", "miss", "misses", "missed", "overhead",
		"delay", "jitter", "cpi", "wait", "energy", "joules", "watts", "watt", "power",
		// cpuidle's wrong picks: a state too deep (above) or too shallow (below).
		"aboves", "belows")
	higherWords = wordSet("throughput", "ops", "iops", "bw", "bandwidth", "score", "tps", "qps", "rps",
		"ipc", "mbps", "gbps", "kbps", "transactions", "requests", "bogo", "ppw", "efficiency", "hit", "hits",
		// Work done in a run ("filebench.sum_operations", fxmark's works).
		"operations", "works")
	// workWords count work done: per unit of time they make a rate.
	workWords = wordSet("ops", "op", "operations", "works", "work", "files", "records", "items", "iterations", "loops",
		"jobs", "events", "requests", "transactions", "packets", "messages", "queries", "bytes",
		"kb", "mb", "gb", "tb", "kib", "mib", "gib", "frames", "reads", "writes", "iops", "io")
	// costWords count what work costs; per unit of work they are lower
	// is better, per unit of time they may be a rate of work done.
	costWords = wordSet("cycles", "switches", "faults", "misses", "instructions")
	timeWords = wordSet("s", "sec", "secs", "second", "seconds", "min", "minute", "minutes", "hour", "ms", "us")
	// statWords name an aggregate of a metric; they keep its direction.
	statWords = wordSet("avg", "average", "mean", "amean", "hmean", "gmean", "best", "worst", "min", "max",
		"median", "stddev", "stdev", "sum", "total", "value", "ms", "us", "ns")
	// wholeLabels are labels whose meaning depends on standing alone:
	// time(1)'s real, user and sys lines.
	wholeLabels = map[string]string{"real": "lower", "user": "lower", "sys": "lower"}

	metricWord = regexp.MustCompile(`[a-z0-9/%]+`)
	pctileWord = regexp.MustCompile(`^p[0-9]+$`)
	// notMetric are compounds that hold a metric word but name a feature.
	// A share of time ("% time spent", residency) is a distribution, not
	// a duration; mmtests' vmstat rows start with "Ops" whatever they count.
	notMetric = regexp.MustCompile(`latency[ _-]?nice|time[ _-]?slice|lat[ _-]?nice|(%|percent(age)?|share|fraction)[ _-]*(of[ _-]*)?(the[ _-]*)?(total[ _-]*)?(cpu[ _-]*)?time|[a-z]+[ _-]between[ _-][a-z-]+|idle[ _-]?(sec|secs|time|ms|us)|^ops\s+`)
	// tracepoint is a perf event name ("sched:sched_process_wait"): a
	// count of events, whatever the event is called.
	tracepoint = regexp.MustCompile(`^[a-z0-9_]+:[a-z0-9_]+$`)
	// systemCounters are the namespaces of LKP's system-wide monitors
	// (profiles, vmstat, sched_debug, ...): their rows are supporting
	// counters, and their last parts are often function names
	// ("perf-profile.children.cycles-pp.__x64_sys_epoll_wait"), so no
	// direction is read from them.
	systemCounters = regexp.MustCompile(`^(perf-profile|perf-sched|perf-stat|perf-c2c|sched_debug|proc-vmstat|(numa-)?meminfo|numa-vmstat|numa-numastat|slabinfo|interrupts|softirqs|latency_stats|vmstat|mpstat|turbostat|iostat|pmeter|lock_stat|cpuidle|cpufreq|boot-time|uptime|kmsg|dmesg|pagetypeinfo|buddyinfo|sched_debug)\.`)
)

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// MetricDirection returns the better-direction a metric's name states
// ("lower" for times, latencies and costs, "higher" for rates, work done
// and scores), "" when the name does not say or says both. A dotted name
// (LKP's "vm-scalability.time.system_time") is read from its last part:
// aggregates (_avg, _best, _worst, .max) keep the direction of the metric
// they aggregate, and only when nothing else is left does the part before
// decide.
func MetricDirection(name string) string {
	low := strings.ToLower(strings.TrimSpace(name))
	if d, ok := wholeLabels[strings.TrimSuffix(low, "%")]; ok {
		return d
	}
	if systemCounters.MatchString(low) || tracepoint.MatchString(low) || (strings.HasSuffix(low, "%") && strings.ContainsAny(low, "._")) {
		// Counters, perf tracepoint counts, and shares: "fio.latency_250us%"
		// is the share of I/Os in a latency bucket, not a latency.
		return ""
	}
	low = notMetric.ReplaceAllString(low, " ")
	parts := splitDotted(low)
	for i := len(parts) - 1; i >= 0; i-- {
		words := metricWord.FindAllString(parts[i], -1)
		for len(words) > 1 && isStatWord(words[len(words)-1]) && words[len(words)-2] != "per" {
			words = words[:len(words)-1]
		}
		if len(words) == 0 || (len(words) == 1 && isStatWord(words[0]) && i > 0) {
			continue
		}
		return wordsDirection(words)
	}
	return ""
}

func isStatWord(w string) bool { return statWords[w] || pctileWord.MatchString(w) }

// splitDotted splits a dotted metric path at dots that do not sit between
// two digits (so "p99.9" and "2.5" stay whole).
func splitDotted(s string) []string {
	if strings.Contains(s, " ") {
		return []string{s}
	}
	var out []string
	start := 0
	for i := 1; i+1 < len(s); i++ {
		if s[i] == '.' && !(isDigit(s[i-1]) && isDigit(s[i+1])) {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// wordsDirection decides one part of a name. A ratio ("usecs/op",
// "ops_per_sec", "MB/s") is decided by its numerator: a time is lower is
// better, work done per unit of time is a rate. Otherwise the words must
// agree.
func wordsDirection(words []string) string {
	var num, den []string
	for i, w := range words {
		if k := strings.IndexByte(w, '/'); k > 0 && k < len(w)-1 {
			num = append(slices.Clone(words[:i]), w[:k])
			den = append([]string{w[k+1:]}, words[i+1:]...)
			break
		}
		if w == "per" && i > 0 {
			num, den = words[:i], words[i+1:]
			break
		}
	}
	if num != nil {
		perTime := len(den) > 0 && timeWords[den[0]]
		perWork := len(den) > 0 && workWords[den[0]]
		switch {
		case anyIn(num, costWords) && !perWork:
			// Faults or cycles per second or per CPU: pft's faults/sec is
			// its throughput, perf's a cost; the name does not say.
			return ""
		case perTime && anyIn(num, workWords):
			return "higher"
		}
		return plainDirection(num)
	}
	if len(words) > 0 && words[0] == "per" {
		// "per_process_ops": the words after "per" qualify the metric.
		words = words[1:]
	}
	return plainDirection(words)
}

// plainDirection is the direction the words agree on, "" when none speaks
// or they disagree.
func plainDirection(words []string) string {
	lo, hi := false, false
	for _, w := range words {
		w = strings.TrimSuffix(w, "%")
		if rest := gluedStat.ReplaceAllString(w, ""); rest != w && gluedMetric[rest] {
			// A statistic glued to its metric: "avglat", "95%lat",
			// "p99lat", "maxbw"; not a number glued to its unit
			// ("1500us", a setting).
			w = rest
		}
		lo = lo || lowerWords[w]
		hi = hi || higherWords[w]
	}
	return agreed(lo, hi)
}

// gluedStat is a statistic written in front of its metric without a
// break.
var gluedStat = regexp.MustCompile(`^(avg|mean|max|min|med|p[0-9]+(\.[0-9]+)?|[0-9]+(\.[0-9]+)?(%|th))`)

// gluedMetric are the metrics a statistic is glued to.
var gluedMetric = wordSet("lat", "latency", "bw", "iops", "time", "runtime", "throughput", "tput", "ops", "rps", "qps", "tps")

func anyIn(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return true
		}
	}
	return false
}
