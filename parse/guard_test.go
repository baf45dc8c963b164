package parse

import (
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/stretchr/testify/require"
)

// guardedPatterns are the families' patterns behind guards.
var guardedPatterns = map[string]guardedRE{
	"unixbenchResult": unixbenchResult, "unixbenchIndexHead": unixbenchIndexHead,
	"fioJob": fioJob, "fioDirection": fioDirection, "mmStat": mmStat,
	"histPercentiles": histPercentiles, "netperfBanner": netperfBanner, "lkpRule": lkpRule, "perfBenchRunning": perfBenchRunning,
	"perfStatHeader": perfStatHeader,
}

// guardSamples are lines each pattern matches, and near misses.
var guardSamples = []string{
	"Dhrystone 2 using register variables   49012345.6 lps   (10.0 s, 7 samples)",
	"System Benchmarks Index Values               BASELINE       RESULT    INDEX",
	"randread: (groupid=0, jobs=4): err= 0: pid=3012", "  read: IOPS=123k, BW=481MiB/s",
	"write: io=1024MB, bw=1234KB/s", "Amean", "hmean", "BAmean-99", "1st-qrtle", "p99.9",
	"Wakeup Latencies percentiles (usec)", "PERCENTILES", "PeRcEnTiLeſ", "percentile", "opſ", "Median", "MAX-4", "coeffvar", "Range", "Duration", "2nd-qrtle", "3rd-qrtle", "4th-qrtle", "Gmean-2", "Min", "Ops", "P50", "MIGRATED TCP STREAM TEST from 0.0.0.0", "---------------- ----------------",
	"# Running 'sched/messaging' benchmark:", "Stddev", "unixbench-pipe", "",
	" Performance counter stats for 'hackbench -g 10' (5 runs):", "PERFORMANCE COUNTER STATS FOR system wide:", "performance counter ſtats for x",
}

// TestGuardsKeepMatches checks that no guard hides a match of its pattern
// on the samples and on every line and word of the golden fixtures.
func TestGuardsKeepMatches(t *testing.T) {
	lines := append(fileLines(t, "testdata/golden/*.txt"), guardSamples...)
	for _, l := range lines {
		cands := append([]string{l, strings.TrimSpace(l)}, strings.Fields(l)...)
		for name, g := range guardedPatterns {
			for _, s := range cands {
				require.Equal(t, g.re.FindStringSubmatch(s), g.FindStringSubmatch(s), "%s %q", name, s)
				require.Equal(t, g.re.MatchString(s), g.MatchString(s), "%s %q", name, s)
				require.Equal(t, g.re.FindAllStringIndex(s, -1), g.FindAllStringIndex(s, -1), "%s %q", name, s)
			}
		}
	}
	matched := 0
	for _, g := range guardedPatterns {
		for _, s := range guardSamples {
			if g.MatchString(s) {
				matched++
			}
		}
	}
	require.GreaterOrEqual(t, matched, len(guardedPatterns))
}

// FuzzGuards checks the guards against their patterns on any input.
func FuzzGuards(f *testing.F) {
	for _, s := range guardSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, g := range guardedPatterns {
			if g.re.MatchString(s) != g.MatchString(s) {
				t.Fatalf("%s %q: the guard hides a match", name, s)
			}
		}
	})
}

// TestContainsASCIIFold pins the copy-free check against the lower-casing
// it stands for.
func TestContainsASCIIFold(t *testing.T) {
	for _, c := range []struct {
		s, lit string
	}{
		{"Max Latency: 12", "latenc"},
		{"TOTAL:  5", "total:"},
		{"overflows: 0", "overflows:"},
		{"Overflow 3", "overflows:"},
		{"tot\x1aal", "total:"},
		{"", "latenc"},
		{"LATENCé", "latenc"},
	} {
		want := strings.Contains(strings.ToLower(c.s), c.lit)
		require.Equal(t, want, containsASCIIFold(c.s, c.lit), "%q in %q", c.lit, c.s)
	}
}

// TestBarShaped pins the bar chart family's cheap check.
func TestBarShaped(t *testing.T) {
	for s, want := range map[string]bool{
		"base   ****** 12.5":         true,
		"patched ######## 14":        true,
		"x ===== 3":                  true,
		"run1 \u2588\u2588\u2588 7":  true,
		"run2 \u2593\u2593 4":        true,
		"a \u2580 letter-like block": false,
		"plain row 1 2 3":            false,
		"** 2":                       false,
	} {
		require.Equal(t, want, barShaped(s), "%q", s)
	}
}

// FuzzShapedChecks holds the families' cheap checks to their grammars: a
// line a check turns away is one the grammar does not read (or one the
// family never read).
func FuzzShapedChecks(f *testing.F) {
	for _, s := range []string{"  1,234,567      cycles   #  3.1 GHz", "12.5 +- 0.3 task-clock", "#  4.5%", "<not counted> cycles", "Benchmark   pct imp", "Benchmarks: %diff", "name  % change", "Case:   tip[pct imp](CV)   eevdf[pct imp](CV)", "10:  139.00 (0.00 pct)", "ycsb-cassandra   -0.64%", "foo 5 %", "a:5", "x_1 : 3", "10  10486  99.9", "Total time: 1.5 [sec]", "12.5 usecs/op", "runtime: 12.5 s (stddev: 1%)", "key: −3", "a: .5", "x ***** 3", "total time: 3 /", "latency = -3 ms", "- p99:\t12.5 us", "x := +.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !kvShaped(s) {
			_, ok := grammar.ParseLine(kvParser, s)
			require.False(t, ok, "kv %q", s)
		}
		// the family only ever read lines with a '/' or "Total time:"
		if !perfBenchShaped(s) && (strings.Contains(s, "/") || strings.HasPrefix(s, "Total time:")) {
			_, ok := grammar.ParseLine(perfBenchParser, s)
			require.False(t, ok, "perf bench %q", s)
		}
		if !listShaped(strings.TrimSpace(s)) {
			_, ok := grammar.ParseLine(listRowParser, strings.TrimSpace(s))
			require.False(t, ok && fieldCount(s) <= 8 && strings.TrimSpace(s) != "" && strings.ContainsAny(strings.TrimSpace(s)[len(strings.TrimSpace(s))-1:], "0123456789%"), "list %q", s)
		}
		if line := strings.TrimSpace(s); !amdHeaderShaped(line) {
			_, ok := grammar.ParseLine(amdHeaderParser, line)
			require.False(t, ok, "amd header %q", s)
		}
		if line := strings.TrimSpace(s); !mayNamePct(line) {
			h, ok := grammar.ParseLine(listHeaderParser, line)
			require.False(t, ok && pctHeading(h.Words), "list header %q", s)
		}
		if !perfStatShaped(s) {
			_, err := grammar.Parse(perfStatParser, s)
			require.Error(t, err, "perf stat %q", s)
		}
		if !barShaped(s) {
			_, ok := grammar.ParseLine(barChartParser, s)
			require.False(t, ok && (strings.Contains(s, "*") || strings.Contains(s, "#") || strings.Contains(s, "=")), "bar %q", s)
		}
	})
}
