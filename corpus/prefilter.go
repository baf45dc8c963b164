package corpus

import "bytes"

// The prefilter decides from raw bytes whether a message body may hold a
// table, so that the crawl decodes (MIME, charsets, body lines, every
// table family) only those. It must never say no to a body with a table
// of two rows or more that the parsers would read (FuzzPrefilter checks
// this, leaving out rows on lines of the noise classes below); saying yes
// to prose costs only time. A lone one-row reading in a message without
// other numbers is missed by design.
//
// Lines that hold numbers but never a result are not counted
// (noTableLine: diffstats, attributions, logs, traces, diagnostics, code,
// path listings; prose: sentences that mention numbers), unless they are
// rows of a '|' grid, which the grid readers take whatever their words;
// nor are the hunks
// of a patch ("diff --git" or "@@ -" to the first line that is no hunk
// line), nor the rows of a /proc or losetup listing. On real archives
// (linux-pm, linux-xfs) these were what made the prefilter decode one
// message in three; it now decodes one in twenty.
//
// A body may hold a table when, outside those lines, it has
//   - two lines with three or more number tokens, or three with two or more
//     (rows of a numeric table), or
//   - three "label: number" / "label = number" lines (key-value tables), or
//   - two lines each with a number in a column, with nothing but blank
//     lines and at most one line of words between them (a wrapped row
//     label): after two spaces, a tab or '|', or last on the line, a unit
//     glued to it allowed (single-series tables), or
//   - one line with three numbers in columns (a one-row table), or
//   - a grid rule (a line starting "+--" or "|--", or "-+-", "|---",
//     "+===" anywhere in a line; a diffstat's "+++--" is none) or one of
//     the column words of AMD and mmtests reports ("pct", "%change"), or a
//     "value (pct%)" cell, which makes a one-row table, or
//   - the first line of a hackbench run ("Running in ... mode with"),
//     which with its Time line makes a one-row table.
//
// A number token is a digit run at a line start or after one of
// " \t-+([|:=.*~,", as parse's scanner defines it, or after '>' (HTML
// cells) or '#' (perf stat metrics); quote markers are skipped.
//
// It is one pass over the body bytes without allocation: most bodies are
// prose and patches, and the crawl runs it on every message.

// Byte classes of the prefilter's scan; other bytes (letters, most
// punctuation, line ends) only reset the column state.
const (
	clsOther = iota
	clsDigit
	clsSpace
	clsTab
	clsWord // may start one of the table words
)

var byteClass = func() (t [256]uint8) {
	for c := '0'; c <= '9'; c++ {
		t[c] = clsDigit
	}
	t[' '], t['\t'] = clsSpace, clsTab
	for _, c := range []byte("p%|-+") {
		t[c] = clsWord
	}
	return t
}()

// tokenStart marks the bytes after which a digit starts a number token.
var tokenStart = func() (t [256]bool) {
	for _, c := range []byte(" \t-+([|:=.*~,>#") {
		t[c] = true
	}
	return t
}()

// inNumber marks the bytes that continue a digit run.
var inNumber = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	t['.'], t[','] = true, true
	return t
}()

var (
	diffGit  = []byte("diff --git ")
	hunkHead = []byte("@@ -")
)

// mayHoldTable reports whether body (the bytes after the header block)
// may hold a table.
func mayHoldTable(body []byte) bool { return prefilter(body) != passNone }

// A pass says which rule of the prefilter let a body through; tests and
// tuning on real archives read it, the crawl only asks whether it is
// passNone.
type pass uint8

const (
	passNone    pass = iota
	passLost         // lines lost (collapsed archive, one-line HTML)
	passRule         // a grid rule
	passWord         // a column word of AMD or mmtests reports, "(pct%)"
	passNumbers      // lines with several number tokens
	passKeyed        // "label: number" lines
	passColumn       // lines with a number in a column
	passRow          // one line with three numbers in columns
)

