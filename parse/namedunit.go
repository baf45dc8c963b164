package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// The units a named-number line (named.go) recognises after a number, and
// the field a figure named only by its unit takes.

// ukind is what a unit measures.
type ukind uint8

const (
	uNone    ukind = iota
	uTime          // ns, us, ms, s, seconds, min
	uRate          // anything per second: MB/s, calls/s, Mbps, pps, IOPS
	uCost          // anything per operation: ns/op, cycles/byte
	uSize          // B, KiB, MB, bytes, MBytes
	uPercent       // %
	uRatio         // x, as in "1.7x"
	uCycles        // cycles
)

// strong reports whether a figure in this unit was measured: a time, a
// rate, a cost, a ratio, a cycle count. Sizes and percentages are as
// often the state of a box ("MemTotal: 16 GB", "Use%: 45%") as results.
func (k ukind) strong() bool {
	switch k {
	case uTime, uRate, uCost, uRatio, uCycles:
		return true
	}
	return false
}

// unitOf returns what unit s measures, uNone for a word that is no unit:
// token.UnitOf's reading, with what a named line adds to it. Any word of
// letters before "/s" or "/op" names what is counted ("err,drop/s" of
// xdp-bench), "cycles" alone is a count of its own, an upper-case "S" is
// a second; "X" is a link's width ("4X"), and frequencies and energies
// are settings and state more often than results on such lines.
func unitOf(s string) ukind {
	switch {
	case s == "S":
		return uTime
	case strings.EqualFold(s, "cycles"):
		return uCycles
	}
	switch token.UnitOf(s) {
	case token.Time:
		return uTime
	case token.Size:
		return uSize
	case token.Rate:
		return uRate
	case token.Cost:
		return uCost
	case token.PercentUnit:
		return uPercent
	case token.Ratio:
		if s == "x" {
			return uRatio
		}
		return uNone
	case token.Freq, token.Energy:
		return uNone
	}
	if num, per, ok := strings.Cut(strings.ToLower(s), "/"); ok && unitWord(num) {
		switch {
		case token.PerSecond(per):
			return uRate
		case token.PerOp(per):
			return uCost
		}
	}
	return uNone
}

// unitWord reports whether s can stand before "/s": a size or count word
// of letters ("calls", "msg", "MB"), a magnitude ("M", "k"), or counts
// named together ("err,drop" in xdp-bench's "err,drop/s").
func unitWord(s string) bool {
	if s == "" || len(s) > 10 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isLetter(s[i]) && s[i] != '_' && s[i] != '-' && (s[i] != ',' || i == 0) {
			return false
		}
	}
	return true
}

// unitField names a figure by its unit alone: seconds by their usual
// field name, the others in lower case with "/sec" written "/s"
// ("MB/sec" gives "mb/s").
func unitField(unit string) string {
	low := strings.ToLower(unit)
	switch low {
	case "s", "sec", "secs", "second", "seconds":
		return "seconds"
	case "%":
		return "share"
	}
	for _, per := range []string{"/second", "/sec"} {
		if strings.HasSuffix(low, per) {
			return strings.TrimSuffix(low, per) + "/s"
		}
	}
	return low
}

// unitBase is a unit field without its SI prefix ("mb/s" and "gb/s" give
// "b/s", "ms" gives "s"), so that one quantity written with two prefixes
// keeps one field; "" for a field that names no unit.
func unitBase(field string) string {
	if field == "seconds" {
		return "s"
	}
	k := unitOf(field)
	if k == uNone || k == uPercent || k == uRatio {
		return ""
	}
	if len(field) > 1 && strings.ContainsRune("kmgtuµnp", rune(field[0])) && unitOf(field[1:]) == k {
		return field[1:]
	}
	if strings.HasPrefix(field, "µ") && unitOf(field[len("µ"):]) == k {
		return field[len("µ"):]
	}
	return field
}
