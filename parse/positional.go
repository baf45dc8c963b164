package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// positional reads space-aligned tables whose cells are placed by column
// position: headers over two or three lines, dash rules cut into one
// segment per column, empty cells. Old benchmark tools print them so:
//
//	Host                 OS  Mhz null null      open selct sig  sig  fork
//	                             call  I/O stat clos TCP   inst hndl proc
//	--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ----
//	mars      Linux 2.6.9-  2800 0.19 0.27 1.89 2.61  8.03 0.29 1.31 109.
//	mars      Linux 2.6.10- 2800 0.19      1.91 2.60       0.29 1.33 111.
//
//	Version  1.03       ------Sequential Output------ --Sequential Input-
//	                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block--
//	Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP
//	2.6.9            2G 31204  97 52012  21 24001   7 29102  88 55310   8
//
// The columns are the segments of the rule under the header (a segment
// holding several columns of numbers splits where every row has a gap),
// or, without a rule, the spans the rows' tokens occupy. A header word
// names the column it sits over; a title spanning several columns
// ("------Sequential Output------", "0K File") is a group over them,
// joined before the column's own name. Cells go to the column they
// overlap; an empty cell gives no record. The leading columns holding
// words are the row label. It only reads what the whitespace family
// cannot: tables with a header of two or more lines or with empty cells;
// the format stays "whitespace".
type positional struct{}

func init() { Register(positional{}, 88) }

// Name is the gold format name: these are whitespace tables.
func (positional) Name() string { return "whitespace" }

// Read returns the position-placed tables of the block.
func (positional) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); i++ {
		var m Match
		ok := false
		switch {
		case segmentedRule(b.Lines[i].Text):
			m, ok = readPositional(b, i, i+1)
		case i > 0 && framedHeader(b.Lines[i-1].Text) && !framedHeader(b.Lines[i].Text):
			m, ok = readPositional(b, -1, i+1)
		}
		if ok {
			out = append(out, m)
			i = m.End - 1
		}
	}
	return out
}

// isTableRule is a dashed or doubled rule line: at least three '-' or '='
// in runs, nothing but rule characters and blanks.
func isTableRule(t string) bool {
	return layout.IsRule(t) && strings.Trim(t, "-= \t") == "" && (strings.Contains(t, "---") || strings.Contains(t, "==="))
}

// segmentedRule is a dash rule cut into three or more segments by blanks.
func segmentedRule(s string) bool {
	t := strings.TrimSpace(s)
	return isTableRule(t) && len(strings.Fields(t)) >= 3 && len(s) <= token.MaxLine
}

// framedHeader is a header line of dash-framed group titles
// ("--Sequential Input-", "-Per Chr-"): two or more of them.
func framedHeader(s string) bool {
	if strings.IndexByte(s, '-') < 0 {
		return false
	}
	n := 0
	for w := range strings.FieldsSeq(s) {
		if len(w) > 2 && w[0] == '-' && w[len(w)-1] == '-' && strings.Trim(w, "-") != "" {
			n++
		}
	}
	return n >= 2 && len(s) <= token.MaxLine
}

