package parse

import (
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
)

// Mail clients hard-wrap long lines (gmail at about 78 columns, Thunderbird
// and Outlook at 72-76), so a wide table row arrives as a labelled line
// short of some values and a continuation line holding only the rest:
//
//	Hmean     send-1024   5123.45 (   0.00%)   5234.56 (   2.17%)
//	5301.12 (   3.47%)
//
// unwrapRows joins such pairs back into one line before the families see
// the segment, so that every family reads whole rows. The rule is general:
// within a run of table-like lines, the row width W (values per row) is
// the one that full rows and wrapped pairs agree on; a line that starts
// with a value and holds only values (and unit words the line above also
// has) continues the line above when their value counts add up to W, both
// are short of W, and the line above is as wide as a client wraps at.

const (
	// wrapColumn is the narrowest width mail clients wrap at: a line
	// broken before a word that would not have reached it was not wrapped.
	wrapColumn = 66
	// maxWrapColumn is the widest: a longer line was not wrapped.
	maxWrapColumn = 80
)

// rowShape is what unwrapRows needs to know of a line.
type rowShape struct {
	values int             // number tokens
	words  map[string]bool // the other words (labels, units)
	first  string          // the first blank-separated word
	// valueFirst: the first token is a value, not a label.
	valueFirst bool
	// bare: the line holds no '|', so it may end a pipe row that a
	// client broke after a separator ("| 0.176 |" / "0.188").
	bare bool
}

// shapeOf splits a line into cell tokens (on blanks, brackets, '|' and the
// '*' markers of mmtests) and counts its values and other words.
func shapeOf(text string) rowShape {
	sh := rowShape{bare: strings.IndexByte(text, '|') < 0}
	for f := range strings.FieldsSeq(text) {
		sh.first = f
		break
	}
	vt := valueText(text)
	labelled := len(vt) < len(text)
	for t := range cellWords(vt) {
		for { // strings.TrimLeft(t, "±~") without its rune-set scan
			if strings.HasPrefix(t, "~") {
				t = t[1:]
			} else if strings.HasPrefix(t, "±") {
				t = t[len("±"):]
			} else {
				break
			}
		}
		t = strings.TrimPrefix(t, "+-")
		switch {
		case t == "" || !hasAlnum(t):
			// "±", "+-", "%": punctuation between values.
		case isValueToken(t):
			if sh.values == 0 && len(sh.words) == 0 && !labelled {
				sh.valueFirst = true
			}
			sh.values++
		default:
			if sh.words == nil {
				sh.words = map[string]bool{}
			}
			sh.words[t] = true
		}
	}
	return sh
}

// valueText is the part of a row line that holds its value cells: a
// line that starts with a word and has a gap of two blanks or more keeps
// its label before the first such gap, and numbers inside a label
// ("Dhrystone 2 using register variables", "x >= 4ms") are no values:
// rows of one table then count alike whatever their labels hold.
func valueText(text string) string {
	t := strings.TrimLeft(text, " \t")
	gap := strings.Index(t, "  ")
	if tab := strings.IndexByte(t, '\t'); tab >= 0 && (gap < 0 || tab < gap) {
		gap = tab
	}
	if gap <= 0 || strings.IndexByte(t[:gap], '|') >= 0 {
		return text
	}
	f, _, _ := strings.Cut(t[:gap], " ")
	if isValueToken(strings.Trim(f, "±~*()[]")) || !hasAlnum(f) {
		return text
	}
	return t[gap:]
}

// cellWords yields the runs of text between blanks, brackets, '|' and '*'.
// The separators are ASCII, which no byte of a multi-byte rune is, so the
// split is done on bytes.
func cellWords(text string) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		start := -1
		for i := 0; i <= len(text); i++ {
			sep := i == len(text)
			if !sep {
				switch text[i] {
				case ' ', '\t', '(', ')', '[', ']', '|', '*':
					sep = true
				}
			}
			switch {
			case sep && start >= 0:
				if !yield(text[start:i]) {
					return
				}
				start = -1
			case !sep && start < 0:
				start = i
			}
		}
	}
}

