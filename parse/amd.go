package parse

import (
	"strings"
	"unicode"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// pctImpCV reads AMD-style comparison blocks:
//
//	==================================================================
//	Test          : hackbench
//	Units         : Normalized time in seconds
//	Interpretation: Lower is better
//	Statistic     : AMean
//	==================================================================
//	Case:           mainline[pct imp](CV)    new_base_slice[pct imp](CV)
//	 1-groups     1.00 [ -0.00]( 8.66)     1.05 [ -5.30](16.73)
//
// The Case line names each variant followed by the bracket groups its cells
// carry; a row's cells are read by that bracket structure, so values that
// overflow their column ("2.50 [-150.00](60.00)") read the same. The bracket
// words say the field: "pct imp" is pct, "CV" or "std%" is cv, so the
// "value [cv] (pct)" order and Intel's "baseline(std%) compare%( std%)" read
// too. The rule-framed header block is optional.
type pctImpCV struct{}

func init() { Register(pctImpCV{}, 10) }

// Name implements Family.
func (pctImpCV) Name() string { return "pct-imp-cv" }

// amdHeader is "Case: name[pct imp](CV) name[pct imp](CV) ...".
type amdHeader struct {
	Key      string        `parser:"@Word ':'"`
	Variants []*amdHeadVar `parser:"@@+"`
}

// amdHeadVar is a variant name, a '%' when its main number is itself a
// percentage, and its bracket groups.
type amdHeadVar struct {
	Pos    lexer.Position
	Name   []string        `parser:"@(Word | Num | Sci | Other | ':')+"`
	Pct    bool            `parser:"@'%'?"`
	Groups []*amdHeadGroup `parser:"@@+"`
}

// amdHeadGroup is one "[pct imp]" or "(CV)" group of a header: words, not
// numbers, which keeps "1-groups: 3.10 (0.00%)" rows from reading as one.
type amdHeadGroup struct {
	Pos   lexer.Position
	Words []string `parser:"( '[' @(Word | '%' | Other | ':')+ ']' | '(' @(Word | '%' | Other | ':')+ ')' )"`
}

// amdRow is "label value [x](y) value [x](y) ...".
type amdRow struct {
	Label []string   `parser:"@(Word | (Num | Sci) (?! ('[' | '(' | '%')))+ ':'?"`
	Cells []*amdCell `parser:"@@+"`
}

// amdCell is a number (or "-") followed by its bracket groups.
type amdCell struct {
	Value  string      `parser:"@(Num | Sci | '-') '%'?"`
	Groups []*amdGroup `parser:"@@+"`
}

// amdGroup is one bracketed number of a cell; empty or "-" when missing.
type amdGroup struct {
	Value string `parser:"( '[' @(Num | Sci | '-')? '%'? ']' | '(' @(Num | Sci | '-')? '%'? ')' )"`
}

// amdMetaLine is one "Key : value" line of the framed header block.
type amdMetaLine struct {
	Key   string   `parser:"@Word ':'"`
	Value *amdText `parser:"@@"`
}

// amdText is the rest of a line, kept as written.
type amdText struct {
	Pos  lexer.Position
	Toks []string `parser:"@(Word | Num | Sci | Punct | Other)+"`
}

var (
	amdHeaderParser = buildCellParser[amdHeader]()
	amdRowParser    = buildCellParser[amdRow]()
	amdMetaParser   = buildCellParser[amdMetaLine]()
)

// amdInfo is what a framed header block states about the table below it.
type amdInfo struct {
	bench, unit, direction, statistic string
}

// amdMeta reads the framed "Test/Units/Interpretation/Statistic" block that
// ends just above line i (rules and blank lines allowed) and returns it with
// the index of its first line (i when there is none). pct-imp-cv and list
// tables share it.
func amdMeta(b *Block, i int) (amdInfo, int) {
	var info amdInfo
	start, seen := i, false
	for j := i - 1; j >= 0; j-- {
		text := b.trim(j)
		if text == "" || layout.IsRule(text) {
			if layout.IsRule(text) && seen {
				start = j
				break
			}
			if layout.IsRule(text) {
				start = j
			}
			continue
		}
		m, ok := grammar.ParseLine(amdMetaParser, text)
		if !ok {
			break
		}
		value := strings.TrimSpace(text[m.Value.Pos.Offset:])
		switch strings.ToLower(m.Key) {
		case "test", "benchmark":
			info.bench = strings.ToLower(value)
		case "units", "unit":
			info.unit = value
		case "interpretation":
			switch low := strings.ToLower(value); {
			case strings.Contains(low, "lower"):
				info.direction = "lower"
			case strings.Contains(low, "higher"):
				info.direction = "higher"
			}
		case "statistic":
			info.statistic = value
		default:
			return info, start
		}
		seen, start = true, j
	}
	if !seen {
		return amdInfo{}, i
	}
	return info, start
}

func (m amdInfo) apply(t *model.Table) {
	t.Benchmark, t.Unit, t.Direction, t.Statistic = m.bench, m.unit, m.direction, m.statistic
}

// applyUnset fills what a table's own rows did not state: an mmtests
// table under an AMD framed header names its statistic per row and its
// benchmark by row prefix, and the frame adds the rest.
func (m amdInfo) applyUnset(t *model.Table) {
	for _, f := range []struct {
		dst *string
		src string
	}{{&t.Benchmark, m.bench}, {&t.Unit, m.unit}, {&t.Direction, m.direction}, {&t.Statistic, m.statistic}} {
		if *f.dst == "" {
			*f.dst = f.src
		}
	}
}

// amdColumn is a variant of a Case line with the fields of its numbers.
type amdColumn struct {
	name   string
	fields []string // fields[0] for the bare number, then one per group
}

// amdHeaderShaped is the cheap check before the header grammar: a bracket,
// and before the first ':' one cell-lexer word (a run of characters no
// blank or bracket breaks, holding an ASCII letter, '_' or '#'), as the
// key of "Case:" is.
func amdHeaderShaped(text string) bool {
	k := strings.IndexByte(text, ':')
	if k < 0 || !strings.ContainsAny(text, "[(") {
		return false
	}
	return token.IsCellWord(strings.TrimRight(text[:k], " \t\n\f\r\v"))
}

// amdHeaderLine reads a Case line into its columns.
func amdHeaderLine(text string) ([]amdColumn, bool) {
	if !amdHeaderShaped(text) {
		return nil, false
	}
	h, ok := grammar.ParseLine(amdHeaderParser, text)
	if !ok {
		return nil, false
	}
	var cols []amdColumn
	for _, v := range h.Variants {
		name := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text[v.Pos.Offset:v.Groups[0].Pos.Offset]), "%"))
		if !strings.ContainsFunc(name, unicode.IsLetter) {
			return nil, false
		}
		c := amdColumn{name: name, fields: []string{"value"}}
		if v.Pct {
			c.fields[0] = "pct"
		}
		for _, g := range v.Groups {
			f := groupField(g.Words)
			if !amdGroupFields[f] {
				return nil, false // "Statistic : AMean, Hmean (Specified)"
			}
			c.fields = append(c.fields, f)
		}
		cols = append(cols, c)
	}
	return cols, true
}

