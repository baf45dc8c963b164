package corpus

import "bytes"

// The prefilter decides from raw bytes whether a message body may hold a
// table, so that the crawl decodes (MIME, charsets, body lines, every
// table family) only those. It must never say no to a body with a table
// the parsers would read; saying yes to prose costs only time.
//
// A body may hold a table when, outside the hunks of a patch, it has
//   - two lines with three or more number tokens, or three with two or more
//     (rows of a numeric table), or
//   - three "label: number" / "label = number" lines (key-value tables), or
//   - a grid rule ("+---", "|---", "-+-", "+===", "|===") or one of the
//     column words of AMD and mmtests reports ("pct", "%change").
//
// A number token is a digit run at a line start or after one of
// " \t-+([|:=.*~,", as parse's scanner defines it, or after '>' (HTML
// cells); quote markers are skipped.
var tableWords = [][]byte{
	[]byte("pct"), []byte("%change"), []byte("+---"), []byte("|---"), []byte("-+-"),
	[]byte("-|-"), []byte("+==="), []byte("|==="),
}

// tokenStart marks the bytes after which a digit starts a number token.
var tokenStart = func() (t [256]bool) {
	for _, c := range []byte(" \t-+([|:=.*~,>") {
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

// mayHoldTable reports whether body (the bytes after the header block)
// may hold a table.
func mayHoldTable(body []byte) bool {
	for _, w := range tableWords {
		if bytes.Contains(body, w) {
			return true
		}
	}
	n2, n3, kv := 0, 0, 0
	inDiff := false
	for i := 0; i < len(body); {
		if inDiff {
			if skipsDiffLine(body[i:]) {
				i = nextLine(body, i)
				continue
			}
			inDiff = false
		}
		if bytes.HasPrefix(body[i:], []byte("diff --git ")) {
			inDiff = true
			i = nextLine(body, i)
			continue
		}
		for i < len(body) && (body[i] == '>' || body[i] == ' ' || body[i] == '\t') {
			i++
		}
		tokens, keyed := 0, false
		prev, lastNS := byte(' '), byte(' ')
		for ; i < len(body) && body[i] != '\n'; i++ {
			c := body[i]
			if c >= '0' && c <= '9' {
				if tokenStart[prev] {
					tokens++
					if lastNS == ':' || lastNS == '=' {
						keyed = true
					}
				}
				for i+1 < len(body) && inNumber[body[i+1]] {
					i++
				}
				prev, lastNS = body[i], body[i]
				continue
			}
			prev = c
			if c != ' ' && c != '\t' {
				lastNS = c
			}
		}
		i++
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
		if n3 >= 2 || n2 >= 3 || kv >= 3 {
			return true
		}
	}
	return false
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
				v := bytes.TrimLeft(rest[i+len(key):], " \t\"")
				if hasFoldPrefix(v, "base64") || hasFoldPrefix(v, "quoted-printable") {
					return true
				}
			}
			rest = rest[i+len(key):]
		}
	}
	return false
}

func hasFoldPrefix(b []byte, p string) bool {
	return len(b) >= len(p) && bytes.EqualFold(b[:len(p)], []byte(p))
}
