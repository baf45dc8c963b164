package parse

import (
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/shell"
)

// The grammar of a named-number line: a label, then figures, each named
// the way a person reads it:
//
//	tcp rx:    469 MB/s     7930 calls/s            by its unit
//	Worst case   512 keys: min=0ms max=1ms mean=0.6ms by its key (k=v, k: v)
//	vers=2.1: read throughput 667MB/s, max IO size 1MB by the words before it (k v)
//	bench nr_prod 1  11.623 ± 0.027M/s (drops 0.000 ± 0.000M/s)   by a spread
//	:... v4.1 ... Uncached ... 20.540 s, 0.65 s kern, 3% cpu       by a word after its unit
//
// The label is what stands before the first figure: its own numbers
// ("512 keys", "nr_prod 1", "vers=2.1") are part of the name, as a person
// reads them. A figure is a number with a unit, a spread, or a key that
// names a statistic (min, max, mean, stddev, total, pNN); once a line has
// one, a later number with any key is a figure too ("min=1ms stddev=0.07").
// A number that nothing names after the first figure makes the line no
// named-number line: its meaning is its position, which a grid reads.

// figure is one named number of a line.
type figure struct {
	key    string // the words before it that name it, as written; "" when none
	sep    byte   // ':' or '=' after the key, ' ' for "key value", 0 without a key
	num    string // the number as written
	mag    string // a magnitude glued to the number ("k", "M")
	unit   string // the unit after it ("MB/s", "s", "%")
	after  string // a word after the unit that names it ("kern", "cpu")
	spread string // the number after '±'
	// spreadPct is true for a spread written in percent of the figure
	spreadPct bool
	paren     bool // inside brackets after another figure
	keyAt     int  // index of the first token of the figure, its key included
	endAt     int  // index after its last token
	labelIn   bool // the key names the row, not the figure: "Wall time: 6.6s"
	// lo and hi mark the ends of a range written "1.69s - 1.93s"
	lo, hi bool
}

// kind is what the figure's unit measures.
func (f *figure) kind() ukind { return unitOf(f.unit) }

// strong reports whether the figure says by itself that it was measured.
func (f *figure) strong() bool {
	return f.kind().strong() || f.spread != "" || statKey(f.key) || unitOf(f.key).strong() ||
		changeKey(f.key) && f.unit == "%"
}

// namedLine is a line read by the grammar.
type namedLine struct {
	label    string // the text before the first figure, as written
	labelEnd int    // the byte where the label ends in the line
	figures  []figure
	// strong is true when a figure says by itself that it was measured;
	// a line whose figures only a key names ("Connect count: 3") counts
	// among lines that do (named.go).
	strong bool
	// note is a bracketed remark after the figures that names the run
	// rather than measures it ("(loop 2)"); it goes with the label.
	note string
	// placed is true when figures of one unit stand side by side, apart
	// by blanks only: repeated runs after a label, or a grid's row under a
	// header of columns (named.go tells them apart).
	placed bool
}

// statKey reports whether a key names a statistic of repeated
// measurements.
func statKey(key string) bool {
	switch normKey(key) {
	case "min", "max", "avg", "mean", "median", "stddev", "stdev", "std", "sd", "total", "sum", "average",
		"minimum", "maximum", "std dev", "std.dev", "deviation", "variance", "var", "cv":
		return true
	}
	return percentileKey(normKey(key))
}

// percentileKey reports whether a key names a percentile: "p99",
// "p99.9", "99th", "50.00th".
func percentileKey(k string) bool {
	if p, ok := strings.CutPrefix(k, "p"); ok && p != "" && allDigits(strings.Replace(p, ".", "", 1)) {
		return true
	}
	p, ok := strings.CutSuffix(k, "th")
	return ok && p != "" && isDigit(p[0]) && allDigits(strings.Replace(p, ".", "", 1))
}

// changeKey reports whether a key names a change against a reference:
// "diff", "delta", "change", "improvement".
func changeKey(key string) bool {
	switch normKey(key) {
	case "diff", "delta", "change", "improvement", "gain", "speedup", "regression", "impr", "imp":
		return true
	}
	return false
}