// prefilter is mayHoldTable, saying why.
func prefilter(body []byte) pass {
	if linesLost(body) {
		return passLost
	}
	n2, n3, kv, rows := 0, 0, 0, 0
	inDiff, dump, held := false, false, false
	var sig signatures
	for i := 0; i < len(body); {
		// Quote markers: ">", "> ", ">>", "> > "; one space after each
		// belongs to the marker, so quoted patches keep their " " lines.
		depth := 0
		for i < len(body) && body[i] == '>' {
			i++
			depth++
			if i < len(body) && body[i] == ' ' {
				i++
			}
		}
		end := nextLine(body, i)
		line := body[i:end]
		if sig.in(line, depth) {
			i, rows = end, 0
			continue
		}
		if inDiff && len(line) > 0 && skipsDiffLine(line) {
			i, rows = end, 0
			continue
		}
		inDiff = bytes.HasPrefix(line, diffGit) || bytes.HasPrefix(line, hunkHead)
		if dump && len(bytes.TrimSpace(line)) > 0 {
			i, rows = end, 0
			continue
		}
		dump = isDumpHead(trimLeft(line))
		if !inDiff && !dump && hackbenchRun(line) {
			return passWord
		}
		if inDiff || dump {
			i, rows = end, 0
			continue
		}
		if noTableLine(line) && !gridRow(line) {
			i = end
			rows, held = wordLine(line, rows, held)
			continue
		}
		ls, decided := scanLine(line)
		if decided != passNone {
			return decided
		}
		i = end
		if ls.prose {
			rows = 0
			continue
		}
		if ls.cells >= 3 {
			return passRow
		}
		tokens, keyed, column := ls.tokens, ls.keyed, ls.column
		switch {
		case column:
			rows, held = rows+1, false
		case len(bytes.TrimSpace(line)) > 0:
			// A blank line does not end a table's run of rows, nor
			// does one line of words (wordLine).
			rows, held = wordLine(line, rows, held)
		}
		switch {
		case tokens >= 3:
			n3++
			n2++
		case tokens == 2:
			n2++
		}
		if keyed {
			kv++
		}
		switch {
		case n3 >= 2 || n2 >= 3:
			return passNumbers
		case kv >= 3:
			return passKeyed
		case rows >= 2:
			return passColumn
		}
	}
	return passNone
}

// wordLine is the run of column rows (rows, and held: whether the run
// has passed a line of words) after a non-blank line that is no row. The
// whitespace reader takes a line of words without a digit above a row as
// the first line of that row's wrapped label ("Alpha\nBeta  1" is the row
// "Alpha Beta"), so one such line inside a run does not end it; a second
// one, or a line with numbers that stand in no column, does.
func wordLine(line []byte, rows int, held bool) (int, bool) {
	if rows > 0 && !held && !hasDigit(line) {
		return rows, true
	}
	return 0, false
}

// signatures follows signature blocks as the body reader marks them: from
// a "-- " or "--" line to the end of the text at its quote depth; a
// quoted block after it is no signature, a shallower line ends it.
type signatures [8]bool

// in reports whether a line at depth belongs to a signature.
func (s *signatures) in(line []byte, depth int) bool {
	if depth >= len(s) {
		return false
	}
	for d := depth + 1; d < len(s); d++ {
		s[d] = false
	}
	if len(line) >= 2 && line[0] == '-' && line[1] == '-' {
		t := line
		for len(t) > 0 && (t[len(t)-1] == '\n' || t[len(t)-1] == '\r') {
			t = t[:len(t)-1]
		}
		if string(t) == "-- " || string(t) == "--" {
			s[depth] = true
		}
	}
	return s[depth]
}

// lineScan is what one line tells the prefilter.
type lineScan struct {
	tokens int  // number tokens
	keyed  bool // a number after ':' or '='
	column bool // a number in a column, or last on the line
	cells  int  // numbers in a column (after a gap, a tab or '|')
	prose  bool // a sentence that mentions numbers: not counted
}