// isValueToken reports whether t is a number or a missing-value mark.
func isValueToken(t string) bool {
	if _, ok := ReadNumber(t, CommaUnknown); ok {
		return true
	}
	return IsMissing(t) && t != "x" && t != "NA"
}

// hasAlnum reports whether s holds an ASCII letter or digit.
func hasAlnum(s string) bool {
	for _, r := range s {
		if r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return true
		}
	}
	return false
}

// continues reports whether cur may be the wrapped rest of prev: it
// starts with a value, holds fewer values than prev (the label took room
// on the first line; rows of one width are not halves of one row), or as
// many after a labelled prev (a long label took half the line), and no
// other words than unit words prev already holds ("pct", "ms").
func continues(prev, cur rowShape) bool {
	if cur.values == 0 || !cur.valueFirst || cur.values > prev.values || cur.values == prev.values && prev.valueFirst {
		return false
	}
	for w := range cur.words {
		if !prev.words[w] {
			return false
		}
	}
	return true
}

// wrappedHere reports whether a client would have broken prev before
// cur's first word: prev (with its quote markers, about two columns per
// level) is no wider than clients wrap at, and adding that word would
// pass the narrowest wrap column. A grid row (ending in a '|' border, or
// followed by a line starting with one) is whole.
func wrappedHere(prev model.Line, cur rowShape) bool {
	t := strings.TrimRight(prev.Text, " \t")
	if strings.HasPrefix(cur.first, "|") || strings.HasSuffix(t, "|") && !cur.bare && !strings.HasPrefix(strings.TrimLeft(t, " \t"), "|") {
		return false
	}
	width := len(t) + 2*prev.Depth
	return width <= maxWrapColumn && width+lastGap(t)+len(cur.first) > wrapColumn
}

// lastGap is the blank run a client's wrap took out before the word it
// moved down, as far as the line shows it: the gap before the line's last
// cell (the last run of two blanks or more, at most a tab's width), one
// blank in a line of words.
func lastGap(t string) int {
	for i := len(t) - 1; i > 0; i-- {
		if t[i] != ' ' || t[i-1] != ' ' {
			continue
		}
		n := 0
		for ; i >= 0 && t[i] == ' '; i-- {
			n++
		}
		if i < 0 {
			break // the line's indentation
		}
		return min(n, 8)
	}
	return 1
}

// unwrapRows joins wrapped table rows within the given runs of the segment
// (see above) and reports whether it joined any, which moves later lines
// up. The joined line keeps the first line's No and Offset.
func (s *segment) unwrapRows(runs [][2]int) bool {
	var join []bool // join[i]: line i continues line i-1
	for _, r := range runs {
		first, last := r[0], r[1]
		if last+1 < len(s.lines) {
			last++ // the wrapped tail of the last row holds no number
		}
		if last > first {
			if join == nil {
				join = make([]bool, len(s.lines))
			}
			s.markWraps(first, last, join)
		}
	}
	if !slices.Contains(join, true) {
		return false
	}
	s.fold(join, func(p *model.Line, l model.Line) {
		if m, ok := s.marks[p.No]; ok {
			// what was cut as a row marker stood inside the row
			// ("401775.0036 *" / "3.52%*"): the row ends further on
			p.Text += " " + m
			delete(s.marks, p.No)
		}
		if m, ok := s.marks[l.No]; ok {
			s.marks[p.No] = m
			delete(s.marks, l.No)
		}
		sep := "  "
		if strings.HasSuffix(p.Text, "(") || strings.HasSuffix(p.Text, "[") {
			sep = " "
		}
		p.Text = strings.TrimRight(p.Text, " \t") + sep + strings.TrimSpace(l.Text)
	})
	return true
}