// settingKey reports whether a key names a setting of a run rather than
// a measurement: "period 1s", "timeout=60s", "timeout remaining: 200ms".
func settingKey(key string) bool {
	k := normKey(key)
	switch k {
	case "runtime", "run time", "time_based", "ramp_time":
		return true
	}
	for _, w := range strings.Fields(k) {
		switch w {
		case "period", "duration", "timeout", "interval", "ramp", "delay", "sleep", "deadline", "budget", "tick",
			"frequency", "freq", "warmup", "warm-up":
			return true
		}
	}
	return false
}

// outcomeCounts reports whether the figures are a test run's outcome
// counts ("Passed: 3, Failed: 0", "pass:0 fail:3 skip:0 total:3"): how
// many tests passed is no measurement.
func outcomeCounts(figs []figure) bool {
	outcome := false
	for _, f := range figs {
		switch normKey(f.key) {
		case "passed", "failed", "skipped", "errors", "crashed", "pass", "fail", "skip", "error", "warnings",
			"ok", "not ok", "xfail", "xpass", "timeouts", "total tests", "tests":
			outcome = true
		case "total":
		default:
			return false
		}
	}
	return outcome
}

// normKey lower-cases a key and drops the dots that end its words
// ("Std. dev." is "std dev").
func normKey(key string) string {
	words := strings.Fields(strings.ToLower(key))
	for i, w := range words {
		words[i] = strings.TrimSuffix(w, ".")
	}
	return strings.Join(words, " ")
}

// fillerWord reports whether a word before a number names nothing: "in"
// ("220 MB in 3.02 seconds"), "about", "of".
func fillerWord(w string) bool {
	switch strings.ToLower(w) {
	case "in", "of", "at", "to", "for", "from", "and", "or", "about", "around", "approx", "approx.", "approximately",
		"roughly", "only", "~", "is", "was", "are", "were", "by", "on", "than", "then", "got", "gives", "took", "takes":
		return true
	}
	return false
}

// readNamedLine reads one line; ok is false when it is no named-number
// line. A line of weak figures only (sizes, percentages, bare keyed
// numbers) is read with strong false.
func readNamedLine(text string, comma CommaStyle) (namedLine, bool) {
	if !namedShaped(text) {
		return namedLine{}, false
	}
	return readNamed(text, comma)
}

// readNamed is readNamedLine without its cheap check first.
func readNamed(text string, comma CommaStyle) (namedLine, bool) {
	if len(text) > grammar.MaxLine || !hasDigit(text) || shell.IsCommand(strings.TrimLeft(text, "# \t")) ||
		layout.IsProse(text) && !strings.ContainsAny(text, ":=") {
		return namedLine{}, false // a command, or running text that mentions a figure
	}
	if t := strings.TrimSpace(text); strings.HasPrefix(t, "| ") && strings.Count(t, "|") == 1 {
		text = strings.Replace(text, "|", " ", 1) // "| Timing reads: ...": a paste marked line by line
	}
	toks, release := scanNamedPooled(text)
	defer release()
	var figs []figure
	var note []string
	used := make([]bool, len(toks)) // tokens that belong to a figure
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == nkArrow || t.kind == nkDash && t.text[0] == '|' {
			return namedLine{}, false // a comparison on a line (arrow.go, measure.go), a grid's row
		}
		if t.kind != nkNum {
			continue
		}
		if _, ok := ReadNumber(t.num, comma); !ok {
			continue
		}
		f, end := readFigure(toks, i, used, comma)
		if f.unit == "" && f.spread == "" {
			if bare := shareUnit(toks, i, comma); bare != "" {
				f.unit = bare // "412 409 415 ops/s": the unit of the run's last number
			}
		}
		named := f.unit != "" || f.spread != "" || f.key != "" && (f.sep == ':' || f.sep == '=')
		if !named {
			if len(figs) == 0 {
				if strings.ContainsAny(t.num, ".") && f.key == "" {
					return namedLine{}, false // "8 (opt)  1.4984  0.0638s": a column of measurements, a grid's
				}
				continue // part of the label: "nr_prod 1", "512 keys"
			}
			if o, c := noteAt(toks, i, figs[len(figs)-1].endAt); c > 0 {
				note = append(note, text[toks[o].start:toks[c].end]) // "(loop 2)": which run the row is
				i = c
				continue
			}
			return namedLine{}, false // a number nothing names: its place in a grid names it
		}
		if end < len(toks) && toks[end].kind == nkSep && toks[end].text == ":" {
			if len(figs) == 0 {
				continue // "64 KB: 1.2 GB/s": the figure before ':' names the row
			}
			return namedLine{}, false
		}
		for k := f.keyAt; k < end; k++ {
			used[k] = true
		}
		figs = append(figs, f)
		i = end - 1
	}
	figs = dropWeakLead(toks, used, figs)
	if len(figs) == 0 || outcomeCounts(figs) {
		return namedLine{}, false
	}
	strong := false
	for k := range figs {
		strong = strong || figs[k].strong() && !settingKey(figs[k].key)
	}
	at := toks[figs[0].keyAt].start
	if figuresAside(toks, figs) || sentenceLabel(text[:at]) || logLine(text[:at]) ||
		leaderBetween(toks, figs) || eventRecord(figs, comma) || testLogLabel(text[:at]) || described(figs) {
		return namedLine{}, false
	}
	markRanges(toks, figs)
	l := namedLine{label: strings.TrimSpace(text[:at]), labelEnd: at, figures: figs, strong: strong,
		placed: placedFigures(toks, figs), note: strings.Join(note, " ")}
	// "Wall time: 6.6s", "tcp rx: 469 MB/s 7930 calls/s", "on : 3012, diff:
	// -31.70%", "Summary 2,123 rx/s 0 drop/s": the key of a lone figure, one
	// ended by ':' that no other figure's key echoes but with a statistic
	// or a change, or words before figures that are all named by their
	// units, name the row, not the figure
	if f := &figs[0]; f.key != "" && !statKey(f.key) && !changeKey(f.key) &&
		(len(figs) == 1 && f.sep != '=' || f.sep == ':' && !rowKeyed(figs[1:]) || f.sep == ' ' && unkeyed(figs[1:])) {
		f.labelIn = true
	}
	return l, true
}

