package parse

import (
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// columnar is the family built on the layout reader: any table of rows
// and columns, aligned with blanks, tabs or '|', whose header may be
// stacked over several lines, whose rows may be grouped by blank lines or
// sub-heading lines, and whose rows may be the compared kernels. It ranks
// after the families of specific layouts and before the older generic
// readers, so that it only decides where nothing more specific read the
// block.
type columnar struct{}

func init() { Register(columnar{}, 89) }

// Name is the default format; tables cut by '|' report "pipe-grid".
func (columnar) Name() string { return "whitespace" }

// Limits of what the layout reader takes for a table.
const (
	maxHeadLines  = 4 // header lines stacked above the data
	maxInnerBlank = 1 // consecutive blank lines inside a table
)

// Read returns the tables the layout reader finds in the block.
func (columnar) Read(b *Block) []Match {
	lines := make([]layLine, len(b.Lines))
	for i := range b.Lines {
		lines[i] = readLine(b, i)
	}
	var out []Match
	for i := 0; i < len(lines); i++ {
		if lines[i].class != lcData || isProse(lines[i].text) {
			continue
		}
		m, next, ok := readColumnar(b, lines, i)
		if ok {
			out = append(out, m)
		}
		i = next - 1
	}
	return out
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
	bd := body{end: first}
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
			if len(heads) > 0 && l.class == lcRule {
				return reverse(heads)
			}
		case lcText:
			t := strings.TrimSpace(l.text)
			// a "label:" line ends the header walk, but directly above
			// the rows it may be the first rows' sub-heading (leadingSub)
			if !headerText(t) || strings.HasSuffix(t, ":") && len(l.pieces) == 1 && len(heads) > 0 {
				return reverse(heads)
			}
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
	if isCommand(t) || strings.HasSuffix(t, ".") && len(strings.Fields(t)) > 4 {
		return false
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
	cells       [][]*cellRead
	labels      []string
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
	ps := l.pieces
	var left []piece
	for len(ps) > 0 && ps[0].end <= g.cols[0].start {
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
	if clash && len(left) == 0 && len(ps) == n+1 && ps[0].start < g.cols[0].start {
		// the label column's title, shifted over the first column
		left, ps, at = ps[:1], ps[1:], at[1:]
		for k := range at {
			at[k] = k
		}
		clash = false
	}
	if !clash || len(ps) > n {
		for k, p := range ps {
			frags = append(frags, headFrag{text: strings.Join(strings.Fields(p.text(l.text)), " "), from: at[k], to: at[k] + 1})
		}
		return frags, labelText(l.text, left)
	}
	titles, head, ok := byOrder(strings.TrimSpace(l.text), n)
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

// readColumnar reads the table whose first data row is line first. next
// is the line to look at after it: past the table, or past a listing
// that is no table, so that its rows are not read again one by one.
func readColumnar(b *Block, lines []layLine, first int) (m Match, next int, ok bool) {
	bd := readBody(lines, first)
	if len(bd.rows) < 2 && len(lines[first].cells) < 3 {
		return Match{}, first + 1, false
	}
	g, ok := place(bd)
	if !ok {
		return Match{}, first + 1, false
	}
	if g.indexRow() {
		// a header of numbers (task counts) over kernel rows names the
		// cases; over anything else it is a per-cpu or per-node listing
		if !rowsAreKernels(g.labels[1:], nil) {
			return Match{}, bd.end, false
		}
		g.casesAcross = true
		g.labelHead = g.labels[0]
		for j, c := range g.cells[0] {
			g.titles = append(g.titles, cellText(c.slots[0]))
			g.frags = append(g.frags, []string{g.titles[j]})
		}
		g.cells, g.labels = g.cells[1:], g.labels[1:]
		bd.rows, bd.lines, bd.subs, bd.group = bd.rows[1:], bd.lines[1:], bd.subs[1:], bd.group[1:]
	}
	g.keyColumn()
	start := first
	if !g.casesAcross {
		heads := readHead(lines, first)
		heads = leadingSub(lines, heads, &bd, g.cols)
		leadingLabel(lines, first, &bd)
		if g.assigned {
			heads = nil // "name=value" lines carry their names, no header
		}
		g.title(lines, heads, bd.wrapped)
		if len(heads) > 0 {
			start = heads[0]
		}
	}
	if !g.plausible() || len(bd.rows) == 1 && !g.titled() {
		return Match{}, first + 1, false
	}
	t := g.table(b, lines, bd)
	if len(t.Rows) == 0 {
		return Match{}, first + 1, false
	}
	end := bd.end
	// the rules framing a table belong to it
	if start > 0 && lines[start-1].class == lcRule && (start == 1 || lines[start-2].class != lcText) {
		start--
	}
	if end < len(lines) && lines[end].class == lcRule {
		end++
	}
	t.Format = gridFormat(lines[start:end])
	return Match{Start: start, End: end, Table: t}, end, true
}

// gridFormat names a table's format by its separators: '|' between the
// cells makes a pipe grid, and rules with '+' junctions an ascii grid;
// blanks alone a whitespace table.
func gridFormat(lines []layLine) string {
	format := "whitespace"
	for _, l := range lines {
		switch {
		case l.class == lcRule && (strings.Contains(l.text, "-+") || strings.Contains(l.text, "+-")):
			return "ascii-grid"
		case l.hasPipe:
			format = "pipe-grid"
		}
	}
	return format
}

// keyColumn makes the first column the row label when the rows have no
// label words and the column holds whole numbers (a thread count, a
// wakeup period "1 us"): such a column keys the rows.
func (g *grid) keyColumn() {
	if len(g.cols) < 2 || len(g.labels) < 2 {
		return
	}
	prev := ""
	for i, l := range g.labels {
		c := g.cells[i][0]
		if l != "" || c == nil || !c.integer() || prev != "" && !less(prev, c.slots[0].num) {
			return
		}
		prev = c.slots[0].num
	}
	for i := range g.labels {
		g.labels[i] = cellText(g.cells[i][0].slots[0])
		g.cells[i] = g.cells[i][1:]
	}
	g.cols = g.cols[1:]
}

// indexRow reports whether the first row numbers the columns (cpu 0 1 2
// 3, nodes, tasks 1 2 4 8 16): a listing laid out per cpu or node, or a
// table whose header is made of numbers, which this reader does not take
// for data.
func (g *grid) indexRow() bool {
	if len(g.cells) < 2 || len(g.cols) < 3 || g.labels[0] == "" {
		return false
	}
	prev := ""
	for _, c := range g.cells[0] {
		if !smallInt(c) || prev != "" && !less(prev, c.slots[0].num) {
			return false
		}
		prev = c.slots[0].num
	}
	// the rows below hold numbers of another kind than the index
	for _, row := range g.cells[1:] {
		for _, c := range row {
			if c != nil && !smallInt(c) {
				return true
			}
		}
	}
	return false
}

// smallInt reports whether a cell is a whole number below 1000: the size
// of a column index, a cpu or a task count.
func smallInt(c *cellRead) bool {
	return c != nil && c.integer() && c.slots[0].unit == "" && len(strings.TrimLeft(c.slots[0].num, "-")) <= 3
}

// less compares two whole numbers written in decimal.
func less(a, b string) bool {
	return model.Number(a).Float() < model.Number(b).Float()
}

// plausible rejects geometries that are no result table: no row label and
// no header at all, or a single column of bare numbers.
func (g *grid) plausible() bool {
	titled := g.titled()
	labelled := 0
	for _, l := range g.labels {
		if l != "" {
			labelled++
		}
	}
	keyed, paths := 0, 0
	for _, l := range g.labels {
		if strings.HasSuffix(l, ":") {
			keyed++
		}
		if strings.HasPrefix(l, "/") {
			paths++
		}
	}
	// rows named by file or device paths are a listing (/proc/swaps, df,
	// losetup); a "#"-commented header is a /proc file's or perf report's
	if paths*2 > len(g.labels) || strings.HasPrefix(g.labelHead, "#") || len(g.titles) > 0 && strings.HasPrefix(g.titles[0], "#") {
		return false
	}
	// rows without labels are a listing (vmstat, top), not cases; one
	// column of "Key: value" rows is a dump (/proc/meminfo, lscpu), and
	// so are "name=value" lines unless some value is a measured fraction
	// (a tool's results, not sysctl or .config settings)
	if len(g.cols) == 0 || labelled*2 <= len(g.labels) {
		return false
	}
	if len(g.cols) == 1 && !titled && !(g.assigned && g.fractional()) || len(g.cols) == 1 && keyed*2 > len(g.labels) {
		return false
	}
	return titled || g.measured()
}

// fractional reports whether some number of the grid has a fraction.
func (g *grid) fractional() bool {
	for _, row := range g.cells {
		for _, c := range row {
			if c != nil && len(c.slots) > 0 && strings.ContainsAny(c.slots[0].num, ".eE") {
				return true
			}
		}
	}
	return false
}

// titled reports whether some column has a title.
func (g *grid) titled() bool {
	for _, t := range g.titles {
		if t != "" {
			return true
		}
	}
	return false
}

// measured reports whether some number of the grid reads as a
// measurement rather than an index, an id or a count of things: a
// fraction, a figure beside it, a unit, or a magnitude of thousands.
// Listings of node distances or cpu numbers have none.
func (g *grid) measured() bool {
	for _, row := range g.cells {
		for _, c := range row {
			if c == nil {
				continue
			}
			for _, s := range c.slots {
				if s.missing {
					continue
				}
				if strings.ContainsAny(s.num, ".eE") || len(s.extras) > 0 || s.unit != "" || s.text != "" || len(strings.TrimLeft(s.num, "-")) >= 4 {
					return true
				}
			}
		}
	}
	return false
}

// colMeaning is what a column title says its numbers are.
type colMeaning struct {
	variant, field string
	paren          string // field of bracketed figures, "" for the table's change
	pctMain        bool   // the main figures are changes in percent
}

// meaning reads a column title: a statistic or percentile names a field
// ("Mean", "p99"); an annotated title ("baseline(std%)") a variant with
// its bracketed figures; a metric with a unit ("BW(MiB/s)") a field;
// anything else a variant.
func meaning(title string) colMeaning {
	if title == "" {
		return colMeaning{field: "value"}
	}
	if f, ok := statField(title); ok {
		return colMeaning{field: f}
	}
	if base, paren, pct := annotated(title); paren != "" {
		m := colMeaning{variant: base, field: "value", paren: paren, pctMain: pct}
		if pct {
			m.field = "pct"
		}
		return m
	}
	return colMeaning{variant: title, field: "value"}
}

// dropUnits takes the fragments that only state a unit ("Bytes/sec",
// "(ns)", "nanosecs", "per sec") out of the column titles: they say how
// the numbers are measured, not what they are. unitless[j] records that
// column j had one.
func (g *grid) dropUnits() {
	g.unitless = make([]bool, len(g.frags))
	for j, fr := range g.frags {
		kept := fr[:0:0]
		for _, f := range fr {
			if !unitFragment(f) {
				kept = append(kept, f)
			}
		}
		if len(kept) < len(fr) && len(kept) > 0 {
			g.unitless[j] = true
			g.frags[j] = kept
			g.titles[j] = strings.Join(kept, " ")
		}
	}
}

// unitFragment reports whether a header fragment names only a unit.
func unitFragment(f string) bool {
	t := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(f), "("), ")")
	if spacedUnits[t] && !strings.EqualFold(t, "iops") {
		return true
	}
	switch strings.ToLower(t) {
	case "bytes/sec", "bytes/s", "per sec", "per second", "/sec", "/s", "nanosecs", "nsecs", "microsecs",
		"millisecs", "nanoseconds", "microseconds", "milliseconds", "bytes", "kib", "mib", "gib":
		return true
	}
	return false
}

// statName reads a header fragment that names a statistic, as statField
// does, also where it is written with dots or a '%' ("%Std.Dev." is the
// relative standard deviation, cv).
func statName(f string) (string, bool) {
	if s, ok := statField(f); ok {
		return s, true
	}
	t := strings.ToLower(strings.NewReplacer(".", "", " ", "").Replace(f))
	rel := strings.HasPrefix(t, "%") || strings.HasSuffix(t, "%")
	switch strings.Trim(t, "%") {
	case "stddev", "stdev", "std", "sd", "stddeviation", "standarddeviation":
		if rel {
			return "cv", true
		}
		return "stddev", true
	}
	return "", false
}

// metricWords are the first words of column titles that name a quantity
// rather than a kernel or configuration.
var metricWords = map[string]bool{
	"bandwidth": true, "bw": true, "latency": true, "lat": true, "iops": true, "io-ops": true,
	"throughput": true, "tput": true, "ops": true, "time": true, "runtime": true, "rate": true,
	"util": true, "utilization": true, "usage": true, "ipc": true, "cycles": true, "instructions": true,
	"power": true, "energy": true, "score": true, "duration": true, "elapsed": true, "wall": true,
	"clat": true, "slat": true, "transactions": true, "requests": true, "errors": true, "size": true,
}

// metricColumns reports whether every titled column names a quantity
// (a metric word first, or a unit among its fragments), so that the
// columns are fields of one series, not compared variants.
func (g *grid) metricColumns() bool {
	titled := 0
	for j, fr := range g.frags {
		if len(fr) == 0 {
			continue
		}
		titled++
		if _, stat := statName(fr[len(fr)-1]); stat && len(fr) > 1 && !g.measuredBy(fr[0]) {
			// statistics under a group title and nothing else: the
			// group is a variant ("latency 0" over min, avg, max)
			return false
		}
		first := strings.ToLower(strings.FieldsFunc(fr[0], func(r rune) bool { return r == ' ' || r == '(' || r == '[' })[0])
		if !metricWords[first] && !g.unitless[j] {
			return false
		}
	}
	return titled > 0
}

// repeatsUnderGroups reports whether a bottom title stands under more
// than one group title: then it names a quantity, and the groups are the
// variants.
func (g *grid) repeatsUnderGroups(own string) bool {
	groups := map[string]bool{}
	for j, fr := range g.frags {
		if len(fr) > 1 && g.spread[j] && fr[len(fr)-1] == own {
			groups[strings.Join(fr[:len(fr)-1], " ")] = true
		}
	}
	return len(groups) > 1
}

// measuredBy reports whether some column titled by group holds the
// quantity itself rather than a statistic of it ("Bandwidth" over
// "Bytes/sec" beside "Bandwidth" over "%Std.Dev.").
func (g *grid) measuredBy(group string) bool {
	for _, fr := range g.frags {
		if len(fr) == 0 || fr[0] != group {
			continue
		}
		if _, stat := statName(fr[len(fr)-1]); !stat || len(fr) == 1 {
			return true
		}
	}
	return false
}

// metric names the field of column j when the columns are metrics (rows
// are the kernels): the title, and a statistic under a metric joined to
// it ("Bandwidth" over "%Std.Dev." is bandwidth_cv).
func (g *grid) metric(j int) string {
	fr := g.frags[j]
	if len(fr) == 0 {
		return "value"
	}
	if len(fr) > 1 {
		if st, ok := statName(fr[len(fr)-1]); ok {
			return metricField(strings.Join(fr[:len(fr)-1], " ")) + "_" + st
		}
	}
	return metricField(strings.Join(fr, " "))
}

// metricField turns a metric title into a field: a unit in brackets
// dropped ("BW(MiB/s)" -> "bw", "clat p99(us)" -> "clat_p99"), then a
// statistic's name or the title as fieldName writes it.
func metricField(title string) string {
	t := strings.TrimSuffix(strings.TrimPrefix(title, "["), "]")
	t = strings.ReplaceAll(t, " %", " percent") // "OU %": ou_percent
	if i := strings.IndexAny(t, "(["); i > 0 && strings.HasSuffix(t, ")") || i > 0 && strings.HasSuffix(t, "]") {
		t = t[:i]
	}
	if f, ok := statField(t); ok {
		return f
	}
	return fieldName(t)
}

// table turns the grid into a model table: the semantics layer.
func (g *grid) table(b *Block, lines []layLine, bd body) model.Table {
	if g.casesAcross {
		return g.acrossTable(b, bd)
	}
	g.dropUnits()
	means := make([]colMeaning, len(g.titles))
	for j, t := range g.titles {
		means[j] = meaning(t)
		// a statistic under a group title: "boost off" over "avg"; a
		// quantity repeated under each group: "async" over "BW"
		if fr := g.frags[j]; len(fr) > 1 {
			group, own := strings.Join(fr[:len(fr)-1], " "), fr[len(fr)-1]
			if f, ok := statName(own); ok {
				means[j] = colMeaning{variant: group, field: f}
			} else if g.spread[j] && g.repeatsUnderGroups(own) {
				means[j] = colMeaning{variant: group, field: metricField(own)}
			}
		}
	}
	if ambiguous(means) {
		return model.Table{}
	}
	kernelRows := rowsAreKernels(g.labels, g.titles)
	key := -1
	if kernelRows {
		key = groupKey(g, bd)
	}
	if kernelRows || g.metricColumns() {
		// the columns say what is measured, the rows who or where
		for j := range g.titles {
			means[j] = colMeaning{field: g.metric(j)}
		}
	}
	g.inheritVariants(means)
	bare := g.bareParens()
	tupleNames := tupleHeading(b, bd.rows[0])
	units := unitSet{}
	pcts := pctNamer{}
	hasPct := false
	var variants []string
	addVariant := func(v string) {
		if v != "" && !containsString(variants, v) {
			variants = append(variants, v)
		}
	}
	var rows []model.Row
	for i, li := range bd.rows {
		label := g.labels[i]
		caseName, rowField := label, ""
		if sub := bd.subs[i]; sub != "" {
			if f, ok := statField(strings.TrimSuffix(label, ":")); ok {
				caseName, rowField = sub, f
			} else {
				caseName = sub + " " + label
			}
		}
		variant := ""
		if lab := labelOf(bd.subs[i]); lab != "" && !kernelRows && len(g.variantTitles(means)) == 0 {
			// a label line over each block of rows ("Kernel: 9.1-rc3")
			variant, caseName, rowField = lab, label, ""
			addVariant(variant)
		}
		if kernelRows {
			variant = strings.TrimSuffix(label, ":")
			addVariant(variant)
			if key >= 0 {
				if c := g.cells[i][key]; c != nil && len(c.slots) == 1 {
					caseName = cellText(c.slots[0])
				}
			}
		}
		r := rowAt(b, li, strings.TrimSuffix(caseName, ":"))
		for j, c := range g.cells[i] {
			if c == nil {
				continue
			}
			mean := means[j]
			v, f := mean.variant, mean.field
			if kernelRows || variant != "" {
				v = variant
			} else {
				addVariant(v)
			}
			switch {
			case rowField != "" && f == "value":
				f = rowField
			case rowField != "" && f == "pct":
				f = rowField + "_pct"
			}
			if c.tuple {
				for k, s := range c.slots {
					r.Cells = append(r.Cells, model.Cell{Variant: v, Field: tupleField(tupleNames, k), Value: model.Number(s.num), Text: s.text})
				}
				continue
			}
			if c.tuple {
				for k, s := range c.slots {
					r.Cells = append(r.Cells, model.Cell{Variant: v, Field: tupleField(tupleNames, k), Value: model.Number(s.num), Text: s.text})
				}
				continue
			}
			for _, s := range c.slots {
				if s.missing {
					continue
				}
				units.add(s.unit)
				if mean.paren == "" {
					s = withBareParens(s, bare)
				}
				cells, pct := slotCells(s, v, f, mean.paren, pcts)
				hasPct = hasPct || pct || mean.pctMain
				r.Cells = append(r.Cells, cells...)
			}
		}
		if len(r.Cells) > 0 {
			rows = append(rows, r)
		}
	}
	t := model.Table{Variants: variants, Rows: rows, Unit: units.common()}
	if !kernelRows {
		t.Baseline = pickBaseline(variants, hasPct)
	} else {
		t.Baseline = pickBaseline(variants, false)
	}
	if t.Unit == "" {
		t.Unit = titleUnit(g.titles)
	}
	return t
}

// bareParens decides what the bracketed figures written without '%' or
// '+' are, comparing each row's values across its columns.
func (g *grid) bareParens() string {
	series := make([][]slot, 0, len(g.cells))
	for _, row := range g.cells {
		var sr []slot
		for _, c := range row {
			if c != nil && len(c.slots) == 1 {
				sr = append(sr, c.slots[0])
			}
		}
		series = append(series, sr)
	}
	return bareParenField(series)
}

// ambiguous reports whether two columns say the same of their numbers
// ("min max min max" without the group titles above them): which is
// which is lost, and reading them would invent a table.
func ambiguous(means []colMeaning) bool {
	seen := map[colMeaning]bool{}
	for _, m := range means {
		if m.field != "value" && m.variant == "" && seen[m] {
			return true
		}
		seen[m] = true
	}
	return false
}

// acrossTable reads a grid whose titles are the cases and whose rows are
// the variants: one row per row and column, so that each number keeps
// its case.
func (g *grid) acrossTable(b *Block, bd body) model.Table {
	var t model.Table
	for i, li := range bd.rows {
		variant := strings.TrimSuffix(g.labels[i], ":")
		t.Variants = append(t.Variants, variant)
		for j, c := range g.cells[i] {
			if c == nil || len(c.slots) != 1 || c.slots[0].missing {
				continue
			}
			r := rowAt(b, li, g.titles[j])
			s := c.slots[0]
			r.Cells = []model.Cell{{Variant: variant, Field: "value", Value: model.Number(s.num), Text: s.text}}
			t.Rows = append(t.Rows, r)
		}
	}
	t.Baseline = pickBaseline(t.Variants, false)
	return t
}

// tupleHeading finds the "(snooze, CEDE Residency Percentage)" line above
// a table of tuple cells, within a few lines of its first row, and
// returns the members' names: the first word of each, lower case.
func tupleHeading(b *Block, first int) []string {
	for i := first - 1; i >= 0 && i >= first-8; i-- {
		t := strings.TrimSpace(b.Lines[i].Text)
		if len(t) < 5 || t[0] != '(' || t[len(t)-1] != ')' || !strings.Contains(t, ",") {
			continue
		}
		var names []string
		for _, part := range strings.Split(t[1:len(t)-1], ",") {
			w := strings.Fields(strings.Trim(part, " %"))
			if len(w) == 0 {
				return nil
			}
			names = append(names, strings.ToLower(strings.TrimRight(w[0], "%")))
		}
		return names
	}
	return nil
}

// tupleField names member k of a tuple cell: by the tuple heading when
// there is one, else value, value_2, ...
func tupleField(names []string, k int) string {
	if k < len(names) {
		return names[k]
	}
	if k == 0 {
		return "value"
	}
	return "value_" + strconv.Itoa(k+1)
}

// variantTitles lists the variants the column titles name.
func (g *grid) variantTitles(means []colMeaning) []string {
	var out []string
	for _, m := range means {
		if m.variant != "" {
			out = append(out, m.variant)
		}
	}
	return out
}

// cellText is a number as written.
func cellText(s slot) string {
	if s.text != "" {
		return s.text
	}
	return s.num
}

// inheritVariants gives an untitled column, and a change column ("delta",
// "%change"), the variant of the titled column on its left: "upstream"
// over "2533  100.00%" covers both numbers.
func (g *grid) inheritVariants(means []colMeaning) {
	last := ""
	for j := range means {
		switch {
		case g.titles[j] == "" && last != "":
			means[j].variant = last
			means[j].field = untitledField(g, j)
		case means[j].variant == "" && means[j].field == "pct" && last != "":
			means[j].variant = last
		case means[j].variant != "":
			last = means[j].variant
		}
	}
}

// untitledField names the numbers of a column without a title beside a
// variant's values: percentages that are 100 in a "Total" row are shares
// of that total; other percentages are the change; anything else is a
// second value.
func untitledField(g *grid, j int) string {
	pct, share := false, false
	for i, row := range g.cells {
		c := row[j]
		if c == nil || len(c.slots) != 1 {
			continue
		}
		s := c.slots[0]
		if strings.HasSuffix(s.text, "%") || s.unit == "%" {
			pct = true
		}
		if strings.Contains(strings.ToLower(g.labels[i]), "total") && model.Number(s.num).Float() == 100 {
			share = true
		}
	}
	switch {
	case share:
		return "share"
	case pct:
		return "pct"
	}
	return "value"
}

// titleUnit returns the unit every metric title gives in brackets
// ("Throughput(MB/s)"), else "".
func titleUnit(titles []string) string {
	unit := ""
	for _, t := range titles {
		i := strings.LastIndexByte(t, '(')
		if i < 0 || !strings.HasSuffix(t, ")") {
			return ""
		}
		u := t[i+1 : len(t)-1]
		if unit != "" && u != unit {
			return ""
		}
		unit = u
	}
	return unit
}

// rowsAreKernels reports whether the row labels name the compared kernels
// while the column titles name metrics: labels that read as kernel
// versions or as a reference and its counterpart ("9.1-base",
// "Baseline:", "patched"), and no title that does.
func rowsAreKernels(labels, titles []string) bool {
	kern := 0
	for _, l := range labels {
		if kernelName(l) {
			kern++
		}
	}
	if kern == 0 || kern*2 < len(labels) {
		return false
	}
	for _, t := range titles {
		if kernelName(t) {
			return false
		}
	}
	return true
}

// kernelName reports whether a label names a kernel build: a version
// ("9.1-rc3", "v6.10", "6.14-rc5+") or a reference word ("base",
// "patched", "Baseline:").
func kernelName(s string) bool {
	s = strings.TrimSuffix(strings.TrimSpace(s), ":")
	if s == "" {
		return false
	}
	if refName(s) {
		return true
	}
	f := strings.TrimPrefix(strings.Fields(s)[0], "v")
	// major.minor, then the end, another ".N", "-rc3", "-base", "+v3"
	i := 0
	for i < len(f) && isDigit(f[i]) {
		i++
	}
	if i == 0 || i > 2 || i >= len(f)-1 || f[i] != '.' || !isDigit(f[i+1]) {
		return false // no major.minor, or a major of three digits: a number
	}
	j := i + 1
	for i++; i < len(f) && isDigit(f[i]); i++ {
	}
	if i-j > 2 {
		return false // "0.7293": a fraction, no minor version
	}
	return i == len(f) || strings.ContainsRune(".-+_", rune(f[i]))
}

// groupKey finds the column that says which load a group of kernel rows
// ran at: whole numbers, constant within each row group and different
// between groups ("QD 1 / 16 / 64"); -1 when there is none.
func groupKey(g *grid, bd body) int {
	groups := map[int]bool{}
	for _, gr := range bd.group {
		groups[gr] = true
	}
	if len(groups) < 2 {
		return -1
	}
	for j := range g.cols {
		byGroup := map[int]string{}
		ok := true
		for i, row := range g.cells {
			c := row[j]
			if c == nil || !c.integer() {
				ok = false
				break
			}
			v := c.slots[0].num
			if w, seen := byGroup[bd.group[i]]; seen && w != v {
				ok = false
				break
			}
			byGroup[bd.group[i]] = v
		}
		if !ok {
			continue
		}
		vals := map[string]bool{}
		for _, v := range byGroup {
			vals[v] = true
		}
		if len(vals) == len(byGroup) {
			return j
		}
	}
	return -1
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
