package cell

import (
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// Cell is what one value piece of a line says.
type Cell struct {
	Slots []Slot // one per number; several for a list of runs or a tuple
	List  bool   // the slots are runs of one quantity
	Parts bool   // the slots are named parts of one cell (Slot.Name)
	Tuple bool   // the slots are the members of a "(a%, b%)" tuple
	Start int    // display column of the piece
	End   int
}

// Integer reports whether the cell is one whole number without a unit:
// the shape of a row key (a thread count, a queue depth).
func (c Cell) Integer() bool {
	if len(c.Slots) != 1 || c.Slots[0].Missing || len(c.Slots[0].Extras) > 0 {
		return false
	}
	s := c.Slots[0]
	return !strings.ContainsAny(s.Num, ".eE") && (s.Unit == "" || spacedUnits[s.Unit])
}

// spacedUnits are unit words written after a number with a blank
// ("3.703 us", "44.234 Mops/s"); a row's trailing unit word is no column.
var spacedUnits = map[string]bool{
	"ns": true, "us": true, "usec": true, "usecs": true, "µs": true, "ms": true, "msec": true, "msecs": true,
	"s": true, "sec": true, "secs": true, "seconds": true, "%": true,
	"B": true, "KB": true, "kB": true, "MB": true, "GB": true, "KiB": true, "MiB": true, "GiB": true,
	"B/s": true, "KB/s": true, "kB/s": true, "MB/s": true, "GB/s": true, "KiB/s": true, "MiB/s": true, "GiB/s": true,
	"Mbit/s": true, "Gbit/s": true, "Mbps": true, "Gbps": true, "Kbps": true,
	"ops/s": true, "ops/sec": true, "Mops/s": true, "Kops/s": true, "op/s": true, "iops": true, "IOPS": true,
	"MHz": true, "GHz": true, "W": true, "mW": true, "J": true, "lps": true, "cycles": true,
}

// Read reads a piece of a line, its tokens ts between display columns
// start and end, as value cells: one cell, a list of runs in one
// cell, or several cells whose spacing a mailer collapsed to single blanks
// ("1.0242 (+1.5%) 1.0260 (+1.5%)"). ok is false for a piece that is a
// label or prose. A piece of one number token is read as it is; any other
// by the cell grammar (Parse) over the piece's text. A word the token
// layer kept whole is a label ("4k", "8KiB" at the start of a row: a size
// that names the row, "117/41" a ratio that does), unless what the grammar
// reads in it says it is a value (valueWord).
func Read(ts []token.Token, start, end int, style token.CommaStyle) ([]Cell, bool) {
	if len(ts) == 0 {
		return nil, false
	}
	if cs, ok := tokenCells(ts, start, end, style); ok {
		return cs, true
	}
	lone := len(ts) == 1
	if lone {
		t := ts[0]
		if isMissingTok(t) {
			return []Cell{{Slots: []Slot{{Missing: true}}, Start: start, End: end}}, true
		}
		if t.Kind != token.Word {
			return nil, false
		}
	}
	digits := false
	for _, t := range ts {
		digits = digits || t.Kind == token.Num || t.Kind == token.Paren || t.Kind == token.Brack ||
			t.Kind == token.Word && figureWord(t.Text)
	}
	if !digits {
		return nil, false // words only: prose, a label, a header
	}
	for _, t := range ts {
		if !cellToken(t) {
			return nil, false
		}
	}
	return readText(ts, start, end, style, lone)
}

// valueWord reports whether the reading of a word the token layer kept
// whole says it is a value, not a label: a duration ("1m41s"), a figure
// marked approximate ("~30M"), or one figure with a unit of time, rate,
// cost or frequency ("1.39G/s"). A magnitude ("4k"), a size ("8KiB") or a
// pair ("117/41") alone names a row; a setting ("slice=6ms") names a
// column (parts).
func (r Reading) valueWord() bool {
	m := r.Mains()
	if r.Tuple || r.Missing || len(m) != 1 {
		return false
	}
	f := r.Figures[m[0]]
	switch token.UnitOf(f.Unit) {
	case token.Time, token.Rate, token.Cost, token.Freq:
		return true
	}
	return r.Approx
}

// cellToken reports whether a column token may stand in a cell the
// grammar reads, so that the pieces of prose and labels never reach it: a
// number, a bracketed figure, a spread, a bracket or separator, and of the
// words only a figure (figureWord), a unit, "pct", a key ("avg:"), a
// legend ("real/user/sys") or a missing mark.
func cellToken(t token.Token) bool {
	switch t.Kind {
	case token.Num, token.Paren, token.Brack, token.PM, token.Slash, token.Percent:
		return true
	case token.Other:
		switch t.Text {
		case "(", ")", "[", "]", ",", ";", "/", "=", ":", "~", "≈":
			return true
		}
		return false
	case token.Dash:
		return t.Text == "," || token.IsMissing(t.Text)
	case token.Word:
		w := strings.TrimSuffix(t.Text, ",")
		return figureWord(t.Text) || w == "pct" || w == "TBD" || token.IsMissing(w) || token.UnitOf(w) != token.NoUnit ||
			strings.Contains(w, "/") || strings.HasSuffix(w, ":")
	}
	return false
}

// figureWord reports whether a word the token layer kept whole holds a
// figure the grammar reads: digits with '=', '/', '%', ':' or '~'
// ("IOPS=20.5k", "(12.65/55.40%)" cut at its brackets, "~30M"), a number
// before a list's comma ("88.1k,"), or a duration ("1m41s"). A label with
// digits ("1-groups", "x86_64") is none.
func figureWord(w string) bool {
	digit, mark := false, false
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case isDigit(c):
			digit = true
		case c == '=' || c == '/' || c == '%' || c == ':' || c == '~':
			mark = true
		}
	}
	if !digit {
		return false
	}
	if _, dur := minSec(w); mark || dur {
		return true
	}
	head, comma := strings.CutSuffix(w, ",")
	return comma && head != "" && token.AppendWord(nil, token.Token{Kind: token.Word, Text: head})[0].Kind == token.Num
}

