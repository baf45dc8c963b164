package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// arrow reads before/after figures written with an arrow, the form commit
// messages and short replies use:
//
//	hackbench (lower is better):
//	  1 group:   4.25s -> 4.14s  (-2.6%)
//	  4 groups:  5.19s -> 5.18s  (-0.2%)
//
// Each row is a label, the value before, an arrow ("->", "=>", "-->",
// "→"), the value after and optionally the change in brackets. The text
// names no variants, so they are "before" and "after", the first being the
// baseline. Rows are read with the column grammar's tokens (columns.go).
type arrow struct{}

func init() { Register(arrow{}, 50) }

func (arrow) Name() string { return "arrow" }

// arrowRow is one "label: before -> after (change)" line.
type arrowRow struct {
	label         string
	before, after string
	pct           string
	units         []string
}

// Read returns each run of arrow rows; blank lines and other text end a
// run.
func (arrow) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		start, units := i, unitSet{}
		t := model.Table{Variants: []string{"before", "after"}, Baseline: "before"}
		for ; i < len(b.Lines); i++ {
			r, ok := readArrowRow(b, i)
			if !ok {
				break
			}
			for _, u := range r.units {
				units.add(u)
			}
			row := rowAt(b, i, r.label)
			row.Cells = append(row.Cells,
				model.Cell{Variant: "before", Field: "value", Value: model.Number(r.before)},
				model.Cell{Variant: "after", Field: "value", Value: model.Number(r.after)})
			if r.pct != "" {
				row.Cells = append(row.Cells, model.Cell{Variant: "after", Field: "pct", Value: model.Number(r.pct)})
			}
			t.Rows = append(t.Rows, row)
		}
		if len(t.Rows) == 0 {
			i++
			continue
		}
		// Arrows between words next to the rows ("BLK_DEV_NVME y -> m"
		// in a diffconfig, "foo() -> bar()") mean a list of changes of
		// another kind, whose numbers are settings, not results.
		if mentionsArrow(b, start-1) || mentionsArrow(b, i) {
			continue
		}
		if len(t.Rows) > 1 || len(t.Rows[0].Cells) == 3 {
			t.Unit = units.common()
			out = append(out, Match{Start: start, End: i, Table: t})
		}
	}
	return out
}

// readArrowRow reads one arrow row. The label must be short (a sentence
// that says "went from 4.25 -> 4.14" is prose) and nothing but the change
// may follow the second value.
func readArrowRow(b *Block, i int) (arrowRow, bool) {
	text, comma := b.Lines[i].Text, b.Comma
	if !strings.Contains(text, "->") && !strings.Contains(text, "=>") && !strings.Contains(text, "\u2192") {
		return arrowRow{}, false
	}
	ts := b.tokens(i)
	k := -1
	for j, t := range ts {
		if t.Kind == token.Word && isArrowWord(t.Text) {
			k = j
			break
		}
	}
	if k < 1 || k+1 >= len(ts) || ts[k-1].Kind != token.Num || ts[k+1].Kind != token.Num {
		return arrowRow{}, false
	}
	var r arrowRow
	r.label = strings.TrimSuffix(strings.TrimSpace(text[:ts[k-1].Start]), ":")
	if len(strings.Fields(r.label)) > 6 {
		return arrowRow{}, false
	}
	var ok bool
	if r.before, ok = token.Value(ts[k-1], comma); !ok {
		return arrowRow{}, false
	}
	if r.after, ok = token.Value(ts[k+1], comma); !ok {
		return arrowRow{}, false
	}
	for _, t := range []token.Token{ts[k-1], ts[k+1]} {
		if t.Unit != "" {
			r.units = append(r.units, t.Unit)
		}
	}
	rest := ts[k+2:]
	if len(rest) > 0 && rest[0].Kind == token.Paren && token.InPercent(rest[0]) {
		if r.pct, ok = token.Value(rest[0], comma); !ok {
			return arrowRow{}, false
		}
		rest = rest[1:]
	}
	if len(rest) > 0 {
		return arrowRow{}, false
	}
	return r, true
}

// mentionsArrow reports whether line i of the block exists and holds an
// arrow.
func mentionsArrow(b *Block, i int) bool {
	if i < 0 || i >= len(b.Lines) {
		return false
	}
	for w := range strings.FieldsSeq(b.Lines[i].Text) {
		if isArrowWord(w) {
			return true
		}
	}
	return false
}

func isArrowWord(s string) bool {
	switch s {
	case "->", "=>", "-->", "==>", "\u2192":
		return true
	}
	return false
}
