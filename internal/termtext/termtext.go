// Package termtext renders text taken from mail for a terminal.
package termtext

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Visible renders the characters of s that a terminal would act on rather
// than show, so that a subject, an author, a label or a warning taken from
// mail can neither clear the screen, set the window title, ring the bell
// nor reorder what follows it. Control characters are shown in caret
// notation as git does (ESC as "^[", BEL as "^G", DEL as "^?"), C1
// controls, bidirectional and zero-width format characters and the
// Unicode line separators as "<U+202E>", and bytes that are not UTF-8 as
// "\xff". Tab and newline are kept. Every printer for a terminal (table,
// summary, compare, explain, warnings and errors) goes through it; the
// machine formats (JSONL, CSV, JSON, Parquet, databases) keep the text
// exact.
func Visible(s string) string {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf && !hidden(rune(s[i])) {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x20 || r == 0x7f:
			if hidden(r) {
				b.WriteByte('^')
				b.WriteByte(byte(r) ^ 0x40)
			} else {
				b.WriteRune(r)
			}
		case hidden(r):
			fmt.Fprintf(&b, "<U+%04X>", r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// hidden reports whether a terminal acts on r instead of showing it, or
// shows nothing for it.
func hidden(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20 || r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r >= 0x200b && r <= 0x200f, r >= 0x2028 && r <= 0x202e, r >= 0x2060 && r <= 0x2069, r == 0xfeff:
		return true
	}
	return false
}
