package token

import "strings"

// UnitKind is what a unit measures.
type UnitKind uint8

// The kinds of units UnitOf knows.
const (
	NoUnit      UnitKind = iota // not a unit
	Time                        // ns, usec, ms, s, seconds, min
	Size                        // B, KiB, MB, bytes, Mbit
	Rate                        // anything per second: MB/s, ops/sec, K/sec, /s, Mbps, IOPS, pps
	Cost                        // anything per operation: ns/op, usecs/op, cycles/byte
	Freq                        // Hz, MHz, GHz
	Ratio                       // x, as in "1.7x"
	Energy                      // W, mW, J, Joules, Watts
	PercentUnit                 // %
)

// kindNames are the names of the unit kinds, as fields name them.
var kindNames = [...]string{NoUnit: "", Time: "time", Size: "size", Rate: "rate", Cost: "cost", Freq: "freq",
	Ratio: "ratio", Energy: "energy", PercentUnit: "pct"}

// String names what a unit measures: "time", "rate", ...; "" for NoUnit.
func (k UnitKind) String() string { return kindNames[k] }

// timeUnits are the time units, as written (case matters: "S" is no
// second, "MS" no millisecond).
var timeUnits = map[string]bool{
	"ns": true, "nsec": true, "nsecs": true, "us": true, "usec": true, "usecs": true, "µs": true, "μs": true,
	"ms": true, "msec": true, "msecs": true, "s": true, "sec": true, "secs": true, "second": true, "seconds": true,
	"min": true, "mins": true, "minute": true, "minutes": true,
}

// sizeUnits are the sizes, in lower case: a byte is "B" or "bytes", never
// "b" (a bit, or a letter).
var sizeUnits = map[string]bool{
	"kb": true, "kib": true, "mb": true, "mib": true, "gb": true, "gib": true, "tb": true, "tib": true,
	"bytes": true, "kbytes": true, "mbytes": true, "gbytes": true, "tbytes": true,
	"bit": true, "bits": true, "kbit": true, "mbit": true, "gbit": true, "kbits": true, "mbits": true, "gbits": true,
}

// rateWords are rates written without a slash, in lower case.
var rateWords = map[string]bool{
	"bps": true, "kbps": true, "mbps": true, "gbps": true, "pps": true, "kpps": true, "mpps": true,
	"iops": true, "kiops": true, "miops": true, "tps": true, "qps": true, "rps": true, "lps": true, "fps": true,
	"kops": true, "mops": true, "gops": true,
}

// countWords are the things counted per second or per operation, in lower
// case ("calls/s", "ops/sec", "cycles/byte"), with or without a magnitude
// before them ("Mops/s").
var countWords = map[string]bool{
	"op": true, "ops": true, "call": true, "calls": true, "msg": true, "msgs": true, "pkt": true, "pkts": true,
	"packet": true, "packets": true, "req": true, "reqs": true, "request": true, "requests": true, "io": true,
	"ios": true, "iops": true, "file": true, "files": true, "record": true, "records": true, "event": true,
	"events": true, "trans": true, "transactions": true, "tx": true, "rx": true, "frame": true, "frames": true,
	"page": true, "pages": true, "item": true, "items": true, "entry": true, "entries": true, "iter": true,
	"iters": true, "iteration": true, "iterations": true, "loop": true, "loops": true, "lookup": true,
	"lookups": true, "cycle": true, "cycles": true, "insn": true, "insns": true, "faults": true, "switches": true,
	"bogo": true, "bogo-ops": true, "bogo_ops": true, "hash": true, "hashes": true, "sample": true, "samples": true,
}

// perOp are the words after '/' that make a cost: per operation, call,
// byte, ...
var perOp = map[string]bool{
	"op": true, "ops": true, "call": true, "iter": true, "byte": true, "operation": true, "pkt": true,
	"packet": true, "insn": true, "req": true, "request": true, "msg": true, "page": true, "item": true,
	"entry": true, "lookup": true, "cpu": true, "loop": true, "cycle": true, "core": true, "thread": true,
	"node": true, "prod": true, "producer": true, "consumer": true,
}

// perSecond are the words after '/' that make a rate.
var perSecond = map[string]bool{"s": true, "sec": true, "secs": true, "second": true}

// PerSecond reports whether per, the lower-case word after a unit's '/',
// makes it a rate ("s", "sec").
func PerSecond(per string) bool { return perSecond[per] }

// PerOp reports whether per, the lower-case word after a unit's '/',
// makes it a cost: per operation, call, byte, packet, cpu, ...
func PerOp(per string) bool { return perOp[per] }

// UnitOf returns what the unit s measures, NoUnit for a word that is no
// unit. It knows units as tools and people write them: a magnitude
// before a count or before "/s" is part of the unit ("K/sec", "Mops/s",
// "1.39G/s"), a size or a count per second is a rate, a time or a count
// per operation is a cost.
func UnitOf(s string) UnitKind {
	if s == "" || len(s) > 16 {
		return NoUnit
	}
	switch s {
	case "%":
		return PercentUnit
	case "x", "X":
		return Ratio
	case "B":
		return Size
	case "W", "mW", "kW", "J", "mJ", "kJ", "Joules", "Watts", "joules", "watts":
		return Energy
	case "Hz", "kHz", "KHz", "MHz", "GHz":
		return Freq
	}
	if timeUnits[s] {
		return Time
	}
	low := strings.ToLower(s)
	if sizeUnits[low] {
		return Size
	}
	if rateWords[low] {
		return Rate
	}
	num, per, ok := strings.Cut(low, "/")
	if !ok || strings.Contains(per, "/") {
		return NoUnit
	}
	switch {
	case perSecond[per] && (num == "" || magnitudeLetter(num) || sizeUnits[num] || num == "b" || countOf(num)):
		return Rate
	case perOp[per] && (timeUnits[num] || countOf(num) || sizeUnits[num] || num == "b"):
		return Cost
	}
	return NoUnit
}

// countOf reports whether s (lower case) is a counted thing, with or
// without a magnitude before it ("ops", "mops", "kcalls").
func countOf(s string) bool {
	if countWords[s] {
		return true
	}
	return len(s) > 1 && magnitudeLetter(s[:1]) && countWords[s[1:]]
}

// magnitudeLetter reports whether s (lower case) is a magnitude letter
// written before a unit: k, m, g, t.
func magnitudeLetter(s string) bool {
	return s == "k" || s == "m" || s == "g" || s == "t"
}

// Magnitude returns the power of ten of a magnitude suffix written after
// a number ("k" and "K" 3, "M" 6, "G" 9, "T" 12), 0 for none. The suffixes
// are decimal: testers use them for counts and rates, and a binary reading
// of "250K" operations would invent digits nobody wrote.
func Magnitude(s string) int {
	return magnitudes[s]
}