// amdGroupFields are the fields a Case line's bracket groups may name; a
// group naming none of them is prose in parentheses, not a column.
var amdGroupFields = map[string]bool{"pct": true, "cv": true, "stddev": true, "var": true}

// groupField names the field of a bracket group from its header words.
func groupField(words []string) string {
	low := strings.ToLower(strings.Join(words, " "))
	switch {
	case strings.Contains(low, "pct") || strings.Contains(low, "imp") || strings.Contains(low, "diff") || strings.Contains(low, "change"):
		return "pct"
	case strings.Contains(low, "cv") || strings.Contains(low, "coeff") || strings.Contains(low, "std") && strings.Contains(low, "%"):
		return "cv"
	case strings.Contains(low, "std"):
		return "stddev"
	case strings.Contains(low, "var"):
		return "var"
	case low == "%":
		return "pct"
	}
	return strings.ReplaceAll(strings.Trim(low, " %"), " ", "_")
}

// amdLine reads a data row whose cells fit the columns.
func amdLine(text string, cols []amdColumn) (*amdRow, bool) {
	if !strings.ContainsAny(text, "[(") {
		return nil, false
	}
	r, ok := grammar.ParseLine(amdRowParser, text)
	if !ok || len(r.Cells) != len(cols) {
		return nil, false
	}
	for k, c := range r.Cells {
		if len(c.Groups)+1 != len(cols[k].fields) {
			return nil, false
		}
	}
	return r, true
}

// Read implements Family.
func (pctImpCV) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); i++ {
		cols, ok := amdHeaderLine(b.trim(i))
		if !ok {
			continue
		}
		var tab model.Table
		for _, c := range cols {
			tab.Variants = append(tab.Variants, c.name)
		}
		tab.Baseline = cols[0].name
		end := i + 1
		for j := i + 1; j < len(b.Lines); j++ {
			text := b.trim(j)
			if text == "" {
				continue
			}
			r, ok := amdLine(text, cols)
			if !ok {
				break
			}
			row := rowAt(b, j, strings.Join(r.Label, " "))
			for k, c := range r.Cells {
				addCell(&row, b.Comma, cols[k].name, cols[k].fields[0], c.Value)
				for g, grp := range c.Groups {
					addCell(&row, b.Comma, cols[k].name, cols[k].fields[g+1], grp.Value)
				}
			}
			tab.Rows = append(tab.Rows, row)
			end = j + 1
		}
		if len(tab.Rows) == 0 {
			continue
		}
		info, start := amdMeta(b, i)
		info.apply(&tab)
		out = append(out, Match{Start: start, End: end, Table: tab})
		i = end - 1
	}
	return out
}
