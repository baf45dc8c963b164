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

// mmStatFirst are the bytes an mmtests statistic may start with: the first
// letters of its names in either case, digits ("1st-qrtle"), and any
// non-ASCII byte (case folding maps "ſ" to 's' and the Kelvin sign to 'k').
var mmStatFirst = func() (t [256]bool) {
	for _, c := range []byte("ahgmscrodbpAHGMSCRODBP0123456789") {
		t[c] = true
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = true
	}
	return t
}()

// mayBeMMStat is the guard of mmStat.
func mayBeMMStat(w string) bool { return w != "" && mmStatFirst[w[0]] }
