package parse

import (
	"strings"
	"unicode/utf8"
)

// Byte and string predicates the families' cheap shape checks share.

// isDigit reports whether b is an ASCII digit.
func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// ascii reports whether s is all ASCII.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// hasDigit reports whether s holds an ASCII digit.
func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if '0' <= s[i] && s[i] <= '9' {
			return true
		}
	}
	return false
}

// fieldCount is len(strings.Fields(s)) without building the fields, for
// the families' cheap shape checks on every line.
func fieldCount(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return len(strings.Fields(s)) // Unicode white space
		}
		sp := c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
		if !sp && !in {
			n++
		}
		in = !sp
	}
	return n
}