// readText reads a piece with the grammar, over the piece's text; word
// says the piece is one word the token layer kept whole, which must read
// as a value (valueWord).
func readText(ts []token.Token, start, end int, style token.CommaStyle, word bool) ([]Cell, bool) {
	text, base := piece(ts)
	var figs [8]Figure
	r, ok := parseInto(figs[:0], text, style)
	if !ok || word && !r.valueWord() {
		return nil, false
	}
	return r.cells(base, start, end)
}

// tokenCells reads a piece whose tokens the token layer has read whole:
// numbers, each with what qualifies it in the forms the token layer folds
// ("12.3ms", "1.5M", "(+3.7%)", "( +/- 0.5 % )", "[0.5]", "± 0.5%",
// "12345/23456"), side by side. These are most cells of most tables, and
// reading their tokens costs less than the grammar, which reads them
// alike (FuzzTokenCells); ok is false for any other piece.
func tokenCells(ts []token.Token, start, end int, style token.CommaStyle) ([]Cell, bool) {
	first, j, ok := tokenSlot(ts, 0, style)
	if !ok {
		return nil, false
	}
	if j == len(ts) {
		return []Cell{{Slots: []Slot{first}, Start: start, End: end}}, true
	}
	slots := []Slot{first}
	for j < len(ts) {
		var s Slot
		if s, j, ok = tokenSlot(ts, j, style); !ok {
			return nil, false
		}
		slots = append(slots, s)
	}
	out := make([]Cell, len(slots))
	for k, s := range slots {
		out[k] = Cell{Slots: slots[k : k+1 : k+1], Start: s.Start, End: s.End}
	}
	return out, true
}

