package normalize

import (
	"regexp"
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// Resource counters and the run times of fixed-length runs are not
// results. Issue 19's first list gave "time", "elapsed", "sys",
// "context_switches" and "faults" the direction lower-is-better, and for
// a benchmark that does a fixed amount of work that holds. But LKP,
// stress-ng and most throughput benchmarks run for a fixed time and count
// what got done: then CPU time, context switches and page faults rise
// with the work done, and fall when the workload stalls. The blind audit
// (docs/verdict-audit.md, class C) found 9 of 19 wrong verdicts there:
// "+752% involuntary_context_switches regressed" in a report of
// ops_per_sec +3807%, "system_time -77% improved" for a stressor that did
// 78% fewer operations. Whether a count is a cost or a sign of work done
// needs the work done beside it, which a single row does not say; so such
// rows carry no verdict of their own (model.BasisCounter) and stay
// context for the result metric of their table.
var (
	// lkpTimeRow is LKP's /usr/bin/time monitor of the benchmark's run
	// ("fio.time.system_time", "stress-ng.time.elapsed_time.max").
	lkpTimeRow = regexp.MustCompile(`^[a-z0-9_-]+\.time\.`)
	// counterName names a count of what a run used rather than what it
	// achieved: context switches, page faults, CPU migrations, CPU
	// accounting (user, system, idle, iowait, irq time and their shares),
	// CPU utilisation, usage and residency counts and cpuidle's wrong
	// picks ("Above usage", "Total Above Difference"), clock frequencies and idle-cycle shares (perf stat's GHz,
	// turbostat's MHz: they follow the load), and time(1)'s and
	// stress-ng --times' user and system time. A total or real time is not one: for a fixed amount
	// of work it is the result.
	counterName = regexp.MustCompile(`(?i)(^|[^a-z])(` +
		`(in)?voluntary[ _-]?context[ _-]?switch(es)?|(context|ctx)[ _-]?switch(es)?|switches|` +
		`((minor|major)[ _-]?)?page[ _-]?faults?|faults|cpu[ _-]?migrations?|` +
		`percent[ _-]?of[ _-]?cpu[a-z_]*|cpu[ _-]?util(i[sz]ation)?|%[ _-]?cpu|cpu[ _-]?%|` +
		`(user|usr|sys|system|idle|iowait|irq|softirq|steal|guest|cpu)[ _-]?(time|sec|secs|util|%)|` +
		`usage|usages|residency|above|below|aboves|belows|idle[ _-]?miss(es)?|[gmk]hz|freq|frequency|pct[ _][a-z_]*cycles[ _]idle|` +
		`user|usr|sys|system)($|[^a-z])`)
	// idleState is a row named by a CPU idle or package state (POLL, C1,
	// "C2 (IOPORT Based)", C6, PC6): its numbers are that state's usage
	// or residency, which follow how idle the run left the CPUs.
	idleState = regexp.MustCompile(`(?i)^(poll|c[0-9]+[a-z]*|[cmp]c[0-9]+[a-z]*)(\s*[(-].*)?$`)
	// sysfsState is a row or column named by a cpuidle state directory
	// ("State 0 Time diff (ns)", "state1"): its numbers are that state's
	// usage or residency.
	sysfsState = regexp.MustCompile(`(?i)^state[ _-]?[0-9]+\b`)
	// stateKey is a column or field that names the idle state of each
	// row ("idle_state", "cstate"): the row's times are residencies.
	stateKey = regexp.MustCompile(`(?i)^(idle[ _-]?)?c?states?$`)
)

// isCounterRow reports whether a row of t counts resources or times a
// fixed-length run (see counterName): LKP's time.* and system-monitor
// rows (perf-profile shares, vmstat, ...), stress-ng's --times lines,
// and in any table a row whose label names such a count. A row the report is about (the robot's
// headline metric) is never one.
func isCounterRow(t *model.Table, r *model.Row) bool {
	for _, c := range r.Cells {
		if slices.Contains(c.Flags, model.FlagHeadline) {
			return false
		}
	}
	if l := strings.TrimSpace(r.Case); t.Format == "stress-ng" && stressTime.MatchString(r.Case) || idleState.MatchString(l) || sysfsState.MatchString(l) {
		return true
	}
	for _, c := range r.Cells {
		if stateKey.MatchString(c.Field) || stateKey.MatchString(c.Variant) {
			// A row per idle state: its times are residencies.
			return true
		}
	}
	if l := strings.TrimSpace(r.Case); l != "" && l[0] >= '0' && l[0] <= '9' {
		// A label that starts with a number is a setting of the run
		// ("1 GHz", "4 threads"), not the name of a count.
		return false
	}
	return isCounterName(r.Case)
}

// latencyBucket is the share of I/Os in one of fio's latency buckets
// ("fio.latency_250us%"): it rises or falls as the distribution shifts,
// better or worse depending on the bucket.
var latencyBucket = regexp.MustCompile(`(^|\.)latency_[0-9.]+[a-z]+%$`)

// stressTime is a line of stress-ng's --times block ("run time",
// "available CPU time", "total time (2.15%)", "successful run completed
// in"): the CPU accounting and the length of a run of fixed length.
var stressTime = regexp.MustCompile(`(?i)^((real|usr|user|sys|system|total|run|available( cpu)?|cpu)[ _]time\b|successful run completed)`)

// isCounterName reports whether a metric's name is a counter (see
// isCounterRow).
func isCounterName(name string) bool {
	low := strings.ToLower(strings.TrimSpace(name))
	if low == "" {
		return false
	}
	if lkpTimeRow.MatchString(low) || systemCounters.MatchString(low) || tracepoint.MatchString(low) || latencyBucket.MatchString(low) {
		// perf tracepoint counts ("sched:sched_waking") count events of
		// the run; fio's latency buckets are shares of a distribution.
		return true
	}
	parts := splitDotted(low)
	last := parts[len(parts)-1]
	return counterName.MatchString(last) && !workRate(last) && !normalised.MatchString(last)
}

// normalised is a name of a count set against another ("idle_miss_ratio",
// "miss rate"): no longer a count of what the run did, but its quality.
var normalised = regexp.MustCompile(`(^|[^a-z])(ratio|rate)($|[^a-z])`)

// workRate reports whether a name is work done per something ("bogo ops/s
// (usr+sys time)", "ops_per_sec"): a result, even when it names the CPU
// time it is measured against.
func workRate(name string) bool {
	words := metricWord.FindAllString(name, -1)
	for i, w := range words {
		if k := strings.IndexByte(w, '/'); k > 0 {
			return anyIn(append(words[:i:i], w[:k]), workWords)
		}
		if w == "per" {
			return anyIn(words[:i], workWords)
		}
	}
	return false
}

// isCounterField reports whether a cell's field of t is a counter in its
// own right ("switches" beside perf sched's runtime, "user" and "sys"
// beside time(1)'s real, the real time of a stress-ng run).
func isCounterField(t *model.Table, f string) bool {
	if isStatField(f) || isSpread(f) {
		return false
	}
	return isCounterName(f) || (t.Format == "stress-ng" && stressTime.MatchString(strings.ReplaceAll(f, "_", " ")))
}
