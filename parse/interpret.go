package parse

import (
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// Layer 3, interpretation: what one cell and one column title say. A
// value piece of a line is read into slots by the same rules wherever the
// piece sits: a number with what is written beside it ("4.25 (0.00 pct)",
// "3.703 us ( -1.91%)", "1.25 (  0.66)", "13.48 +- 5.19%"), a list of runs
// ("184, 171, 199"), a tuple ("( 0.40%,  0.00%)"), a duration ("1m41s"),
// or a missing-value mark ("-", "N/A") that holds the column's place. A
// title is a variant, a statistic ("Mean", "p99", "%Std.Dev."), a variant
// with its bracketed figures ("baseline(std%)"), a metric ("BW(MiB/s)") or
// a unit alone ("Bytes/sec").

// cellRead is what one value piece says.
type cellRead struct {
	slots []slot // one per number; several for a list of runs or a tuple
	list  bool   // the slots are runs of one quantity
	tuple bool   // the slots are the members of a "(a%, b%)" tuple
	start int    // display column of the piece
	end   int
}

// integer reports whether the cell is one whole number without a unit:
// the shape of a row key (a thread count, a queue depth).
func (c cellRead) integer() bool {
	if len(c.slots) != 1 || c.slots[0].missing || len(c.slots[0].extras) > 0 {
		return false
	}
	s := c.slots[0]
	return !strings.ContainsAny(s.num, ".eE") && (s.unit == "" || spacedUnits[s.unit])
}

// spacedUnits are unit words written after a number with a blank
// ("3.703 us", "44.234 Mops/s"); a row's trailing unit word is no column.
var spacedUnits = map[string]bool{
	"ns": true, "us": true, "usec": true, "usecs": true, "µs": true, "ms": true, "msec": true, "msecs": true,
	"s": true, "sec": true, "secs": true, "seconds": true, "%": true,
	"B": true, "KB": true, "kB": true, "MB": true, "GB": true, "KiB": true, "MiB": true, "GiB": true,
	"B/s": true, "KB/s": true, "kB/s": true, "MB/s": true, "GB/s": true, "KiB/s": true, "MiB/s": true, "GiB/s": true,
	"Mbit/s": true, "Gbit/s": true, "Mbps": true, "Gbps": true, "Kbps": true,
	"ops/s": true, "ops/sec": true, "Mops/s": true, "Kops/s": true, "op/s": true, "iops": true, "IOPS": true,
	"MHz": true, "GHz": true, "W": true, "mW": true, "J": true, "lps": true, "cycles": true,
}

// readCell reads a piece as value cells: one cell, a list of runs in one
// cell, or several cells whose spacing a mailer collapsed to single blanks
// ("1.0242 (+1.5%) 1.0260 (+1.5%)"). ok is false for a piece that is a
// label or prose.
func readCell(p piece, style CommaStyle) ([]cellRead, bool) {
	ts, commas := listSplit(p.toks)
	ts = foldUnits(foldPct(minutesSeconds(ts)))
	if len(ts) == 1 && isMissingTok(ts[0]) {
		return []cellRead{{slots: []slot{{missing: true}}, start: p.start, end: p.end}}, true
	}
	if slots, ok := readTuple(ts, style); ok {
		return []cellRead{{slots: slots, tuple: true, start: p.start, end: p.end}}, true
	}
	var slots []slot
	for i := 0; i < len(ts); {
		s, j, ok := readSlot(ts, i, style)
		if !ok {
			return nil, false
		}
		slots = append(slots, s)
		i = j
	}
	switch {
	case len(slots) == 0 || commas && len(slots) < 2:
		return nil, false
	case commas:
		return []cellRead{{slots: slots, list: true, start: p.start, end: p.end}}, true
	}
	out := make([]cellRead, len(slots))
	for k, s := range slots {
		out[k] = cellRead{slots: slots[k : k+1 : k+1], start: s.start, end: s.end}
	}
	if len(out) == 1 {
		out[0].start, out[0].end = p.start, p.end
	}
	return out, true
}

// readTuple reads a bracketed tuple of numbers, "( 0.40%,  0.00%)": the
// shares of two states in one cell. A closing bracket lost at the end of
// a row is no reason to lose the row.
func readTuple(ts []token.Token, style CommaStyle) ([]slot, bool) {
	n := len(ts)
	if n < 4 || ts[0].Text != "(" {
		return nil, false
	}
	end := n
	if ts[n-1].Text == ")" {
		end = n - 1
	}
	var out []slot
	for i := 1; i < end; i++ {
		if len(out) > 0 {
			if ts[i].Text != "," || i+1 == end {
				return nil, false // a member must follow each comma
			}
			i++
		}
		t := ts[i]
		v, ok := token.Value(t, style)
		if t.Kind != token.Num || !ok {
			return nil, false
		}
		out = append(out, slot{num: v, text: t.Text, start: t.Start, end: t.End})
	}
	return out, len(out) >= 2
}

// isMissingTok reports whether a token marks a value a run did not give.
func isMissingTok(t token.Token) bool {
	switch t.Kind {
	case token.Word, token.Dash, token.Other:
		return IsMissing(t.Text) || t.Text == "TBD"
	}
	return false
}

// listSplit drops the commas of a list of runs glued to the numbers
// ("184," "88.1k,"), so that each run reads as a number, and reports
// whether there were any.
func listSplit(ts []token.Token) ([]token.Token, bool) {
	commas := false
	out := ts
	for i, t := range ts {
		if len(t.Text) < 2 || !strings.HasSuffix(t.Text, ",") || t.Kind != token.Num && t.Kind != token.Word || i+1 == len(ts) {
			continue
		}
		if !commas {
			out = append([]token.Token(nil), ts...)
			commas = true
		}
		head := token.Token{Kind: token.Word, Text: t.Text[:len(t.Text)-1], Start: t.Start, End: t.End - 1}
		if isDigit(head.Text[len(head.Text)-1]) {
			head.Kind = token.Num
		} else {
			head = token.AppendWord(nil, head)[0]
		}
		out[i] = head
	}
	return out, commas
}

// foldPct reads "(0.00 pct)" as a bracketed percentage, as "(0.00%)" is.
func foldPct(ts []token.Token) []token.Token {
	var out []token.Token
	for i := 0; i < len(ts); i++ {
		if i+3 < len(ts) && ts[i].Text == "(" && ts[i+1].Kind == token.Num && ts[i+2].Text == "pct" && ts[i+3].Text == ")" {
			if out == nil {
				out = append([]token.Token(nil), ts[:i]...)
			}
			out = append(out, token.Token{Kind: token.Paren, Text: ts[i+1].Text + "%", Start: ts[i].Start, End: ts[i+3].End, Number: ts[i+1].Text + "%"})
			i += 3
			continue
		}
		if out != nil {
			out = append(out, ts[i])
		}
	}
	if out == nil {
		return ts
	}
	return out
}

// minutesSeconds reads durations written "1m41s" (fsmark, time(1)) as
// seconds, keeping the text as written.
func minutesSeconds(ts []token.Token) []token.Token {
	var out []token.Token
	for i, t := range ts {
		secs, ok := minSec(t.Text)
		if t.Kind != token.Word || !ok {
			continue
		}
		if out == nil {
			out = append([]token.Token(nil), ts...)
		}
		out[i] = token.Token{Kind: token.Num, Text: t.Text, Start: t.Start, End: t.End, Number: secs, Unit: "s"}
	}
	if out == nil {
		return ts
	}
	return out
}

// minSec converts "1m41s" or "2m03.5s" to seconds as an exact decimal.
func minSec(s string) (string, bool) {
	m, rest, ok := strings.Cut(s, "m")
	if !ok || m == "" || !strings.HasSuffix(rest, "s") || len(rest) < 2 {
		return "", false
	}
	sec := rest[:len(rest)-1]
	for i := 0; i < len(m); i++ {
		if !isDigit(m[i]) {
			return "", false
		}
	}
	whole, frac, _ := strings.Cut(sec, ".")
	if whole == "" || len(whole) > 2 {
		return "", false
	}
	for _, part := range []string{whole, frac} {
		for i := 0; i < len(part); i++ {
			if !isDigit(part[i]) {
				return "", false
			}
		}
	}
	mins, secs := 0, 0
	for i := 0; i < len(m); i++ {
		mins = mins*10 + int(m[i]-'0')
	}
	for i := 0; i < len(whole); i++ {
		secs = secs*10 + int(whole[i]-'0')
	}
	out := strconv.Itoa(mins*60 + secs)
	if frac != "" {
		out += "." + frac
	}
	return out, true
}

// foldUnits joins a unit word written after a number with one blank
// ("3.703 us") to the number, as if it were glued.
func foldUnits(ts []token.Token) []token.Token {
	var out []token.Token
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if t.Kind == token.Num && t.Unit == "" && t.Mult == 0 && i+1 < len(ts) && ts[i+1].Kind == token.Word &&
			spacedUnits[ts[i+1].Text] && ts[i+1].Start-t.End == 1 {
			if out == nil {
				out = append([]token.Token(nil), ts[:i]...)
			}
			u := ts[i+1]
			out = append(out, token.Token{Kind: token.Num, Text: t.Text + " " + u.Text, Start: t.Start, End: u.End, Number: t.Text, Unit: u.Text})
			i++
			continue
		}
		if out != nil {
			out = append(out, t)
		}
	}
	if out == nil {
		return ts
	}
	return out
}