// tokenSlot reads the slot at ts[i]: a number token, a '%' after it, then
// up to three qualifiers. It returns the index after the slot; the slot
// must not be glued to what follows.
func tokenSlot(ts []token.Token, i int, style token.CommaStyle) (Slot, int, bool) {
	s, ok := numberSlot(ts[i], style)
	if !ok {
		return Slot{}, i, false
	}
	j := i + 1
	if j < len(ts) && ts[j].Kind == token.Percent && !s.Pct && s.Text == "" {
		s.Pct = true
		j++
	}
	for n := 0; n < 3 && j < len(ts); n++ {
		x := ts[j]
		switch {
		case x.Kind == token.Brack || x.Kind == token.Paren:
			v, ok := token.Value(x, style)
			if !ok || twoPoints(x) {
				return Slot{}, i, false
			}
			kind := "paren"
			switch {
			case x.Kind == token.Brack:
				kind = "cv"
			case x.Spread:
				kind = spreadKind(token.InPercent(x))
			}
			s.Extras = append(s.Extras, Extra{Kind: kind, Val: v, Raw: x.Text})
			j++
		case (x.Kind == token.PM || x.Kind == token.Slash) && j+1 < len(ts) && ts[j+1].Kind == token.Num:
			v, ok := token.Value(ts[j+1], style)
			if !ok || ts[j+1].Unit != "" || ts[j+1].Mult > 0 || twoPoints(ts[j+1]) {
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

// piece returns the text the tokens ts were cut from, blanks between
// them, and the column where it starts.
func piece(ts []token.Token) (string, int) {
	base := ts[0].Start
	n := ts[len(ts)-1].End - base
	ordered := n >= 0
	for k, t := range ts {
		ordered = ordered && t.End-t.Start == len(t.Text) && (k == 0 || t.Start >= ts[k-1].End)
	}
	if !ordered {
		// tokens of a row joined from two lines: read them apart by blanks
		texts := make([]string, len(ts))
		for k, t := range ts {
			texts[k] = t.Text
		}
		return strings.Join(texts, " "), base
	}
	if len(ts) == 1 {
		return ts[0].Text, base
	}
	var buf [MaxCell]byte
	b := buf[:0]
	if n > MaxCell {
		b = make([]byte, 0, n)
	}
	for _, t := range ts {
		for len(b) < t.Start-base {
			b = append(b, ' ')
		}
		b = append(b, t.Text...)
	}
	return string(b), base
}

// cells makes the cells of a reading of a piece between columns start and
// end, whose text starts at column base: one cell; several, when the
// figures stand apart by blanks only; a list of runs, when commas part
// them; one value with its second, for a pair "12345/23456"; a tuple; or
// the named parts of one cell (parts). A unit written apart from its
// number must be one of spacedUnits: a rarer unit word after a number
// ("9256 calls/s") names a figure of a tool's line, not a column's value.
func (r Reading) cells(base, start, end int) ([]Cell, bool) {
	switch {
	case r.Missing:
		return []Cell{{Slots: []Slot{{Missing: true}}, Start: start, End: end}}, true
	case r.Tuple:
		slots := make([]Slot, len(r.Figures))
		for k, f := range r.Figures {
			slots[k] = Slot{Num: f.Num, Text: f.Text, Pct: f.Unit == "%", Start: base + f.Start, End: base + f.End}
		}
		return []Cell{{Slots: slots, Tuple: true, Start: start, End: end}}, true
	}
	mains := r.Mains()
	for _, f := range r.Figures {
		if f.Role == Member || f.Role == Main && f.Unit != "%" && strings.Contains(f.Text, " ") && !spacedUnits[f.Unit] {
			return nil, false
		}
	}
	if r.Approx && len(mains) != 1 {
		return nil, false // "~" before several figures: whose is it?
	}
	if cs, ok := r.parts(mains, base, start, end); ok || cs != nil {
		return cs, ok
	}
	var blank, comma, slash, semi bool // the separators between the slots
	var slots []Slot
	for _, m := range mains {
		f := r.Figures[m]
		s := r.slot(m, base)
		s.Approx = r.Approx
		if k := len(slots) - 1; f.Sep == "/" && k >= 0 && bare(slots[k]) && len(slots[k].Extras) == 0 && bare(s) {
			// a pair, "12345/23456": the second of the slot before
			p := &slots[k]
			p.Extras = append(p.Extras, Extra{Kind: "second", Val: s.Num, Raw: f.Text})
			p.Extras = append(p.Extras, s.Extras...)
			p.End = s.End
			continue
		}
		switch {
		case len(slots) == 0:
		case f.Sep == ",":
			comma = true
		case f.Sep == "/":
			slash = true
		case f.Sep == ";":
			semi = true
		default:
			blank = true
		}
		slots = append(slots, s)
	}
	switch {
	case len(slots) == 1:
		return []Cell{{Slots: slots, Start: start, End: end}}, true
	case blank && !comma && !slash && !semi:
		out := make([]Cell, len(slots))
		for k, s := range slots {
			out[k] = Cell{Slots: slots[k : k+1 : k+1], Start: s.Start, End: s.End}
		}
		return out, true
	case comma && !slash && !semi:
		if kindNames(slots) {
			return []Cell{{Slots: slots, Parts: true, Start: start, End: end}}, true
		}
		return []Cell{{Slots: slots, List: true, Start: start, End: end}}, true
	}
	return nil, false
}

// parts reads a cell whose figures the cell names: each by the key
// written before it ("IOPS=20.5k, BW=160MiB/s"), or all by a legend after
// them ("10.36s / 0.35s / 9.92s (real/user/sys)"). A key that is a unit
// ("IOPS") is the unit of a figure written without one. One figure and
// its key alone is a setting ("slice=6ms", "hipri=1" over a column), no
// value. ok is false, and the cells nil, for a cell that names no figure;
// ok is false with cells for one that names some figures only, names them
// twice, or is a setting.
func (r Reading) parts(mains []int, base, start, end int) ([]Cell, bool) {
	keys := 0
	for _, m := range mains {
		if r.Figures[m].Key != "" {
			keys++
		}
	}
	if keys == 0 && len(r.Legend) == 0 {
		return nil, false
	}
	if keys > 0 && (keys < len(mains) || len(mains) < 2 || len(r.Legend) > 0) {
		return []Cell{}, false
	}
	slots := make([]Slot, len(mains))
	for k, m := range mains {
		f := r.Figures[m]
		s := r.slot(m, base)
		s.Approx = r.Approx
		s.Name = f.Key
		if len(r.Legend) > 0 {
			s.Name = r.Legend[k]
		}
		if s.Unit == "" && !s.Pct && token.UnitOf(f.Key) != token.NoUnit {
			s.Unit = f.Key
		}
		slots[k] = s
	}
	return []Cell{{Slots: slots, Parts: true, Start: start, End: end}}, true
}

// kindNames names the slots of a list of figures that measure different
// things by what each unit measures ("16.4 s, 60.9 MB/s": time and rate),
// and reports whether it did: each slot must carry a unit, no two of the
// same kind. Runs of one quantity share their unit, or carry none.
func kindNames(slots []Slot) bool {
	seen := map[token.UnitKind]bool{}
	for _, s := range slots {
		k := token.UnitOf(s.Unit)
		if s.Pct || k == token.NoUnit || seen[k] {
			return false
		}
		seen[k] = true
	}
	for k := range slots {
		slots[k].Name = token.UnitOf(slots[k].Unit).String()
	}
	return true
}

// bare reports whether a slot's number is bare: no unit, magnitude or
// '%', as each half of a pair is.
func bare(s Slot) bool {
	return s.Unit == "" && s.Text == "" && !s.Pct
}

// isDigit reports whether b is an ASCII digit.
func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// isMissingTok reports whether a token marks a value a run did not give.
func isMissingTok(t token.Token) bool {
	switch t.Kind {
	case token.Word, token.Dash, token.Other:
		return token.IsMissing(t.Text) || t.Text == "TBD"
	}
	return false
}

// minSec converts "1m41s" or "2m03.5s" to seconds as an exact decimal.
func minSec(s string) (string, bool) {
	m, rest, ok := strings.Cut(s, "m")
	if !ok || m == "" || !strings.HasSuffix(rest, "s") || len(rest) < 2 {
		return "", false
	}
	sec := rest[:len(rest)-1]
	for i := 0; i < len(m); i++ {
		if !isDigit(m[i]) {
			return "", false
		}
	}
	whole, frac, _ := strings.Cut(sec, ".")
	if whole == "" || len(whole) > 2 {
		return "", false
	}
	for _, part := range []string{whole, frac} {
		for i := 0; i < len(part); i++ {
			if !isDigit(part[i]) {
				return "", false
			}
		}
	}
	mins, secs := 0, 0
	for i := 0; i < len(m); i++ {
		mins = mins*10 + int(m[i]-'0')
	}
	for i := 0; i < len(whole); i++ {
		secs = secs*10 + int(whole[i]-'0')
	}
	out := strconv.Itoa(mins*60 + secs)
	if frac != "" {
		out += "." + frac
	}
	return out, true
}
