package parse

import "strings"

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

var timeUnits = map[string]bool{
	"ns": true, "nsec": true, "nsecs": true, "us": true, "usec": true, "usecs": true, "µs": true, "μs": true,
	"ms": true, "msec": true, "msecs": true, "s": true, "sec": true, "secs": true, "second": true,
	"seconds": true, "min": true, "mins": true, "minute": true, "minutes": true,
}

var sizeUnits = map[string]bool{
	"b": true, "kb": true, "kib": true, "mb": true, "mib": true, "gb": true, "gib": true, "tb": true, "tib": true,
	"bytes": true, "kbytes": true, "mbytes": true, "gbytes": true, "tbytes": true,
	"bits": true, "kbits": true, "mbits": true, "gbits": true, "kbit": true, "mbit": true, "gbit": true,
}

// rateUnits are the rates written without a slash.
var rateUnits = map[string]bool{
	"bps": true, "kbps": true, "mbps": true, "gbps": true, "pps": true, "kpps": true, "mpps": true,
	"iops": true, "kiops": true, "miops": true, "tps": true, "qps": true, "rps": true, "fps": true,
	"mops": true, "kops": true, "gops": true,
}

// unitOf returns what unit s measures, uNone for a word that is no unit.
func unitOf(s string) ukind {
	if s == "" || len(s) > 16 {
		return uNone
	}
	switch s {
	case "%":
		return uPercent
	case "x":
		return uRatio // "1.7x"; "4X" is a link's width
	}
	low := strings.ToLower(s)
	if low == "cycles" {
		return uCycles
	}
	if timeUnits[low] && (s == low || s == "S") {
		return uTime
	}
	if sizeUnits[low] && (low != "b" || s == "B") {
		return uSize
	}
	if rateUnits[low] {
		return uRate
	}
	if num, per, ok := strings.Cut(low, "/"); ok && unitWord(num) {
		switch per {
		case "s", "sec", "secs", "second":
			return uRate
		case "op", "ops", "call", "iter", "byte", "operation", "pkt", "packet", "insn", "req", "request",
			"prod", "producer", "consumer", "cpu", "core", "thread", "node", "msg", "page", "item", "entry", "lookup":
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
