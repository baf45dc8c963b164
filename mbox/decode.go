package mbox

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	netmail "net/mail"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
	// The charset package registers the legacy charsets (ISO-8859-*,
	// Windows-125x, ...) with go-message, and reads them for the
	// encoded words of display names.
	"github.com/emersion/go-message/charset"
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"

	"github.com/lkmlbench/lkmlbench/model"
)

// Decode decodes one raw RFC 822 message: MIME with go-message (text/plain
// preferred over text/html, quoted-printable, base64, charsets), body lines
// via BodyLines. A MIME error falls back to the raw body as text/plain with
// a warning; the message is never dropped. Headers are read leniently, so a
// malformed header line ends the header block instead of failing.
func Decode(name string, raw RawMessage) (*Message, []model.Warning) {
	hdr := splitHeader(raw.Data)
	var th textproto.Header
	// textproto.Header.Add prepends; adding in reverse keeps the first
	// occurrence of a field first, as Get expects.
	for i := len(hdr.fields) - 1; i >= 0; i-- {
		th.Add(hdr.fields[i].key, hdr.fields[i].value)
	}
	mh := mail.Header{Header: message.Header{Header: th}}
	m := &Message{Meta: model.Message{
		Source:    name,
		StartLine: raw.Line,
		EndLine:   raw.Line + max(lineCount(raw.Data), 1) - 1,
		Offset:    raw.Offset,
	}}
	meta := &m.Meta
	meta.ID = messageID(&mh)
	if meta.ID == "" {
		meta.ID = fmt.Sprintf("%s#%d", name, raw.Line)
	}
	meta.Subject, _ = mh.Subject()
	meta.Subject = strings.Join(strings.Fields(meta.Subject), " ")
	meta.From = fromAddress(&mh)
	if d, err := netmail.ParseDate(mh.Get("Date")); err == nil {
		meta.Date = &d
	}
	if ids := msgIDs(&mh, "In-Reply-To"); len(ids) > 0 {
		meta.InReplyTo = ids[0]
	}
	meta.References = msgIDs(&mh, "References")
	meta.Patch = ParseSubject(meta.Subject)

	bodyLine := raw.Line + hdr.lines
	bodyOff := raw.Offset + int64(hdr.bodyStart)
	body := raw.Data[hdr.bodyStart:]
	var warns []model.Warning
	w := func(format string, args ...any) {
		warns = append(warns, warn(name, bodyLine, bodyOff, format, args...))
	}
	if hdr.malformed {
		w("malformed header line: header block ends early")
	}
	parts, err := bodyParts(mh.Header, body, w)
	author := meta.From.String()
	var leaves []rawLeaf
	if err != nil {
		w("MIME error, body read as plain text: %v", err)
		parts = []textPart{{text: toUTF8(body, w), key: partKey(mh.Header)}}
		leaves = []rawLeaf{{key: parts[0].key, end: len(body)}}
	} else {
		leaves, _ = rawLeaves(mh.Header, body, 0, 0, nil)
	}
	idx := indexLines(body)
	type placedPart struct {
		lines   []model.Line
		raw     []int // raw line of each line
		encoded bool
	}
	placed := make([]placedPart, len(parts))
	// Lines are numbered by the raw line that holds or encodes them when
	// those rise strictly (one raw line per decoded line: plain text,
	// quoted-printable), else in reading order; with an encoded part
	// m.places says where each lies (see Place).
	encoded, rising, prev := false, true, 0
	search, leaf := 0, 0
	for pi, p := range parts {
		lines := splitLines(p.text, 0, 0)
		var places []rawPlace
		at := -1
		for k := leaf; k < len(leaves); k++ {
			if leaves[k].key == p.key {
				at = k
				break
			}
		}
		if at >= 0 {
			leaf = at + 1
			if places = p.place(body, idx, leaves[at], lines); places == nil {
				// Lines that cannot be mapped one by one lie in the part.
				start := idx.at(leaves[at].start)
				places = make([]rawPlace, len(lines))
				for i := range places {
					places[i] = start
				}
			}
			search = leaves[at].end
		} else {
			line, _, next := locate(body, search, p.text)
			search = next
			places = make([]rawPlace, len(lines))
			for i := range places {
				// Placed approximately, line by line from where the text
				// was found.
				places[i] = rawPlace{line + i, idx[min(line+i, len(idx)-1)]}
			}
		}
		pp := placedPart{lines: lines, raw: make([]int, len(lines)), encoded: p.qp || p.base64 || p.html}
		encoded = encoded || pp.encoded
		for i := range lines {
			rawLine := bodyLine + places[i].line
			lines[i].Offset = bodyOff + int64(places[i].off)
			if len(raw.unescaped) > 0 {
				// Lines after an unescaped ">From " sit one byte later per
				// removed '>' in the input.
				lines[i].Offset += int64(sort.SearchInts(raw.unescaped, rawLine-raw.Line))
			}
			pp.raw[i] = rawLine
			rising = rising && rawLine > prev
			prev = rawLine
		}
		placed[pi] = pp
	}
	seq := bodyLine
	if encoded && !rising {
		m.placeBase = bodyLine
	}
	for pi, pp := range placed {
		for i := range pp.lines {
			pp.lines[i].No = pp.raw[i]
			if !encoded {
				continue
			}
			decoded := 0
			if pp.encoded {
				decoded = i + 1
			}
			if !rising {
				pp.lines[i].No = seq
				seq++
			} else if m.places == nil {
				m.placeBase = pp.raw[i]
			}
			for len(m.places) <= pp.lines[i].No-m.placeBase {
				m.places = append(m.places, Place{})
			}
			m.places[pp.lines[i].No-m.placeBase] = Place{Line: pp.raw[i], Decoded: decoded}
		}
		lines := pp.lines
		p := parts[pi]
		if p.flowed {
			lines = unflow(lines, p.delsp)
		}
		a := author
		if p.author != "" {
			a = p.author
		}
		marked := markLines(lines, a)
		if len(m.Body) > 0 && len(marked) > 0 {
			marked[0].PartStart = true
		}
		m.Body = append(m.Body, marked...)
	}
	meta.Trailers = Trailers(m.Body)
	for i := range meta.Trailers {
		meta.Trailers[i].Line, _ = m.Place(meta.Trailers[i].Line)
	}
	return m, warns
}

