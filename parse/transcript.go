package parse

import (
	"regexp"

	"github.com/lkmlbench/lkmlbench/model"
)

// A run record (dd's summary, time(1)'s lines) is what a tool prints when
// it ends, so it is read whatever surrounds it; but a bug report pastes
// the same lines as steps of a reproducer or beside a crash: "dd
// if=/dev/zero of=/mnt/f bs=4k count=1" before an oops, "real 0m0.004s"
// after a command that hung. A person tells the two apart by what is
// around the lines: a crash (an oops, a call trace, kernel log lines) and
// no word of measuring, or a copy too small to time (a few kilobytes)
// with no such word, is a transcript, not a result.

// transcriptReach is how many lines above and below a run record are
// looked at for a crash and for benchmark words.
const transcriptReach = 40

// crashWords mark the lines of a crash report.
var crashWords = regexp.MustCompile(`\b(?:BUG:|Oops|Call Trace:|RIP:|Kernel panic|general protection fault|Unable to handle|KASAN:|UBSAN:|INFO: task .* blocked|WARNING: CPU:|hung_task|segfault at|Input/output error|No space left on device)`)

// measureWords say the author measures: the words of benchmarking.
var measureWords = regexp.MustCompile(`(?i)\b(?:throughput|performance|perf|bandwidth|benchmark\w*|faster|slower|speed\w*|improve\w*|regress\w*|latency|iops|[kmg]i?b/s|results?|before|after (?:the )?patch|with(?:out)? (?:the |this )?patch\w*|vs\.?|baseline|patched|unpatched)\b`)

// ddSmall is the byte count under which a dd copy times nothing.
const ddSmall = 1 << 20

// transcript reports whether the run record t read from match m is a
// step of a bug transcript rather than a result.
func (b *Block) transcript(m Match, t *model.Table) bool {
	lines := b.seg.lines
	first, last := b.base+m.Start, b.base+m.End
	crash, measured, logged := false, false, 0
	for i := max(0, first-transcriptReach); i < min(len(lines), last+transcriptReach); i++ {
		if i >= first && i < last {
			continue
		}
		text := lines[i].Text
		if crashWords.MatchString(text) {
			crash = true
		}
		if logStamp(text) {
			logged++
		}
		if !logStamp(text) && measureWords.MatchString(text) {
			measured = true
		}
	}
	if measured {
		return false
	}
	return crash || logged >= 3 || t.Format == "dd" && ddBytes(t) < ddSmall
}

// ddBytes is the largest byte count of a dd table, 0 when it has none.
func ddBytes(t *model.Table) float64 {
	var most float64
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if c.Field == "bytes" {
				most = max(most, c.Value.Float())
			}
		}
	}
	return most
}
