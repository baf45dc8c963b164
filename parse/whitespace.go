package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// whitespace reads space-aligned column tables, the generic fallback: a
// header line of column names (optionally under a line of spanning
// groups), then rows of a label and numbers, a bracketed percentage
// allowed after any number.
//
//	         latency 0     latency -20
//	group  min avg  max   min avg  max
//	0       17  19   29    17  18   30
//
//	Test         Mean             Median            Stddev
//	with-f4-1g  0.67645 (+3.7%)  0.68000 (+3.8%)  0.025755
//
// Mail clients often collapse the alignment to single spaces, so columns
// are inferred from token counts; character positions place the values of
// a row that lacks some cells. It must be strict: prose, logs and command
// lines are full of numbers.
type whitespace struct{}

func init() { Register(whitespace{}, 90) }

// Name is the gold format name.
func (whitespace) Name() string { return "whitespace" }

// wsRow is a line read as a table row.
type wsRow struct {
	label  string
	values []slot
	flags  []string
}

// Read returns the whitespace tables of the block.
func (whitespace) Read(b *Block) []Match {
	var out []Match
	toks := make([][]tok, len(b.Lines))
	done := make([]bool, len(b.Lines))
	get := func(i int) []tok {
		if !done[i] {
			done[i] = true
			if wsCandidate(b.Lines[i].Text) {
				toks[i] = b.tokens(i)
			}
		}
		return toks[i]
	}
	for i := 0; i < len(b.Lines); i++ {
		if !wsHeaderShape(b.Lines[i].Text) {
			continue
		}
		// the header's chunks ("Std Dev") first; when they do not fit the
		// rows, alignment was partly collapsed and each word is a name
		for _, names := range wsHeader(b.Lines[i].Text, get(i)) {
			if m, ok := readWhitespace(b, i, names, get); ok {
				out = append(out, m)
				i = m.End - 1
				break
			}
		}
	}
	return out
}

// wsCandidate is the cheap pre-check before tokenizing: short, no grid
// separators, not a rule, not prose.
func wsCandidate(s string) bool {
	t := strings.TrimSpace(s)
	return t != "" && len(t) <= 200 && !strings.ContainsAny(t, "|<>{}\"`") && !isRule(t) && !isCommand(t)
}

// wsHeaderShape is the cheap pre-check of a header line: two to sixteen
// words, none starting with a digit.
func wsHeaderShape(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > 16 {
		return false
	}
	for _, w := range f {
		if isDigit(w[0]) {
			return false
		}
	}
	return true
}

// wsStopwords are words that make a line prose, not a header.
var wsStopwords = map[string]bool{
	"the": true, "a": true, "an": true, "is": true, "are": true, "was": true, "were": true, "of": true,
	"and": true, "to": true, "for": true, "in": true, "on": true, "we": true, "i": true, "this": true,
	"that": true, "it": true, "be": true, "as": true, "at": true, "by": true, "from": true, "but": true,
	"not": true, "have": true, "has": true, "can": true, "see": true, "some": true, "below": true,
	"following": true, "here": true, "there": true, "which": true, "results": true, "if": true, "so": true,
}