// Place says where a body line lies in the input: lines are numbered by
// their raw line (Line.No) unless two lines lie on one raw line (a base64
// or HTML part), and then in reading order, which Place maps to the raw
// line that holds or encodes the line. decoded is the line's 1-based line in the decoded text
// of its part when that part is encoded (base64, quoted-printable, HTML),
// 0 otherwise. A number of no body line of m is returned as it is.
func (m *Message) Place(no int) (line, decoded int) {
	if i := no - m.placeBase; i >= 0 && i < len(m.places) && m.places[i].Line > 0 {
		return m.places[i].Line, m.places[i].Decoded
	}
	return no, 0
}

// Place is where a body line of a message with an encoded part lies: the
// raw input line and its line in the decoded part (0 when not encoded).
type Place struct {
	Line, Decoded int
}

// messageID returns the Message-ID without angle brackets, leniently.
func messageID(h *mail.Header) string {
	if id, err := h.MessageID(); err == nil && id != "" {
		return id
	}
	return strings.Trim(strings.TrimSpace(h.Get("Message-Id")), "<>")
}

// msgIDs returns the ids of an In-Reply-To or References field; ids that
// go-message rejects are taken from their <...> or whitespace-separated form.
func msgIDs(h *mail.Header, key string) []string {
	if ids, err := h.MsgIDList(key); err == nil {
		return ids
	}
	v := h.Get(key)
	var ids []string
	for v != "" {
		i := strings.IndexByte(v, '<')
		j := strings.IndexByte(v[max(i, 0):], '>')
		if i < 0 || j < 0 {
			break
		}
		if id := strings.TrimSpace(v[i+1 : i+j]); id != "" {
			ids = append(ids, id)
		}
		v = v[i+j+1:]
	}
	if len(ids) == 0 {
		for _, f := range strings.Fields(v) {
			if strings.Contains(f, "@") {
				ids = append(ids, strings.Trim(f, "<>,"))
			}
		}
	}
	return ids
}

// fromAddress reads the author; a From field go-message rejects (a bare
// name whose address was stripped, unbalanced quotes) keeps what it has.
func fromAddress(h *mail.Header) model.Address {
	if l, err := h.AddressList("From"); err == nil && len(l) > 0 {
		return model.Address{Name: quotedWords(l[0].Name), Email: l[0].Address}
	}
	v, err := h.Text("From")
	if err != nil {
		v = h.Get("From")
	}
	return parseLooseAddress(v)
}

var wordDecoder = mime.WordDecoder{CharsetReader: charset.Reader}

// quotedWords decodes the RFC 2047 encoded words left in a display name:
// RFC 2047 forbids them inside quotes, but mailers write
// "=?utf-8?q?J=C3=B6rg?=" <...> and every mail client shows the name
// decoded. Undecodable text is kept as written.
func quotedWords(name string) string {
	if !strings.Contains(name, "=?") {
		return name
	}
	if d, err := wordDecoder.DecodeHeader(name); err == nil {
		return strings.Join(strings.Fields(d), " ")
	}
	return name
}

