package parse

import (
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/parse/internal/shell"
)

// Layer 2, geometry. A candidate block's lines, lexed once (lexcache.go),
// are cut into pieces (runs of tokens between '|' separators and gaps of
// two or more blanks, never inside brackets) at the columns of the lines
// in canonical form (package text: tabs expanded, Unicode spaces as
// blanks). From the pieces the layout reader finds a table's body (data
// rows, sub-headings, row groups, rows a mailer wrapped), its value
// columns, and its header lines stacked above, each fragment given to the
// columns it titles; it knows nothing of what a cell means beyond "holds a
// value" (interpretation, interpret.go) or what the rows and columns stand
// for (semantics, columnar.go and semantics.go).

// piece is a run of tokens of one line between separators.
type piece struct {
	start, end int // byte columns in the canonical line
	toks       []tok
	pipeBefore bool // a '|' separates this piece from the one before
}

// text returns the piece as written.
func (p piece) text(line string) string { return line[p.start:p.end] }

// cutPieces splits a lexed line at '|' tokens and at gaps of two or more
// blanks outside brackets.
func cutPieces(ts []tok) []piece {
	out := make([]piece, 0, min(len(ts), 16))
	depth := 0
	cur := -1  // index in out of the open piece
	from := -1 // index in ts of its first token: a piece's tokens are a run of ts
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
			cur, from, pipe = len(out)-1, i, false
		}
		p := &out[cur]
		p.toks = ts[from : i+1 : i+1]
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
// once for every family, unless the line had to be rewritten first (a
// "name=value" split).
func readLine(b *Block, i int) layLine {
	text := b.Lines[i].Text
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
		if cells == nil {
			cells = cs // readCell's own slice: nothing else holds it
		} else {
			cells = append(cells, cs...)
		}
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

// body is the part of a table below its header.
type body struct {
	rows    []int     // block indices of data lines (the first of a wrapped row)
	lines   []layLine // the data lines, wrapped rows joined
	subs    []string  // sub-heading in force at each row ("" when none)
	group   []int     // row group (blank-line separated) of each row
	end     int       // block index after the last row
	wrapped bool      // rows were joined from lines a mailer wrapped
}

// readBody collects the data rows from line first down: rows with no more
// cells than the first row has, sub-heading lines (a short label alone),
// single blank lines between rows of one shape, and the unlabelled rest of
// a row that a mail client wrapped onto the next line.
func readBody(lines []layLine, first int) body {
	width := len(lines[first].cells)
	n := min(len(lines)-first, 64)
	bd := body{end: first, rows: make([]int, 0, n), lines: make([]layLine, 0, n), subs: make([]string, 0, n), group: make([]int, 0, n)}
	sub, group, blanks := "", 0, 0
	pendingSub := ""
	for i := first; i < len(lines); i++ {
		l := lines[i]
		switch l.class {
		case lcData:
			if isProse(l.text) {
				return bd
			}
			if k := len(bd.lines) - 1; k >= 0 && blanks == 0 && pendingSub == "" && continuesRow(bd.lines[k], l) {
				bd.lines[k] = joinRow(bd.lines[k], l)
				bd.wrapped = true
				width = max(width, len(bd.lines[k].cells))
				bd.end = i + 1
				continue
			}
			if len(l.cells) > width && !bd.wrapped || len(l.cells) < (width+1)/2 {
				return bd
			}
			if blanks > 0 && len(l.cells) != width && !bd.wrapped {
				return bd // a group after a blank line repeats the shape of the rows
			}
			if blanks > 0 && len(bd.rows) > 0 {
				group++
			}
			if pendingSub != "" {
				sub, pendingSub = pendingSub, ""
			}
			blanks = 0
			bd.rows = append(bd.rows, i)
			bd.lines = append(bd.lines, l)
			bd.subs = append(bd.subs, sub)
			bd.group = append(bd.group, group)
			bd.end = i + 1
		case lcBlank:
			blanks++
			if blanks > maxInnerBlank {
				return bd
			}
		case lcPipeOnly:
		case lcRule:
			// a rule between rows ("=====" above a total) stays inside
			if !nextIsData(lines, i+1) {
				return bd
			}
		case lcText:
			h, ok := subHeading(l)
			if !ok || pendingSub != "" {
				return bd
			}
			pendingSub = h
			if blanks > 0 {
				group++
			}
			blanks = 0
		default:
			return bd
		}
	}
	return bd
}

// nextIsData reports whether the first line from i on that is not blank
// holds values.
func nextIsData(lines []layLine, i int) bool {
	for ; i < len(lines); i++ {
		switch lines[i].class {
		case lcBlank:
			continue
		case lcData:
			return true
		}
		return false
	}
	return false
}

// continuesRow reports whether next is the wrapped rest of row: it has no
// label, starts left of the row's first value (at the margin, where the
// client put it), and holds fewer cells than the row.
func continuesRow(row, next layLine) bool {
	return len(next.labels) == 0 && len(row.labels) > 0 && !row.hasPipe && !next.hasPipe &&
		next.cells[0].start < row.cells[0].start && len(next.cells) < len(row.cells)
}

// joinRow appends the cells of a wrapped row's rest, placed after the row
// as if the line had not been broken.
func joinRow(row, next layLine) layLine {
	shift := len(row.text) + 2
	out := row
	out.cells = append(append([]cellRead(nil), row.cells...), next.cells...)
	for k := len(row.cells); k < len(out.cells); k++ {
		out.cells[k].start += shift
		out.cells[k].end += shift
	}
	return out
}

// subHeading reads a line holding only a short label ("16 Workers",
// "thp=never:") that qualifies the rows below it.
func subHeading(l layLine) (string, bool) {
	t := strings.TrimSpace(l.text)
	if len(l.pieces) != 1 || isProse(t) || sentenceEnd(t) || len(strings.Fields(t)) > 4 || len(t) > 40 {
		return "", false
	}
	return strings.TrimSuffix(t, ":"), true
}

// readHead collects the header lines above the first data row: up to
// maxHeadLines text lines, passing over one blank line, spacer lines and
// rules between them and the data.
func readHead(lines []layLine, first int) []int {
	var heads []int
	blanks := 0
	gridRule := false // line i+1 is a rule between the header rows of a grid
	for i := first - 1; i >= 0 && len(heads) < maxHeadLines; i-- {
		l := lines[i]
		switch l.class {
		case lcBlank:
			if len(heads) > 0 {
				return reverse(heads)
			}
			if blanks++; blanks > 1 {
				return nil
			}
		case lcRule, lcPipeOnly:
			// a ruled grid draws a rule under every header row too
			// ("+----+----+" between "| IOdepth | 8 |" and "| | KIOPS |"),
			// and there a row of numbers over titles is a header row
			above := i > 0 && (lines[i-1].class == lcText || lines[i-1].class == lcData) && lines[i-1].hasPipe
			gridRule = len(heads) > 0 && hasCorner(l.text) && above && lines[heads[len(heads)-1]].hasPipe
			if len(heads) > 0 && l.class == lcRule && !gridRule {
				return reverse(heads)
			}
		case lcData:
			if !gridRule {
				return reverse(heads)
			}
			gridRule = false
			heads = append(heads, i)
		case lcText:
			t := strings.TrimSpace(l.text)
			// a "label:" line ends the header walk, but directly above
			// the rows it may be the first rows' sub-heading (leadingSub)
			if !headerText(t) || strings.HasSuffix(t, ":") && len(l.pieces) == 1 && len(heads) > 0 {
				return reverse(heads)
			}
			gridRule = false
			heads = append(heads, i)
		default:
			return reverse(heads)
		}
	}
	return reverse(heads)
}

// leadingSub takes the last header line for the sub-heading of the first
// rows when the body has sub-headings and that line is one short label
// left of every value column ("1 Worker" under the column titles).
func leadingSub(lines []layLine, heads []int, bd *body, cols []span) []int {
	if len(heads) == 0 || len(cols) == 0 {
		return heads
	}
	has := false
	for _, s := range bd.subs {
		has = has || s != ""
	}
	last := lines[heads[len(heads)-1]]
	if !has && len(last.pieces) == 1 && strings.HasSuffix(strings.TrimSpace(last.text), ":") {
		return nil // a title ("Results:"), and no header above the rows
	}
	if !has || len(last.pieces) != 1 || last.pieces[0].end > cols[0].start {
		return heads
	}
	h, ok := subHeading(last)
	if !ok {
		return heads
	}
	for k := range bd.subs {
		if bd.subs[k] != "" {
			break
		}
		bd.subs[k] = h
	}
	return heads[:len(heads)-1]
}

// leadingLabel gives the first rows the label line right above them
// ("Kernel: 9.1-rc3") when later rows sit under label lines too.
func leadingLabel(lines []layLine, first int, bd *body) {
	labelled := false
	for _, s := range bd.subs {
		labelled = labelled || labelOf(s) != ""
	}
	if !labelled || bd.subs[0] != "" || first == 0 || lines[first-1].class != lcText {
		return
	}
	h := strings.TrimSpace(lines[first-1].text)
	if labelOf(h) == "" {
		return
	}
	for k := range bd.subs {
		if bd.subs[k] != "" {
			break
		}
		bd.subs[k] = h
	}
}

// headerText reports whether a line can hold column titles: no sentence
// (a prose word, a sentence end), no command line.
func headerText(t string) bool {
	if isCommand(t) || shell.HasNamed(t) || strings.HasSuffix(t, ".") && len(strings.Fields(t)) > 4 {
		return false
	}
	if strings.HasPrefix(t, "===") || strings.HasSuffix(t, "===") {
		return false // a banner ("===== CPU 6 =====") names a section, no column
	}
	for _, root := range []string{"/sys/", "/proc/", "/dev/", "/tmp/", "/home/"} {
		if strings.Contains(t, root) {
			return false // a command or a file read ("cat /proc/stat"), no title
		}
	}
	words := strings.Fields(t)
	for k, w := range words {
		// "rate: (of 3 iterations)": a "key:" inside a line is no title
		if k < len(words)-1 && strings.HasSuffix(w, ":") {
			return false
		}
		// "A" and "B" name runs; "The" starts a sentence
		w = strings.Trim(w, "()[],;")
		if len(w) > 1 {
			w = strings.ToLower(w)
		}
		if proseWords[w] && !settingWords[w] {
			return false
		}
	}
	return true
}

// proseWords are words that make a line prose, not a header.
var proseWords = map[string]bool{
	"the": true, "a": true, "an": true, "is": true, "are": true, "was": true, "were": true, "of": true,
	"and": true, "to": true, "for": true, "in": true, "on": true, "we": true, "i": true, "this": true,
	"that": true, "it": true, "be": true, "as": true, "at": true, "by": true, "from": true, "but": true,
	"not": true, "have": true, "has": true, "can": true, "see": true, "some": true, "below": true,
	"following": true, "here": true, "there": true, "which": true, "results": true, "if": true, "so": true,
}

// settingWords are prose words that also name a setting in a column
// title ("boost on", "smt off").
var settingWords = map[string]bool{"on": true, "off": true}

func reverse(xs []int) []int {
	for i, j := 0, len(xs)-1; i < j; i, j = i+1, j-1 {
		xs[i], xs[j] = xs[j], xs[i]
	}
	return xs
}

// grid is a table's geometry: value columns with their stacked titles,
// and each row's cells placed in them.
type grid struct {
	cols     []span
	titles   []string   // joined header fragments per column
	frags    [][]string // header fragments per column, top to bottom
	spread   []bool     // a group title spanning several columns is among them
	unitless []bool     // a unit fragment was taken out of the column's title
	assigned bool       // the rows are "name=value" lines
	// casesAcross: the titles are the cases (task counts over kernel
	// rows), each row one variant
	casesAcross bool
	labelHead   string // header fragments over the row labels
	labelEnd    int    // where the rows' labels end, the longest
	cells       [][]*cellRead
	labels      []string
	// labelPieces is how many pieces the rows' labels are made of (the
	// most common count), and pipeField the '|'-separated field of the
	// rows each column lies in (nil when the rows hold no '|' or do not
	// agree): what places the titles by order when alignment was lost.
	labelPieces int
	pipeField   []int
	pipes       int   // '|' count of the rows with pipeField
	pipeAt      []int // where the rows' '|' stand
	// overlapped: the columns' spans over the rows overlap, so the rows
	// do not line up (spacing collapsed) and positions place no title
	overlapped bool
}

// place builds the grid of a body: columns from the rows with the most
// cells, the other rows' cells by position.
func place(bd body) (grid, bool) {
	n := 0
	for _, l := range bd.lines {
		n = max(n, len(l.cells))
	}
	g := grid{cols: make([]span, n), assigned: len(bd.lines) > 0}
	for _, l := range bd.lines {
		g.assigned = g.assigned && l.assign
	}
	seen := make([]bool, n)
	for _, l := range bd.lines {
		if len(l.cells) != n {
			continue
		}
		for j, c := range l.cells {
			if !seen[j] {
				g.cols[j], seen[j] = span{c.start, c.end}, true
				continue
			}
			g.cols[j].start, g.cols[j].end = min(g.cols[j].start, c.start), max(g.cols[j].end, c.end)
		}
	}
	for j := 1; j < n; j++ {
		g.overlapped = g.overlapped || g.cols[j].start < g.cols[j-1].end
	}
	g.labelPieces = modalLabelPieces(bd.lines)
	g.pipeField, g.pipes = pipeFields(bd.lines, n)
	for _, l := range bd.lines {
		if g.pipeField != nil && len(l.cells) == n {
			g.pipeAt = pipeIndex(l.text)
			break
		}
	}
	for k := range bd.lines {
		l := &bd.lines[k]
		row := make([]*cellRead, n)
		if len(l.cells) == n {
			for j := range l.cells {
				row[j] = &l.cells[j]
			}
		} else {
			for k := range l.cells {
				j := nearestColumn(g.cols, l.cells[k].start, l.cells[k].end)
				if row[j] != nil {
					return grid{}, false
				}
				row[j] = &l.cells[k]
			}
		}
		g.cells = append(g.cells, row)
		g.labels = append(g.labels, labelText(l.text, l.labels))
		if len(l.labels) > 0 {
			g.labelEnd = max(g.labelEnd, l.labels[len(l.labels)-1].end)
		}
	}
	return g, true
}

// title gives each header fragment to the column it lies over; fragments
// left of every column title the row labels. Where two fragments of a
// line fall into one column the alignment was lost, and the line is read
// by order: one word or chunk per column, or group titles that each span
// the same number of columns ("latency 0  latency -20" over six). A line
// with fewer fragments than the line below it has columns holds group
// titles: each spans the columns up to the next ("async" over "BW
// Latency").
func (g *grid) title(lines []layLine, heads []int, wrapped bool) {
	n := len(g.cols)
	g.titles, g.frags, g.spread = make([]string, n), make([][]string, n), make([]bool, n)
	var labelHead []string
	var placed [][]headFrag
	for _, h := range heads {
		frags, head := g.placeLine(lines[h])
		if head != "" {
			labelHead = append(labelHead, head)
		}
		placed = append(placed, frags)
	}
	if wrapped && len(heads) >= 2 {
		// the header was wrapped with the rows: its last line continues
		// the one above, and only the order of its words is left
		a, z := lines[heads[len(heads)-2]], lines[heads[len(heads)-1]]
		placed = placed[:len(placed)-2]
		titles, head, ok := byOrder(strings.TrimSpace(a.text)+"  "+strings.TrimSpace(z.text), n)
		if ok {
			var frags []headFrag
			for j, t := range titles {
				frags = append(frags, headFrag{text: t, from: j, to: j + 1})
			}
			placed = append(placed, frags)
			if head != "" {
				labelHead = append(labelHead, head)
			}
		}
	}
	for k := 0; k+1 < len(placed); k++ {
		spreadGroups(placed[k], placed[k+1], n)
	}
	if k := len(heads) - 1; !wrapped && k >= 1 && len(placed[k]) == 0 && g.allLeft(lines[heads[k]]) {
		// a last header line at the margin, alone: the tail of a header a
		// mailer wrapped, titling the columns the line above left untitled
		placed[k] = wrappedTail(lines[heads[k]], placed[k-1], n)
		if placed[k] != nil {
			labelHead = labelHead[:len(labelHead)-1]
		}
	}
	for _, frags := range placed {
		for _, f := range frags {
			for j := f.from; j < f.to; j++ {
				if g.titles[j] != "" {
					g.titles[j] += " "
				}
				g.titles[j] += f.text
				g.frags[j] = append(g.frags[j], f.text)
				g.spread[j] = g.spread[j] || f.to-f.from > 1
			}
		}
	}
	g.labelHead = strings.Join(labelHead, " ")
}

// allLeft reports whether every piece of a line lies left of the first
// value column.
func (g *grid) allLeft(l layLine) bool {
	for _, p := range l.pieces {
		if p.end > g.cols[0].start {
			return false
		}
	}
	return len(l.pieces) > 0
}

// wrappedTail places the words of a header line that a mailer wrapped to
// the margin over the last columns, when the line above titles all the
// others; nil when the counts do not agree.
func wrappedTail(l layLine, above []headFrag, n int) []headFrag {
	words := strings.Fields(l.text)
	titled := 0
	for _, f := range above {
		titled = max(titled, f.to)
	}
	if len(words) == 0 || titled+len(words) != n {
		return nil
	}
	out := make([]headFrag, len(words))
	for k, w := range words {
		out[k] = headFrag{text: w, from: titled + k, to: titled + k + 1}
	}
	return out
}

// headFrag is a header fragment and the columns [from, to) it titles.
type headFrag struct {
	text     string
	from, to int
}

// placeLine places the fragments of one header line over the columns,
// by position or, where alignment was lost, by order; head is the text
// over the row labels.
func (g *grid) placeLine(l layLine) (frags []headFrag, head string) {
	n := len(g.cols)
	if frags, head, ok := g.byPipes(l); ok {
		return frags, head
	}
	if frags, head, ok := g.bySeparators(l); ok {
		return frags, head
	}
	ps := l.pieces
	var left []piece
	// a piece left of the first column titles the labels, unless the line
	// has one piece per column and this one stands right of every label
	// (a header shifted left of its columns: "1 2 3 avg")
	for len(ps) > 0 && ps[0].end <= g.cols[0].start && !(len(ps) == n && g.labelEnd > 0 && ps[0].start >= g.labelEnd) {
		left, ps = append(left, ps[0]), ps[1:]
	}
	at := make([]int, len(ps))
	clash := false
	used := map[int]bool{}
	for k, p := range ps {
		at[k] = nearestColumn(g.cols, p.start, p.end)
		clash = clash || used[at[k]] || p.end-p.start > 2*(g.cols[at[k]].end-g.cols[at[k]].start)+4 && len(ps) < n
		used[at[k]] = true
	}
	words := 0
	for _, p := range ps {
		words += len(strings.Fields(p.text(l.text)))
	}
	if !clash && len(left) == 0 && len(ps) < n && (words == n || words == n+1) && len(ps) < words {
		clash = true // "config base patched": one piece, a word per column
	}
	// rows that do not line up place no title by position either, unless
	// no order reads the line
	byPos := !clash
	clash = clash || g.overlapped
	if clash && len(left) == 0 && len(ps) == n+1 && ps[0].start < g.cols[0].start {
		// the label column's title, shifted over the first column
		left, ps, at = ps[:1], ps[1:], at[1:]
		for k := range at {
			at[k] = k
		}
		clash = false
	}
	positional := func() ([]headFrag, string) {
		var frags []headFrag
		for k, p := range ps {
			frags = append(frags, headFrag{text: strings.Join(strings.Fields(p.text(l.text)), " "), from: at[k], to: at[k] + 1})
		}
		return frags, labelText(l.text, left)
	}
	if !clash || len(ps) > n {
		return positional()
	}
	if frags, head, ok := g.byPipes(l); ok {
		return frags, head
	}
	if all := l.pieces; len(all) == n || g.labelPieces > 0 && len(all) == n+g.labelPieces {
		// one title piece per column, after the label column's title:
		// read by order, as a person reads a header whose spacing is gone
		k0 := len(all) - n
		for j, p := range all[k0:] {
			frags = append(frags, headFrag{text: strings.Join(strings.Fields(p.text(l.text)), " "), from: j, to: j + 1})
		}
		return frags, labelText(l.text, all[:k0])
	}
	titles, head, ok := byOrder(strings.TrimSpace(l.text), n)
	if !ok && byPos {
		return positional()
	}
	if !ok {
		return nil, ""
	}
	for j, t := range titles {
		if j > 0 && t == titles[j-1] && frags[len(frags)-1].text == t {
			frags[len(frags)-1].to = j + 1 // a group title from byOrder
			continue
		}
		frags = append(frags, headFrag{text: t, from: j, to: j + 1})
	}
	return frags, head
}

// spreadGroups widens the fragments of a header line over the columns up
// to the next fragment when the line below titles more columns than it
// has fragments: they are group titles.
func spreadGroups(upper, lower []headFrag, n int) {
	below := map[int]bool{}
	for _, f := range lower {
		for j := f.from; j < f.to; j++ {
			below[j] = true
		}
	}
	if len(upper) == 0 || len(upper) >= len(below) || len(below) < n-1 {
		return
	}
	for k := range upper {
		next := n
		if k+1 < len(upper) {
			next = upper[k+1].from
		}
		if next > upper[k].to {
			upper[k].to = next
		}
	}
}

// byOrder fits a header line whose alignment was lost to n columns: one
// word each, after a label-column title when there is one word more; or
// k chunks that each title n/k columns. head is the label-column title.
func byOrder(text string, n int) (titles []string, head string, ok bool) {
	words := strings.Fields(text)
	switch len(words) {
	case n:
		return words, "", true
	case n + 1:
		return words[1:], words[0], true
	}
	chunks := splitTitle(text, 0)
	if len(chunks) < 2 || len(chunks) > n || n%len(chunks) != 0 {
		return nil, "", false
	}
	span := n / len(chunks)
	titles = make([]string, n)
	for j := range titles {
		titles[j] = chunks[j/span]
	}
	return titles, "", true
}

// modalLabelPieces is the most common number of label pieces of the rows.
func modalLabelPieces(rows []layLine) int {
	count := map[int]int{}
	best := 0
	for _, l := range rows {
		k := len(l.labels)
		if count[k]++; count[k] > count[best] || count[k] == count[best] && k < best {
			best = k
		}
	}
	return best
}

// pipeIndex returns the byte offsets of the '|' of a line.
func pipeIndex(text string) []int {
	var out []int
	for i := 0; i < len(text); i++ {
		if text[i] == '|' {
			out = append(out, i)
		}
	}
	return out
}

// fieldOf is the '|'-separated field a column lies in: how many pipes
// lie left of it.
func fieldOf(pipes []int, at int) int {
	f := 0
	for f < len(pipes) && pipes[f] < at {
		f++
	}
	return f
}

// pipeFields returns, for the rows with all n cells, the field each
// column lies in and the rows' pipe count, when every such row has the
// same pipes and puts each column in the same field; nil otherwise.
func pipeFields(rows []layLine, n int) ([]int, int) {
	var out []int
	pipes := -1
	for _, l := range rows {
		if len(l.cells) != n {
			continue
		}
		if !l.hasPipe {
			return nil, 0
		}
		ps := pipeIndex(l.text)
		if out == nil {
			out, pipes = make([]int, n), len(ps)
			for j, c := range l.cells {
				out[j] = fieldOf(ps, c.start)
			}
			continue
		}
		if len(ps) != pipes {
			return nil, 0
		}
		for j, c := range l.cells {
			if fieldOf(ps, c.start) != out[j] {
				return nil, 0
			}
		}
	}
	return out, pipes
}

// byPipes places the fields of a header line by its '|' separators when
// it has as many as the rows: field f titles the columns lying in field f
// of the rows (a group title when they are several), and a field over no
// column titles the row labels. This holds however the blanks around the
// pipes were changed.
func (g *grid) byPipes(l layLine) (frags []headFrag, head string, ok bool) {
	if len(g.pipeField) != len(g.cols) || len(g.cols) == 0 || !l.hasPipe {
		return nil, "", false
	}
	ps := pipeIndex(l.text)
	if len(ps) != g.pipes {
		return nil, "", false
	}
	for _, pf := range titledFields(l.text, ps) {
		from, to := g.colSpan(func(j int) bool { return g.pipeField[j] == pf.index })
		if from < 0 {
			if pf.index < g.pipeField[0] {
				head = joinText(head, pf.text)
				continue
			}
			return nil, "", false // a title past the columns
		}
		frags = append(frags, headFrag{text: pf.text, from: from, to: to})
	}
	return frags, head, len(frags) > 0
}

// titledField is one titled field of a header line between its '|': its
// index among the line's fields, its text with blanks collapsed, and the
// bytes it lies between (the '|' before it, -1 for the first, and after).
type titledField struct {
	index, after, before int
	text                 string
}

// titledFields lists the fields of text between the '|' at ps that hold a
// title (not blank, not a rule).
func titledFields(text string, ps []int) []titledField {
	bounds := append(append([]int{-1}, ps...), len(text))
	var out []titledField
	for f := 0; f+1 < len(bounds); f++ {
		t := strings.Join(strings.Fields(text[bounds[f]+1:bounds[f+1]]), " ")
		if t == "" || isRule(t) {
			continue
		}
		out = append(out, titledField{index: f, after: bounds[f], before: bounds[f+1], text: t})
	}
	return out
}

// colSpan is the run of the grid's columns from the first to the last
// that in holds for ([from, to)), -1, -1 when it holds for none.
func (g *grid) colSpan(in func(j int) bool) (from, to int) {
	from, to = -1, -1
	for j := range g.cols {
		if in(j) {
			if from < 0 {
				from = j
			}
			to = j + 1
		}
	}
	return from, to
}

// bySeparators places the fields of a header line of a ruled grid whose
// '|' stand where the rows' do, some of the rows' missing (a group title
// over several columns): each field titles the columns between its
// separators.
func (g *grid) bySeparators(l layLine) (frags []headFrag, head string, ok bool) {
	if len(g.pipeField) != len(g.cols) || len(g.pipeAt) == 0 || !l.hasPipe {
		return nil, "", false
	}
	ps := pipeIndex(l.text)
	if len(ps) >= len(g.pipeAt) || len(ps) < 2 {
		return nil, "", false
	}
	for _, p := range ps {
		if !slices.Contains(g.pipeAt, p) {
			return g.byFieldCount(l, ps)
		}
	}
	for _, pf := range titledFields(l.text, ps) {
		from, to := g.colSpan(func(j int) bool { return g.cols[j].start > pf.after && g.cols[j].end <= pf.before })
		if from < 0 {
			if pf.index == 0 || pf.before <= g.cols[0].start {
				head = joinText(head, pf.text)
				continue
			}
			return nil, "", false
		}
		frags = append(frags, headFrag{text: pf.text, from: from, to: to})
	}
	return frags, head, len(frags) > 0
}

// byFieldCount places a group header line of a '|' grid whose spacing was
// changed by counting fields: after the fields over the row labels, each
// of its fields spans the same number of the rows' fields ("| IOdepth |
// 8 | 16 |" over "| | KIOPS | BW | Lat | KIOPS | BW | Lat |").
func (g *grid) byFieldCount(l layLine, ps []int) (frags []headFrag, head string, ok bool) {
	lead := g.pipeField[0]     // the rows' fields before the first column
	hf, df := len(ps), g.pipes // fields up to the last '|'
	if !strings.HasSuffix(strings.TrimSpace(l.text), "|") {
		hf, df = hf+1, df+1 // and the one after it, with no outer border
	}
	if hf <= lead || df <= lead || (df-lead)%(hf-lead) != 0 {
		return nil, "", false
	}
	k := (df - lead) / (hf - lead)
	for _, pf := range titledFields(l.text, ps) {
		f := pf.index
		if f < lead {
			head = joinText(head, pf.text)
			continue
		}
		lo, hi := lead+(f-lead)*k, lead+(f-lead+1)*k // the rows' fields it spans
		from, to := g.colSpan(func(j int) bool { return g.pipeField[j] >= lo && g.pipeField[j] < hi })
		if from < 0 {
			return nil, "", false
		}
		frags = append(frags, headFrag{text: pf.text, from: from, to: to})
	}
	return frags, head, len(frags) > 0
}
