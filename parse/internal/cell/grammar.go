package cell

import (
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// The cell grammar: what one cell of a table, or one value of a tool's
// line, says, read over token.PartLexer. A cell holds one or more main
// figures, each a number with its magnitude, unit or '%', perhaps named by
// a key before it; after a figure may stand what qualifies it: a bracketed
// change, a spread, a bracketed group of figures; after the figures, a
// legend may name them.
//
//	16.4 s, 60.9 MB/s                        two figures, each with its unit
//	117/41                                   a pair
//	10.36s / 0.35s / 9.92s (real/user/sys)   three figures and their legend
//	IOPS=20.5k, BW=160MiB/s                  figures named by their keys
//	635 (83%)   6327.09(-7.20%)              a figure and a bracketed change
//	1316MiB/s (12.65/55.40%)                 a figure and a bracketed group
//	12.3 ± 0.5%   1,234(+/-5,67 %)   [0.5]   spreads
//	( 0.40%, 0.00%)                          a bracketed group alone: a tuple
//	~30M   4k   1m41s   N/A                  approximate, magnitude, duration, missing

// gCell is a whole cell.
type gCell struct {
	Missing string    `parser:"  @Missing"`
	Tuple   *gGroup   `parser:"| '(' @@ ')'?"`
	Figures *gFigures `parser:"| @@"`
}

// gFigures are a cell's main figures and what stands beside them.
type gFigures struct {
	Approx string   `parser:"@Approx?"`
	Parts  []*gPart `parser:"@@ @@*"`
	Legend *gLegend `parser:"@@?"`
}

// gLegend is a note that names the figures: "(real/user/sys)".
type gLegend struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Names  string `parser:"'(' @Word ')'"`
}

// gPart is one main figure with its key and its asides; Sep is the
// separator written before it.
type gPart struct {
	Sep    string    `parser:"@( ',' | ';' | '/' )?"`
	Key    *gKey     `parser:"@@?"`
	Fig    gFigure   `parser:"@@"`
	Asides []*gAside `parser:"@@*"`
}

// gKey is the name written before a figure: "IOPS=", "avg:".
type gKey struct {
	Pos  lexer.Position
	Name string `parser:"@( Word | Unit ) ( '=' | ':' )"`
}

// gFigure is a number as written: a duration, or a number with its
// magnitude and its unit or '%'.
type gFigure struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Dur    string `parser:"  @Dur"`
	Num    string `parser:"| @Num"`
	Mag    string `parser:"  @Mag?"`
	Unit   string `parser:"  @( Unit | Pct | 'pct' )?"`
}

// gAside is what qualifies the figure before it.
type gAside struct {
	EndPos lexer.Position
	Paren  *gGroup  `parser:"  '(' @@ ')'"`
	Brack  *gFigure `parser:"| '[' @@ ']'"`
	Spread *gFigure `parser:"| PM @@"`
}

// gGroup is the inside of a bracket: a figure, a spread, or several
// figures apart by ',', ';' or '/'.
type gGroup struct {
	Spread  string     `parser:"@PM?"`
	Members []*gMember `parser:"@@ @@*"`
}

// gMember is a figure of a group and the separator before it.
type gMember struct {
	Sep string  `parser:"@( ',' | ';' | '/' )?"`
	Fig gFigure `parser:"@@"`
}

var cellParser = participle.MustBuild[gCell](participle.Lexer(token.PartLexer), participle.Elide("Space"), participle.UseLookahead(4))

// Role is what a figure is to its cell.
type Role uint8

// The roles of a cell's figures.
const (
	// Main is a figure of its own: the first of a cell, and each one after
	// a separator or a blank.
	Main Role = iota
	// Change is a lone bracketed figure after a main one: "(+7.2%)",
	// "(0.00 pct)", "(83%)". Whether it is a change, a share or a spread is
	// for the reader of the table to say; by default it is the change.
	Change
	// Spread is a figure after "±", bracketed or not: "± 0.5%",
	// "(+/-5 %)".
	Spread
	// Square is a figure in square brackets, by custom a relative spread:
	// "[0.5]", "[ -0.00]".
	Square
	// Member is one of the figures of a bracketed group: "(12.65/55.40%)",
	// "( 0.40%, 0.00%)".
	Member
)

