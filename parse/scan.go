package parse

import (
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/text"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// Tuning of the candidate scanner. A table's header rarely sits more than a
// few lines above its first number, and a blank line or a sub-heading or
// two may separate groups of rows of one table.
const (
	headerReach = 8 // lines above the first table-like line handed to families
	bridgeGap   = 4 // non-table-like lines tolerated inside one block
)

// segment is a run of body lines of one quote depth and kind KindText.
type segment struct {
	lines []model.Line
	// tableish[i] is true when lines[i] holds a number token or a rule.
	tableish []bool
	// covered[i] is true when lines[i] lies inside a table already read, so
	// that the heading walk of a later table passes over it.
	covered []bool
	// marks holds, by input line number, the row marker cut from the end
	// of a line ("*", "^"): families read the row without it, and every
	// row read from that line gets it as a flag.
	marks map[int]string
	// cuts are the runs cut to the block budgets (budget.go).
	cuts []model.Warning
}

// segments splits a body at quote-depth changes, at lines that never hold
// tables (patches, signatures, attributions, header blocks), and where a
// new MIME part starts, so that a heading of one part never titles a table
// of another. Every reader sees the segment's lines in the canonical form
// of package text (tabs expanded, Unicode spaces as spaces, the common
// indentation removed), never the raw whitespace of the mail.
func segments(body []model.Line) []*segment {
	var out []*segment
	for _, ts := range text.Segments(quotedBlanks(quotedRests(body))) {
		cur := &segment{lines: ts.Lines, tableish: make([]bool, len(ts.Lines))}
		for i := range cur.lines {
			l := &cur.lines[i]
			if xCorners(l.Text) {
				// "x-----x-----x": a grid's corners drawn with 'x'
				l.Text = strings.ReplaceAll(l.Text, "x", "+")
			}
			l.Text = cutPointer(l.Text)
			if t, mark := cutMarker(l.Text); mark != "" {
				if cur.marks == nil {
					cur.marks = map[int]string{}
				}
				cur.marks[l.No] = mark
				l.Text = t
			}
			cur.tableish[i] = tableLike(l.Text)
		}
		out = append(out, cur)
	}
	return out
}

// blocks groups the table-like lines of a segment into candidate blocks.
// A segment without such lines costs one pass of the scanner and nothing
// else.
func (s *segment) blocks() []*Block {
	s.closeDoubleSpacing()
	s.joinTails()
	runs := s.tableRuns()
	if s.unwrapRows(runs) {
		runs = s.tableRuns() // joined rows moved the lines up
	}
	var out []*Block
	for _, r := range runs {
		first, last := r[0], r[1]
		start := s.blockStart(first)
		lines := s.lines[start : last+1]
		b := &Block{Lines: lines, seg: s, base: start, lex: token.NewCache(len(lines))}
		b.Comma = DetectCommaStyle(b.Texts())
		out = append(out, b)
	}
	return out
}

// tableRuns returns the runs that hold some table row: runs made only of
// prose that mentions numbers need no family to look at them.
func (s *segment) tableRuns() [][2]int {
	var out [][2]int
	s.cuts = s.cuts[:0]
	for _, r := range s.runs() {
		if anyTableRow(s.lines[r[0] : r[1]+1]) {
			out = s.budgetRun(out, r)
		}
	}
	return out
}

// runs returns the first and last line index of every run of table-like
// lines of the segment, a run bridging gaps of up to bridgeGap other lines.
func (s *segment) runs() [][2]int {
	var out [][2]int
	first, last, gap := -1, -1, 0
	for i, t := range s.tableish {
		switch {
		case t:
			if first < 0 {
				first = i
			}
			last, gap = i, 0
		case first >= 0:
			gap++
			if gap > bridgeGap {
				out = append(out, [2]int{first, last})
				first, last, gap = -1, -1, 0
			}
		}
	}
	if first >= 0 {
		out = append(out, [2]int{first, last})
	}
	return out
}

// cutPointer drops an arrow an author drew after a row to point at it
// ("*99.0th: 741 (-71%) <-----", "p99: 12 ms  <== here"): a blank, then
// '<' and a run of two or more '-' or '=', then at most a few words. The
// row's numbers are read as if it were not there.
func cutPointer(s string) string {
	if strings.IndexByte(s, '<') < 0 {
		return s // the cheap check: most lines draw no arrow
	}
	k := strings.LastIndex(s, " <-")
	if j := strings.LastIndex(s, " <="); j > k {
		k = j
	}
	if k < 0 || !hasNumberToken(s[:k]) {
		return s
	}
	rest := s[k+2:]
	n := 0
	for n < len(rest) && (rest[n] == '-' || rest[n] == '=') {
		n++
	}
	if n < 2 || fieldCount(rest[n:]) > 3 || hasDigit(rest[n:]) {
		return s
	}
	return strings.TrimRight(s[:k], " \t")
}

// cutMarker splits a trailing row marker off a line: '*', '**', '^', '!'
// or '+' standing alone after a blank or tab at the end of a line that
// holds a number ("8-clients  1.03 [ 2.71]( 0.58)	*"). A marker glued to
// a cell ("2.19%*") is the cell's own and stays.
func cutMarker(s string) (string, string) {
	t := strings.TrimRight(s, " \t")
	i := len(t)
	for i > 0 && strings.IndexByte("*^!+", t[i-1]) >= 0 {
		i--
	}
	mark := t[i:]
	if mark == "" || len(mark) > 2 || strings.Count(mark, mark[:1]) != len(mark) || i == 0 || t[i-1] != ' ' && t[i-1] != '\t' {
		return s, ""
	}
	if mark == "++" || !hasNumberToken(t[:i]) {
		return s, ""
	}
	return strings.TrimRight(t[:i], " \t"), mark
}

// tableLike reports whether a line may belong to a table: it holds a
// number token or is a rule.
func tableLike(s string) bool { return hasNumberToken(s) || layout.IsRule(s) }

// anyTableRow reports whether some line could be a table's row or border:
// a rule, or a number-bearing line that does not read as running text or
// that names several figures as tool output does ("Timing cached reads:
// 300 MB in 2.00 seconds = 150.00 MB/sec", whose words outnumber its
// numbers). Blocks made only of prose that mentions numbers ("ran it for
// 2 days on a 64-core box") are dropped before any family runs, which is
// what keeps the scan of table-free mail cheap.
func anyTableRow(lines []model.Line) bool {
	for _, l := range lines {
		if layout.IsRule(l.Text) || hasNumberToken(l.Text) && (!layout.IsProse(l.Text) || namedFigures(l.Text)) {
			return true
		}
	}
	return false
}

// hasNumberToken reports whether s holds a digit run that starts a token: a
// digit at the start or after a space, sign, bracket, '|', ':' or '='.
// "NPS1" and "x86_64" hold none; "1-groups", "(0.00", "|53.00" do.
func hasNumberToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			continue
		}
		if i == 0 {
			return true
		}
		switch s[i-1] {
		case ' ', '\t', '-', '+', '(', '[', '|', ':', '=', '.', '*', '~', ',':
			if s[i-1] == '.' && i >= 2 && !isCellGap(s[i-2]) {
				continue // "v6.9": a version, not ".5"
			}
			return true
		}
	}
	return false
}