// parseLooseAddress splits "Name <addr>", "addr (Name)", "addr" or "Name".
func parseLooseAddress(v string) model.Address {
	v = strings.TrimSpace(v)
	var a model.Address
	if i := strings.IndexByte(v, '<'); i >= 0 {
		rest := v[i+1:]
		if j := strings.IndexByte(rest, '>'); j >= 0 {
			a.Email = strings.TrimSpace(rest[:j])
			v = strings.TrimSpace(v[:i] + " " + rest[j+1:])
		} else {
			v = strings.TrimSpace(v[:i])
		}
	} else if i := strings.IndexByte(v, '('); i >= 0 && strings.HasSuffix(v, ")") {
		a.Email = strings.TrimSpace(v[:i])
		v = v[i+1 : len(v)-1]
	} else if strings.Contains(v, "@") && !strings.Contains(v, " ") {
		a.Email = v
		v = ""
	}
	a.Name = strings.Join(strings.Fields(strings.Trim(v, `"' `)), " ")
	return a
}

// textPart is the decoded text of one text part of a message and how its
// lines must be read.
type textPart struct {
	text string
	// flowed and delsp: format=flowed (RFC 3676) soft line breaks to join.
	flowed, delsp bool
	// qp: the text was quoted-printable in the input, so its raw lines
	// map onto decoded lines through the soft breaks.
	qp bool
	// base64: the text was base64 in the input; html: it was converted
	// from HTML. Neither stands in the input line by line.
	base64, html bool
	// key is partKey of the part's header: it finds the part's raw bytes.
	key string
	// author is the sender of a forwarded message (message/rfc822) the
	// text is the body of; "" for the message's own text.
	author string
}

// bodyParts returns the text of the body's text parts: the entity's own
// body when it is not multipart; for multipart/alternative the text/plain
// alternative (text/html converted when it is the only one); for other
// multiparts every text part in order, attachments of text included. An
// error means the MIME structure is broken.
func bodyParts(h message.Header, body []byte, w func(string, ...any)) ([]textPart, error) {
	e, err := message.New(h, bytes.NewReader(body))
	if err != nil && !noteUnknown(err, w) {
		return nil, err
	}
	return entityParts(e, w, 0)
}

// noteUnknown turns an unknown charset or transfer encoding into a warning
// (the text is then used as is) and reports whether err was one of those.
func noteUnknown(err error, w func(string, ...any)) bool {
	if message.IsUnknownCharset(err) || message.IsUnknownEncoding(err) {
		w("%v: text used undecoded", err)
		return true
	}
	return false
}

// maxMIMEDepth bounds multipart nesting against hostile input.
const maxMIMEDepth = 16

// entityParts collects the text parts of e, see bodyParts.
func entityParts(e *message.Entity, w func(string, ...any), depth int) ([]textPart, error) {
	mt, params, _ := e.Header.ContentType()
	mr := e.MultipartReader()
	if mr == nil {
		return leafPart(e, mt, params, w)
	}
	if depth >= maxMIMEDepth {
		return nil, fmt.Errorf("multipart nested deeper than %d levels", maxMIMEDepth)
	}
	var plain, html []textPart
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil && (p == nil || !noteUnknown(err, w)) {
			return nil, err
		}
		pt, _, _ := p.Header.ContentType()
		if pt == "message/rfc822" || pt == "message/global" {
			sub, err := forwardedParts(p, w, depth+1)
			if err != nil {
				return nil, err
			}
			plain = append(plain, sub...)
			continue
		}
		if pt != "" && !strings.HasPrefix(pt, "multipart/") && !strings.HasPrefix(pt, "text/") && !textAttachment(p.Header) {
			// Binary attachments hold no text; drain them so that a broken
			// boundary inside them is still noticed.
			if _, err := io.Copy(io.Discard, p.Body); err != nil {
				return nil, err
			}
			continue
		}
		dst := &plain
		if pt == "text/html" {
			dst = &html
		}
		sub, err := entityParts(p, w, depth+1)
		if err != nil {
			return nil, err
		}
		*dst = append(*dst, sub...)
	}
	if len(plain) == 0 || mt == "multipart/alternative" && len(html) > 0 && blankParts(plain) {
		// Only HTML, or an alternative whose text part is empty while
		// its HTML part holds the message.
		plain = html
	}
	if mt == "multipart/alternative" && len(plain) > 1 {
		plain = plain[:1]
	}
	return plain, nil
}