// Figure is one number of a cell.
type Figure struct {
	Role Role
	// Of is the index of the main figure an aside belongs to; a main
	// figure's own index.
	Of int
	// Key names a main figure where the cell writes its name before it:
	// "IOPS" of "IOPS=20.5k".
	Key string
	// Sep is the separator written before a main figure: ',', ';', '/',
	// or "" for none or blanks only. A member's separator, likewise.
	Sep string
	// Num is the number as an exact decimal, its magnitude applied ("20.5k"
	// is 20500); a magnitude glued into a unit is the unit's ("1.39G/s" is
	// 1.39 in "G/s").
	Num string
	// Text is the figure as written, with its magnitude and unit ("20.5k",
	// "10.36s", "701 usec").
	Text string
	// Mag is the power of ten of a magnitude suffix ("k" 3).
	Mag int
	// Unit is the unit as written ("MiB/s", "s", "G/s"); "%" for a figure
	// written in percent, with '%' or "pct".
	Unit string
	// Start and End are the figure's bytes in the cell's text; Outer is
	// the byte after the bracket it stands in, End when it stands in none.
	Start, End, Outer int
}

// Reading is what the grammar makes of one cell.
type Reading struct {
	// Figures are the cell's numbers in the order written.
	Figures []Figure
	// Missing is true for a mark of a value not given ("-", "N/A").
	Missing bool
	// Tuple is true for a bracketed group that stands alone: "( 0.40%,
	// 0.00%)". Its figures are members.
	Tuple bool
	// Approx is true for a cell marked approximate ("~30M").
	Approx bool
	// Legend holds the names a note after the figures gives them, in
	// order: "(real/user/sys)".
	Legend []string
}

// Mains returns the indices of the main figures.
func (r Reading) Mains() []int {
	var out []int
	for i, f := range r.Figures {
		if f.Role == Main {
			out = append(out, i)
		}
	}
	return out
}

// MaxCell bounds the text Parse reads: a cell is short, and a long run of
// figures is a line of several cells (or prose), which the layout cuts.
const MaxCell = 160

// Parse reads the text of one cell. ok is false for text that is no cell:
// a label, prose, a number glued to words.
//
// Cells of one shape read alike: where the grammar puts each figure, its
// role, key and unit, depends on the text's characters but for the digits
// of its numbers, and then only on whether a run of digits is one, two,
// or three and more long (a duration's seconds are two digits at most).
// So Parse reads each shape once with the grammar and keeps the reading
// as a template in spans of the shape (shapes), and reads a cell of a
// known shape by taking its numbers, keys and legend from those spans.
func Parse(text string, style token.CommaStyle) (Reading, bool) {
	if !mayRead(text) {
		return Reading{}, false
	}
	return parseInto(nil, text, style)
}

// parseInto is Parse of a text that may be a cell (mayRead, cellToken),
// appending the figures to figs.
func parseInto(figs []Figure, text string, style token.CommaStyle) (Reading, bool) {
	if len(text) > MaxCell {
		return Reading{}, false
	}
	var buf [MaxCell]byte
	var pos [MaxCell + 1]int
	shape, at := shapeOf(buf[:0], text, pos[:0])
	return shapes.get(shape).fill(figs, text, at, style)
}

// mayRead reports whether text may be a cell, cheaply, so that the words
// of prose and labels never reach the grammar (nor fill its memo with
// shapes of their own): a cell holds a digit, or is a missing mark, and
// starts with a number, a sign, a bracket, '~' or a key ("IOPS=", "avg:").
func mayRead(text string) bool {
	t := strings.TrimSpace(text)
	if t == "" {
		return false
	}
	if strings.IndexAny(t, "0123456789") < 0 {
		return token.IsMissing(t) || t == "TBD"
	}
	switch c := t[0]; {
	case c >= '0' && c <= '9', c == '+', c == '-', c == '.', c == '(', c == '~', c >= 0x80:
		return true
	}
	return strings.ContainsAny(t, "=:")
}

