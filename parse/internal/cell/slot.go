package cell

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// Slot is one value of a row or grid cell: the main number and what is
// written beside it.
type Slot struct {
	Num        string  // the number as an exact decimal
	Text       string  // the number as written, when it differs from Num
	Unit       string  // a unit glued or written after it ("ms", "MB/s")
	Percent    bool    // a '%' follows the number, glued or not
	Extras     []Extra // the figures written beside it
	Missing    bool    // a missing-value mark holds the place: no number
	Start, End int     // byte columns in the line
}

// Extra is a number written beside a cell's main number. Kind is "paren"
// (a bracketed figure, by default the change in percent), "cv" or
// "stddev" (a spread: "[0.5]", "+/-0.3", "(+/-5 %)"), or "second" (the
// other half of a "12345/23456" pair).
type Extra struct {
	Kind, Val string
	Raw       string // the figure as written, for its '%' or '+'
}

// ReadSlot reads the value starting at ts[i] (a number token): the number,
// a '%' after it, then up to three qualifiers. It returns the index after
// the slot; the slot must not be glued to what follows.
func ReadSlot(ts []token.Token, i int, style token.CommaStyle) (Slot, int, bool) {
	t := ts[i]
	v, ok := token.Value(t, style)
	if !ok || t.Kind != token.Num {
		return Slot{}, i, false
	}
	s := Slot{Num: v, Unit: t.Unit, Start: t.Start, End: t.End, Percent: strings.HasSuffix(t.Text, "%")}
	if t.Mult > 0 || t.Unit != "" {
		s.Text = t.Text
	}
	j := i + 1
	if j < len(ts) && ts[j].Kind == token.Percent {
		s.Percent = true
		j++
	}
	for n := 0; n < 3 && j < len(ts); n++ {
		x := ts[j]
		switch {
		case x.Kind == token.Brack:
			v, ok := token.Value(x, style)
			if !ok {
				return Slot{}, i, false
			}
			s.Extras = append(s.Extras, Extra{Kind: "cv", Val: v, Raw: x.Text})
			j++
		case x.Kind == token.Paren:
			v, ok := token.Value(x, style)
			if !ok {
				return Slot{}, i, false
			}
			kind := "paren"
			if x.Spread {
				kind = spreadKind(token.InPercent(x))
			}
			s.Extras = append(s.Extras, Extra{Kind: kind, Val: v, Raw: x.Text})
			j++
		case (x.Kind == token.PM || x.Kind == token.Slash) && j+1 < len(ts) && ts[j+1].Kind == token.Num:
			v, ok := token.Value(ts[j+1], style)
			if !ok {
				return Slot{}, i, false
			}
			pct := token.InPercent(ts[j+1])
			j += 2
			if j < len(ts) && ts[j].Kind == token.Percent {
				pct = true
				j++
			}
			kind := "second"
			if x.Kind == token.PM {
				kind = spreadKind(pct)
			}
			s.Extras = append(s.Extras, Extra{Kind: kind, Val: v, Raw: ts[j-1].Text})
		default:
			n = 3
		}
	}
	s.End = ts[j-1].End
	if token.Glued(ts, j-1) {
		return Slot{}, i, false
	}
	return s, j, true
}

// spreadKind names a "+/-" spread: relative (cv) when written in percent.
func spreadKind(pct bool) string {
	if pct {
		return "cv"
	}
	return "stddev"
}

// Written is the slot's number as written.
func (s Slot) Written() string {
	if s.Text != "" {
		return s.Text
	}
	return s.Num
}
