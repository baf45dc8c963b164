package normalize

import (
	"regexp"
	"strings"
)

// Unit is what a unit text says about the values.
type Unit struct {
	// Symbol is the canonical unit: "ns", "us", "ms", "s", "min", "KB/s",
	// "MB/s", "GB/s", "Mbit/s", "Gbit/s", "ops/s", "req/s", "us/op", "%";
	// empty when the text names none.
	Symbol string
	// Normalized is true for ratios to a baseline ("Normalized time").
	Normalized bool
	// Direction is the better-direction the unit or metric implies
	// ("lower" for times and latencies, "higher" for rates), or "".
	Direction string
}

// unitWords maps the ways a unit is written to its canonical symbol, with
// the better-direction the unit implies. Keys are lower case; per-time
// forms come before the bare time units so "ops/s" is not read as "s".
var unitWords = []struct {
	re        *regexp.Regexp
	symbol    string
	direction string
}{
	{wordRe(`usecs?/op|us/op|µs/op|microseconds? per op(eration)?`), "us/op", "lower"},
	{wordRe(`nsecs?/op|ns/op`), "ns/op", "lower"},
	{wordRe(`kb/s|kib/s|kbytes/s(ec)?`), "KB/s", "higher"},
	{wordRe(`mb/s|mib/s|mbytes/s(ec)?|megabytes per second`), "MB/s", "higher"},
	{wordRe(`gb/s|gib/s|gbytes/s(ec)?|gigabytes per second`), "GB/s", "higher"},
	{wordRe(`mbit/s|mbits/s(ec)?|mbps|megabits per second`), "Mbit/s", "higher"},
	{wordRe(`gbit/s|gbits/s(ec)?|gbps|gigabits per second`), "Gbit/s", "higher"},
	{wordRe(`requests?/s(ec)?|req/s(ec)?|requests? per second|rps`), "req/s", "higher"},
	{wordRe(`ops/s(ec)?|operations? per second|op/s|iterations?/s(ec)?|iterations? per second|loops?/s(ec)?|loops? per second|transactions?/s(ec)?|transactions? per second|tps|iops`), "ops/s", "higher"},
	{wordRe(`ns|nsecs?|nanoseconds?`), "ns", "lower"},
	{wordRe(`us|µs|μs|usecs?|microseconds?`), "us", "lower"},
	{wordRe(`ms|msecs?|milliseconds?`), "ms", "lower"},
	{wordRe(`s|secs?|seconds?`), "s", "lower"},
	{wordRe(`mins?|minutes?`), "min", "lower"},
	{wordRe(`%|percent`), "%", ""},
}

// metricWords give a direction to unit texts that name a metric but no
// symbol ("Normalized throughput").
var metricWords = []struct {
	re        *regexp.Regexp
	direction string
}{
	{wordRe(`latency|latencies|time|runtime|duration|elapsed|wall[- ]clock|cycles`), "lower"},
	{wordRe(`throughput|througput|bandwidth|score|rate|per second|per minute`), "higher"},
}

// wordRe matches alternatives as whole words: not inside a longer word or
// number, so "ms" is not read in "items" nor "s" in "ops".
func wordRe(alt string) *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[^\pL\pN_/])(?:` + alt + `)(?:$|[^\pL\pN_/])`)
}

// ParseUnit reads a unit text as tables state it: "us", "Normalized time in
// seconds", "Normalized Bandwidth, MB/s", "(ops/sec)".
func ParseUnit(text string) Unit {
	low := strings.ToLower(strings.TrimSpace(text))
	if low == "" {
		return Unit{}
	}
	u := Unit{Normalized: strings.Contains(low, "normali")}
	for _, w := range unitWords {
		if w.re.MatchString(low) {
			u.Symbol, u.Direction = w.symbol, w.direction
			break
		}
	}
	if u.Direction == "" || metricFirst(low) {
		for _, m := range metricWords {
			if m.re.MatchString(low) {
				u.Direction = m.direction
				break
			}
		}
	}
	return u
}

// metricFirst reports whether a metric word should decide over the unit
// symbol: "99th percentile latency in us" is lower either way, but
// "throughput in seconds" does not occur, while "ops in 10 s" does: a rate
// metric beats a time symbol.
func metricFirst(low string) bool {
	return metricWords[1].re.MatchString(low) && !metricWords[0].re.MatchString(low)
}