// namedShaped is the cheap check before a line is scanned, which most
// lines of a grid fail: a digit, and something that can name a figure
// (a letter of a key or unit, a key's ':' or '=', '%', a spread's '+' or
// '±', or any character past ASCII, as in "µs"). A line of bare numbers
// has no figure a name could go with. FuzzNamedShaped holds it to
// readNamed.
func namedShaped(text string) bool {
	digit, name := false, false
	for i := 0; i < len(text) && !(digit && name); i++ {
		switch c := text[i]; {
		case '0' <= c && c <= '9':
			digit = true
		case 'a' <= c|0x20 && c|0x20 <= 'z', c >= 0x80, c == ':', c == '=', c == '%', c == '+':
			name = true
		}
	}
	return digit && name
}

// namedFigures reports whether a line names two or more figures, one of
// which says it was measured.
func namedFigures(text string) bool {
	l, ok := readNamedLine(text, CommaUnknown)
	return ok && l.strong && len(l.figures) >= 2
}

// dropWeakLead gives the label the key-value pairs that a ':' of its own
// ends before the first figure that says it was measured ("vers=2.1,
// cache=on:" before "read rate 667MB/s"); a sized or percent figure stays
// a figure, and so do pairs with no such ':' after them ("lo:1 hi:2").
func dropWeakLead(toks []ntok, used []bool, figs []figure) []figure {
	weak := 0
	for weak < len(figs) && figs[weak].unit == "" && figs[weak].spread == "" && !statKey(figs[weak].key) {
		weak++
	}
	if weak == 0 || weak == len(figs) {
		return figs
	}
	for k := figs[weak-1].endAt; k < figs[weak].keyAt; k++ {
		if toks[k].kind == nkSep && toks[k].text == ":" && !used[k] {
			return figs[weak:]
		}
	}
	return figs
}

// unkeyed reports whether no figure outside brackets has a key: then the
// words before the first figure name the row ("Summary  2,123,456 rx/s
// 0 err,drop/s").
func unkeyed(figs []figure) bool {
	for _, f := range figs {
		if f.key != "" && !f.paren {
			return false
		}
	}
	return len(figs) > 0
}

// rowKeyed reports whether a figure outside brackets has a key ended by
// ':' that is no statistic or change of the figure before it.
func rowKeyed(figs []figure) bool {
	for _, f := range figs {
		if f.key != "" && f.sep == ':' && !f.paren && !statKey(f.key) && !changeKey(f.key) {
			return true
		}
	}
	return false
}