// scanLine reads one line, quote markers removed; a rule or a table word
// decides at once (the second result).
func scanLine(line []byte) (lineScan, pass) {
	var ls lineScan
	if isRule(line) {
		return ls, passRule
	}
	gap, seen := false, false // seen: a byte other than white space
	prev, lastNS := byte(' '), byte(' ')
	spaces := 2  // a line start counts as a column gap
	latin1 := -1 // the index after the last Latin-1 no-break space
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch byteClass[c] {
		case clsOther:
			if c == 0xc2 && i+1 < len(line) && line[i+1] == 0xa0 || c == 0xa0 && (i == 0 || line[i-1] < 0x80 || latin1 == i) {
				// A no-break space (UTF-8, or Latin-1 before the readers
				// convert it, alone or in a run), which the readers turn
				// into a space: mailers indent pasted output with them.
				if c == 0xc2 {
					i++
				} else {
					latin1 = i + 1
				}
				prev = ' '
				spaces++
				continue
			}
			prev, lastNS, spaces, seen = c, c, 0, true
			continue
		case clsSpace:
			prev = c
			spaces++
			continue
		case clsTab:
			prev, spaces = c, 0
			continue
		case clsWord:
			if tableWord(line[i:], prev) {
				return ls, passWord
			}
			prev, lastNS, spaces, seen = c, c, 0, true
			continue
		}
		if tokenStart[prev] {
			ls.tokens++
			if lastNS == ':' || lastNS == '=' {
				ls.keyed = true
			}
			if spaces >= 2 || prev == '\t' || prev == '|' {
				ls.column = true
				ls.cells++
				// The line start alone does not make a sentence a row
				// ("1. In the bindings, ..." is a list item); an
				// indented number does ("    33.93 Joules energy").
				gap = gap || seen || spaces >= 4
			}
		}
		for i+1 < len(line) && inNumber[line[i+1]] {
			i++
		}
		prev, lastNS, spaces, seen = line[i], line[i], 0, true
		if trailing(line[i+1:]) {
			ls.column = ls.column || ls.tokens > 0
		}
	}
	ls.prose = ls.tokens > 0 && !gap && prose(line, ls.tokens)
	return ls, passNone
}

// counted reports whether the prefilter counts a line (quote markers
// removed) as a possible table row: it is none of the noise classes and
// no sentence. FuzzPrefilter's oracle asks it.
func counted(line []byte) bool {
	if hackbenchRun(line) {
		return true
	}
	if noTableLine(line) && !gridRow(line) {
		return false
	}
	ls, _ := scanLine(line)
	return !ls.prose
}

// gridRow reports whether a line is a row of a '|' grid: three or more
// cell bars (a diffstat line has one). The grid readers take such rows
// whatever their words, so no noise class may hide them: a kernelci
// report's board table names compilers and defconfigs.
func gridRow(line []byte) bool {
	return bytes.Count(line, []byte("|")) >= 3
}

// hackbenchRun reports whether line starts a run of hackbench's own
// output ("Running in process mode with 10 groups ..."), whose Time line
// alone makes a one-row table, as parse's hackbench family reads it.
func hackbenchRun(line []byte) bool {
	s := trimLeft(line)
	return bytes.HasPrefix(s, []byte("Running in ")) && bytes.Contains(s, []byte(" mode with "))
}

// prose reports whether a line whose numbers stand in no column is a
// sentence that mentions them: it has at least twice as many words as
// numbers, and two more ("The patches 8, 9 and 10 are to ..."). Letters
// glued to a number, or after a '/' of one, are its unit or magnitude
// ("20.5k", "80.1MiB/s", "60001msec"), not words: tool output that writes
// a unit on every figure ("read: IOPS=20.5k, BW=80.1MiB/s (84.0MB/s)") is
// no sentence.
func prose(line []byte, tokens int) bool {
	words, in, unit := 0, false, false
	var prev byte
	for _, c := range line {
		l := isLetter(c)
		if l && !in {
			unit = prev >= '0' && prev <= '9' || prev == '/' && unit
			if !unit {
				words++
			}
		}
		if !l && c != '/' {
			unit = false
		}
		in, prev = l, c
	}
	return words >= 2*tokens+2
}

// isRule reports whether line starts with a grid rule: "+--" or "|--"
// followed by more dashes and another '+' or '|' ("+----+----+",
// "|-----|"), or a long rule of dashes ("+-------"). A "+---" alone is a
// YAML document start in a patch, "|-- x" a tree listing.
func isRule(line []byte) bool {
	if len(line) < 4 || (line[0] != '+' && line[0] != '|') || line[1] != '-' || line[2] != '-' {
		return false
	}
	n := 1
	for n < len(line) && line[n] == '-' {
		n++
	}
	if n >= 8 {
		return true
	}
	return n < len(line) && (line[n] == '+' || line[n] == '|')
}

