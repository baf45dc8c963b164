package parse

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
)

// The bar-chart family reads ASCII bar charts, one bar per line with its
// value and unit written at the end:
//
//	base     ****************************************  1234567 faults/s
//	patched  *********************************************  1398765 faults/s
//	6.6    |################################### 3512.9 MB/s
//
// The case is the label before the bar, the field value; the unit is the
// table's when every bar states the same one. A chart needs two bars in a
// row, each a run of at least three bar characters of one kind.
func init() { Register(barChartFamily{}, 45) }

type barChartFamily struct{}

// Name is the format recorded for these tables.
func (barChartFamily) Name() string { return "bar-chart" }

var barChartLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Bar", Pattern: `\*{3,}|#{3,}|={3,}|(?:\x{2588}|\x{2587}|\x{25A0}|\x{2593}){3,}`},
	{Name: "Number", Pattern: `[-+]?\d+(?:,\d{3})*(?:\.\d+)?`},
	{Name: "Pipe", Pattern: `\|`},
	{Name: "Word", Pattern: `[^\s|*#=\x{2588}\x{2587}\x{25A0}\x{2593}]+`},
	{Name: "Space", Pattern: `[ \t]+`},
	{Name: "Other", Pattern: `.`},
})

// barChartLine is "label |#### 12.3 MB/s".
type barChartLine struct {
	Pos   lexer.Position
	Label []string `parser:"@( Word | Number )+ Pipe?"`
	Bar   string   `parser:"@Bar Pipe?"`
	Value string   `parser:"@Number"`
	Unit  []string `parser:"@Word*"`
}

var barChartParser = participle.MustBuild[barChartLine](
	participle.Lexer(barChartLexer), participle.Elide("Space"), participle.UseLookahead(2))

// barShaped is the cheap check before the grammar: a run of bar marks or a
// block character (all four begin with the bytes E2 96 in UTF-8).
func barShaped(text string) bool {
	if strings.Contains(text, "***") || strings.Contains(text, "###") || strings.Contains(text, "===") {
		return true
	}
	return strings.Contains(text, "\xe2\x96") && strings.ContainsAny(text, "\u2588\u2587\u25A0\u2593")
}

// barChartRow reads line i as a bar.
func barChartRow(b *Block, i int) (model.Row, string, bool) {
	text := b.trim(i)
	if !barShaped(text) {
		return model.Row{}, "", false
	}
	l, ok := grammar.ParseLine(barChartParser, text)
	if !ok || len(l.Unit) > 2 {
		return model.Row{}, "", false
	}
	row := rowAt(b, i, strings.TrimSuffix(strings.Join(l.Label, " "), ":"))
	addCell(&row, b.Comma, "", "value", l.Value)
	return row, strings.Join(l.Unit, " "), len(row.Cells) > 0
}

// Read returns one table per run of bars.
func (barChartFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		row, unit, ok := barChartRow(b, i)
		if !ok {
			i++
			continue
		}
		t := model.Table{Rows: []model.Row{row}, Unit: unit}
		j := i + 1
		for ; j < len(b.Lines); j++ {
			r, u, ok := barChartRow(b, j)
			if !ok {
				break
			}
			if u != t.Unit {
				t.Unit = ""
			}
			t.Rows = append(t.Rows, r)
		}
		if len(t.Rows) >= 2 {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = j
	}
	return out
}