// readFigure reads the figure whose number is toks[i]: its unit, spread
// and after-word, then its key; end is the index after it.
func readFigure(toks []ntok, i int, used []bool, comma CommaStyle) (figure, int) {
	t := toks[i]
	f := figure{num: t.num, keyAt: i}
	end := i + 1
	if t.suffix != "" {
		if mag, _ := splitSuffix(t.suffix); mag {
			f.mag = t.suffix
		} else {
			f.unit = t.suffix
		}
	}
	if f.unit == "" && end < len(toks) && unitToken(toks[end]) {
		f.unit = toks[end].text
		end++
	}
	if end+1 < len(toks) && toks[end].kind == nkPM && toks[end+1].kind == nkNum {
		s := toks[end+1]
		if _, ok := ReadNumber(s.num, comma); ok {
			f.spread = s.num
			end += 2
			unit := s.suffix
			if unit == "" && end < len(toks) && unitToken(toks[end]) {
				unit = toks[end].text
				end++
			}
			switch mag, _ := splitSuffix(unit); {
			case unit == "%":
				f.spreadPct = true // "13.48 +- 5.19%": a relative spread
			case !mag && f.unit == "":
				f.unit = unit
			}
		}
	}
	if f.spread == "" && end+3 < len(toks) && toks[end].kind == nkOpen && toks[end+1].kind == nkPM &&
		toks[end+2].kind == nkNum && toks[end+2].suffix == "%" && toks[end+3].kind == nkClose {
		f.spread, f.spreadPct = toks[end+2].num, true // "0.13 ms (+-53.27%)", as perf prints a spread
		end += 4
	}
	if f.unit != "" && end < len(toks) && toks[end].kind == nkWord && unitOf(toks[end].text) == uNone && wordy(toks[end].text) {
		if next := end + 1; next == len(toks) || toks[next].kind == nkComma || toks[next].kind == nkClose {
			f.after = toks[end].text
			end++
		}
	}
	keyEnd := i
	if i >= 2 && toks[i-1].kind == nkOpen && toks[i-2].kind == nkSep && end < len(toks) && toks[end].kind == nkClose {
		keyEnd, end = i-1, end+1 // "50.00th=[ 1467]": a value in brackets after its key
	}
	readKey(toks, keyEnd, used, &f)
	f.paren = inParens(toks, f.keyAt)
	f.endAt = end
	return f, end
}

// unitToken reports whether a token is a unit standing apart from its
// number: "MB/s", "s", "calls/s", "%".
func unitToken(t ntok) bool {
	return (t.kind == nkWord || t.kind == nkOther) && unitOf(t.text) != uNone
}

// wordy reports whether a word can name a figure: letters, '_' or '-'.
func wordy(w string) bool {
	if len(w) > 24 || !hasLetter(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if !isLetter(w[i]) && w[i] != '_' && w[i] != '-' {
			return false
		}
	}
	return true
}

// readKey finds the words before the number at toks[i] (or the bracket
// that holds it) that name it: a run of words (and bracketed groups) ended
// by ':' or '=' right before the number, or right before it with no
// separator; filler words ("about", "in") between them and the number are
// skipped. The run stops at a bracket it does not close ("1.a) avg."), at
// a tag ("<old>"), and, with no separator, at a unit. A single word before
// a filler that follows a number is that number's noun, not a key
// ("100000 requests in 10.0s").
func readKey(toks []ntok, i int, used []bool, f *figure) {
	j := i - 1
	for j >= 0 && !used[j] && toks[j].kind == nkWord && fillerWord(toks[j].text) {
		j--
	}
	filler := j < i-1
	sep := byte(' ')
	spaced := false
	if j >= 0 && !used[j] && toks[j].kind == nkSep {
		sep = toks[j].text[0]
		spaced = j > 0 && toks[j-1].end < toks[j].start
		j--
	}
	end, start, depth := j, j+1, 0
scan:
	for ; j >= 0 && !used[j]; j-- {
		t := toks[j]
		switch {
		case t.kind == nkClose:
			depth++
		case t.kind == nkOpen && depth > 0:
			depth--
		case depth > 0 && (t.kind == nkWord || t.kind == nkNum):
		case t.kind == nkWord && !tagWord(t.text) && (sep != ' ' || unitOf(t.text) == uNone):
		default:
			break scan
		}
		if depth == 0 {
			start = j
		}
	}
	if start > end || toks[start].kind != nkWord {
		return
	}
	if filler && sep == ' ' && start == end && start > 0 && toks[start-1].kind == nkNum {
		return
	}
	key := make([]string, 0, end-start+1)
	for k := start; k <= end; k++ {
		key = append(key, toks[k].text)
	}
	words := strings.Join(key, " ")
	if !hasLetter(words) || sep == ' ' && (end-start >= 4 || fillerWord(toks[end].text)) {
		return
	}
	f.key, f.sep, f.keyAt = strings.ReplaceAll(strings.ReplaceAll(words, "( ", "("), " )", ")"), sep, start
	if sep == '=' && spaced {
		f.sep = ':' // "read latency = 81 us": a label, as with ':'
	}
}