// blankParts reports whether the parts hold nothing but white space.
func blankParts(parts []textPart) bool {
	for _, p := range parts {
		if strings.TrimSpace(p.text) != "" {
			return false
		}
	}
	return true
}

// forwardedParts reads the text parts of a forwarded message (a
// message/rfc822 part) as its own: its body is read, and its sender, from
// its own header, is the author of its text. A forwarded message whose
// header cannot be read gives its raw text with a warning.
func forwardedParts(p *message.Entity, w func(string, ...any), depth int) ([]textPart, error) {
	raw, err := io.ReadAll(p.Body)
	if err != nil {
		return nil, err
	}
	inner, err := message.Read(bytes.NewReader(raw))
	if err != nil && (inner == nil || !noteUnknown(err, w)) {
		w("forwarded message: %v: its text read as it stands", err)
		return []textPart{{text: toUTF8(raw, w)}}, nil
	}
	parts, err := entityParts(inner, w, depth)
	if err != nil {
		return nil, err
	}
	from := fromAddress(&mail.Header{Header: inner.Header}).String()
	for i := range parts {
		parts[i].author = from
	}
	return parts, nil
}

// leafPart reads the text of a part that is not multipart. A body that is
// plainly quoted-printable although no header says so (the header was
// lost on the way) is decoded with a warning; a binary attachment read as
// text by its file name gives nothing.
func leafPart(e *message.Entity, mt string, params map[string]string, w func(string, ...any)) ([]textPart, error) {
	b, err := io.ReadAll(e.Body)
	if err != nil {
		return nil, err
	}
	tp := textPart{
		flowed: strings.EqualFold(params["format"], "flowed"),
		delsp:  strings.EqualFold(params["delsp"], "yes"),
		qp:     strings.EqualFold(strings.TrimSpace(e.Header.Get("Content-Transfer-Encoding")), "quoted-printable"),
		base64: strings.EqualFold(strings.TrimSpace(e.Header.Get("Content-Transfer-Encoding")), "base64"),
		html:   mt == "text/html",
		key:    partKey(e.Header),
	}
	if e.Header.Get("Content-Transfer-Encoding") == "" && looksQP(b) {
		if d, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(b))); err == nil {
			w("body is quoted-printable without a Content-Transfer-Encoding header: decoded")
			b, tp.qp = d, true
		}
	}
	if !strings.HasPrefix(mt, "text/") && mt != "" && looksBinary(b) {
		return nil, nil
	}
	if tp.html {
		tp.text = mimeHTMLText(toUTF8(b, w))
	} else {
		tp.text = toUTF8(b, w)
	}
	return []textPart{tp}, nil
}

// toUTF8 returns b as a string; bytes that are not UTF-8 (an 8-bit body
// without a charset) are read as Latin-1 with a warning.
func toUTF8(b []byte, w func(string, ...any)) string {
	if utf8.Valid(b) {
		return string(b)
	}
	w("text is not valid UTF-8: read as Latin-1")
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/8)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			r = rune(b[0])
		}
		sb.WriteRune(r)
		b = b[n:]
	}
	return sb.String()
}

// locate finds where decoded text starts in the raw body, searching from
// byte from: it returns the line (0-based, relative to the body's first
// line) and byte offset of the text's first line, and where to search for
// the next part. Text that cannot be found verbatim (quoted-printable,
// base64, converted charsets) is placed at from: numbering is approximate.
func locate(body []byte, from int, text string) (line int, off int64, next int) {
	lead := 0 // leading blank lines of text
	first := text
	for {
		nl := strings.IndexByte(first, '\n')
		if nl < 0 || strings.TrimSpace(first[:nl]) != "" {
			if nl >= 0 {
				first = first[:nl]
			}
			break
		}
		first = first[nl+1:]
		lead++
	}
	first = strings.TrimRight(first, "\r")
	at, next := from, from
	if len(first) >= 4 {
		if i := bytes.Index(body[from:], []byte(first)); i >= 0 {
			at = from + i
			next = at + len(first)
			// Back up to the line start, then over the leading blank lines.
			at = bytes.LastIndexByte(body[:at], '\n') + 1
			for k := 0; k < lead && at > 0; k++ {
				at = bytes.LastIndexByte(body[:at-1], '\n') + 1
			}
		}
	}
	line = bytes.Count(body[:at], []byte("\n"))
	return line, int64(at), next
}

// lineCount counts the lines of b, a last line without newline included.
func lineCount(b []byte) int {
	n := bytes.Count(b, []byte("\n"))
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}
