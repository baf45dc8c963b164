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
// label or prose.
func Read(ts []token.Token, start, end int, style token.CommaStyle) ([]Cell, bool) {
	ts, commas := listSplit(ts)
	ts = foldUnits(foldPct(minutesSeconds(ts)))
	if len(ts) == 1 && isMissingTok(ts[0]) {
		return []Cell{{Slots: []Slot{{Missing: true}}, Start: start, End: end}}, true
	}
	if slots, ok := readTuple(ts, style); ok {
		return []Cell{{Slots: slots, Tuple: true, Start: start, End: end}}, true
	}
	var slots []Slot
	for i := 0; i < len(ts); {
		s, j, ok := ReadSlot(ts, i, style)
		if !ok {
			return nil, false
		}
		slots = append(slots, s)
		i = j
	}
	switch {
	case len(slots) == 0 || commas && len(slots) < 2:
		return nil, false
	case commas:
		return []Cell{{Slots: slots, List: true, Start: start, End: end}}, true
	}
	out := make([]Cell, len(slots))
	for k, s := range slots {
		out[k] = Cell{Slots: slots[k : k+1 : k+1], Start: s.Start, End: s.End}
	}
	if len(out) == 1 {
		out[0].Start, out[0].End = start, end
	}
	return out, true
}

// readTuple reads a bracketed tuple of numbers, "( 0.40%,  0.00%)": the
// shares of two states in one cell. A closing bracket lost at the end of
// a row is no reason to lose the row.
func readTuple(ts []token.Token, style token.CommaStyle) ([]Slot, bool) {
	n := len(ts)
	if n < 4 || ts[0].Text != "(" {
		return nil, false
	}
	end := n
	if ts[n-1].Text == ")" {
		end = n - 1
	}
	var out []Slot
	for i := 1; i < end; i++ {
		if len(out) > 0 {
			if ts[i].Text != "," || i+1 == end {
				return nil, false // a member must follow each comma
			}
			i++
		}
		t := ts[i]
		v, ok := token.Value(t, style)
		if t.Kind != token.Num || !ok {
			return nil, false
		}
		out = append(out, Slot{Num: v, Text: t.Text, Start: t.Start, End: t.End})
	}
	return out, len(out) >= 2
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

// listSplit drops the commas of a list of runs glued to the numbers
// ("184," "88.1k,"), so that each run reads as a number, and reports
// whether there were any.
func listSplit(ts []token.Token) ([]token.Token, bool) {
	commas := false
	out := ts
	for i, t := range ts {
		if len(t.Text) < 2 || !strings.HasSuffix(t.Text, ",") || t.Kind != token.Num && t.Kind != token.Word || i+1 == len(ts) {
			continue
		}
		if !commas {
			out = append([]token.Token(nil), ts...)
			commas = true
		}
		head := token.Token{Kind: token.Word, Text: t.Text[:len(t.Text)-1], Start: t.Start, End: t.End - 1}
		if isDigit(head.Text[len(head.Text)-1]) {
			head.Kind = token.Num
		} else {
			head = token.AppendWord(nil, head)[0]
		}
		out[i] = head
	}
	return out, commas
}

// foldPct reads "(0.00 pct)" as a bracketed percentage, as "(0.00%)" is.
func foldPct(ts []token.Token) []token.Token {
	var out []token.Token
	for i := 0; i < len(ts); i++ {
		if i+3 < len(ts) && ts[i].Text == "(" && ts[i+1].Kind == token.Num && ts[i+2].Text == "pct" && ts[i+3].Text == ")" {
			if out == nil {
				out = append([]token.Token(nil), ts[:i]...)
			}
			out = append(out, token.Token{Kind: token.Paren, Text: ts[i+1].Text + "%", Start: ts[i].Start, End: ts[i+3].End, Number: ts[i+1].Text + "%"})
			i += 3
			continue
		}
		if out != nil {
			out = append(out, ts[i])
		}
	}
	if out == nil {
		return ts
	}
	return out
}

// minutesSeconds reads durations written "1m41s" (fsmark, time(1)) as
// seconds, keeping the text as written.
func minutesSeconds(ts []token.Token) []token.Token {
	var out []token.Token
	for i, t := range ts {
		secs, ok := minSec(t.Text)
		if t.Kind != token.Word || !ok {
			continue
		}
		if out == nil {
			out = append([]token.Token(nil), ts...)
		}
		out[i] = token.Token{Kind: token.Num, Text: t.Text, Start: t.Start, End: t.End, Number: secs, Unit: "s"}
	}
	if out == nil {
		return ts
	}
	return out
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

// foldUnits joins a unit word written after a number with one blank
// ("3.703 us") to the number, as if it were glued.
func foldUnits(ts []token.Token) []token.Token {
	var out []token.Token
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if t.Kind == token.Num && t.Unit == "" && t.Mult == 0 && i+1 < len(ts) && ts[i+1].Kind == token.Word &&
			spacedUnits[ts[i+1].Text] && ts[i+1].Start-t.End == 1 {
			if out == nil {
				out = append([]token.Token(nil), ts[:i]...)
			}
			u := ts[i+1]
			out = append(out, token.Token{Kind: token.Num, Text: t.Text + " " + u.Text, Start: t.Start, End: u.End, Number: t.Text, Unit: u.Text})
			i++
			continue
		}
		if out != nil {
			out = append(out, t)
		}
	}
	if out == nil {
		return ts
	}
	return out
}
