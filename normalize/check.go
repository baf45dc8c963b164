package normalize

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// Check lists the printed percentages that Table flagged as disagreeing
// with their values, one warning each, located at the row's line.
func Check(doc *model.Document) []model.Warning {
	var out []model.Warning
	for ti := range doc.Tables {
		t := &doc.Tables[ti]
		for _, r := range t.Rows {
			for _, c := range r.Cells {
				if !slices.Contains(c.Flags, model.FlagPctMismatch) {
					continue
				}
				out = append(out, model.Warning{
					Source: t.Source, Line: r.Line, Offset: r.Offset,
					Message: fmt.Sprintf("table %s, %s, %s: printed %s%% does not follow from the values%s",
						t.ID, caseLabel(r.Case), variantLabel(c.Variant), c.Value, valuesNote(t, &r, c)),
				})
			}
		}
	}
	return out
}

// valuesNote shows the values a mismatching percentage sits beside.
func valuesNote(t *model.Table, r *model.Row, pct model.Cell) string {
	field := strings.TrimSuffix(strings.TrimSuffix(pct.Field, "pct"), "_")
	var base, cur string
	for _, c := range r.Cells {
		if c.Field == "pct" || c.Field == "cv" || c.Field == "stddev" || strings.HasSuffix(c.Field, "_pct") {
			continue
		}
		if field != "" && c.Field != field {
			continue
		}
		switch c.Variant {
		case t.Baseline:
			if base == "" {
				base = string(c.Value)
			}
		case pct.Variant:
			if cur == "" {
				cur = string(c.Value)
			}
		}
	}
	if base == "" || cur == "" {
		return ""
	}
	return fmt.Sprintf(" (%s against %s %s)", cur, t.Baseline, base)
}

func caseLabel(c string) string {
	if c == "" {
		return "row"
	}
	return "row " + c
}

func variantLabel(v string) string {
	if v == "" {
		return "single series"
	}
	return v
}