// shapeOf appends to b the shape of text: text with each run of digits
// cut to its first three, all '9'; and to at the byte of text where each
// byte of the shape stands, then the end of text.
func shapeOf(b []byte, text string, at []int) ([]byte, []int) {
	run := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < '0' || c > '9' {
			run = 0
		} else if run++; run > 3 {
			continue
		} else {
			c = '9'
		}
		b = append(b, c)
		at = append(at, i)
	}
	return b, append(at, len(text))
}

// template is the grammar's reading of a shape, its figures in spans of
// the shape.
type template struct {
	ok bool
	r  Reading      // the reading, numbers, keys and legend left out
	f  []figureSpan // where each figure's number and key lie
	// legend is the span of the legend, [0 0] for none
	legend [2]int
}

// figureSpan is where a figure's number and key lie in a shape.
type figureSpan struct {
	num, key [2]int
	dur      bool
}

// shapeMemo holds the templates of the shapes met, at most maxShapes;
// a full memo starts again empty.
type shapeMemo struct {
	mu sync.Mutex
	m  map[string]*template
}

const maxShapes = 4096

var shapes = shapeMemo{m: map[string]*template{}}

// get returns the template of a shape, reading it with the grammar the
// first time.
func (c *shapeMemo) get(shape []byte) *template {
	c.mu.Lock()
	t, ok := c.m[string(shape)]
	c.mu.Unlock()
	if ok {
		return t
	}
	t = read(string(shape))
	c.mu.Lock()
	if len(c.m) >= maxShapes {
		clear(c.m)
	}
	c.m[string(shape)] = t
	c.mu.Unlock()
	return t
}

// fill reads text, of the template's shape, with the template, appending
// its figures to figs; at maps the bytes of the shape to the bytes of
// text.
func (t *template) fill(figs []Figure, text string, at []int, style token.CommaStyle) (Reading, bool) {
	if !t.ok {
		return Reading{}, false
	}
	r := t.r
	r.Figures = nil
	if len(t.f) > 0 {
		r.Figures = append(figs, t.r.Figures...)
	}
	for k, sp := range t.f {
		f := t.r.Figures[k]
		f.Start, f.End, f.Outer = at[f.Start], at[f.End], at[f.Outer]
		f.Text = text[f.Start:f.End]
		num := text[at[sp.num[0]]:at[sp.num[1]]]
		if sp.key[1] > 0 {
			f.Key = text[at[sp.key[0]]:at[sp.key[1]]]
		}
		var ok bool
		if sp.dur {
			f.Num, ok = minSec(strings.Replace(num, ",", ".", 1))
		} else {
			f.Num, ok = token.Value(token.Token{Kind: token.Num, Text: num, Mult: f.Mag}, style)
		}
		if !ok {
			return Reading{}, false
		}
		r.Figures[k] = f
	}
	if t.legend[1] > 0 {
		r.Legend = Legend(text[at[t.legend[0]]:at[t.legend[1]]])
	}
	return r, true
}

// read reads a shape with the grammar into its template.
func read(shape string) *template {
	g, ok := grammar.ParseLine(cellParser, shape)
	if !ok {
		return &template{}
	}
	t := &template{ok: true}
	switch {
	case g.Missing != "":
		t.r.Missing = true
		return t
	case g.Tuple != nil:
		t.r.Tuple = true
		if !t.addGroup(shape, g.Tuple, -1) || len(t.f) < 2 {
			return &template{}
		}
		return t
	}
	f := g.Figures
	t.r.Approx = f.Approx != ""
	for k, p := range f.Parts {
		if k == 0 && p.Sep != "" {
			return &template{}
		}
		main := len(t.f)
		fig, sp := figureOf(shape, &p.Fig)
		fig.Role, fig.Of, fig.Sep = Main, main, p.Sep
		if p.Key != nil {
			sp.key = [2]int{p.Key.Pos.Offset, p.Key.Pos.Offset + len(p.Key.Name)}
		}
		t.add(fig, sp)
		for _, a := range p.Asides {
			if !t.addAside(shape, a, main) {
				return &template{}
			}
		}
	}
	if l := f.Legend; l != nil {
		if len(Legend(l.Names)) != len(t.r.Mains()) {
			return &template{} // a note that names no figure: words after numbers
		}
		t.legend = [2]int{l.Pos.Offset, trimEnd(shape, l.EndPos.Offset)}
	}
	return t
}

