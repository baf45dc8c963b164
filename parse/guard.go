package parse

import (
	"regexp"
	"strings"
)

// guardedRE is a family's line pattern behind a cheap test that every
// string the pattern matches passes (a literal the pattern requires, a
// first byte it may start with): most lines fail the test, and the regular
// expression only runs on the rest. The families run these patterns over
// every line of every candidate block.
type guardedRE struct {
	re  *regexp.Regexp
	may func(string) bool
}

// guard puts re behind may.
func guard(may func(string) bool, re *regexp.Regexp) guardedRE { return guardedRE{re: re, may: may} }

// MatchString is regexp.Regexp.MatchString.
func (g guardedRE) MatchString(s string) bool { return g.may(s) && g.re.MatchString(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (g guardedRE) FindStringSubmatch(s string) []string {
	if !g.may(s) {
		return nil
	}
	return g.re.FindStringSubmatch(s)
}

// FindAllStringIndex is regexp.Regexp.FindAllStringIndex.
func (g guardedRE) FindAllStringIndex(s string, n int) [][]int {
	if !g.may(s) {
		return nil
	}
	return g.re.FindAllStringIndex(s, n)
}

// containingFold is the guard of a case-insensitive pattern that requires
// lit, a lower-case ASCII literal none of whose letters case folding maps
// outside ASCII (so not 'k' or 's').
func containingFold(lit string) func(string) bool {
	return func(s string) bool { return containsASCIIFold(s, lit) }
}

// containsASCIIFold reports whether s holds lit, a lower-case ASCII
// literal, in any case of its ASCII letters. It is strings.Contains over
// strings.ToLower(s) without the copy for literals holding no 'i' or 'k'
// (the only ASCII letters lower-casing maps other runes to: U+0130 and the
// Kelvin sign).
func containsASCIIFold(s, lit string) bool {
	for i := 0; i+len(lit) <= len(s); i++ {
		k := 0
		for ; k < len(lit); k++ {
			c := s[i+k]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lit[k] {
				break
			}
		}
		if k == len(lit) {
			return true
		}
	}
	return false
}

// containing is the guard of a pattern whose every match holds one of
// the literals lits.
func containing(lits ...string) func(string) bool {
	return func(s string) bool {
		for _, l := range lits {
			if strings.Contains(s, l) {
				return true
			}
		}
		return false
	}
}

// mayBeMMStat is the guard of mmStat: the first two characters of one of
// its names in either case ("am" of Amean, "1s" of 1st-qrtle, "p9" of
// p99). A non-ASCII byte passes: case folding maps "ſ" to 's' and the
// Kelvin sign to 'k'.
func mayBeMMStat(w string) bool {
	if len(w) < 2 {
		return false
	}
	a, b := w[0]|0x20, w[1]|0x20 // ASCII lower case
	if w[0] >= 0x80 || w[1] >= 0x80 {
		return true
	}
	switch {
	case a == 'a' || a == 'h' || a == 'g':
		return b == 'm'
	case a == 'm':
		return b == 'e' || b == 'i' || b == 'a'
	case a == 's':
		return b == 't'
	case a == 'c':
		return b == 'o'
	case a == 'r':
		return b == 'a'
	case a == 'o':
		return b == 'p'
	case a == 'd':
		return b == 'u'
	case a == 'b':
		return b == 'a' || b == 'h' || b == 'g'
	case a == 'p':
		return isDigit(w[1])
	case isDigit(w[0]):
		return b == 's' || b == 'n' || b == 'r' || b == 't'
	}
	return false
}
