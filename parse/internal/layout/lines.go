package layout

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// piece is a run of tokens of one line between separators.
type piece struct {
	start, end int // byte columns in the canonical line
	toks       []token.Token
	pipeBefore bool // a '|' separates this piece from the one before
}

// text returns the piece as written.
func (p piece) text(line string) string { return line[p.start:p.end] }

// cutPieces splits a lexed line at '|' tokens and at gaps of two or more
// blanks outside brackets.
func cutPieces(ts []token.Token) []piece {
	out := make([]piece, 0, min(len(ts), 16))
	depth := 0
	cur := -1  // index in out of the open piece
	from := -1 // index in ts of its first token: a piece's tokens are a run of ts
	pipe := false
	for i, t := range ts {
		if t.Kind == token.Pipe {
			cur, pipe, depth = -1, true, 0
			continue
		}
		if cur >= 0 && depth == 0 && t.Start-ts[i-1].End >= 2 && !qualifies(ts[i-1], t) {
			cur = -1
		}
		if cur < 0 {
			out = append(out, piece{start: t.Start, end: t.End, pipeBefore: pipe})
			cur, from, pipe = len(out)-1, i, false
		}
		p := &out[cur]
		p.toks = ts[from : i+1 : i+1]
		p.end = t.End
		if t.Kind != token.Paren && t.Kind != token.Brack {
			depth += strings.Count(t.Text, "(") + strings.Count(t.Text, "[") - strings.Count(t.Text, ")") - strings.Count(t.Text, "]")
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
func qualifies(prev, t token.Token) bool {
	switch {
	case prev.Kind == token.PM:
		return t.Kind == token.Num
	case prev.Kind == token.Num || prev.Kind == token.Percent:
		return t.Kind == token.Paren || t.Kind == token.Brack || t.Kind == token.PM
	}
	return false
}

// Class says what a line is to the layout reader.
type Class uint8

// The classes of lines.
const (
	Blank    Class = iota // empty
	Rule                  // "-----", "+---+", "~~~~", "====="
	PipeOnly              // "        |        |": a spacer inside a grid
	Words                 // words only: a header, a sub-heading or prose
	Data                  // holds value cells
)

// Line is one line of a block as the layout reader sees it.
type Line struct {
	Text    string // the canonical text (tabs expanded), or its rewriting
	Class   Class
	pieces  []piece
	hasPipe bool
	assign  bool // a "name=value" line (neper and other tools print results so)
	// For data lines: the label pieces and the value cells.
	labels []piece
	cells  []cell.Cell
}

// ReadLine classifies a line of a block (text) and, for a data line,
// reads its label and value cells. lex gives the tokens of the line or of
// a copy of it the reader rewrote first (a "name=value" split): the
// block's tokens, lexed once for every family.
func ReadLine(text string, lex func(text string) []token.Token, style token.CommaStyle) Line {
	l := Line{Text: text}
	trimmed := strings.TrimSpace(text)
	switch {
	case trimmed == "":
		l.Class = Blank
		return l
	case IsRule(trimmed) && strings.Trim(trimmed, "| \t") != "":
		l.Class = Rule
		return l
	case strings.Trim(trimmed, "| ") == "":
		l.Class = PipeOnly
		return l
	}
	if len(text) > token.MaxLine {
		l.Class = Words
		return l
	}
	if k, ok := assignment(text); ok {
		// "throughput=91472.67": a name and its value, as a row
		text = text[:k] + "  " + text[k+1:]
		l.Text, l.assign = text, true
	}
	ts := lex(text)
	l.pieces = cutPieces(ts)
	for _, t := range ts {
		if t.Kind == token.Pipe {
			l.hasPipe = true
			break
		}
	}
	l.Class = Words
	l.readCells(style)
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
func (l *Line) readCells(style token.CommaStyle) {
	ps := l.pieces
	var labels []piece
	var cells []cell.Cell
	for i, p := range ps {
		cs, ok := cell.Read(p.toks, p.start, p.end, style)
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
		if len(cells) == 0 && l.hasPipe && !p.pipeBefore && keyBeforePipe(ps[i:]) && len(cs) == 1 && cs[0].Integer() {
			labels = append(labels, p)
			continue
		}
		if cells == nil {
			cells = cs // cell.Read's own slice: nothing else holds it
		} else {
			cells = append(cells, cs...)
		}
	}
	if len(cells) == 0 {
		return
	}
	l.labels, l.cells, l.Class = labels, cells, Data
}

// splitLabel cuts a piece into a label and the value cells that end it,
// at the first token from which everything reads as values.
func splitLabel(p piece, style token.CommaStyle) (piece, []cell.Cell, bool) {
	for k := 1; k < len(p.toks); k++ {
		if p.toks[k].Kind != token.Num {
			continue
		}
		if cs, ok := cell.Read(p.toks[k:], p.toks[k].Start, p.end, style); ok && len(cs) >= 2 {
			return piece{start: p.start, end: p.toks[k-1].End, toks: p.toks[:k], pipeBefore: p.pipeBefore}, cs, true
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

// HasCorner reports whether a rule line has '+' corners, the mark of an
// ascii grid.
func HasCorner(s string) bool {
	return strings.Contains(s, "+-") || strings.Contains(s, "-+") || strings.Contains(s, "+=")
}

// SentenceEnd reports whether a line ends as a sentence does: '.', '?',
// '!' or ';'.
func SentenceEnd(s string) bool {
	return strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, ";")
}

// IsProse reports whether a line reads as running text: several words,
// most of them alphabetic.
func IsProse(s string) bool {
	// One pass without allocating: every line of every message comes here.
	words, alpha := 0, 0
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i == len(s) {
			break
		}
		words++
		r, _ := utf8.DecodeRuneInString(s[i:])
		if unicode.IsLetter(r) {
			alpha++
		}
		for i < len(s) && s[i] != ' ' && s[i] != '\t' {
			i++
		}
	}
	return words >= 6 && alpha*3 >= words*2
}

// IsRule reports whether s is a grid border or a heading rule: at least
// three characters, all of them from "-=~+|_*:#" or spaces, with some
// repeated rule character.
func IsRule(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '-', '=', '~', '_', '*', '#':
			n++
		case '+', '|', ':', ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// isDigit reports whether b is an ASCII digit.
func isDigit(b byte) bool { return b >= '0' && b <= '9' }
