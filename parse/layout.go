package parse

import (
	"strings"
)

// Layer 2, geometry. A candidate block's lines, lexed once, are cut into
// pieces (runs of tokens between '|' separators and gaps of two or more
// blanks, never inside brackets) at display columns with tabs expanded.
// From the pieces the layout reader finds where a table's header lines,
// value columns, sub-headings and row groups are; it knows nothing of what
// a cell means beyond "holds a value" (interpretation, cellread.go) or
// what the rows and columns stand for (semantics, columnar.go).

// tabWidth is the tab stop mail clients and terminals use.
const tabWidth = 8

// expandTabs returns s with tabs expanded to tabWidth stops, so that
// columns aligned with tabs line up with columns aligned with blanks.
func expandTabs(s string) string {
	if strings.IndexByte(s, '\t') < 0 {
		return s
	}
	var b strings.Builder
	col := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\t' {
			n := tabWidth - col%tabWidth
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteByte(s[i])
		// count display columns, not bytes, for multi-byte runes
		if s[i] < 0x80 || s[i] >= 0xC0 {
			col++
		}
	}
	return b.String()
}

// piece is a run of tokens of one line between separators.
type piece struct {
	start, end int // byte columns in the tab-expanded line
	toks       []tok
	pipeBefore bool // a '|' separates this piece from the one before
}

// text returns the piece as written.
func (p piece) text(line string) string { return line[p.start:p.end] }

// cutPieces splits a lexed line at '|' tokens and at gaps of two or more
// blanks outside brackets.
func cutPieces(ts []tok) []piece {
	var out []piece
	depth := 0
	cur := -1 // index in out of the open piece
	pipe := false
	for i, t := range ts {
		if t.kind == tPipe {
			cur, pipe, depth = -1, true, 0
			continue
		}
		if cur >= 0 && depth == 0 && t.start-ts[i-1].end >= 2 && !qualifies(ts[i-1], t) {
			cur = -1
		}
		if cur < 0 {
			out = append(out, piece{start: t.start, end: t.end, pipeBefore: pipe})
			cur, pipe = len(out)-1, false
		}
		p := &out[cur]
		p.toks = append(p.toks, t)
		p.end = t.end
		if t.kind != tParen && t.kind != tBrack {
			depth += strings.Count(t.text, "(") + strings.Count(t.text, "[") - strings.Count(t.text, ")") - strings.Count(t.text, "]")
			if depth < 0 {
				depth = 0
			}
		}
	}
	return out
}

// qualifies reports whether t belongs with the token before it however
// far apart they are written: a figure in brackets or a "+-" after a
// number ("1.0685  (-0.3%)", "13.48    +-  5.19%"), the spread after a
// "+-".
func qualifies(prev, t tok) bool {
	switch {
	case prev.kind == tPM:
		return t.kind == tNum
	case prev.kind == tNum || prev.kind == tPercent:
		return t.kind == tParen || t.kind == tBrack || t.kind == tPM
	}
	return false
}

// lineClass says what a line is to the layout reader.
type lineClass uint8

const (
	lcBlank    lineClass = iota
	lcRule               // "-----", "+---+", "~~~~", "====="
	lcPipeOnly           // "        |        |": a spacer inside a grid
	lcText               // words only: a header, a sub-heading or prose
	lcData               // holds value cells
)

// layLine is one line of a block as the layout reader sees it.
type layLine struct {
	text    string // tab-expanded text
	class   lineClass
	pieces  []piece
	hasPipe bool
	assign  bool // a "name=value" line (neper and other tools print results so)
	// For data lines: the label pieces and the value cells.
	labels []piece
	cells  []cellRead
}

// readLine classifies line i of a block and, for a data line, reads its
// label and value cells. It takes the block's tokens of the line, lexed
// once for every family, unless the line had to be rewritten first (tabs
// expanded, a "name=value" split).
func readLine(b *Block, i int) layLine {
	raw := b.Lines[i].Text
	text := expandTabs(raw)
	l := layLine{text: text}
	trimmed := strings.TrimSpace(text)
	switch {
	case trimmed == "":
		l.class = lcBlank
		return l
	case isRule(trimmed) && strings.Trim(trimmed, "| \t") != "":
		l.class = lcRule
		return l
	case strings.Trim(trimmed, "| ") == "":
		l.class = lcPipeOnly
		return l
	}
	if len(text) > maxColLine {
		l.class = lcText
		return l
	}
	if k, ok := assignment(text); ok {
		// "throughput=91472.67": a name and its value, as a row
		text = text[:k] + "  " + text[k+1:]
		l.text, l.assign = text, true
	}
	ts := b.tokensOf(i, text)
	l.pieces = cutPieces(ts)
	for _, t := range ts {
		if t.kind == tPipe {
			l.hasPipe = true
			break
		}
	}
	l.class = lcText
	l.readCells(b.Comma)
	return l
}

