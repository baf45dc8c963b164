package parse

import (
	"regexp"

	"github.com/lkmlbench/lkmlbench/model"
)

// The kunit family reads the timing line kunit.py prints when a run
// ends, with or without its "[12:34:56] " clock:
//
//	[12:34:56] Testing complete. Ran 412 tests: passed: 409, skipped: 3
//	[12:34:56] Elapsed time: 48.120s total, 0.003s configuring, 44.910s building, 3.207s running
//
// The elapsed-time line is a row "elapsed time" with fields total,
// configuring, building and running (seconds, lower is better). The test
// counts above it say how the run went, not how fast: the line belongs to
// the table but gives no cells, and a run of count lines alone (kunit.py's
// or kselftest's "# Totals: pass:22 fail:0 ...") is no table.
func init() { Register(kunitFamily{}, 44) }

type kunitFamily struct{}

// Name is the format recorded for these tables.
func (kunitFamily) Name() string { return "kunit" }

// words: the one line that gives a row.
func (kunitFamily) words() []string { return []string{"Elapsed time: "} }

var (
	// kunitClock is kunit.py's "[12:34:56] " prefix.
	kunitClock = regexp.MustCompile(`^\[\d\d:\d\d:\d\d\]\s*`)
	// kunitElapsed is "Elapsed time: 48.120s total, 0.003s configuring, ...".
	kunitElapsed = regexp.MustCompile(`^Elapsed time: (\d+(?:\.\d+)?)s total((?:, \d+(?:\.\d+)?s [a-z]+)*)$`)
	// kunitPart is one ", 0.003s configuring" of the elapsed-time line.
	kunitPart = regexp.MustCompile(`, (\d+(?:\.\d+)?)s ([a-z]+)`)
	// kunitRan is "Testing complete. Ran 412 tests: passed: 409, skipped: 3".
	kunitRan = regexp.MustCompile(`^Testing complete\. Ran \d+ tests?(?::(?:,? ?[a-z]+: \d+)+)?$`)
)

// kunitRow reads one closing line; counts reports the test-count line,
// which gives no row.
func kunitRow(b *Block, j int, text string) (row model.Row, counts, ok bool) {
	text = kunitClock.ReplaceAllString(cutLogStamp(text), "")
	if m := kunitElapsed.FindStringSubmatch(text); m != nil {
		row := rowAt(b, j, "elapsed time")
		addCell(&row, b.Comma, "", "total", m[1])
		for _, p := range kunitPart.FindAllStringSubmatch(m[2], -1) {
			addCell(&row, b.Comma, "", p[2], p[1])
		}
		return row, false, len(row.Cells) > 0
	}
	return model.Row{}, kunitRan.MatchString(text), false
}

// Read returns one table per run of closing lines.
func (kunitFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		t := model.Table{Benchmark: "kunit", Unit: "s", Direction: "lower"}
		j := i
		for ; j < len(b.Lines); j++ {
			row, counts, ok := kunitRow(b, j, b.trim(j))
			if !ok && !counts {
				break
			}
			if ok {
				t.Rows = append(t.Rows, row)
			}
		}
		if len(t.Rows) > 0 {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}