// closesTail reports whether cur is only the end of prev's last cell
// that a client wrapped away: prev leaves a bracket open, cur closes it
// and holds nothing but unit words prev also has ("(-0.70" / "pct)").
func closesTail(prev, cur string, ps, cs rowShape) bool {
	if cs.values > 0 || len(cs.words) == 0 || ps.values == 0 {
		return false
	}
	if !(strings.Count(prev, "(") > strings.Count(prev, ")") && strings.Contains(cur, ")") ||
		strings.Count(prev, "[") > strings.Count(prev, "]") && strings.Contains(cur, "]")) {
		return false
	}
	for w := range cs.words {
		if !ps.words[w] {
			return false
		}
	}
	return wrappedHere(model.Line{Text: prev}, cs)
}

// mayContinue is the cheap part of the continuation test: cur starts with
// a value or closes a bracket, and prev is as wide as clients wrap at.
func mayContinue(prev model.Line, cur string) bool {
	t := strings.TrimLeft(cur, " \t")
	if t == "" {
		return false
	}
	if c := t[0]; !isDigit(c) && c != '-' && c != '+' && c != '.' && c != '(' && c != '[' && !strings.ContainsAny(t, ")]") {
		return false
	}
	f, _, _ := strings.Cut(t, " ")
	return wrappedHere(prev, rowShape{first: f, bare: strings.IndexByte(t, '|') < 0})
}

// markWraps finds the continuation lines among lines first..last.
func (s *segment) markWraps(first, last int, join []bool) {
	// Most blocks hold no line a client could have wrapped: a cheap look
	// at line widths spares them the token reading.
	candidate := false
	for i := first + 1; i <= last && !candidate; i++ {
		candidate = mayContinue(s.lines[i-1], s.lines[i].Text)
	}
	if !candidate {
		return
	}
	shapes := make([]rowShape, last-first+1)
	for i := range shapes {
		shapes[i] = shapeOf(s.lines[first+i].Text)
	}
	// wrapped[i]: line i may continue line i-1.
	wrapped := make([]bool, len(shapes))
	for i := 1; i < len(shapes); i++ {
		wrapped[i] = continues(shapes[i-1], shapes[i]) && wrappedHere(s.lines[first+i-1], shapes[i])
		if closesTail(s.lines[first+i-1].Text, s.lines[first+i].Text, shapes[i-1], shapes[i]) {
			join[first+i] = true
		}
	}
	// Score each width a wrapped pair adds up to: full rows of that width
	// plus pairs adding up to it (both lines are then short of it, as
	// continues holds them to at least one value each). A run may hold
	// several tables: each stretch of lines holding values is one table
	// or one group of rows, and its own rows decide first; the run's
	// rows break ties and lend the evidence a lone wrapped row lacks.
	global := widthScores(shapes, wrapped, 0, len(shapes))
	for a := 0; a < len(shapes); {
		if shapes[a].values == 0 {
			a++
			continue
		}
		b := a
		for b < len(shapes) && shapes[b].values > 0 {
			b++
		}
		s.joinStretch(shapes, wrapped, a, b, global, first, join)
		a = b
	}
}

// widthScores counts, per row width, the lines a..b-1 of that many
// values and the wrapped pairs adding up to it.
func widthScores(shapes []rowShape, wrapped []bool, a, b int) map[int]int {
	n := map[int]int{}
	for i := a; i < b; i++ {
		n[shapes[i].values]++
		if wrapped[i] && i > a {
			n[shapes[i-1].values+shapes[i].values]++
		}
	}
	return n
}

