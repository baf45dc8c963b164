package mbox

import (
	"bytes"
	"encoding/base64"
	"io"
	"strings"
	"unicode"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/textproto"

	"github.com/lkmlbench/lkmlbench/model"
)

// Where decoded lines lie in the raw input. A record names the raw line
// (and its byte offset) that holds its row, or that encodes the row's
// first byte when the part is base64 or quoted-printable, so that a
// reader of the file finds it; the line in the decoded part is kept
// beside it where the two differ. go-message hides where its parts lie,
// so the leaves of the MIME tree are found again with the same splitter
// (textproto's multipart reader) over the raw body, and each text part is
// placed on the first leaf after the last one placed that has its header.

// rawLeaf is a leaf entity of a MIME body as it lies in the raw body.
type rawLeaf struct {
	key        string // partKey of its header
	start, end int    // its body's bytes in the raw message body
}

// partKey identifies a part by the header fields that say how its body
// is read.
func partKey(h message.Header) string {
	return h.Get("Content-Type") + "\x00" + h.Get("Content-Transfer-Encoding") + "\x00" +
		h.Get("Content-Disposition") + "\x00" + h.Get("Content-Id")
}

// rawLeaves appends the leaves of the entity with header h and raw body
// body (at byte base of the message body) in document order, the order
// entityParts reads them; false when the structure cannot be followed
// (then decoded parts are placed by locate).
func rawLeaves(h message.Header, body []byte, base, depth int, out []rawLeaf) ([]rawLeaf, bool) {
	mt, params, _ := h.ContentType()
	if !strings.HasPrefix(mt, "multipart/") {
		return append(out, rawLeaf{key: partKey(h), start: base, end: base + len(body)}), true
	}
	if depth >= maxMIMEDepth {
		return out, false
	}
	dash := []byte("--" + params["boundary"])
	mr := textproto.NewMultipartReader(bytes.NewReader(body), params["boundary"])
	search := 0
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return out, true
		}
		if err != nil {
			return out, false
		}
		raw, err := io.ReadAll(p)
		if err != nil {
			return out, false
		}
		at := partBodyStart(body, search, dash, raw)
		if at < 0 {
			return out, false
		}
		var ok bool
		if out, ok = rawLeaves(message.Header{Header: p.Header}, body[at:at+len(raw)], base+at, depth+1, out); !ok {
			return out, false
		}
		search = at + len(raw)
	}
}

// partBodyStart returns where the body of the next part starts in body
// at or after from: after the next delimiter line and the blank line that
// ends the part's header. -1 when raw does not lie there.
func partBodyStart(body []byte, from int, dash, raw []byte) int {
	i := from
	for i < len(body) && !bytes.HasPrefix(body[i:], dash) {
		i = nextLine(body, i)
	}
	if i >= len(body) {
		return -1
	}
	for i = nextLine(body, i); i < len(body); {
		end := nextLine(body, i)
		blank := len(bytes.TrimRight(body[i:end], "\r\n")) == 0
		i = end
		if blank {
			break
		}
	}
	if !bytes.HasPrefix(body[i:], raw) {
		return -1
	}
	return i
}

// rawPlace is where one decoded line lies: the raw line (0-based, in the
// message body) and byte offset (in the body) of its start.
type rawPlace struct {
	line int
	off  int
}

// bodyLines indexes the line starts of a raw body once.
type bodyLines []int

func indexLines(body []byte) bodyLines {
	starts := bodyLines{0}
	for i := 0; ; {
		j := bytes.IndexByte(body[i:], '\n')
		if j < 0 || i+j+1 >= len(body) {
			return starts
		}
		i += j + 1
		starts = append(starts, i)
	}
}