// readPositional reads the table whose rows start at line first; rule is
// the index of the segmented rule above them, or -1.
func readPositional(b *Block, rule, first int) (Match, bool) {
	headEnd := first
	if rule >= 0 {
		headEnd = rule
	}
	// header lines: up to three non-blank lines with letters above
	hstart := headEnd
	for hstart > 0 && headEnd-hstart < 3 {
		t := b.trim(hstart - 1)
		if t == "" || layout.IsRule(t) || layout.SentenceEnd(t) || strings.HasSuffix(t, ":") || !hasLetter(t) || len(t) > token.MaxLine {
			break
		}
		hstart--
	}
	if hstart == headEnd {
		return Match{}, false
	}
	// data lines: until a blank line, a rule or prose
	var rows [][]token.Token
	var lines []int
	for i := first; i < len(b.Lines); i++ {
		t := b.trim(i)
		if t == "" || layout.IsRule(t) || len(b.Lines[i].Text) > token.MaxLine || strings.ContainsAny(t, "|:=") || layout.IsProse(t) {
			break
		}
		ts := b.tokens(i)
		if !hasValue(ts) {
			break
		}
		rows, lines = append(rows, ts), append(lines, i)
	}
	if len(rows) == 0 {
		return Match{}, false
	}
	cols := dataSpans(rows)
	if rule >= 0 {
		cols = ruleSpans(b.Lines[rule].Text, cols, rows)
	}
	lab := labelColumns(rows, cols)
	if lab == 0 || lab == len(cols) || len(cols)-lab < 2 {
		// rows without labels are logs (vmstat), not result tables
		return Match{}, false
	}
	var heads []string
	for i := hstart; i < headEnd; i++ {
		heads = append(heads, b.Lines[i].Text)
	}
	names, groups, head, top, ok := nameColumns(heads, cols, lab)
	if !ok {
		return Match{}, false
	}
	hstart += top
	cells, labels, empty, ok := placeCells(b, lines, rows, cols, lab)
	if !ok {
		return Match{}, false
	}
	if headEnd-hstart < 2 && !empty {
		return Match{}, false // a one-line header with full rows: the whitespace family's
	}
	t := posTable(b, lines, labels, cells, names, groups, head, lab)
	if len(t.Rows) == 0 {
		return Match{}, false
	}
	return Match{Start: hstart, End: lines[len(lines)-1] + 1, Table: t}, true
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			return true
		}
	}
	return false
}

// hasValue reports whether a row holds a number token.
func hasValue(ts []token.Token) bool {
	for _, t := range ts {
		if t.Kind == token.Num {
			return true
		}
	}
	return false
}

// dataSpans are the column spans the rows' tokens occupy: runs of byte
// positions some row has a token on.
func dataSpans(rows [][]token.Token) []layout.Span {
	var used []bool
	for _, ts := range rows {
		for _, t := range ts {
			for len(used) < t.End {
				used = append(used, false)
			}
			for k := t.Start; k < t.End; k++ {
				used[k] = true
			}
		}
	}
	var out []layout.Span
	for k := 0; k < len(used); k++ {
		if !used[k] {
			continue
		}
		j := k
		for j < len(used) && used[j] {
			j++
		}
		out = append(out, layout.Span{Start: k, End: j})
		k = j
	}
	return out
}

// ruleSpans are the segments of a rule line. A segment over several data
// spans that hold only numbers is several columns under one long rule
// (tiobench's rule over all its number columns) and splits at the data
// gaps; one over words stays one column ("Linux 2.6.9-" under "OS"). When
// some data lies outside every segment the rule does not fit and the data
// spans are the columns.
func ruleSpans(rule string, data []layout.Span, rows [][]token.Token) []layout.Span {
	var out []layout.Span
	for _, s := range spaceRuns(rule) {
		var in []layout.Span
		for _, d := range data {
			if d.Start < s.End && d.End > s.Start {
				in = append(in, d)
			}
		}
		if len(in) > 1 && numbersOnly(rows, s) {
			out = append(out, in...)
			continue
		}
		out = append(out, s)
	}
	for _, d := range data {
		inside := false
		for _, s := range out {
			inside = inside || d.Start < s.End && d.End > s.Start
		}
		if !inside {
			return data
		}
	}
	return out
}

// numbersOnly reports whether every token of the rows within s is a
// number or a missing mark.
func numbersOnly(rows [][]token.Token, s layout.Span) bool {
	for _, ts := range rows {
		for _, t := range ts {
			if t.Start < s.End && t.End > s.Start && t.Kind != token.Num && !missingCell([]token.Token{t}) {
				return false
			}
		}
	}
	return true
}

// spaceRuns splits a line at blanks, keeping positions.
func spaceRuns(s string) []layout.Span {
	var out []layout.Span
	for k := 0; k < len(s); k++ {
		if s[k] == ' ' || s[k] == '\t' {
			continue
		}
		j := k
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		out = append(out, layout.Span{Start: k, End: j})
		k = j
	}
	return out
}

// colOf returns the column a byte range overlaps most, or -1.
func colOf(cols []layout.Span, a, z int) int {
	best, most := -1, 0
	for j, c := range cols {
		if o := min(z, c.End) - max(a, c.Start); o > most {
			best, most = j, o
		}
	}
	if best < 0 {
		for j, c := range cols {
			if a < c.End+1 && z > c.Start-1 {
				return j
			}
		}
	}
	return best
}