// joinStretch marks the wrapped pairs of the stretch a..b-1 of shapes
// (lines first+a.. of the segment) whose values add up to the stretch's
// row width.
func (s *segment) joinStretch(shapes []rowShape, wrapped []bool, a, b int, global map[int]int, first int, join []bool) {
	local := widthScores(shapes, wrapped, a, b)
	width, best, bestGlobal := 0, 0, 0
	for i := a + 1; i < b; i++ {
		if !wrapped[i] {
			continue
		}
		w := shapes[i-1].values + shapes[i].values
		if global[w] <= 1 {
			continue
		}
		if n := local[w]; n > best || n == best && (global[w] > bestGlobal || global[w] == bestGlobal && w > width) {
			width, best, bestGlobal = w, n, global[w]
		}
	}
	if width == 0 {
		return
	}
	// whole[n]: lines of n values that neither continue nor are continued,
	// rows standing alone. When more rows stand alone with p values than
	// with the joined width, p is the table's width and what follows such
	// a line is another row.
	whole := map[int]int{}
	for i := a; i < b; i++ {
		if sh := shapes[i]; !wrapped[i] && (i+1 >= len(shapes) || !wrapped[i+1]) {
			whole[sh.values]++
		}
	}
	for i := a + 1; i < b; i++ {
		p, c := shapes[i-1], shapes[i]
		if whole[p.values] > whole[width] {
			continue
		}
		if wrapped[i] && !join[first+i-1] && p.values < width && c.values < width && p.values+c.values == width {
			join[first+i] = true
		}
	}
}

// A double-spacing client (or a careless paste) puts a blank line after
// every line, so a table arrives as rows with a blank line between each
// two:
//
//	4k       812.3     820.1
//
//	16k     1630.8    1702.4
//
//	64k     2410.0    2388.9
//
// A reader sees one table: the blank lines do not part groups of rows, as
// no group holds more than one line. closeDoubleSpacing drops such blank
// lines before the runs are cut, where three or more row lines in a row
// each stand alone between blank lines; a blank line beside a group of
// two or more rows is kept, as it parts groups a writer made.

// rowLine reports whether a line reads as a table row or rule: it holds a
// number token and is no running text, or it is a rule.
func rowLine(text string) bool {
	return layout.IsRule(text) || hasNumberToken(text) && !layout.IsProse(text)
}

// closeDoubleSpacing drops the blank lines of double-spaced row runs (see
// above); the lines kept keep their No and Offset.
func (s *segment) closeDoubleSpacing() {
	blank := func(i int) bool { return strings.TrimSpace(s.lines[i].Text) == "" }
	// drop[i]: line i is a blank line of a double-spaced run.
	var drop []bool
	n := len(s.lines)
	for i := 1; i+1 < n; {
		if !blank(i) || blank(i-1) || blank(i+1) || !rowLine(s.lines[i-1].Text) || !rowLine(s.lines[i+1].Text) {
			i++
			continue
		}
		// a chain of blank lines at i, i+2, ...: rows at i-1, i+1, ...
		j := i
		for j+3 < n && blank(j+2) && !blank(j+3) && rowLine(s.lines[j+3].Text) {
			j += 2
		}
		// the rows at the chain's ends are no part of a group of rows
		// (a rule or a header may sit right above or below them)
		alone := func(k int) bool {
			return k < 0 || k >= n || blank(k) || !hasNumberToken(s.lines[k].Text) || layout.IsProse(s.lines[k].Text)
		}
		if j > i && alone(i-2) && alone(j+2) {
			if drop == nil {
				drop = make([]bool, n)
			}
			for k := i; k <= j; k += 2 {
				drop[k] = true
			}
		}
		i = j + 2
	}
	if drop == nil {
		return
	}
	s.fold(drop, nil)
}

