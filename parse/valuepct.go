package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// valuePct reads "value (x pct)" tables, one column pair per variant:
//
//	Test: tip latency_nice
//	1-groups: 4.25 (0.00 pct) 4.14 (2.58 pct)
//	128: 475.00 (0.00 pct) 701.00 (-47.57 pct) *
//
// A header line names the variants; a table without one (after a
// sub-heading) reuses the variants of the previous table of the block with
// as many columns. Any non-row line ends a table.
type valuePct struct{}

func init() { Register(valuePct{}, 20) }

// Name implements Family.
func (valuePct) Name() string { return "value-pct" }

// vpRow is "label[:] value (pct pct) ... [*|^] [[note]]". A label number is
// one not followed by '(' (that one is a value).
type vpRow struct {
	Label []string  `parser:"@(Word | (Num | Sci) (?! '('))+ ':'?"`
	Cells []*vpCell `parser:"@@+"`
	Marks []string  `parser:"@('*' | '^')*"`
	Note  []string  `parser:"('[' @Word+ ']')?"`
}

// vpCell is one "value (x pct)" pair, "value (x%)", or a lone "-" for a
// missing run.
type vpCell struct {
	Value   string `parser:"  @(Num | Sci)"`
	Pct     string `parser:"  '(' @(Num | Sci) ('pct' | '%') ')'"`
	Missing bool   `parser:"| @'-'"`
}

var vpRowParser = buildCellParser[vpRow]()

// vpLine reads a row after a cheap check for its "pct)" / "%)" shape.
func vpLine(text string) (*vpRow, bool) {
	if !strings.Contains(text, "(") || !(strings.Contains(text, "pct") || strings.Contains(text, "%)")) {
		return nil, false
	}
	r, ok := parseLine(vpRowParser, text)
	if !ok {
		return nil, false
	}
	for _, c := range r.Cells {
		if !c.Missing {
			return r, true
		}
	}
	return nil, false
}

// reuseReach is how far below the previous table a header-less table may
// start and still share its variants: a sub-heading or two in between.
const reuseReach = 4

type vpTable struct {
	start, end int
	variants   []string
	rows       []model.Row
	zero       []bool // zero[k]: every pct of variant k is 0
}

// Read implements Family.
func (valuePct) Read(b *Block) []Match {
	var out []Match
	var cur *vpTable
	known := map[int][]string{} // variants of the last header, by column count
	lastEnd := -1               // end of the previous table
	flush := func() {
		if cur != nil {
			out = append(out, cur.match())
			lastEnd, cur = cur.end, nil
		}
	}
	for i, l := range b.Lines {
		text := strings.TrimSpace(l.Text)
		if text == "" {
			continue
		}
		row, ok := vpLine(text)
		if !ok {
			flush()
			continue
		}
		n := len(row.Cells)
		if cur == nil || len(cur.variants) != n {
			flush()
			start, variants := i, []string(nil)
			if lastEnd >= 0 && i-lastEnd <= reuseReach {
				variants = known[n]
			}
			if h := prevText(b, i, 0); h >= 0 {
				if _, isRow := vpLine(strings.TrimSpace(b.Lines[h].Text)); !isRow {
					if w, ok := headerWords(strings.TrimSpace(b.Lines[h].Text)); ok {
						if v, ok := groupVariants(w, n); ok {
							start, variants = h, v
							known[n] = v
						}
					}
				}
			}
			if variants == nil && n == 1 {
				variants = []string{""}
			}
			if variants == nil {
				continue // several columns and nothing names them
			}
			cur = &vpTable{start: start, variants: variants, zero: make([]bool, n)}
			for k := range cur.zero {
				cur.zero[k] = true
			}
		}
		cur.add(b, i, row)
	}
	flush()
	return out
}

func (t *vpTable) add(b *Block, i int, row *vpRow) {
	r := rowAt(b, i, strings.Join(row.Label, " "))
	r.Flags = append(r.Flags, row.Marks...)
	if len(row.Note) > 0 {
		r.Flags = append(r.Flags, strings.ToLower(strings.Join(row.Note, " ")))
	}
	for k, c := range row.Cells {
		if c.Missing {
			continue
		}
		addCell(&r, b.Comma, t.variants[k], "value", c.Value)
		addCell(&r, b.Comma, t.variants[k], "pct", c.Pct)
		if n, ok := ReadNumber(c.Pct, b.Comma); !ok || n.Float() != 0 {
			t.zero[k] = false
		}
	}
	t.rows = append(t.rows, r)
	t.end = i + 1
}

func (t *vpTable) match() Match {
	tab := model.Table{Variants: t.variants, Rows: t.rows}
	if len(t.variants) == 1 && t.variants[0] == "" {
		tab.Variants = []string{}
	} else {
		tab.Baseline = t.variants[0]
		for k, z := range t.zero {
			if z {
				tab.Baseline = t.variants[k]
				break
			}
		}
	}
	return Match{Start: t.start, End: t.end, Table: tab}
}
