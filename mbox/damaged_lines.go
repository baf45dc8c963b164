package mbox

import "strings"

// dmgBreaker rebuilds line breaks in unquoted collapsed text, where no
// marker tells where a line began. It breaks at recognisable line starts:
// rules, grid rows, labelled numeric rows, "Key :" heading lines, bullets,
// attributions, trailers, the signature separator and patch lines. Prose
// stays joined; it carries no table.
type dmgBreaker struct {
	data    []byte
	text    string // data as a string, so that words are slices, not copies
	inPatch bool   // inside a patch hunk, until the signature
}

func (b *dmgBreaker) word(t dmgTok) string { return b.text[t.s:t.e] }

// unquoted returns the lines of the unquoted tokens t.
func (b *dmgBreaker) unquoted(t []dmgTok) []dmgSpan {
	var out []dmgSpan
	start := t[0].s
	numeric, pipes := 0, 0 // numeric cells and '|' on the current line
	for k := 0; k < len(t); k++ {
		w := b.word(t[k])
		if k > 0 && (b.breakBefore(t, k, numeric) || pipes == 0 && numeric >= 2 && strings.HasPrefix(w, "|")) {
			out = append(out, dmgSpan{start, t[k-1].e})
			start = t[k].s
			if b.inPatch && !dmgDiffLineStart(w) && !dmgPatchStart(b.data, t, k) && t[k].s > 0 && b.data[t[k].s-1] == ' ' {
				// A patch context line began with a space, which the
				// collapse turned into the separator.
				start = t[k].s - 1
			}
			numeric, pipes = 0, 0
		}
		pipes += strings.Count(w, "|")
		switch {
		case w == "--":
			b.inPatch = false
		case dmgPatchStart(b.data, t, k):
			b.inPatch = true
		}
		if isNumericCell(w) {
			numeric++
		}
	}
	return append(out, dmgSpan{start, t[len(t)-1].e})
}

// breakBefore reports whether an original line began at token k.
func (b *dmgBreaker) breakBefore(t []dmgTok, k, numeric int) bool {
	w, prev := b.word(t[k]), b.word(t[k-1])
	next := ""
	if k+1 < len(t) {
		next = b.word(t[k+1])
	}
	switch {
	case isRuleWord(w) || isRuleWord(prev) || w == "--" || prev == "--":
		return true
	case dmgPatchStart(b.data, t, k):
		return true
	case b.inPatch:
		return dmgDiffLineStart(w) && dmgStatementEnd(prev) || strings.HasSuffix(prev, ";") || strings.HasSuffix(prev, "{") ||
			strings.HasSuffix(prev, "}") || strings.HasSuffix(prev, "*/")
	case w == "On" && dmgWroteAt(b.data, t, k):
		return true
	case prev == "wrote:" || prev == "writes:":
		return true
	case isTrailerKey(w):
		return true
	case strings.HasPrefix(w, "|") && (strings.HasSuffix(prev, "|") || k >= 2 && isRowFlag(prev) && strings.HasSuffix(b.word(t[k-2]), "|")):
		return true
	case next == ":" && isHeadingWord(w) || isHeadingKey(w):
		return true
	case (w == "o" || w == "*" || w == "-" || isNumberedItem(w)) && isCapitalised(next):
		return true
	case numeric >= 2 && cellEnd(prev) && isCapitalWord(w) && isLowerProse(strings.TrimRight(next, ",.")):
		// Prose after a table row.
		return true
	}
	return dmgRowStart(w, prev, next, numeric)
}

// dmgRowStart reports a labelled table row starting at w: a label (a word
// with a letter, "name:", or an integer after a bracketed cell) following
// a cell and followed by a number.
func dmgRowStart(w, prev, next string, numeric int) bool {
	if !isNumericCell(next) && !strings.HasPrefix(next, "[") && !strings.HasPrefix(next, "(") {
		return false
	}
	if !cellEnd(prev) || isUnitWord(w) {
		return false
	}
	closing := strings.HasSuffix(prev, ")") || strings.HasSuffix(prev, "]")
	switch {
	case isIntegerLabel(w):
		return closing
	case strings.HasSuffix(w, ":") && len(w) > 1:
		return numeric >= 1 || closing
	case hasLetter(w) && len(w) <= 48:
		return numeric >= 2 || closing
	}
	return false
}

// isNumericCell reports a token that is a number, possibly signed, with a
// unit sign or bracket attached ("1.00", "-5.30](", "(+6.15%)", "8.66)").
func isNumericCell(w string) bool {
	w = strings.TrimFunc(w, isCellMark)
	w = strings.TrimPrefix(w, "-")
	if w == "" {
		return false
	}
	digits := 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' || c == ',' || c == '%' || c == '(' || c == ')' || c == '[' || c == ']' || c == '-' || c == '+' || c == 'e' || c == 'x':
		default:
			return false
		}
	}
	return digits > 0
}

