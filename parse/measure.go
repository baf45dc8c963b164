package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The measure family reads measurement lines that set two figures side by
// side, as bullets, numbered items or plain lines:
//
//	Replay time (cold->warm cache):
//	  - small files: 4.120 s->1.905 s
//	  - large files: 812.4 ms->640.0 ms (-21.2%)
//
//	zstd : 31s(two-pass) v.s. 40s(one-pass)
//	lzma : 95s(two-pass) v.s. 122s(one-pass)
//
// A line is a label, a ':' and two figures joined by an arrow ("->",
// "=>", "→") or "vs" ("vs.", "v.s."), each figure a number with the unit
// written beside it, and optionally the change in brackets after the
// second. The sides are the variants: the names glued to the figures
// ("31s(two-pass)"), else the two words the line above joins with the
// same separator ("(cold->warm cache)"), else, for arrows, "before" and
// "after" as the arrow reads; "vs" lines that name neither side are
// left out. A run of two or more lines is one table; values keep the
// number as written and the unit in Text. What the arrow family (arrow.go)
// reads first is not read again: this family takes the lines it cannot
// (units apart from the number, arrows glued to them, "vs", named sides).
type measure struct{}

func init() { Register(measure{}, 51) }

// Name implements Family.
func (measure) Name() string { return "measure" }

// measureSeps are the separators between the two figures, longest first
// so that "-->" is not read as "->".
var measureSeps = []string{" v.s. ", " vs. ", " vs ", "-->", "==>", "->", "=>", "\u2192"}

// measureSide is one figure: "4.120 s", "31s(two-pass)".
type measureSide struct {
	num, unit, name string
}

// measureLine is one read line.
type measureLine struct {
	label       string
	sep         string
	left, right measureSide
	pct         string
}

// Read returns each run of two or more measurement lines.
func (measure) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		var run []measureLine
		j := i
		for ; j < len(b.Lines); j++ {
			l, ok := readMeasure(b.trim(j), b.Comma)
			if !ok || len(run) > 0 && l.sep != run[0].sep {
				break
			}
			run = append(run, l)
		}
		if len(run) < 2 {
			i = max(j, i+1)
			continue
		}
		if m, ok := measureTable(b, i, run); ok {
			out = append(out, m)
		}
		i = j
	}
	return out
}

// measureTable makes the table of the run of lines from line i on.
func measureTable(b *Block, i int, run []measureLine) (Match, bool) {
	var above string
	if i > 0 {
		above = b.trim(i - 1)
	}
	first, second, ok := measureSides(run, above)
	if !ok {
		return Match{}, false
	}
	t := model.Table{Variants: []string{first, second}}
	if first == "before" {
		t.Baseline = first
	}
	for k, l := range run {
		row := rowAt(b, i+k, l.label)
		measureCell(&row, b, first, "value", l.left)
		measureCell(&row, b, second, "value", l.right)
		if l.pct != "" {
			addCell(&row, b.Comma, second, "pct", l.pct)
		}
		if len(row.Cells) < 2 {
			return Match{}, false
		}
		t.Rows = append(t.Rows, row)
	}
	return Match{Start: i, End: i + len(run), Table: t}, true
}

// measureSides names the two sides of a run (see measure).
func measureSides(run []measureLine, above string) (string, string, bool) {
	first, second := run[0].left.name, run[0].right.name
	for _, l := range run {
		if l.left.name != first || l.right.name != second {
			first, second = "", ""
			break
		}
	}
	if first != "" && second != "" {
		return first, second, true
	}
	sep := strings.TrimSpace(run[0].sep)
	if k := strings.Index(above, sep); k > 0 {
		a := lastWord(above[:k])
		b := firstWord(above[k+len(sep):])
		if a != "" && b != "" && hasLetter(a) && hasLetter(b) {
			return a, b, true
		}
	}
	if isArrowWord(sep) {
		return "before", "after", true
	}
	return "", "", false
}

// lastWord returns the run of letters, digits, '-' and '_' ending s.
func lastWord(s string) string {
	k := len(s)
	for k > 0 && measureWordByte(s[k-1]) {
		k--
	}
	return s[k:]
}

// firstWord returns the run of letters, digits, '-' and '_' starting s.
func firstWord(s string) string {
	k := 0
	for k < len(s) && measureWordByte(s[k]) {
		k++
	}
	return s[:k]
}

func measureWordByte(c byte) bool { return isLetter(c) || isDigit(c) || c == '-' || c == '_' }

// measureCell adds one side's figure.
func measureCell(row *model.Row, b *Block, variant, field string, s measureSide) {
	n := len(row.Cells)
	addCell(row, b.Comma, variant, field, s.num)
	if len(row.Cells) > n && s.unit != "" {
		row.Cells[n].Text = s.num + " " + s.unit
	}
}

