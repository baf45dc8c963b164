package corpus

import "bytes"

// The prefilter decides from raw bytes whether a message body may hold a
// table, so that the crawl decodes (MIME, charsets, body lines, every
// table family) only those. It must never say no to a body with a table
// of two rows or more that the parsers would read (FuzzPrefilter checks
// this); saying yes to prose costs only time. A lone one-row reading in a
// message without other numbers is missed by design.
//
// A body may hold a table when, outside the hunks of a patch, it has
//   - two lines with three or more number tokens, or three with two or more
//     (rows of a numeric table), or
//   - three "label: number" / "label = number" lines (key-value tables), or
//   - two lines each with a number in a column, with nothing but blank
//     lines between them: after two spaces, a tab or '|', or last on the
//     line, a unit glued to it allowed (single-series tables), or
//   - a grid rule (a line starting "+--" or "|--", or "-+-", "|---",
//     "+===" anywhere in a line; a diffstat's "+++--" is none) or one of
//     the column words of AMD and mmtests reports ("pct", "%change"), or a
//     "value (pct%)" cell, which makes a one-row table.
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

var diffGit = []byte("diff --git ")

// mayHoldTable reports whether body (the bytes after the header block)
// may hold a table.
func mayHoldTable(body []byte) bool {
	if linesLost(body) {
		return true
	}
	n2, n3, kv, rows := 0, 0, 0, 0
	inDiff := false
	for i := 0; i < len(body); {
		start := i
		// Quote markers: ">", "> ", ">>", "> > "; one space after each
		// belongs to the marker, so quoted patches keep their " " lines.
		for i < len(body) && body[i] == '>' {
			i++
			if i < len(body) && body[i] == ' ' {
				i++
			}
		}
		end := nextLine(body, i)
		line := body[i:end]
		if inDiff && len(line) > 0 && skipsDiffLine(line) {
			i, rows = end, 0
			continue
		}
		inDiff = bytes.HasPrefix(line, diffGit)
		if inDiff {
			i = end
			continue
		}
		if len(line) >= 4 && (line[0] == '+' || line[0] == '|') && line[1] == '-' && line[2] == '-' {
			return true
		}
		tokens, keyed, column := 0, false, false
		prev, lastNS := byte(' '), byte(' ')
		spaces := 2 // a line start counts as a column gap
		for ; i < end; i++ {
			c := body[i]
			switch byteClass[c] {
			case clsOther:
				prev, lastNS, spaces = c, c, 0
				continue
			case clsSpace:
				prev = c
				spaces++
				continue
			case clsTab:
				prev, spaces = c, 0
				continue
			case clsWord:
				if tableWord(body[i:end]) {
					return true
				}
				prev, lastNS, spaces = c, c, 0
				continue
			}
			if tokenStart[prev] {
				tokens++
				if lastNS == ':' || lastNS == '=' {
					keyed = true
				}
				if spaces >= 2 || prev == '\t' || prev == '|' {
					column = true
				}
			}
			for i+1 < end && inNumber[body[i+1]] {
				i++
			}
			prev, lastNS, spaces = body[i], body[i], 0
			if trailing(body[i+1 : end]) {
				column = column || tokens > 0
			}
		}
		i = end
		switch {
		case column:
			rows++
		case len(bytes.TrimSpace(line)) > 0:
			rows = 0 // a blank line does not end a table's run of rows
		}
		if tokens >= 2 && notTableLine(body[start:end]) {
			continue
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
		if n3 >= 2 || n2 >= 3 || kv >= 3 || rows >= 2 {
			return true
		}
	}
	return false
}

// tableWord reports whether rest starts with a grid rule or a column word
// of AMD and mmtests reports: "pct", "%change", "%)" (a "value (pct%)"
// cell, which makes a one-row table), "|---", "-+-", "-|-", "+===",
// "|===". (A diffstat's "+++--" is none.)
func tableWord(rest []byte) bool {
	at := func(i int, c byte) bool { return i < len(rest) && rest[i] == c }
	switch rest[0] {
	case 'p':
		return at(1, 'c') && at(2, 't')
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
// space, '%', ')' or '*'.
func trailing(rest []byte) bool {
	i := 0
	for i < len(rest) && isUnitByte(rest[i]) {
		i++
	}
	for _, c := range rest[i:] {
		switch c {
		case ' ', '\t', '\r', '\n', '%', ')', '*':
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

// notTableLine reports whether a line with numbers is one of the
// numbered lines every patch mail has: an attribution ("On Mon, 3 Jan
// 2022 at 10:12, X wrote:") or a diffstat summary ("3 files changed, 40
// insertions(+), 2 deletions(-)"). The body readers never give those to
// the table parsers.
func notTableLine(line []byte) bool {
	line = bytes.TrimRight(line, " \t\r\n")
	return bytes.HasSuffix(line, []byte("wrote:")) || bytes.Contains(line, []byte(" changed, "))
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
