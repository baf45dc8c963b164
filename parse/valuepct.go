package parse

import (
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
)

// valuePct reads "value (x pct)" tables, one column pair per variant:
//
//	Test: tip latency_nice
//	1-groups: 4.25 (0.00 pct) 4.14 (2.58 pct)
//	128: 475.00 (0.00 pct) 701.00 (-47.57 pct) *
//	  1     573.26 [0.21] (0.00 pct)    578.14 [0.33] (0.85 pct)
//
// A header line names the variants; a table without one (after a
// sub-heading) reuses the variants of the previous table of the block with
// as many columns. A row that a mail client wrapped onto the next line
// (gmail's hard wrap, or a reply's re-wrap under the same quote markers) is
// joined back when the header's variant count says it is incomplete. Any
// other non-row line ends a table.
type valuePct struct{}

func init() { Register(valuePct{}, 20) }

// Name implements Family.
func (valuePct) Name() string { return "value-pct" }

// vpRow is "label[:] value (pct pct) ... [*|^] [[note]]". A label number is
// one not followed by '(' or '[' (that one is a value).
type vpRow struct {
	Label []string `parser:"@(Word | (Num | Sci) (?! ('(' | '[')))+ ':'?"`
	vpCells
}

// vpCells are the cells of a row and its trailing markers; alone they are
// the continuation of a wrapped row.
type vpCells struct {
	Cells []*vpCell `parser:"@@+"`
	Marks []string  `parser:"@('*' | '^')*"`
	Note  []string  `parser:"('[' @Word+ ']')?"`
}

// vpCell is one "value (x pct)" pair, "value (x%)", "value [cv] (x pct)",
// or a missing run: a lone "-", or "nan"/"-nan"/"inf" (what the benchmarks
// print for a failed or empty run), with or without its pct ("nan (0.00
// pct)", "nan (nan pct)"). A missing cell gives no record and keeps its
// column.
type vpCell struct {
	Value   string `parser:"  @(Num | Sci)"`
	CV      string `parser:"  ('[' @(Num | Sci) '%'? ']')?"`
	Pct     string `parser:"  '(' @(Num | Sci) ('pct' | '%') ')'"`
	Missing bool   `parser:"| @('-' | 'nan' | '-nan' | 'NaN' | 'inf' | '-inf' | 'Inf' | '-Inf' | 'INF' | '-INF' | 'Infinity' | '-Infinity' | 'infinity' | '-infinity') ('(' (Num | Sci | 'nan' | '-nan' | 'NaN' | 'inf' | '-inf' | '-') ('pct' | '%') ')')?"`
}

var (
	vpRowParser   = buildCellParser[vpRow]()
	vpCellsParser = buildCellParser[vpCells]()
)

// vpShaped is the cheap check before the grammars: a parenthesis and a
// "pct" or "%)".
func vpShaped(text string) bool {
	return strings.Contains(text, "(") && (strings.Contains(text, "pct") || strings.Contains(text, "%)"))
}

// vpLine reads a row with at least one cell present.
func vpLine(text string) (*vpRow, bool) {
	r, ok := vpAnyRow(text)
	if !ok {
		return nil, false
	}
	for _, c := range r.Cells {
		if !c.Missing {
			return r, true
		}
	}
	return nil, false
}

// vpAnyRow reads a row, its cells all missing or not.
func vpAnyRow(text string) (*vpRow, bool) {
	if !vpShaped(text) {
		return nil, false
	}
	return grammar.ParseLine(vpRowParser, text)
}

// vpCellsOnly reports whether a line is nothing but value-pct cells: the
// second half of a wrapped row, never a header.
func vpCellsOnly(text string) bool {
	if !vpShaped(text) {
		return false
	}
	_, ok := grammar.ParseLine(vpCellsParser, text)
	return ok
}

// reuseReach is how far below the previous table a header-less table may
// start and still share its variants: a sub-heading or two in between.
const reuseReach = 4

type vpTable struct {
	start, end int
	variants   []string
	rows       []model.Row
	zero       []bool // zero[k]: every pct of variant k is 0
}

// vpReader holds the state of one pass over a block.
type vpReader struct {
	b       *Block
	out     []Match
	cur     *vpTable
	known   map[int][]string // variants of the last header, by column count
	lastEnd int              // end of the previous table, -1 before the first
}

// Read implements Family.
func (valuePct) Read(b *Block) []Match {
	r := &vpReader{b: b, known: map[int][]string{}, lastEnd: -1}
	for i := 0; i < len(b.Lines); i++ {
		text := b.trim(i)
		if text == "" {
			continue
		}
		row, ok := vpLine(text)
		if joined, ok2 := r.wrapped(i, text, row); ok2 {
			r.start(i, len(joined.Cells))
			end := min(i+2, len(b.Lines)) // the tail may lie past the block
			r.cur.add(b, i, end, joined)
			i = end - 1
			continue
		}
		if !ok {
			if m, all := vpAnyRow(text); all && r.cur != nil && len(m.Cells) == len(r.cur.variants) {
				// Every run of the row failed ("2-groups: nan (0.00 pct)
				// nan (nan pct)"): no record, and the table goes on.
				continue
			}
			r.flush()
			continue
		}
		if r.cur == nil || len(r.cur.variants) != len(row.Cells) {
			if !r.start(i, len(row.Cells)) {
				continue // several columns and nothing names them
			}
		}
		r.cur.add(b, i, i+1, row)
	}
	r.flush()
	return r.out
}