// readMeasure reads one line; ok is false for anything else.
func readMeasure(text string, comma CommaStyle) (measureLine, bool) {
	text = cutBullet(text)
	var l measureLine
	k := -1
	for _, sep := range measureSeps {
		if k = strings.Index(text, sep); k >= 0 {
			l.sep = sep
			break
		}
	}
	if k < 0 {
		return l, false
	}
	c := strings.LastIndexByte(text[:k], ':')
	if c <= 0 {
		return l, false
	}
	l.label = strings.TrimSpace(text[:c])
	if words := strings.Fields(l.label); len(words) == 0 || len(words) > 6 || !hasLetter(l.label) {
		return l, false
	}
	var ok bool
	if l.left, ok = readSide(strings.TrimSpace(text[c+1:k]), comma); !ok {
		return l, false
	}
	right := strings.TrimSpace(text[k+len(l.sep):])
	if p := strings.LastIndexByte(right, '('); p > 0 && strings.HasSuffix(right, "%)") {
		pct := strings.TrimSpace(right[p+1 : len(right)-2])
		if _, isNum := ReadNumber(pct, comma); isNum {
			l.pct, right = pct, strings.TrimSpace(right[:p])
		}
	}
	if l.right, ok = readSide(right, comma); !ok {
		return l, false
	}
	return l, true
}

// cutBullet drops a list marker: "- ", "* ", "o ", "• ", "1. ", "2) ".
func cutBullet(text string) string {
	for _, m := range []string{"- ", "* ", "o ", "\u2022 "} {
		if strings.HasPrefix(text, m) {
			return strings.TrimSpace(text[len(m):])
		}
	}
	if k := strings.IndexAny(text, ".)"); k > 0 && k <= 2 && allDigits(text[:k]) && k+1 < len(text) && text[k+1] == ' ' {
		return strings.TrimSpace(text[k+1:])
	}
	return text
}

// readSide reads "4.120 s", "812.4ms", "31s(two-pass)", "7 (cold)": a
// number, a unit of letters, '/' and '%' beside it, and a name in
// brackets.
func readSide(s string, comma CommaStyle) (measureSide, bool) {
	var side measureSide
	if p := strings.IndexByte(s, '('); p >= 0 {
		if !strings.HasSuffix(s, ")") {
			return side, false
		}
		side.name = strings.TrimSpace(s[p+1 : len(s)-1])
		if side.name == "" || !hasLetter(side.name) || strings.ContainsAny(side.name, "()") {
			return side, false
		}
		s = strings.TrimSpace(s[:p])
	}
	k := 0
	for k < len(s) && (isDigit(s[k]) || s[k] == '.' || s[k] == ',' || k == 0 && (s[k] == '-' || s[k] == '+')) {
		k++
	}
	side.num, side.unit = s[:k], strings.TrimSpace(s[k:])
	if _, ok := ReadNumber(side.num, comma); !ok {
		return side, false
	}
	for i := 0; i < len(side.unit); i++ {
		if c := side.unit[i]; !isLetter(c) && c != '/' && c != '%' {
			return side, false
		}
	}
	return side, len(side.unit) <= 8
}

// The slash form of the measure family reads items that give two
// directions of one figure, their names split by a slash:
//
//  1. Read/Write IOPS: 412/137. Read/Write BW 1648KB/s 548KB/s
//  2. Read/Write IOPS: 398/133. Read/Write BW 1592KB/s 532KB/s
//
// Each item is a row (case the item's number, "" for bullets), each
// clause a pair of fields named by the sides and the figure ("read_iops",
// "write_iops", "read_bw", "write_bw"), a pair written "a/b" or as two
// figures. A run of two or more items is one table.
type slashPairs struct{}

func init() { Register(slashPairs{}, 52) }

// Name implements Family.
func (slashPairs) Name() string { return "measure" }

// Read returns each run of two or more slash items.
func (slashPairs) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		t := model.Table{}
		j := i
		for ; j < len(b.Lines); j++ {
			row, ok := slashRow(b, j)
			if !ok {
				break
			}
			t.Rows = append(t.Rows, row)
		}
		if len(t.Rows) >= 2 {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}

// slashRow reads line j as a slash item.
func slashRow(b *Block, j int) (model.Row, bool) {
	text := b.trim(j)
	num := ""
	if k := strings.IndexAny(text, ".)"); k > 0 && k <= 2 && allDigits(text[:k]) && k+1 < len(text) && text[k+1] == ' ' {
		num = text[:k]
	}
	text = cutBullet(text)
	row := rowAt(b, j, num)
	for _, clause := range strings.Split(strings.TrimSuffix(text, "."), ". ") {
		f := strings.Fields(strings.ReplaceAll(clause, ":", " "))
		if len(f) < 3 {
			return row, false
		}
		sides := strings.Split(f[0], "/")
		if len(sides) != 2 || !hasLetter(sides[0]) || !hasLetter(sides[1]) {
			return row, false
		}
		name := strings.ToLower(strings.Join(f[1:len(f)-1], "_"))
		var vals []string
		if len(f) == 3 {
			vals = strings.Split(f[2], "/")
		} else {
			name = strings.ToLower(strings.Join(f[1:len(f)-2], "_"))
			vals = f[len(f)-2:]
		}
		if name == "" || len(vals) != 2 || strings.ContainsAny(name, "0123456789") {
			return row, false
		}
		for k, v := range vals {
			s, ok := readSide(v, b.Comma)
			if !ok || s.name != "" {
				return row, false
			}
			n := len(row.Cells)
			addCell(&row, b.Comma, "", strings.ToLower(sides[k])+"_"+name, s.num)
			if len(row.Cells) == n {
				return row, false
			}
			if s.unit != "" {
				row.Cells[n].Text = v
			}
		}
	}
	return row, len(row.Cells) > 0
}
