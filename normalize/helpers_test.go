package normalize

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// grid builds a table from rows written "case: variant field=value ...",
// e.g. "1-groups: tip value=4.25 tip pct=0.00 new value=4.14 new pct=2.58".
// Values keep their text; decimal commas are read as points as the parser
// does, with the written form kept in Text.
func grid(format, baseline string, variants []string, rows ...string) model.Table {
	t := model.Table{Format: format, Baseline: baseline, Variants: variants, Context: []string{}}
	for i, r := range rows {
		label, rest, _ := strings.Cut(r, ":")
		row := model.Row{Case: label, Line: i + 1}
		f := strings.Fields(rest)
		for j := 0; j+1 < len(f); j += 2 {
			k, v, _ := strings.Cut(f[j+1], "=")
			if v == "" {
				continue
			}
			c := model.Cell{Variant: f[j], Field: k, Value: model.Number(strings.ReplaceAll(v, ",", "."))}
			if strings.Contains(v, ",") {
				c.Text = v
			}
			if f[j] == "-" {
				c.Variant = ""
			}
			if strings.HasSuffix(k, "*") {
				c.Field, c.Flags = strings.TrimSuffix(k, "*"), []string{"significant"}
			}
			row.Cells = append(row.Cells, c)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// cell returns the cell of a row by variant and field.
func cell(t *model.Table, row int, variant, field string) *model.Cell {
	for i := range t.Rows[row].Cells {
		if c := &t.Rows[row].Cells[i]; c.Variant == variant && c.Field == field {
			return c
		}
	}
	return nil
}

// imp returns the improvement of a cell as text, "" when unset.
func imp(c *model.Cell) string {
	if c == nil || c.ImprovementPct == nil {
		return ""
	}
	return string(*c.ImprovementPct)
}