// add adds a figure and its spans.
func (t *template) add(f Figure, sp figureSpan) {
	t.r.Figures = append(t.r.Figures, f)
	t.f = append(t.f, sp)
}

// trimEnd returns end moved back over the blanks before it in text.
func trimEnd(text string, end int) int {
	if end <= 0 || end > len(text) {
		end = len(text)
	}
	for end > 0 && (text[end-1] == ' ' || text[end-1] == '\t') {
		end--
	}
	return end
}

// addAside adds the figures of an aside of main figure main.
func (t *template) addAside(shape string, a *gAside, main int) bool {
	first := len(t.f)
	switch {
	case a.Paren != nil:
		if !t.addGroup(shape, a.Paren, main) {
			return false
		}
	case a.Brack != nil:
		fig, sp := figureOf(shape, a.Brack)
		fig.Role, fig.Of = Square, main
		t.add(fig, sp)
	default:
		fig, sp := figureOf(shape, a.Spread)
		fig.Role, fig.Of = Spread, main
		t.add(fig, sp)
	}
	if a.Spread == nil {
		end := trimEnd(shape, a.EndPos.Offset)
		for k := first; k < len(t.f); k++ {
			t.r.Figures[k].Outer = end
		}
	}
	return true
}

// addGroup adds the figures of a bracketed group beside main figure main
// (-1 for a tuple). One figure is a change, or a spread after "±"; several
// are members, and a '%' written after the last only is every member's.
func (t *template) addGroup(shape string, g *gGroup, main int) bool {
	role := Member
	switch {
	case g.Spread != "":
		if len(g.Members) != 1 {
			return false
		}
		role = Spread
	case len(g.Members) == 1 && main >= 0:
		role = Change
	}
	first := len(t.f)
	for k, m := range g.Members {
		if k == 0 && m.Sep != "" || k > 0 && m.Sep == "" {
			return false
		}
		fig, sp := figureOf(shape, &m.Fig)
		fig.Role, fig.Of, fig.Sep = role, main, m.Sep
		t.add(fig, sp)
	}
	if figs := t.r.Figures; role == Member && figs[len(figs)-1].Unit == "%" {
		for k := first; k < len(figs); k++ {
			if figs[k].Unit == "" {
				figs[k].Unit = "%"
			}
		}
	}
	return true
}

// figureOf makes a figure of the grammar's reading of a shape: its spans,
// magnitude and unit; its number is taken from each cell's own text.
func figureOf(shape string, g *gFigure) (Figure, figureSpan) {
	f := Figure{Start: g.Pos.Offset, End: trimEnd(shape, g.EndPos.Offset)}
	f.Outer = f.End
	if g.Dur != "" {
		f.Unit = "s"
		return f, figureSpan{num: [2]int{f.Start, f.Start + len(g.Dur)}, dur: true}
	}
	f.Mag, f.Unit = token.Magnitude(g.Mag), g.Unit
	if f.Unit == "pct" {
		f.Unit = "%"
	}
	return f, figureSpan{num: [2]int{f.Start, f.Start + len(g.Num)}}
}

// Legend reads a note naming the parts of a cell or the columns under a
// title: "real/user/sys", "(usr/sys)", "avg/stddev", "read/write". It
// returns the names in order, nil when the note is not two or more names
// apart by '/'.
func Legend(note string) []string {
	note = strings.TrimSpace(note)
	if strings.HasPrefix(note, "(") && strings.HasSuffix(note, ")") {
		note = strings.TrimSpace(note[1 : len(note)-1])
	}
	names := strings.Split(note, "/")
	if len(names) < 2 {
		return nil
	}
	for i, n := range names {
		n = strings.TrimSpace(n)
		if n == "" || !token.IsCellWord(n) || isDigit(n[0]) {
			return nil
		}
		names[i] = n
	}
	return names
}