// wsHeader returns the readings of a header line as column names, the
// likelier first: two to sixteen
// names, none of them a number or holding a prose word or a "key:", no
// sentence end. Runs of two or more spaces (or tabs) group multi-word names
// ("Std Dev") when the line has them, with one name per word as the
// second reading; a bracketed note stays with its name ("baseline(std%)",
// "compare%( std%)").
func wsHeader(text string, ts []tok) [][]chunk {
	if len(ts) < 2 {
		return nil
	}
	t := strings.TrimSpace(text)
	if sentenceEnd(t) || strings.HasSuffix(t, ":") || strings.HasSuffix(t, ",") {
		return nil
	}
	masked := maskNotes(text)
	var words []chunk
	for i := 0; i < len(masked); {
		if masked[i] == ' ' || masked[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(masked) && masked[j] != ' ' && masked[j] != '\t' {
			j++
		}
		if !wsName(text[i:j]) {
			return nil
		}
		words = append(words, chunk{text: text[i:j], start: i, end: j})
		i = j
	}
	if len(words) < 2 || len(words) > 16 {
		return nil
	}
	if chunks := spaceChunks(masked); len(chunks) > 1 && len(chunks) < len(words) {
		for i := range chunks {
			chunks[i].text = text[chunks[i].start:chunks[i].end]
		}
		return [][]chunk{chunks, words}
	}
	return [][]chunk{words}
}

// maskNotes hides the spaces inside brackets ("( std%)") so that a note
// stays one word with its title.
func maskNotes(text string) string {
	b := []byte(text)
	depth := 0
	for i, c := range b {
		switch c {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case ' ', '\t':
			if depth > 0 {
				b[i] = '_'
			}
		}
	}
	return string(b)
}

// wsName reports whether a word can be (part of) a column name: it holds a
// letter, is no prose word, and has no characters of logs and assignments.
func wsName(w string) bool {
	if wsStopwords[strings.ToLower(w)] || strings.ContainsAny(w, ":=;@\"<>{}`") || isDigit(w[0]) {
		return false
	}
	if strings.HasPrefix(w, "[") != strings.HasSuffix(w, "]") || strings.Count(w, "(") != strings.Count(w, ")") {
		return false
	}
	for _, r := range w {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '%' {
			return true
		}
	}
	return false
}

// wsRowOf reads a line as a row: a label (words, possibly with numbers
// inside: "hackbench 4 groups", "Shell Scripts (1 concurrent)") then
// values to the end of the line, then optional marks ("*", "^"). Labels
// that read as "key: value", bracketed log stamps, assignments or prose
// make the line no row.
func wsRowOf(text string, ts []tok, style CommaStyle) (wsRow, bool) {
	var r wsRow
	n := len(ts)
	for n > 0 && ts[n-1].kind == tMark {
		r.flags = append([]string{ts[n-1].text}, r.flags...)
		n--
	}
	last := -1
	for i := 0; i < n; i++ {
		switch {
		case ts[i].kind == tWord && !IsMissing(ts[i].text), ts[i].kind == tPipe, ts[i].kind == tMark:
			last = i
		case ts[i].kind == tOther && ts[i].text != "(" && ts[i].text != ")":
			last = i
		case ts[i].kind == tOther && ts[i].text == ")":
			last = i
		}
	}
	parens := 0
	for i := 0; i <= last; i++ {
		switch {
		case ts[i].kind == tOther && ts[i].text == "(":
			parens++
		case ts[i].kind == tOther && ts[i].text == ")":
			parens--
		case ts[i].kind == tNum, ts[i].kind == tParen, ts[i].kind == tDash:
		case ts[i].kind != tWord || strings.ContainsAny(ts[i].text, ":=[]#@;\\"):
			return r, false
		}
		if parens < 0 || parens > 1 {
			return r, false
		}
	}
	if parens != 0 {
		return r, false
	}
	if last >= 0 {
		r.label = text[ts[0].start:ts[last].end]
		if wsProse(r.label) {
			return r, false
		}
	}
	for i := last + 1; i < n; {
		x := ts[i]
		switch x.kind {
		case tNum:
			v, next, ok := readSlot(ts, i, style)
			if !ok {
				return r, false
			}
			r.values = append(r.values, v)
			i = next
		case tDash, tWord:
			if !IsMissing(x.text) || glued(ts, i) {
				return r, false
			}
			r.values = append(r.values, slot{missing: true, start: x.start, end: x.end})
			i++
		default:
			return r, false
		}
	}
	return r, len(r.values) > 0
}

// wsProse reports whether a row label reads as running text: two prose
// words, or one in a long line of words.
func wsProse(label string) bool {
	n := 0
	for _, w := range strings.Fields(label) {
		if wsStopwords[strings.ToLower(w)] {
			n++
		}
	}
	return n >= 2 || n == 1 && isProse(label)
}

// wsLayout is the column layout a header gives rows of a given shape.
type wsLayout struct {
	names    []chunk // one per value column
	groups   []string
	numLabel bool   // the first value of each row is its label
	head     string // the label column's title, when the header names one
}

// fit matches a header to a row: the header names the label column(s) and
// every value column, or only the value columns; a row without a label
// word whose header names one column more uses its first number as the
// label ("0 17 19 29" under "group min avg max"). A label of several
// columns ("process-pipe  1-groups" under "case  load") takes as many
// leading names as it has parts.
func fit(names []chunk, r wsRow) (wsLayout, bool) {
	v := len(r.values)
	switch {
	case r.label != "" && len(names) == v+1:
		return wsLayout{names: names[1:], head: names[0].text}, true
	case r.label != "" && len(names) == v:
		return wsLayout{names: names}, true
	case r.label != "" && len(names) > v+1 && v >= 1 && labelParts(r.label) == len(names)-v:
		return wsLayout{names: names[len(names)-v:], head: names[0].text}, true
	case r.label == "" && len(names) == v && v >= 2 && intValue(r.values[0]):
		return wsLayout{names: names[1:], numLabel: true, head: names[0].text}, true
	}
	return wsLayout{}, false
}

// labelParts counts the columns of a row label: its chunks when it is
// aligned with runs of spaces, else its words.
func labelParts(label string) int {
	if c := spaceChunks(label); len(c) > 1 {
		return len(c)
	}
	return len(strings.Fields(label))
}

func intValue(v slot) bool {
	return !v.missing && len(v.extras) == 0 && v.text == "" && !strings.ContainsAny(v.num, ".e")
}

// readWhitespace reads the table whose header is line h.
func readWhitespace(b *Block, h int, names []chunk, get func(int) []tok) (Match, bool) {
	first := firstRow(b, h)
	if first >= len(b.Lines) {
		return Match{}, false
	}
	r0, ok := wsRowOf(b.Lines[first].Text, get(first), b.Comma)
	if !ok {
		return Match{}, false
	}
	lay, ok := fit(names, r0)
	if !ok {
		return Match{}, false
	}
	width := len(r0.values)
	start := h
	if h > 0 {
		if g := wsGroups(b.Lines[h-1].Text, get(h-1), len(lay.names)); g != nil {
			lay.groups, start = g, h-1
		}
	}
	if lay.groups == nil && !namesDistinctFold(lay.names) {
		return Match{}, false
	}
	if start > 0 && topRule(b.Lines[start-1].Text, b.Lines[h].Text) {
		start-- // the rule above a ruled table's header
	}
	var rows []wsRow
	var lines []int
	end, blanks := first, 0
	for i := first; i < len(b.Lines); i++ {
		if t := strings.TrimSpace(b.Lines[i].Text); t == "" || isRule(t) {
			// a blank line or a rule above a total ("========") may sit
			// between rows, but only one in a row
			if blanks++; blanks > 1 {
				break
			}
			continue
		}
		r, ok := wsRowOf(b.Lines[i].Text, get(i), b.Comma)
		if !ok || (r.label == "") != (r0.label == "") {
			break
		}
		if len(r.values) != width {
			placed, ok := placeByPosition(r, lay, width)
			if !ok {
				break
			}
			r = placed
		}
		blanks = 0
		rows, lines, end = append(rows, r), append(lines, i), i+1
	}
	if len(rows) < 2 && (len(rows) == 0 || width < 3) {
		return Match{}, false
	}
	t := wsTable(b, rows, lines, lay)
	if len(t.Rows) == 0 {
		return Match{}, false
	}
	return Match{Start: start, End: end, Table: t}, true
}

// firstRow returns the line after header h where rows may start: a blank
// line and a rule ("-----", "=====", one dash segment per column) may sit
// between the header and the first row.
func firstRow(b *Block, h int) int {
	first, blank, ruled := h+1, false, false
	for ; first < len(b.Lines); first++ {
		t := strings.TrimSpace(b.Lines[first].Text)
		switch {
		case t == "" && !blank:
			blank = true
		case isTableRule(t) && !ruled:
			ruled = true
		default:
			return first
		}
	}
	return first
}

// isTableRule is a dashed or doubled rule line: at least three '-' or '='
// in runs, nothing but rule characters and blanks.
func isTableRule(t string) bool {
	return isRule(t) && strings.Trim(t, "-= \t") == "" && (strings.Contains(t, "---") || strings.Contains(t, "==="))
}

// topRule reports whether line is the rule above a ruled table's header:
// a table rule about as wide as the header, not a heading's underline.
func topRule(line, header string) bool {
	r, h := strings.TrimRight(line, " \t"), strings.TrimRight(header, " \t")
	return isTableRule(strings.TrimSpace(r)) && len(r)*5 >= len(h)*4
}

// wsGroups reads the line above a header as spanning groups over the n
// value columns: it must split into two or more titles that divide the
// columns evenly ("latency 0 latency -20" over min/avg/max twice). That
// constraint is strong enough that group titles may hold plain words
// ("boost on").
func wsGroups(text string, ts []tok, n int) []string {
	if len(ts) == 0 || len(ts) > 12 {
		return nil
	}
	t := strings.TrimSpace(text)
	if sentenceEnd(t) || strings.HasSuffix(t, ":") {
		return nil
	}
	for _, x := range ts {
		if x.kind == tOther || x.kind == tParen || strings.ContainsAny(x.text, ":=[]#@;") {
			return nil
		}
	}
	g := splitTitle(t, 0)
	if len(g) < 2 || n%len(g) != 0 {
		return nil
	}
	return g
}

// namesDistinctFold reports whether the column names differ from each
// other (case-insensitively): repeated names need spanning groups above.
func namesDistinctFold(names []chunk) bool {
	seen := map[string]bool{}
	for _, n := range names {
		k := strings.ToLower(n.text)
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// placeByPosition places the values of a row that lacks some cells under
// the header columns they sit beneath, when the alignment is intact: each
// value goes to the column whose span overlaps it, in order.
func placeByPosition(r wsRow, lay wsLayout, width int) (wsRow, bool) {
	if len(r.values) >= width || r.label == "" || lay.numLabel {
		return r, false
	}
	cols := lay.names
	out := wsRow{label: r.label, flags: r.flags, values: make([]slot, width)}
	for j := range out.values {
		out.values[j].missing = true
	}
	next := 0
	for _, v := range r.values {
		placed := false
		for j := next; j < len(cols); j++ {
			if v.start < cols[j].end+2 && v.end > cols[j].start-2 {
				out.values[j], next, placed = v, j+1, true
				break
			}
		}
		if !placed {
			return r, false
		}
	}
	return out, len(cols) == width
}

// wsTable converts the rows to the model: with spanning groups, the groups
// are variants and the column names fields; without, statistic columns
// (Mean, Stddev, 90th) are fields of a single series and other columns are
// variants of field "value". A change column ("delta", "%change") after
// variant columns is the pct of the last of them. A bracketed percentage
// after a number is field "pct" for the first such column, "<field>_pct"
// for later ones, unless the title's note names it ("baseline(std%)"); a
// bare bracketed figure that does not work as a change is a "stddev"
// (bareParenField).
//
// Orientation: case is always the row label as written. When the rows are
// the compared kernels (rowsAreVariants: a "Kernel"/"Host" label column,
// or reference names like "base" among the labels), each row's label is
// also its variant and the column titles, lower-cased, are the fields
// ("run1", "throughput"); the same rule holds for the bordered grids.
func wsTable(b *Block, rows []wsRow, lines []int, lay wsLayout) model.Table {
	var t model.Table
	per := 1
	if len(lay.groups) > 0 {
		per = len(lay.names) / len(lay.groups)
	}
	n := len(lay.names)
	variants, fields, parens := make([]string, n), make([]string, n), make([]string, n)
	titles := make([]string, n)
	for j := range lay.names {
		name, paren, pct := annotated(lay.names[j].text)
		titles[j], parens[j] = name, paren
		switch f, stat := statField(name); {
		case len(lay.groups) > 0:
			variants[j], fields[j] = lay.groups[j/per], columnField(name)
		case stat:
			fields[j] = f
		case pct:
			variants[j], fields[j] = name, "pct"
		default:
			variants[j], fields[j] = name, "value"
		}
	}
	labels := make([]string, len(rows))
	for k, r := range rows {
		labels[k] = wsCase(b, r, lines[k], lay)
	}
	byRow := rowsAreVariants(lay.head, labels, append(titles, lay.groups...), fields)
	if byRow {
		for j := range fields {
			title := titles[j]
			if len(lay.groups) > 0 {
				title = lay.groups[j/per] + " " + title
			}
			variants[j], fields[j] = "", columnField(strings.Trim(title, "[]"))
		}
	} else {
		changeColumns(variants, fields)
		for _, v := range variants {
			if v != "" && !containsString(t.Variants, v) {
				t.Variants = append(t.Variants, v)
			}
		}
	}
	bare := bareParenField(wsSeries(rows, lay, fields, byRow))
	pcts := pctNamer{}
	hasPct := false
	units := unitSet{}
	for k, r := range rows {
		line := b.Lines[lines[k]]
		vals := r.values
		if lay.numLabel {
			vals = vals[1:]
		}
		row := model.Row{Case: labels[k], Line: line.No, Offset: line.Offset, Flags: r.flags}
		for j, v := range vals {
			if v.missing || j >= n {
				continue
			}
			units.add(v.unit)
			variant := variants[j]
			if byRow {
				variant = row.Case
			}
			if parens[j] == "" {
				v = withBareParens(v, bare)
			}
			cells, pct := slotCells(v, variant, fields[j], parens[j], pcts)
			hasPct = hasPct || pct
			row.Cells = append(row.Cells, cells...)
		}
		if len(row.Cells) == 0 {
			continue
		}
		if byRow && !containsString(t.Variants, row.Case) {
			t.Variants = append(t.Variants, row.Case)
		}
		t.Rows = append(t.Rows, row)
	}
	t.Baseline = pickBaseline(t.Variants, hasPct)
	t.Unit = units.common()
	return t
}

// wsCase is a row's case: its label as written, spaces collapsed and a
// trailing ':' dropped, or its first number when numbers label the rows.
func wsCase(b *Block, r wsRow, line int, lay wsLayout) string {
	if lay.numLabel {
		return b.Lines[line].Text[r.values[0].start:r.values[0].end]
	}
	return strings.Join(strings.Fields(strings.TrimSuffix(r.label, ":")), " ")
}

// wsSeries lists the slots that compare with each other, for
// bareParenField: per row, its value columns (per column when the rows
// are the kernels).
func wsSeries(rows []wsRow, lay wsLayout, fields []string, byRow bool) [][]slot {
	vals := make([][]slot, len(rows))
	for k, r := range rows {
		vals[k] = r.values
		if lay.numLabel {
			vals[k] = r.values[1:]
		}
	}
	if !byRow {
		return vals
	}
	return transpose(vals)
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