// isCellGap reports whether c separates cells, so that a '.' after it
// starts a number.
func isCellGap(c byte) bool { return c == ' ' || c == '\t' || c == '|' }

// xCorners reports whether a line is a grid rule whose corners are drawn
// with 'x' ("x-----x-----x"): only dashes, '=' and 'x', every 'x' at an
// end of a run of three dashes or more, and two 'x' at least.
func xCorners(s string) bool {
	t := strings.TrimSpace(s)
	if len(t) < 5 || t[0] != 'x' || t[len(t)-1] != 'x' || strings.Count(t, "x") < 2 {
		return false
	}
	run := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '-', '=':
			run++
		case 'x':
			if i > 0 && run < 3 {
				return false
			}
			run = 0
		default:
			return false
		}
	}
	return true
}

// quotedBlanks gives an empty line without quote markers between two lines
// of one quote depth that depth: a client that double-spaces a quoted
// table adds bare blank lines, and they are the table's, not a break of
// the quote. body is copied only when a line changes.
func quotedBlanks(body []model.Line) []model.Line {
	out := body
	for k := 1; k+1 < len(body); k++ {
		l, prev, next := body[k], body[k-1], body[k+1]
		if l.Kind != model.KindText || prev.Kind != model.KindText || next.Kind != model.KindText || next.PartStart ||
			prev.Depth == 0 || prev.Depth != next.Depth || l.Depth == prev.Depth || strings.TrimSpace(l.Text) != "" {
			continue
		}
		if &out[0] == &body[0] {
			out = slices.Clone(body)
		}
		out[k].Depth = prev.Depth
	}
	return out
}