// isCellMark reports the brackets and signs a numeric cell may carry.
func isCellMark(r rune) bool {
	switch r {
	case '[', ']', '(', ')', '*', '%', ',', '+', '|', '^':
		return true
	}
	return false
}

// cellEnd reports a token that can close a table cell.
func cellEnd(w string) bool {
	if w == "" {
		return false
	}
	c := w[len(w)-1]
	return c >= '0' && c <= '9' || c == ')' || c == ']' || c == '%' || c == '*' || c == '|' || c == '^'
}

func isIntegerLabel(w string) bool {
	w = strings.TrimSuffix(w, ":")
	if w == "" || len(w) > 9 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

func hasLetter(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i] | 0x20
		if c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// dmgUnits are words that follow a number inside a cell, never a row label.
var dmgUnits = map[string]bool{
	"ms": true, "us": true, "ns": true, "s": true, "sec": true, "secs": true, "usec": true,
	"msec": true, "nsec": true, "pct": true, "pct)": true, "x": true, "kb": true, "mb": true, "gb": true,
	"mb/s": true, "gb/s": true, "kb/s": true, "ops/s": true, "ops/sec": true, "iops": true,
	"cycles": true, "seconds": true, "times": true, "%": true,
}

func isUnitWord(w string) bool { return dmgUnits[strings.ToLower(w)] }

// isRuleWord reports a horizontal rule: 3+ of "=-_~*#" or a grid border.
func isRuleWord(w string) bool {
	if len(w) < 3 {
		return false
	}
	rule := 0
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case '=', '-', '_', '~', '*', '#':
			rule++
		case '+', '|':
		default:
			return false
		}
	}
	return rule >= 3
}

func isRowFlag(w string) bool { return w == "^" || w == "*" || w == "**" || w == "!" }

// isHeadingWord reports the key of a "Key : value" heading line.
func isHeadingWord(w string) bool {
	return isCapitalised(w) && len(w) <= 32 && !strings.ContainsAny(w, ".,;()")
}

// isHeadingKey reports "Key:" written as one word with a capital letter or
// '#' ("Case:", "#workers:", "Units:"), which opens a line in a report.
func isHeadingKey(w string) bool {
	if len(w) < 3 || !strings.HasSuffix(w, ":") || strings.Count(w, ":") != 1 {
		return false
	}
	k := w[:len(w)-1]
	if k[0] == '#' {
		k = k[1:]
	}
	if !isCapitalised(k) && !(k != "" && k[0] >= 'a' && k[0] <= 'z' && w[0] == '#') {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i] | 0x20
		if !(c >= 'a' && c <= 'z') && k[i] != '-' && k[i] != '_' && !(k[i] >= '0' && k[i] <= '9') {
			return false
		}
	}
	return true
}

func isCapitalised(w string) bool { return w != "" && w[0] >= 'A' && w[0] <= 'Z' }

// isNumberedItem reports "1)" or "2." list numbers.
func isNumberedItem(w string) bool {
	if len(w) < 2 || len(w) > 4 {
		return false
	}
	last := w[len(w)-1]
	return (last == ')' || last == '.') && isIntegerLabel(w[:len(w)-1])
}

// isTrailerKey reports a patch trailer key ("Tested-by:", "Fixes:").
func isTrailerKey(w string) bool {
	if !strings.HasSuffix(w, ":") || !isCapitalised(w) {
		return false
	}
	k := strings.ToLower(w[:len(w)-1])
	return strings.HasSuffix(k, "-by") && dmgNameShape(w[:len(w)-1]) || k == "fixes" || k == "link" || k == "closes"
}

// dmgStatementEnd reports a token that can end a line of C, so that a
// following lone "-" starts a removed line rather than a subtraction.
func dmgStatementEnd(w string) bool {
	return strings.HasSuffix(w, ";") || strings.HasSuffix(w, "{") || strings.HasSuffix(w, "}") ||
		strings.HasSuffix(w, ")") || strings.HasSuffix(w, "*/") || strings.HasSuffix(w, ":") || w == "@@"
}

// dmgDiffLineStart reports a token that opens an added or removed patch
// line: a lone "+"/"-", or one glued to a preprocessor line or brace.
func dmgDiffLineStart(w string) bool {
	if w == "+" || w == "-" {
		return true
	}
	if len(w) < 2 || (w[0] != '+' && w[0] != '-') {
		return false
	}
	switch w[1] {
	case '#', '{', '}', '/':
		return true
	}
	return false
}