// wrapped returns the row of line i joined with the line below when line i
// is not a complete row (row is nil or short of cells) and the joined text
// is a row with as many cells as the table, or its header, has variants.
func (r *vpReader) wrapped(i int, text string, row *vpRow) (*vpRow, bool) {
	next, ok := lineAfter(r.b, i)
	if !ok || next == "" {
		return nil, false
	}
	want := 0
	if r.cur != nil {
		want = len(r.cur.variants)
	}
	if row != nil && want > 0 && len(row.Cells) >= want {
		return nil, false
	}
	if row == nil && !strings.Contains(text, "(") && !strings.Contains(text, "[") {
		return nil, false
	}
	// vpShaped of the joined text, without joining: no "pct" or "%)" can
	// span the blank the join puts between the two
	if !strings.Contains(text, "(") && !strings.Contains(next, "(") ||
		!strings.Contains(text, "pct") && !strings.Contains(text, "%)") && !strings.Contains(next, "pct") && !strings.Contains(next, "%)") {
		return nil, false
	}
	joined, ok := vpLine(text + " " + next)
	if !ok || row != nil && len(joined.Cells) <= len(row.Cells) {
		return nil, false
	}
	n := len(joined.Cells)
	if n == want {
		return joined, true
	}
	if _, _, ok := r.header(i, n); ok {
		return joined, true
	}
	return nil, false
}

// header finds the line naming n variants above row i: the nearest
// non-blank line, when it is neither a row nor a wrapped row's tail.
func (r *vpReader) header(i, n int) (int, []string, bool) {
	h := prevText(r.b, i, 0)
	if h < 0 {
		return 0, nil, false
	}
	text := strings.TrimSpace(r.b.Lines[h].Text)
	if _, isRow := vpAnyRow(text); isRow || vpCellsOnly(text) {
		return 0, nil, false
	}
	w, ok := headerWords(text)
	if !ok {
		return 0, nil, false
	}
	v, ok := groupVariants(w, n)
	for _, name := range v {
		if _, num := ReadNumber(name, CommaUnknown); num {
			return 0, nil, false // "before: 12345678" holds a value, not a name
		}
	}
	return h, v, ok
}

// start opens a table of n columns at row i unless the current one has n
// columns; it reports false when nothing names the columns.
func (r *vpReader) start(i, n int) bool {
	if r.cur != nil && len(r.cur.variants) == n {
		return true
	}
	r.flush()
	start, variants := i, []string(nil)
	if r.lastEnd >= 0 && i-r.lastEnd <= reuseReach {
		variants = r.known[n]
	}
	if h, v, ok := r.header(i, n); ok {
		start, variants = h, v
		r.known[n] = v
	}
	if variants == nil && n == 1 {
		variants = []string{""}
	}
	if variants == nil {
		return false
	}
	r.cur = &vpTable{start: start, variants: variants, zero: make([]bool, n)}
	for k := range r.cur.zero {
		r.cur.zero[k] = true
	}
	return true
}

func (r *vpReader) flush() {
	if r.cur == nil {
		return
	}
	// One unlabelled series of one row ("after: 13345678 (+8.1%)") is a
	// sentence's figure, not a table; the key-value reader takes such lines
	// with their neighbours.
	if !(len(r.cur.variants) == 1 && r.cur.variants[0] == "" && len(r.cur.rows) < 2) {
		r.out = append(r.out, r.cur.match(r.b))
	}
	r.lastEnd, r.cur = r.cur.end, nil
}

// add appends the row read from lines i to end-1.
func (t *vpTable) add(b *Block, i, end int, row *vpRow) {
	r := rowAt(b, i, strings.Join(row.Label, " "))
	r.Flags = append(r.Flags, row.Marks...)
	if len(row.Note) > 0 {
		r.Flags = append(r.Flags, strings.ToLower(strings.Join(row.Note, " ")))
	}
	for k, c := range row.Cells {
		if c.Missing {
			continue
		}
		addCell(&r, b.Comma, t.variants[k], "value", c.Value)
		addCell(&r, b.Comma, t.variants[k], "cv", c.CV)
		addCell(&r, b.Comma, t.variants[k], "pct", c.Pct)
		if n, ok := ReadNumber(c.Pct, b.Comma); !ok || n.Float() != 0 {
			t.zero[k] = false
		}
	}
	t.rows = append(t.rows, r)
	t.end = end
}

// vpShareNote is a bracket note above the rows that says what the
// bracketed percentages are when they are no change: a CPU share ("IOPS
// (CPU%)", "(%cpu)", "(cpu util)").
var vpShareNote = regexp.MustCompile(`(?i)\(\s*%?\s*cpu\s*(?:%|util\w*|usage|load)?\s*\)`)

// shareNoted reports whether the table's header or the lines just above
// it name the bracketed figures a CPU share.
func (t *vpTable) shareNoted(b *Block) bool {
	for i := max(0, t.start-3); i <= t.start && i < len(b.Lines); i++ {
		if vpShareNote.MatchString(b.Lines[i].Text) {
			return true
		}
	}
	return false
}

func (t *vpTable) match(b *Block) Match {
	if t.shareNoted(b) {
		// the bracketed figures are the CPU's share, not a change
		for i := range t.rows {
			for k := range t.rows[i].Cells {
				if c := &t.rows[i].Cells[k]; c.Field == "pct" {
					c.Field = "cpu"
				}
			}
		}
		for k := range t.zero {
			t.zero[k] = false
		}
	}
	tab := model.Table{Variants: t.variants, Rows: t.rows}
	if len(t.variants) == 1 && t.variants[0] == "" {
		tab.Variants = []string{}
	} else {
		tab.Baseline = t.variants[0]
		for k, z := range t.zero {
			if z {
				tab.Baseline = t.variants[k]
				break
			}
		}
	}
	return Match{Start: t.start, End: t.end, Table: tab}
}