// assignment returns the index of the '=' of a line that is one
// "name=number" pair, the way tools such as neper print their results.
func assignment(text string) (int, bool) {
	t := strings.TrimSpace(text)
	k := strings.IndexByte(t, '=')
	if k <= 0 || k == len(t)-1 || strings.ContainsAny(t, " \t") || !isDigit(t[k+1]) && t[k+1] != '-' {
		return 0, false
	}
	for i := 0; i < k; i++ {
		c := t[i]
		if !(c == '_' || c == '.' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' && i > 0) {
			return 0, false
		}
	}
	return strings.IndexByte(text, '='), true
}

// readCells splits a line's pieces into the label (the leading pieces
// that hold no value, and in a grid the integer keys left of the first
// '|') and the value cells after it. A piece that is no value after the
// first value makes the line no data line. (A row marker after the last
// cell was cut off by the scanner.)
func (l *layLine) readCells(style CommaStyle) {
	ps := l.pieces
	var labels []piece
	var cells []cellRead
	for i, p := range ps {
		cs, ok := readCell(p, style)
		if !ok && len(ps) == 1 {
			// spacing collapsed to single blanks: the label and the
			// values share the line's one piece ("with-a 1.0 (+2%) 2.0")
			var label piece
			if label, cs, ok = splitLabel(p, style); ok {
				labels = append(labels, label)
			}
		}
		if !ok {
			if len(cells) > 0 {
				return
			}
			labels = append(labels, p)
			continue
		}
		if len(cells) == 0 && l.hasPipe && !p.pipeBefore && keyBeforePipe(ps[i:]) && len(cs) == 1 && cs[0].integer() {
			labels = append(labels, p)
			continue
		}
		cells = append(cells, cs...)
	}
	if len(cells) == 0 {
		return
	}
	l.labels, l.cells, l.class = labels, cells, lcData
}

// splitLabel cuts a piece into a label and the value cells that end it,
// at the first token from which everything reads as values.
func splitLabel(p piece, style CommaStyle) (piece, []cellRead, bool) {
	for k := 1; k < len(p.toks); k++ {
		if p.toks[k].kind != tNum {
			continue
		}
		rest := piece{start: p.toks[k].start, end: p.end, toks: p.toks[k:]}
		if cs, ok := readCell(rest, style); ok && len(cs) >= 2 {
			return piece{start: p.start, end: p.toks[k-1].end, toks: p.toks[:k], pipeBefore: p.pipeBefore}, cs, true
		}
	}
	return piece{}, nil, false
}

// keyBeforePipe reports whether the first of ps lies left of the grid's
// first '|': an integer there is a row key ("Pipe   8 |"), not a value.
func keyBeforePipe(ps []piece) bool {
	for _, p := range ps[1:] {
		if p.pipeBefore {
			return true
		}
	}
	return false
}

// labelText joins label pieces with single spaces, the way the answer keys
// write a label spread over columns ("Pipe 8").
func labelText(line string, ps []piece) string {
	parts := make([]string, 0, len(ps))
	for _, p := range ps {
		parts = append(parts, strings.Join(strings.Fields(p.text(line)), " "))
	}
	return strings.Join(parts, " ")
}

// center is the middle display column of a span.
func (c span) center() int { return (c.start + c.end) / 2 }

// overlap is how many display columns a and b share.
func overlap(a0, a1, b0, b1 int) int {
	lo, hi := max(a0, b0), min(a1, b1)
	if hi > lo {
		return hi - lo
	}
	return 0
}

// nearestColumn returns the column a span falls into: the one it overlaps
// most, else the nearest by center.
func nearestColumn(cols []span, start, end int) int {
	best, bestOv := -1, 0
	for j, c := range cols {
		if ov := overlap(start, end, c.start, c.end); ov > bestOv {
			best, bestOv = j, ov
		}
	}
	if best >= 0 {
		return best
	}
	mid := (start + end) / 2
	bestD := 1 << 30
	for j, c := range cols {
		d := mid - c.center()
		if d < 0 {
			d = -d
		}
		if d < bestD {
			best, bestD = j, d
		}
	}
	return best
}