// tagWord reports whether a word is a tag in angle brackets ("<old>"): a
// label of the line, never part of a figure's key.
func tagWord(w string) bool {
	return len(w) > 2 && w[0] == '<' && w[len(w)-1] == '>'
}

// inParens reports whether the token at k sits inside an open bracket.
func inParens(toks []ntok, k int) bool {
	depth := 0
	for j := 0; j < k; j++ {
		switch toks[j].kind {
		case nkOpen:
			depth++
		case nkClose:
			if depth > 0 {
				depth--
			}
		}
	}
	return depth > 0
}

// shareUnit returns the unit of a run of bare numbers that ends in one
// with a unit written apart ("412 409 415 411 ops/s", "7, 8, 9 ms"); ""
// when the number at toks[i] is not in such a run. A unit glued to the
// last number is that number's own ("12 11 -8.3%").
func shareUnit(toks []ntok, i int, comma CommaStyle) string {
	for k := i + 1; k < len(toks); k++ {
		t := toks[k]
		switch {
		case t.kind == nkComma:
			continue
		case t.kind == nkNum && t.suffix == "":
			if _, ok := ReadNumber(t.num, comma); !ok {
				return ""
			}
			continue
		case unitToken(t) && k > i+1:
			return t.text
		}
		return ""
	}
	return ""
}

// placedFigures reports whether a figure that nothing but its unit names
// follows one of the same unit with only blanks between ("3.70 us  3.63
// us", "Page fault  0.1012  0.0934 us"): under a header of columns what
// tells them apart is their column. A list written with commas ("Rate:
// 11.2MiB/s, 10.9MiB/s") is repeated runs of one figure.
func placedFigures(toks []ntok, figs []figure) bool {
	for k := 1; k < len(figs); k++ {
		f, prev := figs[k], figs[k-1]
		if f.key == "" && f.after == "" && prev.after == "" && f.unit != "" && strings.EqualFold(f.unit, prev.unit) &&
			!commaBetween(toks, prev.endAt, f.keyAt) && !(prev.lo && f.hi) {
			return true
		}
	}
	return false
}

// markRanges marks two figures of one unit joined by a dash as the ends
// of a range ("default: 1.698s - 1.937s"): its least and greatest value.
func markRanges(toks []ntok, figs []figure) {
	for k := 1; k < len(figs); k++ {
		a, b := &figs[k-1], &figs[k]
		if b.key == "" && !a.hi && a.unit != "" && strings.EqualFold(a.unit, b.unit) && b.keyAt == a.endAt+1 &&
			toks[a.endAt].kind == nkDash && (toks[a.endAt].text == "-" || toks[a.endAt].text == "~") {
			a.lo, b.hi = true, true
		}
	}
}

// leaderBetween reports whether leader dots stand between two figures
// ("113s ...  117s", xfstests' previous and current run): leaders belong
// to labels.
func leaderBetween(toks []ntok, figs []figure) bool {
	for k := figs[0].endAt; k < figs[len(figs)-1].keyAt; k++ {
		if toks[k].kind == nkLead {
			return true
		}
	}
	return false
}

