package parse

import "strings"

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
	labelIn   bool // the key is followed by nothing but this figure: "Wall time: 6.6s"
}

// kind is what the figure's unit measures.
func (f *figure) kind() ukind { return unitOf(f.unit) }

// strong reports whether the figure says by itself that it was measured.
func (f *figure) strong() bool {
	return f.kind().strong() || f.spread != "" || statKey(f.key) || unitOf(f.key).strong()
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

// settingKey reports whether a key names a setting of a run rather than
// a measurement: "period 1s", "timeout=60s", "runtime: 30 s".
func settingKey(key string) bool {
	switch normKey(key) {
	case "period", "duration", "timeout", "interval", "runtime", "ramp", "ramp_time", "delay", "sleep", "deadline",
		"budget", "tick", "frequency", "freq", "time_based", "run time", "warmup", "warm-up":
		return true
	}
	return false
}

// outcomeCounts reports whether the figures are a test run's outcome
// counts ("Passed: 3, Failed: 0", "Skipped: 0, Errors: 0"): how many tests
// passed is no measurement.
func outcomeCounts(figs []figure) bool {
	for _, f := range figs {
		switch normKey(f.key) {
		case "passed", "failed", "skipped", "errors", "crashed", "pass", "fail", "skip", "error", "warnings",
			"ok", "not ok", "xfail", "xpass", "timeouts", "total tests", "tests":
		default:
			return false
		}
	}
	return true
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
	if len(text) > maxRowLen || !hasDigit(text) || isCommand(strings.TrimSpace(text)) {
		return namedLine{}, false
	}
	if t := strings.TrimSpace(text); strings.HasPrefix(t, "| ") && strings.Count(t, "|") == 1 {
		text = strings.Replace(text, "|", " ", 1) // "| Timing reads: ...": a paste marked line by line
	}
	toks := scanNamed(text)
	var figs []figure
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
			if len(figs) > 0 {
				return namedLine{}, false // a number nothing names: its place in a grid names it
			}
			continue // part of the label: "nr_prod 1", "512 keys"
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
	if placedFigures(toks, figs) || logLine(toks, figs) || sentenceLabel(text[:at]) {
		return namedLine{}, false
	}
	l := namedLine{label: strings.TrimSpace(text[:at]), labelEnd: at, figures: figs, strong: strong}
	// "Wall time: 6.6s", "tcp rx: 469 MB/s 7930 calls/s": the key of a lone
	// figure, or one ended by ':' that no other figure's key echoes, names
	// the row, not the figure
	if f := &figs[0]; f.key != "" && !statKey(f.key) && (len(figs) == 1 || f.sep == ':' && !sepKeyed(figs[1:], ':')) {
		f.labelIn = true
	}
	return l, true
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

// sepKeyed reports whether some figure has a key ended by sep.
func sepKeyed(figs []figure, sep byte) bool {
	for _, f := range figs {
		if f.key != "" && f.sep == sep {
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
// that holds it) that name it: a
// run of words (and bracketed groups) ended by ':' or '=' right before
// the number, or right before it with no separator; filler words
// ("about", "in") between them and the number are skipped.
func readKey(toks []ntok, i int, used []bool, f *figure) {
	j := i - 1
	for j >= 0 && !used[j] && toks[j].kind == nkWord && fillerWord(toks[j].text) {
		j--
	}
	sep := byte(' ')
	if j >= 0 && !used[j] && toks[j].kind == nkSep {
		sep = toks[j].text[0]
		j--
	}
	end := j
	depth := 0
	for ; j >= 0 && !used[j]; j-- {
		switch toks[j].kind {
		case nkWord:
			if depth == 0 && unitOf(toks[j].text) != uNone && sep == ' ' {
				break
			}
			continue
		case nkClose:
			depth++
			continue
		case nkOpen:
			if depth > 0 {
				depth--
				continue
			}
		case nkNum:
			if depth > 0 {
				continue
			}
		}
		break
	}
	start := j + 1
	if start > end || depth != 0 || toks[start].kind != nkWord {
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
// with a unit ("412 409 415 411 ops/s", "7, 8, 9 ms"); "" when the
// number at toks[i] is not in such a run.
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
		case t.kind == nkNum:
			if mag, _ := splitSuffix(t.suffix); !mag {
				return t.suffix
			}
			return ""
		case unitToken(t) && k > i+1:
			return t.text
		}
		return ""
	}
	return ""
}

// placedFigures reports whether a figure that nothing but its unit names
// follows one of the same unit with only blanks between ("3.70 us  3.63
// us", "Page fault  0.1012  0.0934 us"): what tells them apart is their
// column, which a grid's header names. A list written with commas
// ("Rate: 11.2MiB/s, 10.9MiB/s") is repeated runs of one figure.
func placedFigures(toks []ntok, figs []figure) bool {
	for k := 1; k < len(figs); k++ {
		f, prev := figs[k], figs[k-1]
		if f.key == "" && f.after == "" && prev.after == "" && f.unit != "" && strings.EqualFold(f.unit, prev.unit) &&
			!commaBetween(toks, prev.endAt, f.keyAt) {
			return true
		}
	}
	return false
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

// logLine reports whether the figures of a line are no results of it: a
// bracketed stamp that opens a log line ("[   10s] + umask 022"), or
// words that go on after the last figure, as a sentence or a log message
// does ("12 ms later the watchdog fired").
func logLine(toks []ntok, figs []figure) bool {
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
	return words >= 2
}

// sentenceLabel reports whether what stands before the figures is running
// text rather than a label: a sentence ends inside it ("Samsung 840 Evo.
// This one reads").
func sentenceLabel(label string) bool {
	for _, end := range []string{". ", "! ", "? "} {
		if k := strings.Index(label, end); k > 0 && isLetter(label[k-1]) && k+2 < len(label) && isUpper(label[k+2]) {
			return true
		}
	}
	return false
}

// isUpper reports whether c is an ASCII capital.
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
