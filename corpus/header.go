package corpus

import (
	"bytes"
	"mime"
	netmail "net/mail"
	"strings"
	"time"

	"github.com/emersion/go-message/charset"

	"github.com/lkmlbench/lkmlbench/model"
)

// rawHeader holds the few header fields the crawl needs for a message it
// does not decode: its key, the filters and the thread it belongs to.
type rawHeader struct {
	id, subject, from, date, inReplyTo, reference string
	// ctype and cte are the first lines of Content-Type and
	// Content-Transfer-Encoding, slices of the raw message: enough to tell
	// whether the body must be decoded before the prefilter sees it.
	ctype, cte []byte
	// bodyStart is the offset of the body in the raw message (len(raw)
	// when there is no body).
	bodyStart int
}

// scanHeader reads the header block of a raw message without allocating
// for the fields it does not keep. Folded lines are joined; a line that is
// neither a field nor a continuation ends the block, as mbox.Decode reads
// it.
func scanHeader(raw []byte) rawHeader {
	var h rawHeader
	var cur *string
	// The folded lines of cur wait in cont, so that a References field
	// folded over many lines is copied once, not once per line.
	var cont []byte
	unfold := func() {
		if len(cont) > 0 {
			*cur += string(cont)
			cont = cont[:0]
		}
	}
	pos := 0
	for pos < len(raw) {
		end := bytes.IndexByte(raw[pos:], '\n')
		next := len(raw)
		if end >= 0 {
			end += pos
			next = end + 1
		} else {
			end = len(raw)
		}
		line := bytes.TrimSuffix(raw[pos:end], []byte("\r"))
		if len(line) == 0 {
			unfold()
			h.bodyStart = next
			return h
		}
		if line[0] == ' ' || line[0] == '\t' {
			if cur != nil {
				cont = append(append(cont, ' '), bytes.TrimSpace(line)...)
			}
			pos = next
			continue
		}
		unfold()
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 {
			h.bodyStart = pos
			return h
		}
		if h.mime(line[:colon], line[colon+1:]) {
			cur = nil
			pos = next
			continue
		}
		cur = h.field(line[:colon])
		if cur != nil && *cur == "" {
			*cur = string(bytes.TrimSpace(line[colon+1:]))
		} else {
			cur = nil // keep the first occurrence of a field
		}
		pos = next
	}
	unfold()
	h.bodyStart = len(raw)
	return h
}

// mime keeps the first Content-Type and Content-Transfer-Encoding
// values and reports whether name was one of those fields.
func (h *rawHeader) mime(name, value []byte) bool {
	var dst *[]byte
	switch {
	case len(name) == 12 && bytes.EqualFold(name, []byte("Content-Type")):
		dst = &h.ctype
	case len(name) == 25 && bytes.EqualFold(name, []byte("Content-Transfer-Encoding")):
		dst = &h.cte
	default:
		return false
	}
	if *dst == nil {
		*dst = bytes.TrimSpace(value)
	}
	return true
}

// encoded reports whether the message's body is base64 or
// quoted-printable, or is multipart and may hold parts that are: then the
// prefilter must see decoded text. (A message/rfc822 body is read as it
// stands by the decoder too.)
func (h *rawHeader) encoded() bool {
	return isEncoding(h.cte) || hasFoldPrefix(h.ctype, "multipart/")
}

// field returns where the named field is kept, nil for other fields.
func (h *rawHeader) field(name []byte) *string {
	switch len(name) {
	case 4:
		if bytes.EqualFold(name, []byte("From")) {
			return &h.from
		}
		if bytes.EqualFold(name, []byte("Date")) {
			return &h.date
		}
	case 7:
		if bytes.EqualFold(name, []byte("Subject")) {
			return &h.subject
		}
	case 10:
		if bytes.EqualFold(name, []byte("Message-Id")) {
			return &h.id
		}
		if bytes.EqualFold(name, []byte("References")) {
			return &h.reference
		}
	case 11:
		if bytes.EqualFold(name, []byte("In-Reply-To")) {
			return &h.inReplyTo
		}
	}
	return nil
}

var wordDecoder = mime.WordDecoder{CharsetReader: charset.Reader}

// decodeWords decodes RFC 2047 encoded words and collapses white space;
// undecodable text is kept as written.
func decodeWords(s string) string {
	if strings.Contains(s, "=?") {
		if d, err := wordDecoder.DecodeHeader(s); err == nil {
			s = d
		}
	}
	if !needsCollapse(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// needsCollapse reports whether s has white space other than single
// spaces between words; most header values have none, and collapsing
// them would only copy them.
func needsCollapse(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return true
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\r', '\v', '\f':
			return true
		case ' ':
			if s[i+1] == ' ' {
				return true
			}
		case 0xc2, 0xe1, 0xe2, 0xe3:
			return true // may start a Unicode space, which Fields also splits on
		}
	}
	return false
}

// firstID returns the first <...> message id of a field, or the trimmed
// field when it has no angle brackets.
func firstID(v string) string {
	if i := strings.IndexByte(v, '<'); i >= 0 {
		if j := strings.IndexByte(v[i:], '>'); j > 0 {
			return strings.TrimSpace(v[i+1 : i+j])
		}
	}
	if f := strings.Fields(v); len(f) > 0 {
		return strings.Trim(f[0], "<>,")
	}
	return ""
}

// address reads "Name <addr>", "addr (Name)" or a bare address leniently.
func address(v string) model.Address {
	v = decodeWords(v)
	if i := strings.LastIndexByte(v, '<'); i >= 0 {
		email := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v[i+1:]), ">"))
		name := strings.Trim(strings.TrimSpace(v[:i]), `"'`)
		return model.Address{Name: name, Email: email}
	}
	if i := strings.IndexByte(v, '('); i >= 0 && strings.HasSuffix(v, ")") {
		return model.Address{Name: strings.TrimSpace(v[i+1 : len(v)-1]), Email: strings.TrimSpace(v[:i])}
	}
	return model.Address{Email: strings.TrimSpace(v)}
}

// mailDate is the form nearly every mailer writes: RFC 1123 with a
// numeric zone, the day in one or two digits or padded with a space ("Mon,
// 2 Jan", "Mon,  2 Jan", "Mon, 02 Jan": a quarter of the linux-pm epoch
// has a one-digit day, which time.RFC1123Z refuses).
const mailDate = "Mon, _2 Jan 2006 15:04:05 -0700"

// parseDate reads a Date header; nil when it is absent or unreadable.
// mailDate, without the zone comment many add (" (PDT)"), is parsed
// directly, a tenth of the cost of net/mail's search through every form
// it accepts (to the same instant: only its Unix time is stored). Each
// form tried in vain costs an error allocation, so the common ones must
// not fall through.
func parseDate(v string) *time.Time {
	if v == "" {
		return nil
	}
	if d, err := time.Parse(mailDate, dropZoneComment(v)); err == nil {
		return &d
	}
	d, err := netmail.ParseDate(v)
	if err != nil {
		return nil
	}
	return &d
}

// dropZoneComment cuts a trailing comment after the zone: "... -0700
// (PDT)" is "... -0700".
func dropZoneComment(v string) string {
	if strings.HasSuffix(v, ")") {
		if i := strings.LastIndex(v, " ("); i > 0 {
			return strings.TrimRight(v[:i], " ")
		}
	}
	return v
}
