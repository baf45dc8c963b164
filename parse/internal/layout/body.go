package layout

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
	"github.com/lkmlbench/lkmlbench/parse/internal/shell"
)

// Body is the part of a table below its header.
type Body struct {
	Rows    []int    // block indices of data lines (the first of a wrapped row)
	lines   []Line   // the data lines, wrapped rows joined
	Subs    []string // sub-heading in force at each row ("" when none)
	Group   []int    // row group (blank-line separated) of each row
	end     int      // block index after the last row
	Wrapped bool     // rows were joined from lines a mailer wrapped
}

// readBody collects the data rows from line first down: rows with no more
// cells than the first row has, sub-heading lines (a short label alone),
// single blank lines between rows of one shape, and the unlabelled rest of
// a row that a mail client wrapped onto the next line.
func readBody(lines []Line, first int) Body {
	width := len(lines[first].cells)
	n := min(len(lines)-first, 16) // most tables are short, and most starts are none
	bd := Body{end: first, Rows: make([]int, 0, n), lines: make([]Line, 0, n), Subs: make([]string, 0, n), Group: make([]int, 0, n)}
	sub, group, blanks := "", 0, 0
	pendingSub := ""
	for i := first; i < len(lines); i++ {
		l := lines[i]
		switch l.Class {
		case Data:
			if IsProse(l.Text) {
				return bd
			}
			if k := len(bd.lines) - 1; k >= 0 && blanks == 0 && pendingSub == "" && continuesRow(bd.lines[k], l) {
				bd.lines[k] = joinRow(bd.lines[k], l)
				bd.Wrapped = true
				width = max(width, len(bd.lines[k].cells))
				bd.end = i + 1
				continue
			}
			if len(l.cells) > width && !bd.Wrapped || len(l.cells) < (width+1)/2 {
				return bd
			}
			if blanks > 0 && len(l.cells) != width && !bd.Wrapped {
				return bd // a group after a blank line repeats the shape of the rows
			}
			if blanks > 0 && len(bd.Rows) > 0 {
				group++
			}
			if pendingSub != "" {
				sub, pendingSub = pendingSub, ""
			}
			blanks = 0
			bd.Rows = append(bd.Rows, i)
			bd.lines = append(bd.lines, l)
			bd.Subs = append(bd.Subs, sub)
			bd.Group = append(bd.Group, group)
			bd.end = i + 1
		case Blank:
			blanks++
			if blanks > maxInnerBlank {
				return bd
			}
		case PipeOnly:
		case Rule:
			// a rule between rows ("=====" above a total) stays inside
			if !nextIsData(lines, i+1) {
				return bd
			}
		case Words:
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
func nextIsData(lines []Line, i int) bool {
	for ; i < len(lines); i++ {
		switch lines[i].Class {
		case Blank:
			continue
		case Data:
			return true
		}
		return false
	}
	return false
}

// continuesRow reports whether next is the wrapped rest of row: it has no
// label, starts left of the row's first value (at the margin, where the
// client put it), and holds fewer cells than the row.
func continuesRow(row, next Line) bool {
	return len(next.labels) == 0 && len(row.labels) > 0 && !row.hasPipe && !next.hasPipe &&
		next.cells[0].Start < row.cells[0].Start && len(next.cells) < len(row.cells)
}

// joinRow appends the cells of a wrapped row's rest, placed after the row
// as if the line had not been broken.
func joinRow(row, next Line) Line {
	shift := len(row.Text) + 2
	out := row
	out.cells = append(append([]cell.Cell(nil), row.cells...), next.cells...)
	for k := len(row.cells); k < len(out.cells); k++ {
		out.cells[k].Start += shift
		out.cells[k].End += shift
	}
	return out
}

// subHeading reads a line holding only a short label ("16 Workers",
// "thp=never:") that qualifies the rows below it.
func subHeading(l Line) (string, bool) {
	t := strings.TrimSpace(l.Text)
	if len(l.pieces) != 1 || IsProse(t) || SentenceEnd(t) || len(strings.Fields(t)) > 4 || len(t) > 40 {
		return "", false
	}
	return strings.TrimSuffix(t, ":"), true
}

// readHead collects the header lines above the first data row: up to
// maxHeadLines text lines, passing over one blank line, spacer lines and
// rules between them and the data, and the rules drawn between the levels
// of a header (a kernel line over a configuration line, each framed):
// a rule with a header level above it, a line of several titles over the
// value columns, which start at display column values. When headed, line
// first is itself the header's lowest row (a row of numbers titling the
// columns) and is among the lines returned: a blank line or a caption
// above it then ends the header, as above any other header row.
func readHead(lines []Line, first, values int, headed bool) []int {
	var heads []int
	if headed {
		heads = append(heads, first)
	}
	blanks := 0
	gridRule := false // line i+1 is a rule between the header rows of a grid
	for i := first - 1; i >= 0 && len(heads) < maxHeadLines; i-- {
		l := lines[i]
		switch l.Class {
		case Blank:
			if len(heads) > 0 {
				return reverse(heads)
			}
			if blanks++; blanks > 1 {
				return nil
			}
		case Rule, PipeOnly:
			// a ruled grid draws a rule under every header row too
			// ("+----+----+" between "| IOdepth | 8 |" and "| | KIOPS |"),
			// and there a row of numbers over titles is a header row
			above := i > 0 && (lines[i-1].Class == Words || lines[i-1].Class == Data) && lines[i-1].hasPipe
			gridRule = len(heads) > 0 && HasCorner(l.Text) && above && lines[heads[len(heads)-1]].hasPipe
			if len(heads) > 0 && l.Class == Rule && !gridRule && !(i > 0 && headerLevel(lines[i-1], values)) {
				return reverse(heads)
			}
		case Data:
			if !gridRule {
				return reverse(heads)
			}
			gridRule = false
			heads = append(heads, i)
		case Words:
			t := strings.TrimSpace(l.Text)
			// a "label:" line ends the header walk, but directly above
			// the rows it may be the first rows' sub-heading (leadingSub)
			if !headerLine(l) || strings.HasSuffix(t, ":") && len(l.pieces) == 1 && len(heads) > 0 {
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

// headerLevel reports whether a line reads as a level of a header rather
// than a heading above a table: two or more titles, each centred over the
// value columns, which start at display column values.
func headerLevel(l Line, values int) bool {
	if l.Class != Words || len(l.pieces) < 2 || !headerLine(l) {
		return false
	}
	for _, p := range l.pieces {
		if (p.start+p.end)/2 < values {
			return false
		}
	}
	return true
}

// leadingSub takes the last header line for the sub-heading of the first
// rows when the body has sub-headings and that line is one short label
// left of every value column ("1 Worker" under the column titles).
func leadingSub(lines []Line, heads []int, bd *Body, cols []Span) []int {
	if len(heads) == 0 || len(cols) == 0 {
		return heads
	}
	has := false
	for _, s := range bd.Subs {
		has = has || s != ""
	}
	last := lines[heads[len(heads)-1]]
	if !has && len(last.pieces) == 1 && strings.HasSuffix(strings.TrimSpace(last.Text), ":") {
		return nil // a title ("Results:"), and no header above the rows
	}
	if !has || len(last.pieces) != 1 || last.pieces[0].end > cols[0].Start {
		return heads
	}
	h, ok := subHeading(last)
	if !ok {
		return heads
	}
	for k := range bd.Subs {
		if bd.Subs[k] != "" {
			break
		}
		bd.Subs[k] = h
	}
	return heads[:len(heads)-1]
}

// headerLine reports whether a line can hold column titles (headerText).
// A line cut into short fields by '|', or into three or more by wide
// gaps, is a row of titles however many small words its fields hold
// ("IOPS in IRQ mode | IOPS in polling mode"): a sentence is not cut so.
func headerLine(l Line) bool {
	t := strings.TrimSpace(l.Text)
	if headerText(t) {
		return true
	}
	if len(l.pieces) < 2 || !l.hasPipe && len(l.pieces) < 3 || !headerText(proseFree(t)) {
		return false
	}
	for _, p := range l.pieces {
		f := p.text(l.Text)
		if len(strings.Fields(f)) > 5 || SentenceEnd(f) {
			return false
		}
	}
	return true
}

// proseFree is t without the words that make a line prose, for asking
// headerText about everything else (a command, a path, a banner).
func proseFree(t string) string {
	words := strings.Fields(t)
	kept := words[:0]
	for _, w := range words {
		k := strings.Trim(w, "()[],;")
		if len(k) > 1 {
			k = strings.ToLower(k)
		}
		if !proseWords[k] {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " ")
}

// headerText reports whether a line can hold column titles: no sentence
// (a prose word, a sentence end), no command line.
func headerText(t string) bool {
	if shell.IsCommand(t) || shell.HasNamed(t) || strings.HasSuffix(t, ".") && len(strings.Fields(t)) > 4 {
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