// A client wraps a table's header and rules as it wraps its rows: the
// words past the wrap column go to a line of their own at the margin.
//
//	   Operation            Max          Min         Mean
//	Std Dev
//	   ---------            ---          ---         ----
//	-------
//
// joinTails puts such a tail back on the line it was cut from: a short
// line at the margin holding no '|' and no number (unless the line above
// was broken right after a '|'), after a table line
// (a rule, a line of '|' cells or of blank-separated columns) as wide as
// clients wrap at, with more of the table below it; a rule's tail is a
// rule. The tail of a '|' line continues its last cell, the tail of a
// column line is a column of its own.
func (s *segment) joinTails() {
	var join []bool
	for i := 1; i+1 < len(s.lines); i++ {
		if s.tailOf(i) || s.gridRest(i) || s.marginRest(i) {
			if join == nil {
				join = make([]bool, len(s.lines))
			}
			join[i] = true
			i++ // a joined line is no tail's head
		}
	}
	if join == nil {
		return
	}
	s.fold(join, func(p *model.Line, l model.Line) {
		sep := "  "
		if strings.IndexByte(p.Text, '|') >= 0 {
			sep = " "
		}
		p.Text = strings.TrimRight(p.Text, " \t") + sep + strings.TrimSpace(l.Text)
	})
}

// fold rebuilds the segment without the marked lines, its lines and
// their tableish flags in step; join, when not nil, is given each marked
// line with the kept line above it, to put it back on.
func (s *segment) fold(marked []bool, join func(above *model.Line, l model.Line)) {
	lines, tableish := s.lines[:0:0], s.tableish[:0:0]
	for i, l := range s.lines {
		if !marked[i] {
			lines = append(lines, l)
			tableish = append(tableish, s.tableish[i])
		} else if join != nil {
			join(&lines[len(lines)-1], l)
		}
	}
	s.lines, s.tableish = lines, tableish
}

// tailOf reports whether line i is the wrapped tail of line i-1 (see
// joinTails).
func (s *segment) tailOf(i int) bool {
	cur, prev, next := s.lines[i].Text, s.lines[i-1].Text, s.lines[i+1].Text
	// a '|' line broken right after a separator may leave a number on
	// the tail ("slice=6ms", "0.188"); elsewhere the row unwrapping
	// weighs numbers (unwrapRows)
	afterPipe := strings.Count(prev, "|") >= 2 && strings.HasSuffix(strings.TrimRight(prev, " \t"), "|")
	// several titles in the tail (parted by gaps) only right above the
	// header's rule: elsewhere such a line is a header of its own
	if cur == "" || cur[0] == ' ' || cur[0] == '\t' || len(cur) > 40 || strings.IndexByte(cur, '|') >= 0 ||
		strings.Contains(cur, "  ") && !layout.IsRule(next) || hasNumberToken(cur) && !afterPipe {
		return false
	}
	rule := layout.IsRule(cur)
	if rule != layout.IsRule(prev) || !rule && !columnLine(prev) && !(strings.HasPrefix(prev, "  ") && gaps(prev) >= 1) {
		// (a header over a label column starts with the label's blanks:
		// they part its first title as a gap would)
		return false
	}
	if strings.TrimSpace(next) == "" && i+2 < len(s.lines) && !layout.IsRule(prev) {
		// a header set off from its rows by a blank line
		next = s.lines[i+2].Text
		if !columnLine(next) {
			return false
		}
	}
	if strings.TrimSpace(next) == "" || layout.IsProse(next) || layout.IsProse(prev) && gaps(prev) < 2 {
		// (titles of many words parted by gaps are no running text)
		return false
	}
	if strings.HasSuffix(cur, ":") {
		// a line ending in a colon introduces the lines below it (a
		// sub-heading such as "thp=never:"): it ends no title
		return false
	}
	f, _, _ := strings.Cut(cur, " ")
	if strings.Contains(cur, "  ") {
		// titles cut off above the rule: the header may have been
		// widened after the client wrapped it, as its rows were
		t := strings.TrimRight(prev, " \t")
		return len(t)+2*s.lines[i-1].Depth+lastGap(t)+len(f) > wrapColumn
	}
	return wrappedHere(s.lines[i-1], rowShape{first: f, bare: true})
}

