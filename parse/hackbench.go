package parse

import (
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
)

// The hackbench family reads hackbench's own output, pasted run after run:
//
//	Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)
//	Each sender will pass 100 messages of 100 bytes
//	Time: 1.234
//
// One row per run, in order; the case is the configuration the "Running"
// line states ("process mode with 10 groups"), so that repeated runs of one
// configuration share a case, and the field is value, in seconds. Runs
// that follow each other (blank lines allowed) are one table; a run is only
// read with its "Running in" line, since a bare "Time: 1.2" could be
// anything.
func init() { Register(hackbenchFamily{}, 45) }

type hackbenchFamily struct{}

// Name is the format recorded for these tables.
func (hackbenchFamily) Name() string { return "hackbench" }

var hackbenchLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Number", Pattern: `\d+(?:\.\d+)?`},
	{Name: "Word", Pattern: `[A-Za-z]+`},
	{Name: "Punct", Pattern: `[():=]`},
	{Name: "Space", Pattern: `[ \t]+`},
	{Name: "Other", Pattern: `.`},
})

// hackbenchRunning is "Running in process mode with 10 groups using 40
// file descriptors each (== 400 tasks)".
type hackbenchRunning struct {
	Pos    lexer.Position
	Mode   string `parser:"'Running' 'in' @Word 'mode' 'with'"`
	Groups string `parser:"@Number 'groups'"`
	Rest   string `parser:"'using' Number 'file' 'descriptors' 'each' ( '(' '=' '=' Number 'tasks' ')' )?"`
}

// hackbenchTime is "Time: 1.234".
type hackbenchTime struct {
	Pos   lexer.Position
	Value string `parser:"'Time' ':' @Number"`
}

var (
	hackbenchRunningParser = participle.MustBuild[hackbenchRunning](participle.Lexer(hackbenchLexer), participle.Elide("Space"))
	hackbenchTimeParser    = participle.MustBuild[hackbenchTime](participle.Lexer(hackbenchLexer), participle.Elide("Space"))
)

// hackbenchNote is the "Each sender will pass ..." line between the two.
var hackbenchNote = regexp.MustCompile(`^Each sender will pass \d+ messages of \d+ bytes$`)

// hackbenchRun reads the run starting at line i; next is the line after
// its Time line.
func hackbenchRun(b *Block, i int) (row model.Row, next int, ok bool) {
	text := b.trim(i)
	if !strings.HasPrefix(text, "Running in ") {
		return model.Row{}, 0, false
	}
	r, ok := grammar.ParseLine(hackbenchRunningParser, text)
	if !ok {
		return model.Row{}, 0, false
	}
	j := i + 1
	if j < len(b.Lines) && hackbenchNote.MatchString(b.trim(j)) {
		j++
	}
	if j >= len(b.Lines) {
		return model.Row{}, 0, false
	}
	tm, ok := grammar.ParseLine(hackbenchTimeParser, b.trim(j))
	if !ok {
		return model.Row{}, 0, false
	}
	row = rowAt(b, i, r.Mode+" mode with "+r.Groups+" groups")
	addCell(&row, b.Comma, "", "value", tm.Value)
	return row, j + 1, len(row.Cells) > 0
}

// Read returns one table per sequence of runs.
func (hackbenchFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		row, next, ok := hackbenchRun(b, i)
		if !ok {
			i++
			continue
		}
		t := model.Table{Benchmark: "hackbench", Unit: "s", Rows: []model.Row{row}}
		end := next
		for j := next; j < len(b.Lines); {
			if blank(b, j) {
				j++
				continue
			}
			r, n, ok := hackbenchRun(b, j)
			if !ok {
				break
			}
			t.Rows = append(t.Rows, r)
			j, end = n, n
		}
		out = append(out, Match{Start: i, End: end, Table: t})
		i = end
	}
	return out
}
