package parse

import (
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// A run record (dd's summary, time(1)'s lines) is what a tool prints when
// it ends, so it is read whatever surrounds it; but a bug report pastes
// the same lines as steps of a reproducer or beside a crash: "dd
// if=/dev/zero of=/mnt/f bs=4k count=1" before an oops, "real 0m0.004s"
// after a command that hung. A person tells the two apart by what is
// around the lines: a crash (an oops, a call trace, kernel log lines) or
// a shell's trace of a script ("++ mount /dev/nullb0 /mnt") and no word of
// measuring, or a copy too small to time (a few kilobytes) with no such
// word, is a transcript, not a result; so is a copy too small to time
// among such steps, whatever words are near.

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
// step of a bug transcript rather than a result. The steps show as a
// crash, lines of a kernel log or of a shell's trace of a script ("++ dd
// if=..." under set -x); a measuring word in the text around (not in a log
// line, nor in a run record's own lines) makes them a measurement after
// all, except for a copy too small to time among such steps.
func (b *Block) transcript(m Match, t *model.Table) bool {
	near := b.around(m)
	steps := near.crash || near.logged >= 3 || near.scripted >= 3
	small := t.Format == "dd" && ddBytes(t) < ddSmall
	if steps && small {
		return true
	}
	return !near.measured && (steps || small)
}

// fromLog reports whether half the rows of t or more were read from kernel
// log lines ("[   23.27] raid6: avx2x4 gen() 29613 MB/s" in a boot log, a
// wrapped log line's tail making up the other half) that neither compare
// variants nor have a word of measuring near: a tool's lines in a log
// pasted for something else.
func (b *Block) fromLog(m Match, t *model.Table) bool {
	rows := b.rowTexts(m, t)
	stamped := 0
	for _, r := range rows {
		if logLine(r) {
			stamped++
		}
	}
	return len(rows) > 0 && stamped*2 >= len(rows) && !compares(t) && !b.around(m).measured
}

// runContext is what the lines around a match show.
type runContext struct {
	crash, measured  bool // a crash's lines; a word of measuring
	logged, scripted int  // lines of a kernel log; of a shell's trace
}

// around reads the lines within transcriptReach of match m. A measuring
// word counts in the author's text only, not in a log line nor in a run
// record's own lines ("... copied, 0.5 s, 20.0 MB/s").
func (b *Block) around(m Match) runContext {
	var s runContext
	lines := b.seg.lines
	first, last := b.base+m.Start, b.base+m.End
	for i := max(0, first-transcriptReach); i < min(len(lines), last+transcriptReach); i++ {
		if i >= first && i < last {
			continue
		}
		text := lines[i].Text
		s.crash = s.crash || crashWords.MatchString(text)
		log := logLine(text)
		if log {
			s.logged++
		}
		if _, ok := traced(text); ok {
			s.scripted++
		}
		s.measured = s.measured || !log && !ddShaped(text) && !timeShellLine(text) && measureWords.MatchString(text)
	}
	return s
}

// logLine reports whether a line carries a kernel log's time stamp, in
// seconds since boot ("[   88.593830]") or as dmesg -T writes it
// ("[Wed Feb 19 17:06:17 2025]", in any language).
func logLine(s string) bool {
	return logStamp(s) || wallStamp(s)
}

// wallStamp reports whether a line starts with dmesg -T's stamp: a
// bracket holding a time of day and a year of four digits, the day and
// month named in the reader's language ("[pon sty  3 07:00:52 2022]").
func wallStamp(s string) bool {
	s = strings.TrimSpace(s)
	end := strings.IndexByte(s, ']')
	if len(s) == 0 || s[0] != '[' || end < 0 {
		return false
	}
	clock, year := false, false
	for _, w := range strings.Fields(s[1:end]) {
		clock = clock || clockTime(w)
		year = year || len(w) == 4 && strings.Trim(w, "0123456789") == "" && (w[0] == '1' || w[0] == '2')
	}
	return clock && year
}

// traced returns the command of a line a shell prints when it traces a
// script (set -x): one '+' per level of nesting, a blank, the command
// ("++ mkfs.xfs -f /dev/nullb0").
func traced(s string) (string, bool) {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && s[i] == '+' {
		i++
	}
	if i == 0 || i > 4 || i >= len(s)-1 || s[i] != ' ' {
		return "", false
	}
	cmd := strings.TrimSpace(s[i:])
	return cmd, cmd != "" && isLetter(cmd[0])
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