// A client wraps a '|' grid's rows too, at the blank before some cell or
// inside one:
//
//	| 19 | 52.00 | 71.00 | 5191.00 | 29.00 | 68.00 |
//	60.00 | 753.00 |
//	| 0  | 53.00 | 99.00 | 5494.00 | 52.00 | 74.00 | 59.00
//	| 1004.00 |
//
// In a grid whose rows start and end with '|', a line that starts with
// one and does not end with one is open, and a line that ends with one
// and does not start with one is no row of its own: gridRest reports
// whether line i is the rest of line i-1, either the line after an open
// one that closes it, or a line closing without opening after a row.
// The line above must be as wide as clients wrap at.
func (s *segment) gridRest(i int) bool {
	prev, cur := strings.TrimSpace(s.lines[i-1].Text), strings.TrimSpace(s.lines[i].Text)
	if cur == "" || !strings.HasPrefix(prev, "|") || !strings.HasSuffix(cur, "|") || cur == "|" && strings.HasSuffix(prev, "|") {
		return false
	}
	if end := prev[len(prev)-1]; end == '+' || end == '|' && strings.HasPrefix(cur, "|") {
		return false // two whole rows, or a row and a border ending in a corner
	}
	closedRow := func(k int) bool {
		if k < 0 || k >= len(s.lines) {
			return false
		}
		t := strings.TrimSpace(s.lines[k].Text)
		return len(t) > 1 && t[0] == '|' && t[len(t)-1] == '|' && strings.Count(t, "|") >= 3
	}
	if !closedRow(i+1) && !closedRow(i-2) {
		return false
	}
	f, _, _ := strings.Cut(cur, " ")
	width := len(strings.TrimRight(s.lines[i-1].Text, " \t")) + 2*s.lines[i-1].Depth
	return width <= maxWrapColumn && width+1+len(f) > wrapColumn
}

// A client puts what it wraps at the margin, so the rest of an indented
// line of tool output lands left of the block it belongs to:
//
//	  write: IOPS=656, BW=164MiB/s (172MB/s)(16.0GiB/99837msec); 24 zone
//	resets
//	     |  1.00th=[  510],  5.00th=[  515], 10.00th=[  519], 20.00th=[
//	1237],
//
// marginRest reports whether line i is such a rest of line i-1: it starts
// at the margin under an indented line as wide as clients wrap at (and
// unlike the row of its shape above it, which went on whole), it is
// no heading (it ends in no colon, starts with no capital and with no
// word a line at the margin above starts with), and the block goes on
// indented below it, or the line it completes left a bracket or a list
// open. Text is broken at a single blank: the line's gaps say nothing of
// the one the client took out.
func (s *segment) marginRest(i int) bool {
	prev, cur := s.lines[i-1].Text, s.lines[i].Text
	if cur == "" || cur[0] == ' ' || len(cur) > 60 || !strings.HasPrefix(prev, "  ") || layout.IsRule(prev) || layout.IsRule(cur) {
		return false
	}
	if c := cur[0]; c >= 'A' && c <= 'Z' || strings.HasSuffix(cur, ":") || layout.IsProse(cur) {
		return false
	}
	p := strings.TrimRight(prev, " ")
	if strings.HasSuffix(p, ":") || strings.HasSuffix(p, ".") {
		return false
	}
	open := strings.HasSuffix(p, ",") || strings.HasSuffix(p, "[") || strings.HasSuffix(p, "(") || strings.HasSuffix(cur, ",")
	if next := s.lines[i+1].Text; !open && !strings.HasPrefix(next, "  ") {
		return false
	}
	if i >= 2 && sameShape(s.lines[i-2].Text, prev) {
		// the row above, of the same shape, ended where this one ends
		// and went on with no rest: this one is whole too
		return false
	}
	f, _, _ := strings.Cut(cur, " ")
	for k := i - 2; k >= 0 && k >= i-20; k-- {
		// a line at the margin that starts as one above it does heads a
		// group of the indented lines, as that one did ("./bench -m 2")
		if t := s.lines[k].Text; t != "" && t[0] != ' ' && strings.HasPrefix(t, f) {
			return false
		}
	}
	width := len(p) + 2*s.lines[i-1].Depth
	return width <= maxWrapColumn && width+1+len(f) > wrapColumn
}

