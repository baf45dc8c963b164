package parse

import (
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
)

// The cyclictest family reads cyclictest's per-thread status lines, as
// printed under its "policy: fifo: loadavg: ..." line:
//
//	T: 0 ( 1234) P:99 I:1000 C: 100000 Min:      3 Act:    5 Avg:    4 Max:      17
//
// One row per thread, the case is the thread number ("0"); the fields are
// count (C:), min, act, avg, max and smi when --smi adds it. The priority
// (P:) and interval (I:) are settings, not results. Consecutive status
// lines are one table; anything else between them starts another.
func init() { Register(cyclictestFamily{}, 45) }

type cyclictestFamily struct{}

// Name is the format recorded for these tables.
func (cyclictestFamily) Name() string { return "cyclictest" }

var cyclictestLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Key", Pattern: `[A-Za-z]+:`},
	{Name: "Number", Pattern: `[-+]?\d+(?:\.\d+)?`},
	{Name: "Paren", Pattern: `[()]`},
	{Name: "Space", Pattern: `[ \t]+`},
	{Name: "Other", Pattern: `.`},
})

// cyclictestLine is one status line: the thread number, its thread id in
// parentheses (matched, not kept) and the keyed numbers.
type cyclictestLine struct {
	Pos    lexer.Position
	Thread string            `parser:"'T:' @Number '(' Number ')'"`
	Stats  []*cyclictestStat `parser:"@@+"`
}

// cyclictestStat is "Min:      3".
type cyclictestStat struct {
	Pos   lexer.Position
	Key   string `parser:"@Key"`
	Value string `parser:"@Number"`
}

var cyclictestParser = participle.MustBuild[cyclictestLine](
	participle.Lexer(cyclictestLexer), participle.Elide("Space"))

// cyclictestFields maps status keys to field names; keys not listed are
// settings.
var cyclictestFields = map[string]string{
	"C:": "count", "Min:": "min", "Act:": "act", "Avg:": "avg", "Max:": "max", "SMI:": "smi",
}

// cyclictestUnit finds a stated microsecond unit in the lines above the
// rows ("latencies in us", "(usec)"); cyclictest itself never prints one.
var cyclictestUnit = regexp.MustCompile(`(?i)(?:^|[\s(\[/])(?:us|usec|µs|microseconds)(?:$|[\s)\].,:])`)

// cyclictestWrapped is a status line's tail that a mail client wrapped
// onto the next line: it starts with a key other than "T:".
var cyclictestWrapped = regexp.MustCompile(`^(?:[A-SU-Z][A-Za-z]*|T[A-Za-z]+):`)

// cyclictestRow reads line i as a status line, joined with up to two lines
// wrapped off it; next is the line after the row.
func cyclictestRow(b *Block, i int) (row model.Row, next int, ok bool) {
	text := b.trim(i)
	if !strings.HasPrefix(text, "T:") {
		return model.Row{}, 0, false
	}
	next = i + 1
	for k := 0; k < 2 && next < len(b.Lines); k++ {
		tail := b.trim(next)
		if !cyclictestWrapped.MatchString(tail) {
			break
		}
		text += " " + tail
		next++
	}
	if !strings.Contains(text, "Max:") {
		return model.Row{}, 0, false
	}
	l, err := grammar.Parse(cyclictestParser, text)
	if err != nil {
		return model.Row{}, 0, false
	}
	row = model.Row{Case: l.Thread, Line: b.Lines[i].No, Offset: b.Lines[i].Offset, Cells: []model.Cell{}}
	seen := map[string]bool{}
	for _, s := range l.Stats {
		f, ok := cyclictestFields[s.Key]
		if !ok {
			continue
		}
		if seen[f] {
			return model.Row{}, 0, false
		}
		seen[f] = true
		if num, ok := ReadNumber(s.Value, b.Comma); ok {
			row.Cells = append(row.Cells, model.Cell{Field: f, Value: num})
		}
	}
	if !seen["min"] || !seen["avg"] || !seen["max"] {
		return model.Row{}, 0, false
	}
	return row, next, true
}

// Read returns one table per run of status lines, with the policy line
// (and cyclictest's "# /dev/cpu_dma_latency" note) above them included.
func (cyclictestFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		row, j, ok := cyclictestRow(b, i)
		if !ok {
			i++
			continue
		}
		t := model.Table{Benchmark: "cyclictest", Rows: []model.Row{row}}
		for j < len(b.Lines) {
			r, next, ok := cyclictestRow(b, j)
			if !ok {
				break
			}
			t.Rows = append(t.Rows, r)
			j = next
		}
		start := i
		for k := i - 1; k >= 0 && k >= i-2; k-- {
			low := strings.ToLower(b.trim(k))
			if strings.HasPrefix(low, "policy:") || strings.HasPrefix(low, "# /dev/cpu_dma_latency") {
				start = k
			}
		}
		for k := max(0, start-3); k < i; k++ {
			if cyclictestUnit.MatchString(b.Lines[k].Text) {
				t.Unit = "us"
			}
		}
		out = append(out, Match{Start: start, End: j, Table: t})
		i = j
	}
	return out
}