// tableWord reports whether rest starts with a grid rule or a column word
// of AMD and mmtests reports (prev is the byte before rest): "pct", "%change", "%)" (a "value (pct%)"
// cell, which makes a one-row table), "|---", "-+-", "-|-", "+===",
// "|===". (A diffstat's "+++--" is none.)
func tableWord(rest []byte, prev byte) bool {
	at := func(i int, c byte) bool { return i < len(rest) && rest[i] == c }
	switch rest[0] {
	case 'p':
		// A word of its own: "perf_pct" and "pctg" in code are none.
		return at(1, 'c') && at(2, 't') && !isWordByte(prev) && (len(rest) == 3 || !isWordByte(rest[3]))
	case '%':
		return at(1, ')') || bytes.HasPrefix(rest, []byte("%change"))
	case '|':
		return bytes.HasPrefix(rest, []byte("|---")) || bytes.HasPrefix(rest, []byte("|==="))
	case '-':
		return (at(1, '+') || at(1, '|')) && at(2, '-')
	case '+':
		return bytes.HasPrefix(rest, []byte("+==="))
	}
	return false
}

// trailing reports whether rest holds only what may follow a number that
// ends a row: a unit glued to it ("0B", "12ms", "3GB/s"), then white
// space, '%', ')', '*', or a unit in brackets ("136.2 [sec]").
func trailing(rest []byte) bool {
	i := 0
	for i < len(rest) && isUnitByte(rest[i]) {
		i++
	}
	bracket := false
	for _, c := range rest[i:] {
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '%' || c == ')' || c == '*':
		case c == '[' && !bracket:
			bracket = true
		case c == ']' && bracket:
			bracket = false
		case bracket && isUnitByte(c):
		default:
			return false
		}
	}
	return true
}

// isUnitByte reports whether c may be part of a unit: ASCII letters, '/'
// and any byte of a multi-byte character ("µs").
func isUnitByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '/' || c >= 0x80
}

// linesLost reports whether text longer than a few lines has lines of
// over 200 bytes on average: a damaged archive whose newlines became
// spaces, or HTML on one line. Only the full readers can rebuild those
// lines, so the prefilter cannot judge them.
func linesLost(b []byte) bool {
	return len(b) > 512 && bytes.Count(b, []byte("\n"))*200 < len(b)
}

// diffHeads start the lines of a patch that are not hunk lines.
var diffHeads = [][]byte{
	[]byte("index "), []byte("new file"), []byte("deleted file"), []byte("similarity"),
	[]byte("rename "), []byte("old mode"), []byte("new mode"), []byte("Binary files"),
}

// skipsDiffLine reports whether the line at the start of b belongs to a
// patch: a hunk line ("+", "-", " ", "@@", "\\ No newline") or an extended
// header line. Tables in patches are never read, so they are not counted.
func skipsDiffLine(b []byte) bool {
	switch b[0] {
	case '+', '-', '@', ' ', '\\':
		return true
	}
	for _, h := range diffHeads {
		if bytes.HasPrefix(b, h) {
			return true
		}
	}
	return false
}

// nextLine returns the offset after the line starting at i.
func nextLine(b []byte, i int) int {
	if j := bytes.IndexByte(b[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(b)
}

// hasEncodedParts reports whether the raw message declares a base64 or
// quoted-printable transfer encoding anywhere (top level or in a MIME
// part): the text of such parts is not visible to the prefilter.
func hasEncodedParts(raw []byte) bool {
	for _, key := range [][]byte{[]byte("ncoding:"), []byte("NCODING:")} {
		rest := raw
		for {
			i := bytes.Index(rest, key)
			if i < 0 {
				break
			}
			const field = "content-transfer-e"
			if i >= len(field) && bytes.EqualFold(rest[i-len(field):i], []byte(field)) {
				if isEncoding(rest[i+len(key):]) {
					return true
				}
			}
			rest = rest[i+len(key):]
		}
	}
	return false
}

// isEncoding reports whether a Content-Transfer-Encoding value is one
// that hides the text: base64 or quoted-printable.
func isEncoding(v []byte) bool {
	v = bytes.TrimLeft(v, " \t\"")
	return hasFoldPrefix(v, "base64") || hasFoldPrefix(v, "quoted-printable")
}

func hasFoldPrefix(b []byte, p string) bool {
	return len(b) >= len(p) && bytes.EqualFold(b[:len(p)], []byte(p))
}
