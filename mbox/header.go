package mbox

import (
	"bytes"
	"strings"
)

// headerField is one unfolded header field.
type headerField struct{ key, value string }

// headerBlock is the header of a raw message as splitHeader found it.
type headerBlock struct {
	fields []headerField
	// bodyStart is the byte index of the first body line.
	bodyStart int
	// lines counts the lines before the body: a leading From_ line, the
	// header lines and the blank separator.
	lines int
	// malformed is set when a line that is neither a field nor a
	// continuation ended the header without a blank line.
	malformed bool
}

// splitHeader reads the header block of data leniently: a leading From_
// line is skipped, folded lines are unfolded, and a line that is no header
// field ends the block (it then belongs to the body). Data without any
// header field is all body.
func splitHeader(data []byte) headerBlock {
	var h headerBlock
	pos := 0
	if bytes.HasPrefix(data, []byte("From ")) {
		pos = nextLine(data, 0)
		h.lines = 1
	}
	// The folded lines of the last field wait in cont: joined once, a
	// Cc list folded over a hundred lines is copied once, not per line.
	var cont strings.Builder
	unfold := func() {
		if cont.Len() > 0 {
			f := &h.fields[len(h.fields)-1]
			f.value += cont.String()
			cont.Reset()
		}
	}
	for pos < len(data) {
		end := nextLine(data, pos)
		line := bytes.TrimRight(data[pos:end], "\r\n")
		switch {
		case len(bytes.TrimSpace(line)) == 0:
			if len(h.fields) == 0 {
				// A blank line before any field: there is no header.
				h.bodyStart = pos
				return h
			}
			unfold()
			h.bodyStart, h.lines = end, h.lines+1
			return h
		case (line[0] == ' ' || line[0] == '\t') && len(h.fields) > 0:
			cont.WriteByte(' ')
			cont.WriteString(strings.TrimSpace(latin1Header(line)))
		case isHeaderLine(line):
			unfold()
			i := bytes.IndexByte(line, ':')
			h.fields = append(h.fields, headerField{key: string(line[:i]), value: strings.TrimSpace(latin1Header(line[i+1:]))})
		default:
			unfold()
			h.malformed = len(h.fields) > 0
			h.bodyStart = pos
			return h
		}
		h.lines++
		pos = end
	}
	unfold()
	h.bodyStart = len(data)
	return h
}

// nextLine returns the index after the line starting at pos.
func nextLine(data []byte, pos int) int {
	if i := bytes.IndexByte(data[pos:], '\n'); i >= 0 {
		return pos + i + 1
	}
	return len(data)
}

// latin1Header returns a header value as UTF-8: raw 8-bit bytes that are
// not UTF-8 (an old client writing "Krüger" in Latin-1 without RFC 2047
// encoding) are read as Latin-1.
func latin1Header(b []byte) string {
	return toUTF8(b, func(string, ...any) {})
}
