package parse

import (
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
)

// The perf-sched family reads `perf sched latency` output: one row per task,
//
//	latency_test:7040 | 2447.137 ms | 8 | avg: 6.546 ms | max: 10.674 ms | max start: 353.809487 s | max end: 353.820161 s
//
// with or without the "Task | Runtime ms | Switches | ..." header and its
// "----" rules, older perf's "max at:" cell, a closing "TOTAL:" row, and
// rows that a mail client wrapped before "max:". The case is the task as
// written; the fields are runtime, switches, avg, max, max_start, max_end
// (max_at for older perf). Runs of rows that prose, blank lines or other
// text separate are separate tables.
func init() { Register(perfSchedFamily{}, 35) }

type perfSchedFamily struct{}

// Name is the gold format name.
func (perfSchedFamily) Name() string { return "perf-sched" }

var perfSchedLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Key", Pattern: `(?i)(?:max\s+start|max\s+end|max\s+at|avg|max)\s*:`},
	{Name: "Number", Pattern: `[-+]?\d+(?:,\d{3})*(?:\.\d+)?`},
	{Name: "Unit", Pattern: `(?i)(?:ms|us|s)\b`},
	{Name: "Bar", Pattern: `\|`},
	{Name: "Space", Pattern: `[ \t]+`},
	{Name: "Other", Pattern: `.`},
})

// perfSchedCells is a row after its task cell: "| 2447.137 ms | 8 | avg:
// 6.546 ms | ...". The TOTAL row stops after the switch count.
type perfSchedCells struct {
	Pos      lexer.Position
	Runtime  string           `parser:"'|' @Number 'ms' '|'"`
	Switches string           `parser:"@Number '|'?"`
	Stats    []*perfSchedStat `parser:"( @@ '|'? )*"`
}

// perfSchedStat is a keyed delay cell: "avg: 6.546 ms", "max start: 353.8 s".
type perfSchedStat struct {
	Pos   lexer.Position
	Key   string `parser:"@Key"`
	Value string `parser:"@Number"`
	Unit  string `parser:"@Unit"`
}

var perfSchedParser = participle.MustBuild[perfSchedCells](
	participle.Lexer(perfSchedLexer), participle.Elide("Space"), participle.CaseInsensitive("Unit"))

// perfSchedTask is the first cell of a row: "comm:pid", "comm:(N)" for
// merged tasks, or the TOTAL row.
var perfSchedTask = regexp.MustCompile(`^(?:\S.*:(?:\d+|\(\d+\))|TOTAL:?)$`)

// perfSchedKeyStart marks the continuation of a wrapped row.
var perfSchedKeyStart = regexp.MustCompile(`(?i)^(?:max\s+start|max\s+end|max\s+at|avg|max)\s*:`)

// perfSchedRow is one read row, spanning lines [start, end).
type perfSchedRow struct {
	start, end int
	row        model.Row
	total      bool
}

// perfSchedRead reads the row starting at line i, joining continuation
// lines that a mail client wrapped off it.
func perfSchedRead(b *Block, i int) (perfSchedRow, bool) {
	text := b.Lines[i].Text
	bar := strings.IndexByte(text, '|')
	if bar < 0 || !strings.Contains(text, "ms") {
		return perfSchedRow{}, false
	}
	task := strings.TrimSpace(text[:bar])
	if !perfSchedTask.MatchString(task) {
		return perfSchedRow{}, false
	}
	end := i + 1
	for end < len(b.Lines) && perfSchedKeyStart.MatchString(b.trim(end)) {
		text = strings.TrimRight(text, " \t") + " " + b.trim(end)
		end++
	}
	cells, err := grammar.Parse(perfSchedParser, text[bar:])
	if err != nil {
		return perfSchedRow{}, false
	}
	total := strings.HasPrefix(task, "TOTAL")
	fields := map[string]string{}
	for _, s := range cells.Stats {
		key := strings.Join(strings.Fields(strings.ToLower(strings.TrimSuffix(s.Key, ":"))), "_")
		if fields[key] != "" {
			return perfSchedRow{}, false
		}
		fields[key] = s.Value
	}
	if !total && (fields["avg"] == "" || fields["max"] == "") {
		return perfSchedRow{}, false
	}
	r := perfSchedRow{start: i, end: end, total: total}
	r.row = model.Row{Case: strings.TrimSuffix(task, ":"), Line: b.Lines[i].No, Offset: b.Lines[i].Offset, Cells: []model.Cell{}}
	add := func(field, tok string) {
		if num, ok := ReadNumber(tok, b.Comma); ok {
			r.row.Cells = append(r.row.Cells, model.Cell{Field: field, Value: num})
		}
	}
	add("runtime", cells.Runtime)
	add("switches", cells.Switches)
	for _, s := range cells.Stats {
		add(strings.Join(strings.Fields(strings.ToLower(strings.TrimSuffix(s.Key, ":"))), "_"), s.Value)
	}
	return r, true
}

// perfSchedFrame reports whether a line belongs to the output's frame: a
// "----" rule or the "Task | Runtime ms | ..." header.
func perfSchedFrame(text string) bool {
	t := strings.TrimSpace(text)
	if layout.IsRule(t) && !strings.Contains(t, "|") {
		return true
	}
	low := strings.ToLower(t)
	return strings.HasPrefix(low, "task") && strings.Contains(low, "|") && strings.Contains(low, "runtime")
}

// Read returns one table per run of rows.
func (perfSchedFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		first, ok := perfSchedRead(b, i)
		if !ok || first.total {
			i++
			continue
		}
		start := i
		for k := i - 1; k >= 0 && k >= i-3 && perfSchedFrame(b.Lines[k].Text); k-- {
			start = k
		}
		t := model.Table{Benchmark: "perf sched", Unit: "ms", Rows: []model.Row{first.row}}
		end := first.end
		for j := end; j < len(b.Lines); {
			if perfSchedFrame(b.Lines[j].Text) {
				j++
				continue
			}
			r, ok := perfSchedRead(b, j)
			if !ok {
				break
			}
			t.Rows = append(t.Rows, r.row)
			j, end = r.end, r.end
		}
		for end < len(b.Lines) && layout.IsRule(b.trim(end)) {
			end++
		}
		out = append(out, Match{Start: start, End: end, Table: t})
		i = end
	}
	return out
}