// colMeaning is what a column title says its numbers are.
type colMeaning struct {
	variant, field string
	paren          string // field of bracketed figures, "" for the table's change
	pctMain        bool   // the main figures are changes in percent
}

// meaning reads a column title: a statistic or percentile names a field
// ("Mean", "p99"); an annotated title ("baseline(std%)") a variant with
// its bracketed figures; a metric with a unit ("BW(MiB/s)") a field;
// anything else a variant.
func meaning(title string) colMeaning {
	if title == "" {
		return colMeaning{field: "value"}
	}
	if f, ok := statField(title); ok {
		return colMeaning{field: f}
	}
	// "p50 latency", "99th lat": a percentile of the quantity named after it
	if words := strings.Fields(title); len(words) == 2 && metricWords[strings.ToLower(words[1])] {
		if p, ok := percentileName(strings.ToLower(words[0])); ok {
			return colMeaning{field: p}
		}
	}
	if base, paren, pct := annotated(title); paren != "" {
		m := colMeaning{variant: base, field: "value", paren: paren, pctMain: pct}
		if pct {
			m.field = "pct"
		}
		return m
	}
	return colMeaning{variant: title, field: "value"}
}

// unitFragment reports whether a header fragment names only a unit.
func unitFragment(f string) bool {
	t := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(f), "("), ")")
	if spacedUnits[t] && !strings.EqualFold(t, "iops") {
		return true
	}
	switch strings.ToLower(t) {
	case "bytes/sec", "bytes/s", "per sec", "per second", "/sec", "/s", "nanosecs", "nsecs", "microsecs",
		"millisecs", "nanoseconds", "microseconds", "milliseconds", "bytes", "kib", "mib", "gib":
		return true
	}
	return false
}

