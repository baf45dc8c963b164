package parse

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHeadingOf(t *testing.T) {
	cases := []struct {
		text, prev, next string
		want             heading
		ok               bool
	}{
		{"~ tbench - BASELINE_CONFIG ~", "~~~~~~~~~~", "~~~~~~~~~~", heading{text: "BASELINE_CONFIG", style: "banner", bench: "tbench"}, true},
		{"~ Netperf + Stress - Mixed Load ~", "", "", heading{text: "Netperf + Stress - Mixed Load", style: "banner"}, true},
		{"o NPS2", "", "", heading{text: "NPS2", style: "o"}, true},
		{"- socket (thread)", "", "", heading{text: "socket (thread)", style: "-"}, true},
		{"20 Runs:", "", "", heading{text: "20 Runs", style: "colon"}, true},
		{"2) Netperf on a 2 socket Icelake", "", "--------------------------------", heading{text: "2) Netperf on a 2 socket Icelake", style: "underline"}, true},
		{"3) tbench results with the fix:", "", "", heading{text: "3) tbench results with the fix", style: "num"}, true},
		{"NPS4", "", "", heading{text: "NPS4", style: "bare"}, true},
		// Not headings.
		{"Test: tip patched", "", "", heading{}, false},
		{"#workers: tip patched", "", "", heading{}, false},
		{"Here are the results I got on my machine.", "", "", heading{}, false},
		{"Thanks,", "", "", heading{}, false},
		{"and netperf on loopback:", "", "", heading{}, false},
		{"Socket Socket  Message  Elapsed", "Recv   Send    Send", "", heading{}, false},
		{"- base: 6.2.0-rc1 sched/core", "", "", heading{}, false},
		{"| 19 | 52.00 |", "", "", heading{}, false},
		{"(75.3MB/s-82.8MB/s)", "", "", heading{}, false}, // the tail of a wrapped line of figures
		{"min=0, max=10007", "", "", heading{}, false},    // a tool's line of output
		{"CONFIG_HZ=250", "", "", heading{text: "CONFIG_HZ=250", style: "bare"}, true},
	}
	for _, c := range cases {
		got, ok := headingOf(c.text, c.prev, c.next)
		assert.Equal(t, c.ok, ok, c.text)
		if c.ok {
			assert.Equal(t, c.want, got, c.text)
		}
	}
}

func TestAboveLevels(t *testing.T) {
	body := `~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
~ stream - SMT_OFF ~
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
NPS1
10 Runs:
Test: base patched
Copy: 1.00 (0.00 pct) 1.10 (10.00 pct)
20 Runs:
Test: base patched
Copy: 1.00 (0.00 pct) 1.10 (10.00 pct)
NPS2
10 Runs:
Test: base patched
Copy: 1.00 (0.00 pct) 1.10 (10.00 pct)`
	b := blockOf(body)
	heads := b.seg.above(8).heads // the "20 Runs:" table's header
	assert.Equal(t, []string{"SMT_OFF", "NPS1", "20 Runs"}, texts(heads))
	heads = b.seg.above(12).heads
	assert.Equal(t, []string{"SMT_OFF", "NPS2", "10 Runs"}, texts(heads))
	assert.Equal(t, "stream", heads[0].bench)
}

func TestAboveStopsAtProse(t *testing.T) {
	body := `Some earlier discussion that goes on for a while here and there.
It keeps going with many words in every single line of the text.
And one more line of prose to make a paragraph of three lines.

1) Pipe test on an 8 core laptop
--------------------------------
The runtime is in seconds, lower is better, measured ten times.
+---+---+
| 1 | 2 |`
	b := blockOf(body)
	a := b.seg.above(7)
	heads, lead := a.heads, a.lead
	assert.Equal(t, []string{"1) Pipe test on an 8 core laptop"}, texts(heads))
	assert.Equal(t, "The runtime is in seconds, lower is better, measured ten times.", lead[len(lead)-1])
	assert.Len(t, lead, 4, "the paragraph above the heading is lead too")
}

func TestNameBenchmark(t *testing.T) {
	assert.Equal(t, "schbench", findBenchmark("schbench LN = 19"))
	assert.Equal(t, "ycsb-mongodb", findBenchmark("ycsb-mongodb results"))
	assert.Equal(t, "", findBenchmark("hackbenchmark"))
}

func texts(hs []heading) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.text)
	}
	return out
}

// benchmarkSamples are texts naming benchmarks at word edges and inside
// other words.
var benchmarkSamples = []string{
	"", "ran hackbench on the box", "Hackbench-process-pipes", "xfs/fio randread", "fio-3.35",
	"bonnie++ results", "bonnie+++", "perf bench sched pipe -l 1000", "PERF BENCH sched messaging",
	"unixbench_pipe", "my-unixbench", "stream, triad", "streaming", "ycsb-mongodb and ycsb",
	"lkp-tests/will-it-scale", "netperf/UDP_RR", "spec cpu 2017", "rt-app.json", "iperf3 -c",
	"(schbench)", "schbench2", "ebizzy:", "a\u212aernbench", "kernbench", "nas.", "pft_",
}

// TestFindBenchmarkIndexed compares the indexed search with the regular
// expressions it stands for.
func TestFindBenchmarkIndexed(t *testing.T) {
	lines := append(fileLines(t, "testdata/golden/*.txt"), benchmarkSamples...)
	for _, s := range lines {
		assert.Equal(t, findBenchmarkRE(strings.ToLower(s)), findBenchmark(s), "%q", s)
	}
}

// FuzzFindBenchmark holds the indexed search to the regular expressions.
func FuzzFindBenchmark(f *testing.F) {
	for _, s := range benchmarkSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		assert.Equal(t, findBenchmarkRE(strings.ToLower(s)), findBenchmark(s), "%q", s)
	})
}
