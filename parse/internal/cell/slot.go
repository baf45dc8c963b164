package cell

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// Slot is one value of a row or grid cell: the main number and what is
// written beside it.
type Slot struct {
	Num    string  // the number as an exact decimal
	Text   string  // the number as written, when it differs from Num
	Unit   string  // a unit glued or written after it ("ms", "MB/s")
	Extras []Extra // the figures written beside it
	Pct    bool    // written in percent ("12%", "12 pct")
	Approx bool    // marked approximate ("~30M")
	// Name names one of a cell's parts: the key written before it
	// ("IOPS" of "IOPS=20.5k"), its name in a legend after the cell
	// ("user" of "(real/user/sys)"), or what its unit measures ("time",
	// "rate") in a list of figures of different units.
	Name    string
	Missing bool // a missing-value mark holds the place: no number
	// Start and End are the slot's byte columns in the line.
	Start, End int
}

// Extra is a number written beside a cell's main number. Kind is "paren"
// (a bracketed figure, by default the change in percent), "cv" or
// "stddev" (a spread: "[0.5]", "+/-0.3", "(+/-5 %)"), or "second" (the
// other half of a "12345/23456" pair).
type Extra struct {
	Kind, Val string
	Raw       string // the figure as written, for its '%' or '+'
}

// ReadSlot reads the value that the tokens ts[i:] hold, all of them: a
// number with what is written beside it ("0.7293 (+30.7%)",
// "12.345+/-0.678", "1.000x", "12345/23456", "1,234(+/-5,67 %)"). It
// returns len(ts) after the slot; ok is false when the tokens are not one
// value. A word after the number (a unit written apart, "pct") makes the
// tokens no slot: a grid's cells hold their figures glued or bracketed.
func ReadSlot(ts []token.Token, i int, style token.CommaStyle) (Slot, int, bool) {
	if s, j, ok := tokenSlot(ts, i, style); ok && j == len(ts) {
		return s, j, true
	}
	for _, t := range ts[i+1:] {
		if t.Kind == token.Word {
			return Slot{}, i, false
		}
	}
	cs, ok := readText(ts[i:], ts[i].Start, ts[len(ts)-1].End, style, false)
	if !ok || len(cs) != 1 || len(cs[0].Slots) != 1 || cs[0].List || cs[0].Tuple || cs[0].Slots[0].Missing {
		return Slot{}, i, false
	}
	return cs[0].Slots[0], len(ts), true
}

// Written is the slot's number as written.
func (s Slot) Written() string {
	if s.Text != "" {
		return s.Text
	}
	return s.Num
}

// numberSlot reads a cell of one number token: the common cell, read
// without the grammar. The grammar reads such a token alike
// (FuzzTokenCells).
func numberSlot(t token.Token, style token.CommaStyle) (Slot, bool) {
	v, ok := token.Value(t, style)
	if !ok || t.Kind != token.Num || twoPoints(t) {
		return Slot{}, false
	}
	s := Slot{Num: v, Unit: t.Unit, Pct: token.InPercent(t), Start: t.Start, End: t.End}
	if t.Mult > 0 || t.Unit != "" {
		s.Text = t.Text
	}
	return s, true
}

// twoPoints reports whether a number token holds two points or more
// ("2.6.9MB", "(+1.5.)"): no number the grammar reads, but a version or
// a typo that the token layer's composite words let through.
func twoPoints(t token.Token) bool {
	n := t.Number
	if n == "" {
		n = t.Text
	}
	return strings.Count(n, ".") > 1
}

// slot makes the slot of main figure m of a reading, its asides its
// extras; base is the column where the reading's text starts.
func (r Reading) slot(m, base int) Slot {
	f := r.Figures[m]
	s := Slot{Num: f.Num, Start: base + f.Start, End: base + f.End}
	s.Unit, s.Pct = f.Unit, f.Unit == "%"
	if s.Pct {
		s.Unit = ""
	}
	if f.Mag > 0 || s.Unit != "" {
		s.Text = f.Text
	}
	for _, x := range r.Figures[m+1:] {
		if x.Of != m {
			break
		}
		switch x.Role {
		case Change:
			s.Extras = append(s.Extras, Extra{Kind: "paren", Val: x.Num, Raw: x.Text})
		case Square:
			s.Extras = append(s.Extras, Extra{Kind: "cv", Val: x.Num, Raw: x.Text})
		case Spread:
			s.Extras = append(s.Extras, Extra{Kind: spreadKind(x.Unit == "%"), Val: x.Num, Raw: x.Text})
		}
		s.End = base + x.Outer
	}
	return s
}

// spreadKind names a "+/-" spread: relative (cv) when written in percent.
func spreadKind(pct bool) string {
	if pct {
		return "cv"
	}
	return "stddev"
}