// labelColumns counts the leading columns that hold a word in some row:
// the row label ("Host", "OS"). A column of numbers ends the label.
func labelColumns(rows [][]token.Token, cols []layout.Span) int {
	word := make([]bool, len(cols))
	for _, ts := range rows {
		for _, t := range ts {
			if j := colOf(cols, t.Start, t.End); j >= 0 && t.Kind != token.Num && !IsMissing(t.Text) {
				word[j] = true
			}
		}
	}
	lab := 0
	for lab < len(cols) && word[lab] {
		lab++
	}
	return lab
}

// nameColumns reads the header lines over the value columns (from lab
// on): per column its own name, top to bottom, and the group titles over
// it. head is the title of the first label column, from the lowest line
// that has one. top is the first header line reaching a value column:
// lines above it are titles ("Sequential Reads"), not header.
func nameColumns(heads []string, cols []layout.Span, lab int) (names, groups []string, head string, top int, ok bool) {
	names, groups = make([]string, len(cols)), make([]string, len(cols))
	top = -1
	for li, h := range heads {
		for _, c := range headerTitles(h) {
			words := spaceRuns(c.Text)
			hit := map[int]bool{}
			each := true
			for _, w := range words {
				a, z := c.Start+w.Start, c.Start+w.End
				n := 0
				for j, col := range cols {
					if a < col.End && z > col.Start {
						hit[j] = true
						n++
					}
				}
				if n != 1 {
					each = false
				}
				if n == 0 {
					if j := colOf(cols, a-1, z+1); j >= 0 {
						hit[j] = true
					}
				}
			}
			if len(hit) == 0 {
				return nil, nil, "", 0, false
			}
			lo := len(cols)
			for j := range hit {
				lo = min(lo, j)
			}
			if lo < lab {
				head = strings.TrimSpace(c.Text) // over the label: its title
				continue
			}
			if top < 0 {
				top = li
			}
			framed := strings.HasPrefix(c.Text, "-") || strings.HasSuffix(c.Text, "-")
			if each && !framed && len(hit) == len(words) && len(words) > 1 {
				for _, w := range words {
					j := colOf(cols, c.Start+w.Start, c.Start+w.End)
					names[j] = joinText(names[j], strings.Trim(c.Text[w.Start:w.End], "-"))
				}
				continue
			}
			title := strings.Trim(c.Text, "- ")
			if len(hit) == 1 || title == "" {
				for j := range hit {
					names[j] = joinText(names[j], title)
				}
				continue
			}
			for j := range hit {
				groups[j] = joinText(groups[j], title)
			}
		}
	}
	for j := lab; j < len(cols); j++ {
		if names[j] == "" && groups[j] == "" {
			return nil, nil, "", 0, false
		}
	}
	return names, groups, head, top, top >= 0
}

// headerTitles cuts a header line into titles: at runs of two or more
// blanks, and around dash-framed titles ("--Sequential Input-" "--Random-"),
// which sit one blank apart.
func headerTitles(h string) []cell.Chunk {
	var out []cell.Chunk
	for _, c := range cell.SpaceChunks(h) {
		words := spaceRuns(c.Text)
		framed := false
		for _, w := range words {
			framed = framed || c.Text[w.Start] == '-'
		}
		if !framed {
			out = append(out, c)
			continue
		}
		a := -1
		for k, w := range words {
			if a < 0 {
				a = w.Start
			}
			last := k == len(words)-1
			if last || c.Text[w.End-1] == '-' || c.Text[words[k+1].Start] == '-' {
				out = append(out, cell.Chunk{Text: c.Text[a:w.End], Start: c.Start + a, End: c.Start + w.End})
				a = -1
			}
		}
	}
	return out
}

// posCell is one value of a row placed in its column.
type posCell struct {
	slot cell.Slot
	ok   bool
}

