package corpus

import (
	"bytes"
	"encoding/base64"
	"io"
	"slices"
	"strings"

	"github.com/emersion/go-message"
)

// A view is the text of a MIME message as the prefilter needs it: base64
// and quoted-printable parts decoded, multipart bodies cut at their
// boundaries. It replaces the full decoder (go-message, charsets, body
// lines) for the many encoded messages that hold no table: on LKML-like
// archives about one message in twelve is encoded or multipart, and most
// of them are patches and prose.
//
// The view holds at least the text mbox.Decode gives the table parsers
// (more is harmless: a false yes costs one decode), so the prefilter's
// promise holds for it. Whenever the structure is not plain (no boundary,
// a part left open, nesting too deep, undecodable base64, text that is
// not ASCII-compatible) the view gives up and the message is decoded in
// full. Charsets need no conversion: those seen in mail keep digits,
// spaces and punctuation in ASCII, and UTF-16 text shows as NUL bytes.

// maxViewDepth bounds multipart nesting, as mbox.Decode does.
const maxViewDepth = 16

// viewer builds views into a buffer it reuses across messages.
type viewer struct {
	buf []byte
	// ascii caches asciiCharset's answers by charset name.
	ascii map[string]bool
}

// asciiProbe is the ASCII the prefilter reads: digits, white space, line
// ends, punctuation and letters.
var asciiProbe = func() []byte {
	b := []byte("\t\r\n")
	for c := byte(' '); c < 0x7f; c++ {
		b = append(b, c)
	}
	return b
}()

// asciiCharset reports whether the charset a Content-Type names reads
// ASCII bytes as themselves, as the decoder converts it (the charset
// reader go-message uses): EBCDIC and UTF-16 do not, so the view of their
// raw bytes says nothing and the message must be decoded. A charset the
// decoder does not know is read undecoded, as the view reads it.
func (v *viewer) asciiCharset(ctype []byte) bool {
	cs := param(ctype, "charset")
	if len(cs) == 0 || hasFoldPrefix(cs, "utf-8") || hasFoldPrefix(cs, "us-ascii") || hasFoldPrefix(cs, "iso-8859-") {
		return true
	}
	name := strings.ToLower(string(cs))
	if ok, seen := v.ascii[name]; seen {
		return ok
	}
	ok := true
	if message.CharsetReader == nil {
		return true
	}
	if r, err := message.CharsetReader(name, bytes.NewReader(asciiProbe)); err == nil {
		got, err := io.ReadAll(r)
		ok = err == nil && bytes.Equal(got, asciiProbe)
	}
	if v.ascii == nil {
		v.ascii = map[string]bool{}
	}
	if len(v.ascii) < 64 {
		v.ascii[name] = ok
	}
	return ok
}

// needsDecode reports whether a raw message with header h must be
// decoded in full: its text, seen through a view when the body is encoded
// or multipart, may hold a table.
func (v *viewer) needsDecode(raw []byte, h *rawHeader) bool {
	if hasFoldPrefix(bytes.TrimSpace(h.ctype), "text/html") {
		// The decoder reads tables out of the markup; the prefilter's
		// view of raw HTML (rows of cells with no space) says nothing.
		// HTML mail is rare on kernel lists.
		return true
	}
	if h.encoded() {
		return v.mayHoldTable(raw[:h.bodyStart], raw[h.bodyStart:])
	}
	return mayHoldTable(raw[h.bodyStart:])
}

// mayHoldTable reports whether the message with this header block and
// body may hold a table, looking at its decoded text.
func (v *viewer) mayHoldTable(header, body []byte) bool {
	v.buf = v.buf[:0]
	ok := v.entity(header, body, 0)
	text := v.buf
	if cap(v.buf) > maxPooled {
		v.buf = nil // do not keep a huge message's buffer
	}
	return !ok || mayHoldTable(text)
}

// entity appends the text of one MIME entity; false means the view gave
// up.
func (v *viewer) entity(header, body []byte, depth int) bool {
	ctype := headerValue(header, "Content-Type")
	if hasFoldPrefix(bytes.TrimSpace(ctype), "multipart/") {
		b := boundary(ctype)
		if b == nil || depth >= maxViewDepth {
			return false
		}
		return v.multipart(b, body, depth)
	}
	if !v.asciiCharset(ctype) || hasFoldPrefix(bytes.TrimSpace(ctype), "text/html") {
		return false // see needsDecode
	}
	mark := len(v.buf)
	cte := bytes.TrimSpace(headerValue(header, "Content-Transfer-Encoding"))
	switch {
	case hasFoldPrefix(cte, "base64"):
		if !v.base64(body) {
			return false
		}
	case hasFoldPrefix(cte, "quoted-printable"):
		v.quotedPrintable(body)
	default:
		v.buf = append(v.buf, body...)
	}
	if bytes.IndexByte(v.buf[mark:], 0) >= 0 {
		// Binary: the decoder drops a binary part that is not text; text
		// with NULs is UTF-16 or worse, which only the decoder reads.
		t := bytes.TrimSpace(ctype)
		if len(t) == 0 || hasFoldPrefix(t, "text/") {
			return false
		}
		v.buf = v.buf[:mark]
	}
	v.buf = append(v.buf, '\n')
	return true
}

