package parse

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
)

// The kernbench family reads kernbench's result blocks:
//
//	Average Optimal load -j 64 Run (std deviation):
//	Elapsed Time 88.12 (0.41)
//	User Time 4801.33 (4.44)
//	...
//	Sleeps 801234 (2345.2)
//
// stacked one block per kernel or load, or pasted side by side with a line
// of kernel names above the rows ("Elapsed Time  88.12 (0.41)  85.90
// (0.38)"). The case is the statistic's name as written, the fields value
// and stddev (the parenthesised deviation). Rows are recognised by
// kernbench's fixed statistic names, so a table needs two of them in a
// row; the "Average ... Run" header, when present, gives the load as the
// innermost context entry and the statistic "Average".
func init() { Register(kernbenchFamily{}, 45) }

type kernbenchFamily struct{}

// Name is the format recorded for these tables.
func (kernbenchFamily) Name() string { return "kernbench" }

var kernbenchLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Number", Pattern: `[-+]?\d+(?:,\d{3})*(?:\.\d+)?`},
	{Name: "Word", Pattern: `[A-Za-z]+`},
	{Name: "Paren", Pattern: `[()]`},
	{Name: "Space", Pattern: `[ \t]+`},
	{Name: "Other", Pattern: `.`},
})

// kernbenchRow is "Elapsed Time 88.12 (0.41)", one value per kernel.
type kernbenchRow struct {
	Pos   lexer.Position
	Name  []string          `parser:"@Word+ ':'?"`
	Cells []*kernbenchValue `parser:"@@+"`
}

// kernbenchValue is a value with its optional "(stddev)".
type kernbenchValue struct {
	Pos    lexer.Position
	Value  string `parser:"@Number"`
	Stddev string `parser:"( '(' @Number ')' )?"`
}

var kernbenchParser = participle.MustBuild[kernbenchRow](
	participle.Lexer(kernbenchLexer), participle.Elide("Space"))

// kernbenchNames are the statistics kernbench prints, lower case.
var kernbenchNames = map[string]bool{
	"elapsed time": true, "user time": true, "system time": true, "percent cpu": true,
	"context switches": true, "sleeps": true,
}

// kernbenchHeader is "Average Half load -j 32 Run (std deviation):" (newer)
// or "Average Optimal -j 16 Load Run:" (older); the group is the load.
var kernbenchHeader = regexp.MustCompile(`(?i)^\s*average\s+(.*?\S)\s+run\b\s*(?:\(std deviation\))?\s*:?\s*$`)

// kernbenchParse reads line i as a statistic row.
func kernbenchParse(b *Block, i int) (string, []*kernbenchValue, bool) {
	text := b.trim(i)
	if text == "" || !isLetter(text[0]) || !kernbenchNamed(text) {
		return "", nil, false
	}
	r, ok := grammar.ParseLine(kernbenchParser, text)
	if !ok {
		return "", nil, false
	}
	name := strings.Join(r.Name, " ")
	if !kernbenchNames[strings.ToLower(name)] {
		return "", nil, false
	}
	return name, r.Cells, true
}

// kernbenchNamed reports whether text starts with a statistic's name, so
// that only such lines reach the grammar.
func kernbenchNamed(text string) bool {
	if !ascii(text) {
		low := strings.ToLower(text)
		for n := range kernbenchNames {
			if strings.HasPrefix(low, n) {
				return true
			}
		}
		return false
	}
	for n := range kernbenchNames { // ASCII: the prefix compared in place
		if len(text) >= len(n) && strings.EqualFold(text[:len(n)], n) {
			return true
		}
	}
	return false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// Read returns one table per run of statistic rows.
func (kernbenchFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		_, first, ok := kernbenchParse(b, i)
		if !ok {
			i++
			continue
		}
		n := len(first)
		j := i
		var rows []model.Row
		for ; j < len(b.Lines); j++ {
			name, cells, ok := kernbenchParse(b, j)
			if !ok || len(cells) != n {
				break
			}
			row := rowAt(b, j, name)
			for c, v := range cells {
				// the column index until the variants are known
				addCell(&row, b.Comma, strconv.Itoa(c), "value", v.Value)
				addCell(&row, b.Comma, strconv.Itoa(c), "stddev", v.Stddev)
			}
			rows = append(rows, row)
		}
		if len(rows) < 2 {
			i = j + 1
			continue
		}
		out = append(out, kernbenchTable(b, i, j, n, rows))
		i = j
	}
	return out
}

// kernbenchTable completes the table of rows [i, end): the kernel names
// above side-by-side columns and the "Average ... Run" header.
func kernbenchTable(b *Block, i, end, n int, rows []model.Row) Match {
	t := model.Table{Benchmark: "kernbench", Variants: []string{}}
	variants := make([]string, n)
	start := i
	if k := prevText(b, i, max(0, i-1)); n > 1 && k >= 0 {
		if v := histSplitHeader(b.trim(k), n); v != nil {
			variants, start = v, k
			t.Variants, t.Baseline = v, v[0]
		}
	}
	if n > 1 && len(t.Variants) == 0 {
		for c := range variants {
			variants[c] = strconv.Itoa(c + 1)
		}
		t.Variants, t.Baseline = variants, variants[0]
	}
	for r := range rows {
		for c := range rows[r].Cells {
			rows[r].Cells[c].Variant = variants[histColumn(rows[r].Cells[c].Variant)]
		}
	}
	t.Rows = rows
	var inner []string
	if k := prevText(b, start, max(0, start-2)); k >= 0 {
		if m := kernbenchHeader.FindStringSubmatch(b.Lines[k].Text); m != nil {
			start, t.Statistic = k, "Average"
			inner = []string{m[1]}
		}
	}
	return Match{Start: start, End: end, Table: t, Inner: inner}
}