// placeCells reads every row's value columns and its label (the text of
// its label columns, spaces collapsed); a value column holding a word or
// a token that fits no column makes the table unreadable. empty reports
// rows with empty cells.
func placeCells(b *Block, lines []int, rows [][]token.Token, cols []layout.Span, lab int) (cells [][]posCell, labels []string, empty, ok bool) {
	for k, ts := range rows {
		byCol := make([][]token.Token, len(cols))
		a, z := -1, -1
		for _, t := range ts {
			j := colOf(cols, t.Start, t.End)
			if j < 0 {
				return nil, nil, false, false
			}
			if j < lab {
				if a < 0 {
					a = t.Start
				}
				z = t.End
				continue
			}
			byCol[j] = append(byCol[j], t)
		}
		label := ""
		if a >= 0 {
			label = strings.Join(strings.Fields(b.Lines[lines[k]].Text[a:z]), " ")
		}
		row := make([]posCell, len(cols))
		for j := lab; j < len(cols); j++ {
			switch {
			case len(byCol[j]) == 0:
				empty = true
			case missingCell(byCol[j]):
			default:
				s, ok := cellSlot(byCol[j], b.Comma)
				if !ok {
					return nil, nil, false, false
				}
				row[j] = posCell{s, true}
			}
		}
		cells, labels = append(cells, row), append(labels, label)
	}
	return cells, labels, empty, true
}

// missingCell is a cell marked as not measured: "-", "N/A", "XX", or
// bonnie++'s "+++++" for a run too fast to time.
func missingCell(ts []token.Token) bool {
	if len(ts) != 1 {
		return false
	}
	t := ts[0].Text
	return IsMissing(t) || strings.Trim(t, "+") == ""
}

// posTable converts placed cells to the model with the whitespace
// family's rules: the row label is the case; rows of kernels ("Host",
// "Machine", "Identifier") are also the variants, and each column's
// titles, group first, lower-cased, its field; otherwise a group is a
// variant and the column's name its field.
func posTable(b *Block, lines []int, labels []string, cells [][]posCell, names, groups []string, head string, lab int) model.Table {
	var t model.Table
	n := len(names)
	variants, fields, titles := make([]string, n), make([]string, n), make([]string, n)
	for j := lab; j < n; j++ {
		titles[j] = strings.Trim(joinText(groups[j], names[j]), "()[] ")
		switch f, stat := cell.StatField(names[j]); {
		case groups[j] != "" && names[j] != "":
			variants[j], fields[j] = groups[j], cell.ColumnField(strings.Trim(names[j], "()[]"))
		case groups[j] != "":
			variants[j], fields[j] = groups[j], "value"
		case stat:
			fields[j] = f
		default:
			variants[j], fields[j] = names[j], "value"
		}
	}
	byRow := rowsAreVariants(head, labels, titles[lab:], fields[lab:])
	if byRow {
		for j := lab; j < n; j++ {
			variants[j], fields[j] = "", cell.ColumnField(titles[j])
		}
	} else {
		changeColumns(variants, fields)
	}
	series := make([][]cell.Slot, len(cells))
	for k, r := range cells {
		for j := lab; j < n; j++ {
			series[k] = append(series[k], r[j].slot)
			if !r[j].ok {
				series[k][len(series[k])-1].Missing = true
			}
		}
	}
	if byRow {
		series = transpose(series)
	}
	bare := bareParenField(series)
	pcts := pctNamer{}
	hasPct := false
	units := unitSet{}
	for k, i := range lines {
		line := b.Lines[i]
		row := model.Row{Case: labels[k], Line: line.No, Offset: line.Offset}
		for j := lab; j < n; j++ {
			c := cells[k][j]
			if !c.ok {
				continue
			}
			units.add(c.slot.Unit)
			v := variants[j]
			if byRow {
				v = row.Case
			}
			n := len(row.Cells)
			var pct bool
			row.Cells, pct = appendSlotCells(row.Cells, withBareParens(c.slot, bare), v, fields[j], "", pcts)
			hasPct = hasPct || pct
			for _, x := range row.Cells[n:] {
				if x.Variant != "" && !containsString(t.Variants, x.Variant) {
					t.Variants = append(t.Variants, x.Variant)
				}
			}
		}
		if len(row.Cells) > 0 {
			t.Rows = append(t.Rows, row)
		}
	}
	t.Baseline = pickBaseline(t.Variants, hasPct)
	t.Unit = units.common()
	return t
}