// dotsAndBlanks deletes the dots and blanks of a statistic's name.
var dotsAndBlanks = strings.NewReplacer(".", "", " ", "")

// statName reads a header fragment that names a statistic, as statField
// does, also where it is written with dots or a '%' ("%Std.Dev." is the
// relative standard deviation, cv).
func statName(f string) (string, bool) {
	if s, ok := statField(f); ok {
		return s, true
	}
	t := strings.ToLower(dotsAndBlanks.Replace(f))
	rel := strings.HasPrefix(t, "%") || strings.HasSuffix(t, "%")
	switch strings.Trim(t, "%") {
	case "stddev", "stdev", "std", "sd", "stddeviation", "standarddeviation":
		if rel {
			return "cv", true
		}
		return "stddev", true
	}
	return "", false
}

// metricWords are the first words of column titles that name a quantity
// rather than a kernel or configuration.
var metricWords = map[string]bool{
	"bandwidth": true, "bw": true, "latency": true, "lat": true, "iops": true, "io-ops": true,
	"throughput": true, "tput": true, "ops": true, "time": true, "runtime": true, "rate": true,
	"util": true, "utilization": true, "usage": true, "ipc": true, "cycles": true, "instructions": true,
	"power": true, "energy": true, "score": true, "duration": true, "elapsed": true, "wall": true,
	"clat": true, "slat": true, "transactions": true, "requests": true, "errors": true, "size": true,
	"cpu": true, "cpu%": true, "%cpu": true,
}

// metricField turns a metric title into a field: a unit in brackets
// dropped ("BW(MiB/s)" -> "bw", "clat p99(us)" -> "clat_p99"), then a
// statistic's name or the title as fieldName writes it.
func metricField(title string) string {
	t := strings.TrimSuffix(strings.TrimPrefix(title, "["), "]")
	t = strings.ReplaceAll(t, " %", " percent") // "OU %": ou_percent
	if i := strings.IndexAny(t, "(["); i > 0 && strings.HasSuffix(t, ")") || i > 0 && strings.HasSuffix(t, "]") {
		t = t[:i]
	}
	if f, ok := statField(t); ok {
		return f
	}
	return fieldName(t)
}

// tupleField names member k of a tuple cell: by the tuple heading when
// there is one, else value, value_2, ...
func tupleField(names []string, k int) string {
	if k < len(names) {
		return names[k]
	}
	if k == 0 {
		return "value"
	}
	return "value_" + strconv.Itoa(k+1)
}

// cellText is a number as written.
func cellText(s slot) string {
	if s.text != "" {
		return s.text
	}
	return s.num
}