// at returns the place of the raw line holding byte off.
func (s bodyLines) at(off int) rawPlace {
	lo, hi := 0, len(s)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if s[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return rawPlace{lo, s[lo]}
}

// place returns the raw place of each decoded line of part p,
// whose body is leaf, and whether the part is encoded (its lines do not
// stand in the input as they are read). nil when the part's lines cannot
// be mapped one by one (then every line is placed at the leaf's start).
func (p *textPart) place(body []byte, idx bodyLines, leaf rawLeaf, lines []model.Line) []rawPlace {
	raw := body[leaf.start:leaf.end]
	n := len(lines)
	var starts []int // byte offsets in raw where decoded lines start
	switch {
	case p.html:
		starts = htmlLineStarts(raw, lines)
	case p.qp:
		starts = qpLineStarts(raw)
	case p.base64:
		starts = base64LineStarts(raw)
	default:
		starts = []int{0}
		for pos := nextLine(raw, 0); pos < len(raw); pos = nextLine(raw, pos) {
			starts = append(starts, pos)
		}
	}
	if len(starts) != n {
		return nil
	}
	out := make([]rawPlace, n)
	for i := range out {
		out[i] = idx.at(leaf.start + starts[i])
	}
	return out
}

// base64LineStarts decodes a base64 body as go-message does (white space
// skipped) and returns, for each decoded line, the offset in raw of the
// raw line holding the first base64 character that encodes its first
// byte. nil when raw is not base64.
func base64LineStarts(raw []byte) []int {
	chars := make([]byte, 0, len(raw))
	at := make([]int, 0, len(raw)) // raw offset of each base64 character
	for i, c := range raw {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		}
		chars = append(chars, c)
		at = append(at, i)
	}
	if len(chars) == 0 {
		return []int{0} // an empty part: one empty line
	}
	dec := make([]byte, base64.StdEncoding.DecodedLen(len(chars)))
	n, err := base64.StdEncoding.Decode(dec, chars)
	if err != nil {
		return nil
	}
	dec = dec[:n]
	lineOf := func(b int) int {
		c := min(b*8/6, len(at)-1)
		return bytes.LastIndexByte(raw[:at[c]], '\n') + 1
	}
	starts := []int{lineOf(0)}
	for i, c := range dec {
		if c == '\n' && i+1 < len(dec) {
			starts = append(starts, lineOf(i+1))
		}
	}
	return starts
}

// qpLineStarts returns, for each decoded line of a quoted-printable body,
// the offset in raw of the byte that encodes its first byte: a decoded
// line starts after a hard line break (soft breaks, "=" at the end of a
// raw line, join raw lines) and after an encoded line feed ("=0A").
func qpLineStarts(raw []byte) []int {
	starts := []int{0}
	for pos := 0; pos < len(raw); {
		end := nextLine(raw, pos)
		line := raw[pos:end]
		for i := 0; i+2 < len(line); i++ {
			if line[i] == '=' && line[i+1] == '0' && line[i+2] == 'A' {
				next := pos + i + 3
				if rest := bytes.TrimRight(line[i+3:], " \t\r\n"); len(rest) == 0 || string(rest) == "=" {
					next = end // the line goes on on the next raw line
				}
				if next < len(raw) {
					starts = append(starts, next)
				}
			}
		}
		soft := bytes.HasSuffix(bytes.TrimRight(line, " \t\r\n"), []byte("="))
		if !soft && end < len(raw) {
			starts = append(starts, end)
		}
		pos = end
	}
	return starts
}

// htmlLineStarts places the lines of text converted from HTML: each on
// the raw line where its first word is next found, searching on from the
// line before (the text of a cell stands in the markup as written); a
// line whose word is not found, or that has none, stays with the line
// before. Words are runs holding a letter or digit: the '|' between
// cells is drawn by the conversion.
func htmlLineStarts(raw []byte, lines []model.Line) []int {
	starts := make([]int, len(lines))
	at := 0
	for i, l := range lines {
		for _, f := range strings.Fields(l.Text) {
			if strings.IndexFunc(f, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
				continue // a cell separator the conversion drew
			}
			if j := bytes.Index(raw[at:], []byte(f)); j >= 0 {
				at += j
			}
			break
		}
		starts[i] = at
	}
	return starts
}
