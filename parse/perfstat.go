package parse

import (
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// The perf-stat family reads `perf stat` counter output:
//
//	Performance counter stats for 'hackbench -g 10' (10 runs):
//
//	    1,234,567,890      cycles             #    3.012 GHz       ( +-  0.50% )  (75.00%)
//	         3,210.45 msec task-clock         #    7.890 CPUs utilized
//	          12.3456 +- 0.0789 seconds time elapsed  ( +-  0.64% )
//
// One row per event, the case is the event name without its unit word
// ("task-clock", "time elapsed", "user"). Fields: value; stddev for an
// absolute "+- x" after the value; cv for "( +- x% )"; multiplex for the
// "(75.00%)" share; and the "# derived metric" as a field named after the
// metric's unit, lower case with '%' written "pct" and blanks as '_'
// ("ghz", "cpus_utilized", "insn_per_cycle", "pct_of_all_branches",
// "m_per_sec" for "M/sec", "per_sec" for "/sec",
// "derived" when it has none). A derived metric on a line of its own is
// added to the row above; a "TopdownL1 (cpu_core) # 33.6 % tma_..." line
// is a row of its own.
//
// Each "Performance counter stats for" header starts a table; its quoted
// command becomes the innermost context entry (the framework's headings do
// not see it because the header is part of the table) and names the
// benchmark when it is a known one, else the benchmark is "perf stat".
// Without a header, a run of event lines is a table only when it shows
// perf's hand: a derived metric, a "+-" spread, a multiplex share, a time
// elapsed line or a well-known event name.
func init() { Register(perfStatFamily{}, 45) }

type perfStatFamily struct{}

// Name is the format recorded for these tables.
func (perfStatFamily) Name() string { return "perf-stat" }

// perfStatLine is a counter line or a derived metric continuing the line
// above.
type perfStatLine struct {
	Pos    lexer.Position
	Event  *perfStatEvent  `parser:"  @@"`
	Metric *perfStatMetric `parser:"| @@"`
}

// perfStatEvent is "1,234 msec task-clock # 7.9 CPUs utilized ( +- 0.5% ) (75%)".
type perfStatEvent struct {
	Pos     lexer.Position
	Value   string          `parser:"( @Number | @NotCounted )"`
	Stddev  string          `parser:"( PlusMinus @Number )?"`
	Words   []string        `parser:"@Name+"`
	Derived *perfStatMetric `parser:"@@?"`
	CV      string          `parser:"( '(' PlusMinus @Pct ')' )?"`
	Share   string          `parser:"( '(' @Pct ')' )?"`
}

// perfStatMetric is "# 3.012 GHz", its own spread and multiplex share.
type perfStatMetric struct {
	Pos   lexer.Position
	Value string   `parser:"'#' ( @Number | @Pct )"`
	Unit  []string `parser:"@( Name | '%' )*"`
	CV    string   `parser:"( '(' PlusMinus @Pct ')' )?"`
	Share string   `parser:"( '(' @Pct ')' )?"`
}

var perfStatParser = participle.MustBuild[perfStatLine](
	participle.Lexer(token.PerfStatLexer), participle.Elide("Space"), participle.UseLookahead(4))

// perfStatUnits are the unit words perf writes before an event name.
var perfStatUnits = map[string]bool{
	"msec": true, "seconds": true, "sec": true, "ns": true, "us": true, "ms": true,
	"Joules": true, "MiB": true, "Watts": true,
}

// perfStatKnown are events whose name alone marks perf stat output.
var perfStatKnown = map[string]bool{
	"task-clock": true, "cpu-clock": true, "context-switches": true, "cpu-migrations": true,
	"page-faults": true, "cycles": true, "instructions": true, "branches": true,
	"branch-misses": true, "cache-misses": true, "cache-references": true, "time elapsed": true,
}

// perfStatHeader is " Performance counter stats for 'cmd' (10 runs):".
var perfStatHeader = guard(containingFold("counter"), regexp.MustCompile(`(?i)^\s*performance counter stats for (?:'([^']*)'|(.*?))\s*(\(\d+ runs\))?\s*:?\s*$`))

// perfStatRow is one line's reading: a new row, or a metric for the row
// above (extend).
type perfStatRow struct {
	row    model.Row
	extend bool
	marked bool // derived metric, spread, share or a known event
}

// perfStatRead reads line i and the lines a mail client wrapped off it (a
// spread or share "( +-  0.50% )  (75.00%)" pushed to the next line); next
// is the line after them, ok is false when line i is not a perf stat line.
func perfStatRead(b *Block, i int) (r perfStatRow, next int, ok bool) {
	trim := b.trim(i)
	if trim == "" || (!isDigit(trim[0]) && trim[0] != '<' && !strings.Contains(trim, "#")) {
		return perfStatRow{}, 0, false
	}
	next = i + 1
	for next < len(b.Lines) && strings.HasPrefix(b.trim(next), "(") {
		trim += " " + b.trim(next)
		next++
	}
	if !perfStatShaped(trim) {
		return perfStatRow{}, 0, false
	}
	r, ok = perfStatLineOf(b, i, trim)
	return r, next, ok
}

// perfStatShaped is the cheap check before the grammar: an event line
// names its event (a Name token begins with a letter, '_' or '/'), a
// metric line has its '#'. Rows of bare numbers have neither.
func perfStatShaped(text string) bool {
	for i := 0; i < len(text); i++ {
		if c := text[i]; c == '#' || c == '_' || c == '/' || isLetter(c) {
			return true
		}
	}
	return false
}

// perfStatLineOf reads the text of line i, joined with its wrapped tail.
func perfStatLineOf(b *Block, i int, trim string) (perfStatRow, bool) {
	label := ""
	if !isDigit(trim[0]) && trim[0] != '<' && trim[0] != '#' {
		hash := strings.IndexByte(trim, '#')
		label, trim = strings.TrimSpace(trim[:hash]), trim[hash:]
		if len(strings.Fields(label)) > 3 {
			return perfStatRow{}, false
		}
	}
	l, err := grammar.Parse(perfStatParser, trim)
	if err != nil {
		return perfStatRow{}, false
	}
	r := perfStatRow{row: model.Row{Line: b.Lines[i].No, Offset: b.Lines[i].Offset, Cells: []model.Cell{}}}
	add := func(field, tok string) {
		if num, ok := ReadNumber(tok, b.Comma); ok {
			r.row.Cells = append(r.row.Cells, model.Cell{Field: field, Value: num})
		}
	}
	if l.Metric != nil {
		r.extend, r.marked = label == "", true
		r.row.Case = label
		perfStatAddMetric(l.Metric, add)
		return r, true
	}
	e := l.Event
	words := e.Words
	if len(words) > 1 && perfStatUnits[words[0]] {
		words = words[1:]
	}
	r.row.Case = strings.Join(words, " ")
	if len(words) > 1 && r.row.Case != "time elapsed" {
		return perfStatRow{}, false
	}
	r.marked = e.Derived != nil || e.Stddev != "" || e.CV != "" || e.Share != "" || perfStatKnown[r.row.Case]
	if strings.HasPrefix(e.Value, "<") {
		return r, true // an event perf could not count: part of the output, no numbers
	}
	add("value", e.Value)
	add("stddev", e.Stddev)
	if e.Derived != nil {
		perfStatAddMetric(e.Derived, add)
	}
	add("cv", e.CV)
	add("multiplex", e.Share)
	return r, true
}

// perfStatAddMetric adds a derived metric's cells.
func perfStatAddMetric(m *perfStatMetric, add func(field, tok string)) {
	unit := strings.Join(m.Unit, " ")
	if strings.HasSuffix(m.Value, "%") {
		unit = "% " + unit
	}
	unit = strings.ReplaceAll(strings.ToLower(strings.TrimSpace(unit)), "%", "pct ")
	unit = strings.TrimPrefix(strings.ReplaceAll(unit, "/", " per "), " ")
	field := strings.Join(strings.Fields(unit), "_")
	if field == "" {
		field = "derived"
	}
	add(field, m.Value)
	add("cv", m.CV)
	add("multiplex", m.Share)
}

// Read returns one table per perf stat output.
func (perfStatFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		if b.trim(i) == "" {
			i++
			continue
		}
		start, cmd, header := i, "", false
		if m := perfStatHeader.FindStringSubmatch(b.Lines[i].Text); m != nil {
			header, cmd = true, m[1]+m[2]
			i++
		}
		t := model.Table{Benchmark: "perf stat"}
		marked, end := false, i
		for j, blanks := i, 0; j < len(b.Lines); j++ {
			if b.trim(j) == "" {
				if blanks++; blanks > 1 && len(t.Rows) > 0 || blanks > 2 {
					break
				}
				continue
			}
			r, next, ok := perfStatRead(b, j)
			if !ok {
				break
			}
			blanks, end, j = 0, next, next-1
			marked = marked || r.marked
			if r.extend && len(t.Rows) > 0 {
				last := &t.Rows[len(t.Rows)-1]
				last.Cells = append(last.Cells, r.row.Cells...)
				continue
			}
			if !r.extend && len(r.row.Cells) > 0 {
				t.Rows = append(t.Rows, r.row)
			}
		}
		if len(t.Rows) == 0 || !header && (!marked || len(t.Rows) < 2) {
			i = max(end, start+1)
			continue
		}
		var inner []string
		if cmd != "" {
			inner = []string{cmd}
			if bench := findBenchmark(cmd); bench != "" {
				t.Benchmark = bench
			}
		}
		out = append(out, Match{Start: start, End: end, Table: t, Inner: inner})
		i = end
	}
	return out
}
