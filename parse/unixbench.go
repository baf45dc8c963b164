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

// The unixbench family reads the two result blocks of a UnixBench (BYTE
// UNIX Benchmarks) report:
//
//	Dhrystone 2 using register variables       49012345.6 lps   (10.0 s, 7 samples)
//	...
//	System Benchmarks Index Values               BASELINE       RESULT    INDEX
//	Dhrystone 2 using register variables         116700.0   49012345.6   4199.9
//	...
//	System Benchmarks Index Score                                        1401.2
//
// The case is the test's name as written. A result line gives the field
// value (its unit kept in Text, as units differ per test); the run time and
// sample count in parentheses are settings. An index row gives baseline,
// value (the RESULT column, the main number) and index; the score line the index. The "running N parallel
// copies of tests" line above the results names the configuration and
// becomes the innermost context entry of both tables.
func init() { Register(unixbenchFamily{}, 45) }

type unixbenchFamily struct{}

// Name is the format recorded for these tables.
func (unixbenchFamily) Name() string { return "unixbench" }

var unixbenchLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Number", Pattern: `\d+(?:\.\d+)?`},
	{Name: "Word", Pattern: `[A-Za-z]+`},
	{Name: "Punct", Pattern: `[(),]`},
	{Name: "Space", Pattern: `[ \t]+`},
	{Name: "Other", Pattern: `.`},
})

// unixbenchTail is the end of a result line: "49012345.6 lps (10.0 s, 7
// samples)".
type unixbenchTail struct {
	Pos     lexer.Position
	Value   string `parser:"@Number"`
	Unit    string `parser:"@Word"`
	Seconds string `parser:"'(' Number 's' ','"`
	Samples string `parser:"Number 'samples' ')'"`
}

var unixbenchParser = participle.MustBuild[unixbenchTail](
	participle.Lexer(unixbenchLexer), participle.Elide("Space"))

// unixbenchResult splits a result line into the test name and its tail.
var unixbenchResult = guard(containing("samples)"), regexp.MustCompile(`^(\S.*?\S)\s+(\d+(?:\.\d+)?\s+[A-Za-z]+\s+\(\s*\d+(?:\.\d+)?\s+s,\s+\d+\s+samples\))\s*$`))

// unixbenchIndexHead is the index table's header line.
var unixbenchIndexHead = guard(containing("System Benchmarks"), regexp.MustCompile(`^System Benchmarks (?:Partial )?Index Values\s+BASELINE\s+RESULT\s+INDEX\s*$`))

// unixbenchIndexRow is "<test>  116700.0  49012345.6  4199.9" or the score.
var unixbenchIndexRow = regexp.MustCompile(`^(\S.*?\S)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s*$`)

// unixbenchScore is "System Benchmarks Index Score   1401.2".
var unixbenchScore = regexp.MustCompile(`^(System Benchmarks (?:Partial )?Index Score)\s+(\d+(?:\.\d+)?)\s*$`)

// unixbenchCopies is "96 CPUs in system; running 1 parallel copy of tests".
var unixbenchCopies = regexp.MustCompile(`running (\d+ parallel cop(?:y|ies)) of tests`)

// Read returns the result and index tables of the block.
func (unixbenchFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		var m Match
		var end int
		text := b.trim(i)
		switch {
		case unixbenchIndexHead.MatchString(text):
			m, end = unixbenchIndex(b, i)
		case unixbenchResult.MatchString(text):
			m, end = unixbenchResults(b, i)
		default:
			i++
			continue
		}
		if len(m.Table.Rows) > 0 {
			m.Table.Benchmark = "unixbench"
			if k, copies := unixbenchConfig(b, m.Start); copies != "" {
				if k == m.Start-1 {
					m.Start = k
				}
				m.Inner = []string{copies}
			}
			out = append(out, m)
		}
		i = max(end, i+1)
	}
	return out
}

// unixbenchResults reads the result lines from line i on.
func unixbenchResults(b *Block, i int) (Match, int) {
	t := model.Table{}
	j := i
	for ; j < len(b.Lines); j++ {
		sub := unixbenchResult.FindStringSubmatch(b.trim(j))
		if sub == nil {
			break
		}
		tail, ok := grammar.ParseLine(unixbenchParser, sub[2])
		if !ok {
			break
		}
		row := rowAt(b, j, sub[1])
		addCell(&row, b.Comma, "", "value", tail.Value)
		for c := range row.Cells {
			row.Cells[c].Text = tail.Value + " " + tail.Unit
		}
		t.Rows = append(t.Rows, row)
	}
	return Match{Start: i, End: j, Table: t}, j
}

// unixbenchIndex reads the index table whose header is line i, through its
// score line.
func unixbenchIndex(b *Block, i int) (Match, int) {
	t := model.Table{}
	end := i + 1
	for j := i + 1; j < len(b.Lines); j++ {
		text := b.trim(j)
		if layout.IsRule(text) {
			continue
		}
		if sub := unixbenchScore.FindStringSubmatch(text); sub != nil {
			row := rowAt(b, j, sub[1])
			addCell(&row, b.Comma, "", "index", sub[2])
			t.Rows = append(t.Rows, row)
			end = j + 1
			break
		}
		sub := unixbenchIndexRow.FindStringSubmatch(text)
		if sub == nil {
			break
		}
		row := rowAt(b, j, sub[1])
		for k, f := range []string{"baseline", "value", "index"} {
			addCell(&row, b.Comma, "", f, sub[k+2])
		}
		t.Rows = append(t.Rows, row)
		end = j + 1
	}
	return Match{Start: i, End: end, Table: t}, end
}

// unixbenchConfig finds the nearest "running N parallel copies" line above
// line i, before any earlier line of the same kind of report's header.
func unixbenchConfig(b *Block, i int) (int, string) {
	for k := i - 1; k >= 0; k-- {
		if sub := unixbenchCopies.FindStringSubmatch(b.Lines[k].Text); sub != nil {
			return k, sub[1]
		}
		if strings.Contains(b.Lines[k].Text, "BYTE UNIX Benchmarks") {
			break
		}
	}
	return -1, ""
}