// noteAt returns the brackets around the number at toks[i] when they
// open after the figure that ends at token from and hold no figure: a
// remark such as "(loop 2)" or "(run 3 of 5)"; c is 0 when there are
// none.
func noteAt(toks []ntok, i, from int) (o, c int) {
	o = -1
	for k := i - 1; k >= from; k-- {
		if toks[k].kind == nkOpen {
			o = k
			break
		}
		if toks[k].kind != nkWord && toks[k].kind != nkNum {
			return 0, 0
		}
	}
	if o < 0 {
		return 0, 0
	}
	worded := false
	for k := o + 1; k < i; k++ {
		worded = worded || toks[k].kind == nkWord
	}
	for k := i + 1; k < len(toks); k++ {
		switch toks[k].kind {
		case nkClose:
			if !worded {
				return 0, 0 // "(32)": a code, not a remark
			}
			return o, k
		case nkWord, nkNum:
			if toks[k].kind == nkNum && toks[k].suffix != "" {
				return 0, 0
			}
			worded = worded || toks[k].kind == nkWord
		default:
			return 0, 0
		}
	}
	return 0, 0
}

// commaBetween reports whether a comma stands between tokens a and b.
func commaBetween(toks []ntok, a, b int) bool {
	for k := a; k < b && k < len(toks); k++ {
		if toks[k].kind == nkComma {
			return true
		}
	}
	return false
}

// figuresAside reports whether the figures of a line are no results of it: a
// bracketed stamp that opens a log line ("[   10s] + umask 022"), or
// words that go on after the last figure, as a sentence, a log message or
// a row that names itself last does ("12 ms later the watchdog fired",
// "60457 ± 3%  +45.1%  87749 ± 2%  bench.ops").
func figuresAside(toks []ntok, figs []figure) bool {
	if first := figs[0]; first.keyAt > 0 && toks[0].kind == nkOpen && first.key == "" && first.paren {
		if figs[0].keyAt == 1 {
			return true
		}
	}
	words, depth := 0, 0
	for _, t := range toks[figs[len(figs)-1].endAt:] {
		switch t.kind {
		case nkOpen:
			depth++
		case nkClose:
			depth--
		case nkWord:
			if depth <= 0 {
				words++
			}
		}
	}
	return words >= 1
}

// described reports whether every figure of a line stands in brackets:
// they describe what the label names ("QLE2742 FW:v9.08.02 (32 Gbps)",
// "hugetlb (2048 kB)") rather than measure it.
func described(figs []figure) bool {
	for _, f := range figs {
		if !f.paren {
			return false
		}
	}
	return true
}

// eventRecord reports whether a line records one event rather than a
// measurement: a figure keyed by a sequence number or an id ("icmp_seq=3",
// "seq=0"), or a time in seconds large enough to be a clock's reading
// ("1595405085 s", "sec 1734578015.46").
func eventRecord(figs []figure, comma CommaStyle) bool {
	for _, f := range figs {
		switch normKey(f.key) {
		case "seq", "icmp_seq", "id", "pid", "tid", "idx", "index", "sequence":
			return true
		}
		if unitField(f.unit) == "seconds" || normKey(f.key) == "sec" {
			if v, err := strconv.ParseFloat(strings.ReplaceAll(string(mustNumber(f.num, comma)), ",", ""), 64); err == nil && v >= 1e8 {
				return true
			}
		}
	}
	return false
}

// mustNumber reads a figure's number, which readNamedLine has checked.
func mustNumber(num string, comma CommaStyle) model.Number {
	n, _ := ReadNumber(num, comma)
	return n
}

// testLogLabel reports whether a label is a tool's record rather than a
// name: a test's verdict inside it ("test_x:PASS:", "t:FAIL:"), fields of
// a comma-separated record, or an equation of numbers worked out by the
// tool ("15.4 - 1.0 = 14400834534").
func testLogLabel(label string) bool {
	if strings.Contains(label, ":PASS:") || strings.Contains(label, ":FAIL:") || strings.Count(label, ",") >= 3 &&
		!strings.Contains(label, ", ") {
		return true // a verdict, or a record of comma-separated values ("S0,1,26,,context-switches,1781750")
	}
	return strings.Contains(label, "=") && !hasLetter(label)
}

// sentenceLabel reports whether what stands before the figures is running
// text rather than a label: more than ten words, or a sentence that ends
// inside it ("Samsung 840 Evo. This one reads").
func sentenceLabel(label string) bool {
	if fieldCount(label) > 10 {
		return true
	}
	for _, end := range []string{". ", "! ", "? "} {
		if k := strings.Index(label, end); k > 0 && isLetter(label[k-1]) && k+2 < len(label) && isUpper(label[k+2]) {
			return true
		}
	}
	return false
}

// isUpper reports whether c is an ASCII capital.
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
