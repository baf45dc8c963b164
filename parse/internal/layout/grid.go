package layout

import (
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
)

// center is the middle display column of a span.
func (c Span) center() int { return (c.Start + c.End) / 2 }

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
func nearestColumn(cols []Span, start, end int) int {
	best, bestOv := -1, 0
	for j, c := range cols {
		if ov := overlap(start, end, c.Start, c.End); ov > bestOv {
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

// Grid is a table's geometry: value columns with their stacked titles,
// and each row's cells placed in them.
type Grid struct {
	Cols     []Span     // the value columns, left to right
	Titles   []string   // joined header fragments per column
	Frags    [][]string // header fragments per column, top to bottom
	Spread   []bool     // a group title spanning several columns is among them
	assigned bool       // the rows are "name=value" lines
	// CasesAcross: the titles are the cases (task counts over kernel
	// rows), each row one variant
	CasesAcross bool
	LabelHead   string // header fragments over the row labels
	// Caption is what header lines say of every column alike: a
	// setting named over the row labels with the same value over each
	// column ("compressor lz9"), context rather than a title
	Caption  string
	labelEnd int            // where the rows' labels end, the longest
	Cells    [][]*cell.Cell // each row's cell in each column, nil where none
	Labels   []string       // each row's label
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
func place(bd Body) (Grid, bool) {
	n := 0
	for _, l := range bd.lines {
		n = max(n, len(l.cells))
	}
	g := Grid{Cols: make([]Span, n), assigned: len(bd.lines) > 0}
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
				g.Cols[j], seen[j] = Span{Start: c.Start, End: c.End}, true
				continue
			}
			g.Cols[j].Start, g.Cols[j].End = min(g.Cols[j].Start, c.Start), max(g.Cols[j].End, c.End)
		}
	}
	for j := 1; j < n; j++ {
		g.overlapped = g.overlapped || g.Cols[j].Start < g.Cols[j-1].End
	}
	g.labelPieces = modalLabelPieces(bd.lines)
	g.pipeField, g.pipes = pipeFields(bd.lines, n)
	for _, l := range bd.lines {
		if g.pipeField != nil && len(l.cells) == n {
			g.pipeAt = pipeIndex(l.Text)
			break
		}
	}
	for k := range bd.lines {
		l := &bd.lines[k]
		row := make([]*cell.Cell, n)
		if len(l.cells) == n {
			for j := range l.cells {
				row[j] = &l.cells[j]
			}
		} else {
			for k := range l.cells {
				j := nearestColumn(g.Cols, l.cells[k].Start, l.cells[k].End)
				if row[j] != nil {
					return Grid{}, false
				}
				row[j] = &l.cells[k]
			}
		}
		g.Cells = append(g.Cells, row)
		g.Labels = append(g.Labels, labelText(l.Text, l.labels))
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
// Latency"), or one turn of the titles below when they repeat ("before
// after" over "seq rand seq rand"). A line that names a setting over the
// row labels and gives every column the same value ("compressor  lz9
// lz9") titles no column: it is the table's Caption.
func (g *Grid) title(lines []Line, heads []int, wrapped bool) {
	n := len(g.Cols)
	g.Titles, g.Frags, g.Spread = make([]string, n), make([][]string, n), make([]bool, n)
	var placed [][]headFrag
	var left []string // per placed line, its text over the row labels
	for _, h := range heads {
		frags, head := g.placeLine(lines[h])
		placed, left = append(placed, frags), append(left, head)
	}
	if wrapped && len(heads) >= 2 {
		// the header was wrapped with the rows: its last line continues
		// the one above, and only the order of its words is left
		a, z := lines[heads[len(heads)-2]], lines[heads[len(heads)-1]]
		placed, left = placed[:len(placed)-2], left[:len(left)-2]
		titles, head, ok := byOrder(strings.TrimSpace(a.Text)+"  "+strings.TrimSpace(z.Text), n)
		if ok {
			var frags []headFrag
			for j, t := range titles {
				frags = append(frags, headFrag{text: t, from: j, to: j + 1})
			}
			placed, left = append(placed, frags), append(left, head)
		}
	}
	for k := 0; k+1 < len(placed); k++ {
		spreadGroups(placed[k], placed[k+1], n)
	}
	if k := len(heads) - 1; !wrapped && k >= 1 && len(placed[k]) == 0 && g.allLeft(lines[heads[k]]) {
		// a last header line at the margin, alone: the tail of a header a
		// mailer wrapped, titling the columns the line above left untitled
		if tail := wrappedTail(lines[heads[k]], placed[k-1], n); tail != nil {
			placed[k], left[k] = tail, ""
		}
	}
	var labelHead []string
	for k, frags := range placed {
		if same, rest, ok := settingLine(frags, n); ok && left[k] != "" && len(placed) > 1 {
			g.Caption = joinText(g.Caption, left[k]+" "+same)
			frags, left[k] = rest, ""
		}
		if left[k] != "" {
			labelHead = append(labelHead, left[k])
		}
		for _, f := range frags {
			for j := f.from; j < f.to; j++ {
				if g.Titles[j] != "" {
					g.Titles[j] += " "
				}
				g.Titles[j] += f.text
				g.Frags[j] = append(g.Frags[j], f.text)
				g.Spread[j] = g.Spread[j] || f.to-f.from > 1
			}
		}
	}
	g.LabelHead = strings.Join(labelHead, " ")
}

// settingLine reads a header line that gives two or more of n columns,
// one title each, the same text, and titles the others, if any, only as
// changes ("lz9  lz9  Change"): it states one setting of every compared
// column. rest are the change titles, which stay their columns' titles.
func settingLine(frags []headFrag, n int) (same string, rest []headFrag, ok bool) {
	count := map[string]int{}
	for _, f := range frags {
		if f.to-f.from != 1 {
			return "", nil, false
		}
		count[f.text]++
		if count[f.text] > count[same] {
			same = f.text
		}
	}
	if count[same] < 2 || len(frags) < n-1 {
		return "", nil, false
	}
	for _, f := range frags {
		if f.text == same {
			continue
		}
		if field, stat := cell.StatField(f.text); !stat || field != "pct" {
			return "", nil, false
		}
		rest = append(rest, f)
	}
	return same, rest, true
}

// allLeft reports whether every piece of a line lies left of the first
// value column.
func (g *Grid) allLeft(l Line) bool {
	for _, p := range l.pieces {
		if p.end > g.Cols[0].Start {
			return false
		}
	}
	return len(l.pieces) > 0
}

// wrappedTail places the words of a header line that a mailer wrapped to
// the margin over the last columns, when the line above titles all the
// others; nil when the counts do not agree.
func wrappedTail(l Line, above []headFrag, n int) []headFrag {
	words := strings.Fields(l.Text)
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
func (g *Grid) placeLine(l Line) (frags []headFrag, head string) {
	n := len(g.Cols)
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
	for len(ps) > 0 && ps[0].end <= g.Cols[0].Start && !(len(ps) == n && g.labelEnd > 0 && ps[0].start >= g.labelEnd) {
		left, ps = append(left, ps[0]), ps[1:]
	}
	if len(l.pieces) == n && len(left) > max(g.labelPieces, 1) {
		// one title per value column, but more of them left of the values
		// than the rows have label pieces: a header without the label
		// column's title, its titles drifted left by a tab stop each
		// ("IRQ<tab>IOPOLL<tab>ratio" over "dm-stripe<tab>314K<tab>...").
		// A person reads them in order.
		for j, p := range l.pieces {
			frags = append(frags, headFrag{text: strings.Join(strings.Fields(p.text(l.Text)), " "), from: j, to: j + 1})
		}
		return frags, ""
	}
	at := make([]int, len(ps))
	clash := false
	used := map[int]bool{}
	for k, p := range ps {
		at[k] = nearestColumn(g.Cols, p.start, p.end)
		clash = clash || used[at[k]] || p.end-p.start > 2*(g.Cols[at[k]].End-g.Cols[at[k]].Start)+4 && len(ps) < n
		used[at[k]] = true
	}
	words := 0
	for _, p := range ps {
		words += len(strings.Fields(p.text(l.Text)))
	}
	if !clash && len(left) == 0 && len(ps) < n && (words == n || words == n+1) && len(ps) < words {
		clash = true // "config base patched": one piece, a word per column
	}
	// rows that do not line up place no title by position either, unless
	// no order reads the line
	byPos := !clash
	clash = clash || g.overlapped
	if clash && len(left) == 0 && len(ps) == n+1 && ps[0].start < g.Cols[0].Start {
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
			frags = append(frags, headFrag{text: strings.Join(strings.Fields(p.text(l.Text)), " "), from: at[k], to: at[k] + 1})
		}
		return frags, labelText(l.Text, left)
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
			frags = append(frags, headFrag{text: strings.Join(strings.Fields(p.text(l.Text)), " "), from: j, to: j + 1})
		}
		return frags, labelText(l.Text, all[:k0])
	}
	titles, head, ok := byOrder(strings.TrimSpace(l.Text), n)
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
// has fragments: they are group titles. When the titles below repeat
// with as many turns as there are group titles, each group spans one
// turn, wherever its title was centred.
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
	if p := period(lower, n); p > 1 && len(upper)*p == n {
		for k := range upper {
			upper[k].from, upper[k].to = k*p, (k+1)*p
		}
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

// period is the length of the turn in which the one-column titles of a
// header line over all n columns repeat ("seq rand seq rand": 2), 0 when
// they do not.
func period(frags []headFrag, n int) int {
	if len(frags) != n {
		return 0
	}
	for k, f := range frags {
		if f.from != k || f.to != k+1 {
			return 0
		}
	}
	for p := 1; 2*p <= n; p++ {
		ok := n%p == 0
		for k := p; k < n && ok; k++ {
			ok = frags[k].text == frags[k-p].text
		}
		if ok {
			return p
		}
	}
	return 0
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
	chunks := cell.SplitTitle(text, 0)
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
func modalLabelPieces(rows []Line) int {
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
func pipeFields(rows []Line, n int) ([]int, int) {
	var out []int
	pipes := -1
	for _, l := range rows {
		if len(l.cells) != n {
			continue
		}
		if !l.hasPipe {
			return nil, 0
		}
		ps := pipeIndex(l.Text)
		if out == nil {
			out, pipes = make([]int, n), len(ps)
			for j, c := range l.cells {
				out[j] = fieldOf(ps, c.Start)
			}
			continue
		}
		if len(ps) != pipes {
			return nil, 0
		}
		for j, c := range l.cells {
			if fieldOf(ps, c.Start) != out[j] {
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
func (g *Grid) byPipes(l Line) (frags []headFrag, head string, ok bool) {
	if len(g.pipeField) != len(g.Cols) || len(g.Cols) == 0 || !l.hasPipe {
		return nil, "", false
	}
	ps := pipeIndex(l.Text)
	if len(ps) != g.pipes {
		return nil, "", false
	}
	for _, pf := range titledFields(l.Text, ps) {
		from, to := g.colSpan(func(j int) bool { return g.pipeField[j] == pf.index })
		if from < 0 {
			if pf.index < g.pipeField[0] {
				head = joinText(head, pf.text)
				continue
			}
			return nil, "", false // a title past the columns
		}
		if ps := piecesWithin(l, pf.after, pf.before); to-from > 1 && len(ps) == to-from {
			// a field over several columns cut by blanks into one title
			// each ("| 32   128   512 |" over three columns)
			for k, p := range ps {
				frags = append(frags, headFrag{text: strings.Join(strings.Fields(p.text(l.Text)), " "), from: from + k, to: from + k + 1})
			}
			continue
		}
		frags = append(frags, headFrag{text: pf.text, from: from, to: to})
	}
	return frags, head, len(frags) > 0
}

// piecesWithin lists the pieces of a line that lie between byte offsets
// after and before.
func piecesWithin(l Line, after, before int) []piece {
	var out []piece
	for _, p := range l.pieces {
		if p.start > after && p.end <= before {
			out = append(out, p)
		}
	}
	return out
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
		if t == "" || IsRule(t) {
			continue
		}
		out = append(out, titledField{index: f, after: bounds[f], before: bounds[f+1], text: t})
	}
	return out
}

// colSpan is the run of the grid's columns from the first to the last
// that in holds for ([from, to)), -1, -1 when it holds for none.
func (g *Grid) colSpan(in func(j int) bool) (from, to int) {
	from, to = -1, -1
	for j := range g.Cols {
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
func (g *Grid) bySeparators(l Line) (frags []headFrag, head string, ok bool) {
	if len(g.pipeField) != len(g.Cols) || len(g.pipeAt) == 0 || !l.hasPipe {
		return nil, "", false
	}
	ps := pipeIndex(l.Text)
	if len(ps) >= len(g.pipeAt) || len(ps) < 2 {
		return nil, "", false
	}
	for _, p := range ps {
		if !slices.Contains(g.pipeAt, p) {
			return g.byFieldCount(l, ps)
		}
	}
	for _, pf := range titledFields(l.Text, ps) {
		from, to := g.colSpan(func(j int) bool { return g.Cols[j].Start > pf.after && g.Cols[j].End <= pf.before })
		if from < 0 {
			if pf.index == 0 || pf.before <= g.Cols[0].Start {
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
func (g *Grid) byFieldCount(l Line, ps []int) (frags []headFrag, head string, ok bool) {
	lead := g.pipeField[0]     // the rows' fields before the first column
	hf, df := len(ps), g.pipes // fields up to the last '|'
	if !strings.HasSuffix(strings.TrimSpace(l.Text), "|") {
		hf, df = hf+1, df+1 // and the one after it, with no outer border
	}
	if hf <= lead || df <= lead || (df-lead)%(hf-lead) != 0 {
		return nil, "", false
	}
	k := (df - lead) / (hf - lead)
	for _, pf := range titledFields(l.Text, ps) {
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

// Span is a column's byte range in the aligned lines, end exclusive.
type Span struct{ Start, End int }

// joinText joins two header fragments with a blank; either may be empty.
func joinText(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}