// multipart appends the text of every part of a multipart body. The
// preamble and epilogue are left out, as the decoder leaves them.
func (v *viewer) multipart(b, body []byte, depth int) bool {
	partStart := -1
	for i := 0; i < len(body); {
		end := nextLine(body, i)
		line := body[i:end]
		if len(line) >= 2+len(b) && line[0] == '-' && line[1] == '-' && bytes.HasPrefix(line[2:], b) {
			rest := bytes.TrimRight(line[2+len(b):], " \t\r\n")
			closing := bytes.Equal(rest, []byte("--"))
			if len(rest) == 0 || closing {
				if closing && partStart < 0 {
					// A closing delimiter and no part: the decoder
					// reads the raw body as text.
					return false
				}
				if partStart >= 0 && !v.part(body[partStart:i], depth) {
					return false
				}
				if closing {
					return true
				}
				partStart = end
			}
		}
		i = end
	}
	return false // no closing boundary: the decoder reads the raw body
}

// part appends the text of one part: its header block up to the first
// blank line, then its body.
func (v *viewer) part(p []byte, depth int) bool {
	p = bytes.TrimSuffix(bytes.TrimSuffix(p, []byte("\n")), []byte("\r"))
	for i := 0; i < len(p); {
		end := nextLine(p, i)
		if len(bytes.TrimRight(p[i:end], "\r\n")) == 0 {
			return v.entity(p[:i], p[end:], depth+1)
		}
		i = end
	}
	// A part with a header and no blank line after it, or a part of
	// text without a header: the decoder's reading of either is hard to
	// predict, so give up.
	return len(p) == 0
}

// base64 appends the decoded body; line ends are skipped, anything else
// that is not base64 makes it give up.
func (v *viewer) base64(body []byte) bool {
	body = bytes.TrimRight(body, " \t\r\n")
	n := len(v.buf)
	// Room for the unpadded reading too: for a body of 2 or 3 bytes mod 4
	// it decodes to more than the padded length StdEncoding reserves.
	size := base64.RawStdEncoding.DecodedLen(len(body))
	v.buf = slices.Grow(v.buf, size)
	v.buf = v.buf[:n+size]
	got, err := base64.StdEncoding.Decode(v.buf[n:], body)
	if err != nil {
		// Unpadded or with trailing junk: the decoder may still read it.
		got, err = base64.RawStdEncoding.Decode(v.buf[n:], bytes.TrimRight(body, "="))
	}
	v.buf = v.buf[:n+got]
	return err == nil
}

// quotedPrintable appends the decoded body leniently: "=XX" escapes and
// soft line breaks are decoded, any other '=' is kept.
func (v *viewer) quotedPrintable(body []byte) {
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '=' {
			v.buf = append(v.buf, c)
			continue
		}
		rest := body[i+1:]
		switch {
		case len(rest) >= 2 && unhex(rest[0]) >= 0 && unhex(rest[1]) >= 0:
			v.buf = append(v.buf, byte(unhex(rest[0])<<4|unhex(rest[1])))
			i += 2
		case len(rest) >= 1 && rest[0] == '\n':
			i++
		case len(rest) >= 2 && rest[0] == '\r' && rest[1] == '\n':
			i += 2
		default:
			soft := bytes.TrimLeft(rest, " \t")
			if len(soft) == 0 || soft[0] == '\n' || soft[0] == '\r' {
				// "=" and trailing white space: a soft break.
				i += len(rest) - len(soft)
				if len(soft) > 0 && soft[0] == '\r' {
					i++
				}
				if i+1 < len(body) && body[i+1] == '\n' {
					i++
				}
				continue
			}
			v.buf = append(v.buf, c)
		}
	}
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'F':
		return int(c - 'A' + 10)
	case c >= 'a' && c <= 'f':
		return int(c - 'a' + 10)
	}
	return -1
}

// headerValue returns the value of the first field called name in a
// header block, continuation lines included; nil when there is none.
func headerValue(header []byte, name string) []byte {
	for i := 0; i < len(header); {
		end := nextLine(header, i)
		line := header[i:end]
		if len(line) > len(name) && line[len(name)] == ':' && bytes.EqualFold(line[:len(name)], []byte(name)) {
			for end < len(header) && (header[end] == ' ' || header[end] == '\t') {
				end = nextLine(header, end)
			}
			return header[i+len(name)+1 : end]
		}
		i = end
	}
	return nil
}

// boundary returns the boundary parameter of a Content-Type value.
func boundary(ctype []byte) []byte { return param(ctype, "boundary") }

// param returns the parameter called name of a Content-Type value,
// unquoted; nil when there is none or it is empty.
func param(ctype []byte, name string) []byte {
	key := name + "="
	for i := 0; i+len(key) <= len(ctype); i++ {
		if !bytes.EqualFold(ctype[i:i+len(key)], []byte(key)) {
			continue
		}
		if i > 0 && ctype[i-1] != ';' && ctype[i-1] != ' ' && ctype[i-1] != '\t' && ctype[i-1] != '\n' {
			continue
		}
		b := ctype[i+len(key):]
		if len(b) > 0 && b[0] == '"' {
			if j := bytes.IndexByte(b[1:], '"'); j >= 0 {
				return nilIfEmpty(b[1 : 1+j])
			}
			return nil
		}
		if j := bytes.IndexAny(b, "; \t\r\n"); j >= 0 {
			b = b[:j]
		}
		return nilIfEmpty(b)
	}
	return nil
}

func nilIfEmpty(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return b
}
