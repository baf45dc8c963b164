// Package text gives every reader of package parse the lines of a body as a
// person sees them, once per segment: the first layer of the table reader.
//
// A reader that looks at raw whitespace reads the same table differently
// when a mailer or an author re-lays it out: typed with tabs instead of
// spaces, indented by four, padded with no-break spaces. Canon removes those
// differences and keeps, per line, a byte map back to the text it came from,
// so that a position in the canonical text still names a byte of the input:
//
//   - tabs are expanded at their stops of eight columns, counted from the
//     start of the text after the quote markers (as the author typed it),
//     unless a segment's columns line up only at the stops counted from
//     the screen's margin (an editor that wrote tabs into a reply after
//     quoting it) or from the end of an indentation all its lines share
//     (text typed with tabs, then indented);
//   - no-break and the other Unicode spaces become spaces, the wide ones
//     (em space, em quad, ideographic space) two, as wide as they show;
//     the Unicode line separators inside a line (NEL, U+2028, U+2029)
//     become a gap of two, as cells separated by them are read: the line
//     ends of a body are its newlines;
//   - in a grid drawn with underscores ("|___ext9_4k____|_ 781.4 __|"),
//     the underscores that pad a cell are the blanks they stand for;
//     those inside a word ("ext9_4k") stay, byte for byte in place;
//   - blanks at the end of a line are dropped;
//   - Segments cuts a body into runs of text lines of one quote depth and
//     one MIME part and removes the indentation every non-blank line of a
//     run shares, keeping it as the run's Indent.
//
// Quote markers ("> ", ">>", "> > ", and "| " or ": " where they quote) are
// stripped once, by the mail reader that sets model.Line.Depth; this package
// reads that depth and never strips markers again.
package text

import (
	"strings"
	"unicode/utf8"
)

// TabWidth is the distance between tab stops, in columns.
const TabWidth = 8

// Line is one line in canonical form.
type Line struct {
	// Text is the line as a person sees it: no tab, no Unicode space, no
	// trailing blank.
	Text string
	// raw[i] is the byte of the source text that canonical byte i comes
	// from, for i up to len(Text) (the end maps past the last byte read);
	// nil when Text is the source's bytes from shift on.
	raw   []int32
	shift int
}

// Raw returns the byte offset in the source line of the canonical byte at
// i (0 <= i <= len(Text); len(Text) maps to the end of what was read). A
// byte of an expanded tab or of a converted space maps to that tab or
// space.
func (l Line) Raw(i int) int {
	if l.raw == nil {
		return i + l.shift
	}
	return int(l.raw[i])
}

// Canon returns the canonical form of one source line (the text after its
// quote markers), its tabs stopping as the author typed them.
func Canon(s string) Line { return CanonAt(s, 0) }

// CanonAt is Canon for a text that starts at column at of the writer's
// margin: at 2 behind "> " markers whose tabs stop at the screen's stops,
// at -4 when four blanks were put in front of text typed with tabs.
func CanonAt(s string, at int) Line {
	if plain(s) {
		return Line{Text: strings.TrimRight(blankPadding(strings.TrimRight(s, " ")), " ")}
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	raw := make([]int32, 0, len(s)+9)
	col := at // display column of the next character
	for i := 0; i < len(s); {
		c := s[i]
		if c == '\t' {
			n := TabWidth - (col%TabWidth+TabWidth)%TabWidth
			for k := 0; k < n; k++ {
				b.WriteByte(' ')
				raw = append(raw, int32(i))
			}
			col += n
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b.WriteByte(c)
			raw = append(raw, int32(i))
			col++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if w := spaceWidth(r); w > 0 {
			for k := 0; k < w; k++ {
				b.WriteByte(' ')
				raw = append(raw, int32(i))
			}
			col += w
		} else {
			b.WriteString(s[i : i+size])
			for k := 0; k < size; k++ {
				raw = append(raw, int32(i+k))
			}
			col++
		}
		i += size
	}
	t := strings.TrimRight(blankPadding(b.String()), " ")
	end := len(s) // where the kept text ends in s
	switch {
	case len(t) == 0:
		end = 0
	case len(t) < b.Len():
		end = int(raw[len(t)-1]) + 1 // t ends in a byte copied, never a blank
	}
	return Line{Text: t, raw: append(raw[:len(t)], int32(end))}
}

// blankPadding turns the underscores that pad the cells of a line of a
// grid drawn with them into blanks: every run of '_' but one between two
// letters or digits (a word's own). A line is such a grid's when two or
// more of its cells touch a '|' with an underscore.
func blankPadding(t string) string {
	if strings.Count(t, "|") < 2 || strings.Count(t, "|_")+strings.Count(t, "_|") < 2 {
		return t // cheap: no grid cell drawn so, or one at most
	}
	padded := 0
	for f := range strings.SplitSeq(t, "|") {
		if strings.HasPrefix(f, "_") || strings.HasSuffix(f, "_") {
			padded++
		}
	}
	if padded < 2 {
		return t
	}
	b := []byte(t)
	for i := 0; i < len(b); {
		if b[i] != '_' {
			i++
			continue
		}
		j := i
		for j < len(b) && b[j] == '_' {
			j++
		}
		if i == 0 || j == len(b) || !alnum(b[i-1]) || !alnum(b[j]) {
			for k := i; k < j; k++ {
				b[k] = ' '
			}
		}
		i = j
	}
	return string(b)
}

// alnum reports whether c is an ASCII letter or digit.
func alnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// plain reports whether s is canonical but for trailing blanks: no tab and
// no byte that may start a Unicode space or line separator.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', 0xc2, 0xe1, 0xe2, 0xe3:
			return false
		}
	}
	return true
}

// spaceWidth returns how many spaces the Unicode space r shows as, 0 when r
// is not one. Zero-width spaces (U+200B) are not blanks a reader aligns by
// and stay as they are.
func spaceWidth(r rune) int {
	switch {
	case r == 0x00a0, r == 0x1680, r == 0x202f, r == 0x205f:
		return 1
	case r == 0x2001, r == 0x2003, r == 0x3000:
		return 2 // em quad, em space, ideographic space: two columns wide
	case r == 0x0085, r == 0x2028, r == 0x2029:
		return 2 // a line separator inside a line parts cells
	case r >= 0x2000 && r <= 0x200a:
		return 1
	}
	return 0
}

// dedent removes n leading bytes (blanks) from l.
func (l Line) dedent(n int) Line {
	if n == 0 {
		return l
	}
	if l.raw == nil {
		return Line{Text: l.Text[n:], shift: l.shift + n}
	}
	return Line{Text: l.Text[n:], raw: l.raw[n:]}
}

// Indent returns the number of leading blanks of a canonical line's text.
func Indent(t string) int {
	n := 0
	for n < len(t) && t[n] == ' ' {
		n++
	}
	return n
}

// CommonIndent returns the indentation every non-blank line of lines
// shares: 0 when one starts at the margin or none holds text.
func CommonIndent(lines []Line) int {
	common := -1
	for _, l := range lines {
		if l.Text == "" {
			continue
		}
		if n := Indent(l.Text); common < 0 || n < common {
			common = n
			if n == 0 {
				return 0
			}
		}
	}
	return max(common, 0)
}

// Dedent removes the common indentation of lines in place and returns it.
func Dedent(lines []Line) int {
	n := CommonIndent(lines)
	if n > 0 {
		for i, l := range lines {
			if l.Text != "" {
				lines[i] = l.dedent(n)
			}
		}
	}
	return n
}
