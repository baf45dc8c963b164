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

// wsValue is one value slot of a row: a number with an optional
// bracketed percentage, or a missing mark (no number).
type wsValue struct {
	num, pct   string
	missing    bool
	start, end int
}

// wsRow is a line read as a table row.
type wsRow struct {
	label  string
	values []wsValue
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
				toks[i] = tokenize(b.Lines[i].Text)
			}
		}
		return toks[i]
	}
	for i := 0; i < len(b.Lines); i++ {
		if !wsHeaderShape(b.Lines[i].Text) {
			continue
		}
		names := wsHeader(b.Lines[i].Text, get(i))
		if names == nil {
			continue
		}
		if m, ok := readWhitespace(b, i, names, get); ok {
			out = append(out, m)
			i = m.End - 1
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

// wsHeader returns the column names of a header line: two to sixteen words,
// none of them a number or a prose word, no "key:" words, no sentence end.
// Runs of two or more spaces group multi-word names ("Std Dev") when the
// line has them.
func wsHeader(text string, ts []tok) []chunk {
	if len(ts) < 2 || len(ts) > 16 {
		return nil
	}
	t := strings.TrimSpace(text)
	if sentenceEnd(t) || strings.HasSuffix(t, ":") || strings.HasSuffix(t, ",") {
		return nil
	}
	for _, x := range ts {
		if x.kind != tWord || strings.ContainsAny(x.text, ":=[]/#@;") || wsStopwords[strings.ToLower(x.text)] {
			return nil
		}
	}
	if chunks := spaceChunks(text); len(chunks) > 1 && len(chunks) < len(ts) {
		return chunks
	}
	out := make([]chunk, len(ts))
	for i, x := range ts {
		out[i] = chunk{text: x.text, start: x.start, end: x.end}
	}
	return out
}

// wsRowOf reads a line as a row: a label (words, possibly with numbers
// inside: "hackbench 4 groups") then values to the end of the line, then
// optional marks ("*", "^"). Labels that read as "key: value", bracketed
// log stamps, assignments or prose make the line no row.
func wsRowOf(text string, ts []tok, style CommaStyle) (wsRow, bool) {
	var r wsRow
	n := len(ts)
	for n > 0 && ts[n-1].kind == tMark {
		r.flags = append([]string{ts[n-1].text}, r.flags...)
		n--
	}
	last := -1
	for i := 0; i < n; i++ {
		if ts[i].kind == tWord && !IsMissing(ts[i].text) || ts[i].kind == tOther || ts[i].kind == tPipe || ts[i].kind == tMark {
			last = i
		}
	}
	for i := 0; i <= last; i++ {
		if strings.ContainsAny(ts[i].text, ":=[]()#@;/") && ts[i].kind != tNum {
			return r, false
		}
		if ts[i].kind == tParen || ts[i].kind == tOther || ts[i].kind == tMark {
			return r, false
		}
	}
	if last >= 0 {
		r.label = text[ts[0].start:ts[last].end]
		if isProse(r.label) {
			return r, false
		}
	}
	for i := last + 1; i < n; i++ {
		x := ts[i]
		switch x.kind {
		case tNum:
			v, ok := ReadNumber(x.text, style)
			if !ok {
				return r, false
			}
			val := wsValue{num: string(v), start: x.start, end: x.end}
			if i+1 < n && ts[i+1].kind == tPercent {
				i++
			}
			if i+1 < n && ts[i+1].kind == tParen {
				p, ok := parenValue(ts[i+1].text, style)
				if !ok {
					return r, false
				}
				i++
				val.pct = p
			}
			if glued(ts, i) {
				return r, false
			}
			val.end = ts[i].end
			r.values = append(r.values, val)
		case tDash, tWord:
			if !IsMissing(x.text) || glued(ts, i) {
				return r, false
			}
			r.values = append(r.values, wsValue{missing: true, start: x.start, end: x.end})
		default:
			return r, false
		}
	}
	return r, len(r.values) > 0
}

// wsLayout is the column layout a header gives rows of a given shape.
type wsLayout struct {
	names    []chunk // one per value column
	groups   []string
	numLabel bool // the first value of each row is its label
}

// fit matches a header to a row: the header names the label column and
// every value column, or only the value columns; a row without a label
// word whose header names one column more uses its first number as the
// label ("0 17 19 29" under "group min avg max").
func fit(names []chunk, r wsRow) (wsLayout, bool) {
	v := len(r.values)
	switch {
	case r.label != "" && len(names) == v+1:
		return wsLayout{names: names[1:]}, true
	case r.label != "" && len(names) == v:
		return wsLayout{names: names}, true
	case r.label == "" && len(names) == v && v >= 2 && intValue(r.values[0]):
		return wsLayout{names: names[1:], numLabel: true}, true
	}
	return wsLayout{}, false
}

func intValue(v wsValue) bool {
	return !v.missing && v.pct == "" && !strings.ContainsAny(v.num, ".e")
}

// readWhitespace reads the table whose header is line h.
func readWhitespace(b *Block, h int, names []chunk, get func(int) []tok) (Match, bool) {
	first := h + 1
	for first < len(b.Lines) && strings.TrimSpace(b.Lines[first].Text) == "" && first-h <= 1 {
		first++
	}
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
	var rows []wsRow
	var lines []int
	end, blanks := first, 0
	for i := first; i < len(b.Lines); i++ {
		if strings.TrimSpace(b.Lines[i].Text) == "" {
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
			placed, ok := placeByPosition(r, names, lay, width)
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
func placeByPosition(r wsRow, names []chunk, lay wsLayout, width int) (wsRow, bool) {
	if len(r.values) >= width || r.label == "" || lay.numLabel {
		return r, false
	}
	cols := lay.names
	out := wsRow{label: r.label, flags: r.flags, values: make([]wsValue, width)}
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
// variants of field "value". A bracketed percentage after a number is
// field "pct" for the first such column, "<field>_pct" for later ones.
func wsTable(b *Block, rows []wsRow, lines []int, lay wsLayout) model.Table {
	var t model.Table
	per := 1
	if len(lay.groups) > 0 {
		per = len(lay.names) / len(lay.groups)
		t.Variants = append(t.Variants, lay.groups...)
	}
	colOf := func(j int) (string, string) {
		name := lay.names[j].text
		if len(lay.groups) > 0 {
			return lay.groups[j/per], columnField(name)
		}
		if f, ok := statField(name); ok {
			return "", f
		}
		return name, "value"
	}
	if len(lay.groups) == 0 {
		for j := range lay.names {
			if v, _ := colOf(j); v != "" {
				t.Variants = append(t.Variants, v)
			}
		}
	}
	pcts := pctNamer{}
	hasPct := false
	for k, r := range rows {
		line := b.Lines[lines[k]]
		vals := r.values
		row := model.Row{Case: strings.TrimSuffix(r.label, ":"), Line: line.No, Offset: line.Offset, Flags: r.flags}
		if lay.numLabel {
			row.Case, vals = line.Text[vals[0].start:vals[0].end], vals[1:]
		}
		for j, v := range vals {
			if v.missing || j >= len(lay.names) {
				continue
			}
			variant, field := colOf(j)
			row.Cells = append(row.Cells, model.Cell{Variant: variant, Field: field, Value: model.Number(v.num)})
			if v.pct != "" {
				hasPct = true
				row.Cells = append(row.Cells, model.Cell{Variant: variant, Field: pcts.name(variant, field), Value: model.Number(v.pct)})
			}
		}
		if len(row.Cells) > 0 {
			t.Rows = append(t.Rows, row)
		}
	}
	t.Baseline = pickBaseline(t.Variants, hasPct)
	return t
}