// sameShape reports whether two lines are rows of one shape: the same
// indentation, '|' count and gaps, and ends within a few columns.
func sameShape(a, b string) bool {
	ind := func(t string) int { return len(t) - len(strings.TrimLeft(t, " ")) }
	a, b = strings.TrimRight(a, " "), strings.TrimRight(b, " ")
	d := len(a) - len(b)
	return ind(a) == ind(b) && ind(a) > 0 && d >= -3 && d <= 3 &&
		strings.Count(a, "|") == strings.Count(b, "|") && gaps(a) == gaps(b)
}

// columnLine reports whether a line is laid out in columns: two '|' or
// more, or two gaps of two blanks or more between its words.
func columnLine(text string) bool {
	return strings.Count(text, "|") >= 2 || gaps(text) >= 2
}

// gaps counts the runs of two blanks or more between a line's words.
func gaps(text string) int {
	n := 0
	t := strings.TrimSpace(text)
	for i := 1; i < len(t); i++ {
		if t[i] == ' ' && t[i-1] == ' ' && (i+1 < len(t) && t[i+1] != ' ') {
			n++
		}
	}
	return n
}

// A client that wraps a reply wraps the quoted text too, and the rest of
// a quoted line goes to the margin without the quote markers:
//
//	>>     READ: bw=508MiB/s (533MB/s), 508MiB/s-508MiB/s
//	(533MB/s-533MB/s), io=89.3GiB (95.9GB), run=180000-180000msec
//	>>
//
// quotedRests puts such a rest back on its quoted line: an unquoted line
// right between two lines of one quote depth (no blank line parts them),
// after a quoted line as wide as clients wrap at, that reads as no reply
// of its own (it starts with no capital and is no running text). body is
// copied only when a line changes.
func quotedRests(body []model.Line) []model.Line {
	var join []bool
	for i := 1; i+1 < len(body); i++ {
		l, prev, next := body[i], body[i-1], body[i+1]
		if l.Kind != model.KindText || prev.Kind != model.KindText || next.Kind != model.KindText || l.PartStart || next.PartStart ||
			prev.Depth == 0 || l.Depth != 0 || next.Depth != prev.Depth {
			continue
		}
		cur, p := l.Text, strings.TrimRight(prev.Text, " \t")
		// (a word longer than a line is moved down whole however long)
		if cur == "" || cur[0] == ' ' || cur[0] == '\t' || len(cur) > maxWrapColumn && strings.IndexByte(cur, ' ') >= 0 || strings.TrimSpace(p) == "" ||
			cur[0] >= 'A' && cur[0] <= 'Z' || strings.HasSuffix(cur, ":") || layout.IsProse(cur) {
			continue
		}
		f, _, _ := strings.Cut(cur, " ")
		if width := prev.Quote + len(p); width > maxWrapColumn || width+lastGap(p)+len(f) <= wrapColumn {
			continue
		}
		if join == nil {
			join = make([]bool, len(body))
		}
		join[i] = true
		i++ // the next line is quoted: no rest's head
	}
	if join == nil {
		return body
	}
	out := make([]model.Line, 0, len(body))
	for i, l := range body {
		if !join[i] {
			out = append(out, l)
			continue
		}
		p := &out[len(out)-1]
		sep := " "
		if columnLine(p.Text) {
			sep = "  " // the gap before a column's cell
		}
		p.Text = strings.TrimRight(p.Text, " \t") + sep + l.Text
	}
	return out
}
