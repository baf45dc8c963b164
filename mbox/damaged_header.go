package mbox

import (
	"strings"
	"unicode"
)

// dmgTok is one space-separated word of collapsed text: data[s:e].
type dmgTok struct{ s, e int32 }

// in returns the token's text in data, the collapsed input it indexes.
func (t dmgTok) in(data []byte) string { return string(data[t.s:t.e]) }

// dmgTokens splits data[from:to] at whitespace; offsets are absolute.
func dmgTokens(data []byte, from, to int) []dmgTok {
	var out []dmgTok
	i := from
	for i < to {
		for i < to && isDmgSpace(data[i]) {
			i++
		}
		j := i
		for j < to && !isDmgSpace(data[j]) {
			j++
		}
		if j > i {
			out = append(out, dmgTok{int32(i), int32(j)})
		}
		i = j
	}
	return out
}

func isDmgSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// dmgField is one header field found in collapsed text: the name token and
// the value tokens [vFrom, vTo).
type dmgField struct {
	name      string
	at        int // token index of the name
	vFrom     int
	vTo       int
	gluedFrom int32 // byte offset where a value glued to the name starts, 0 if none
}

// dmgHeaderWords are the single-word header names worth recognising; any
// capitalised hyphenated name ("X-Mailer", "List-Id", "ARC-Seal") is
// accepted too, so the list stays short.
var dmgHeaderWords = map[string]bool{
	"from": true, "to": true, "cc": true, "bcc": true, "subject": true, "date": true,
	"received": true, "sender": true, "precedence": true, "references": true,
	"organization": true, "organisation": true, "importance": true, "priority": true,
	"keywords": true, "comments": true, "autocrypt": true, "status": true,
}

// dmgAddressHeaders hold names and addresses, never body-like prose, so a
// prose-looking value there does not end the header.
var dmgAddressHeaders = map[string]bool{
	"from": true, "to": true, "cc": true, "bcc": true, "reply-to": true, "sender": true,
	"subject": true, "thread-topic": true, "organization": true, "organisation": true,
}

// dmgHeaderName reports whether tok names a header field: "Name:" or, for
// tag lists written without a space ("ARC-Seal:i=2;"), "Name:tag=...".
// Trailers ("Tested-by:") are body text, not headers.
func dmgHeaderName(tok string) (name string, glued int, ok bool) {
	c := strings.IndexByte(tok, ':')
	if c <= 0 {
		return "", 0, false
	}
	name = tok[:c]
	if !dmgNameShape(name) {
		return "", 0, false
	}
	low := strings.ToLower(name)
	if strings.HasSuffix(low, "-by") {
		return "", 0, false
	}
	if !dmgHeaderWords[low] && !strings.Contains(name, "-") {
		return "", 0, false
	}
	rest := tok[c+1:]
	if rest == "" {
		return name, 0, true
	}
	// A glued value must be a tag=value list; "In-Reply-To:Content-Type;"
	// is a list of header names inside a signature field.
	eq := strings.IndexByte(rest, '=')
	if eq <= 0 || !isLowerWord(rest[:eq]) {
		return "", 0, false
	}
	return name, c + 1, true
}

// dmgNameShape checks "Word(-Word)*" starting with an upper-case letter.
func dmgNameShape(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' && s[i-1] != '-'
		if !ok {
			return false
		}
	}
	return true
}

func isLowerWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// dmgHeaderWindow bounds how far into the input header fields are sought.
const dmgHeaderWindow = 512 << 10

// dmgSplitHeader finds the header fields of collapsed mail and the token
// where the body begins. The value of a field runs to the next field name;
// the header ends in the first value that holds a body signal (a quote
// marker, an attribution, a greeting, a sentence), and the body begins at
// that signal. Without any signal the last field keeps one value word.
func dmgSplitHeader(toks []dmgTok, data []byte) (fields []dmgField, bodyAt int) {
	var cands []dmgField
	for i := range toks {
		if int(toks[i].s) > dmgHeaderWindow {
			break
		}
		if name, glued, ok := dmgHeaderName(toks[i].in(data)); ok {
			f := dmgField{name: name, at: i, vFrom: i + 1}
			if glued > 0 {
				f.vFrom = i
				f.gluedFrom = toks[i].s + int32(glued)
			}
			cands = append(cands, f)
		}
	}
	if len(cands) == 0 {
		return nil, 0
	}
	for k := range cands {
		end := len(toks)
		if k+1 < len(cands) {
			end = cands[k+1].at
		}
		f := cands[k]
		for j := f.vFrom; j < end; j++ {
			if j == f.vFrom && f.gluedFrom > 0 {
				continue
			}
			if dmgBodySignal(toks, data, j, end, dmgAddressHeaders[strings.ToLower(f.name)]) {
				f.vTo = j
				return append(cands[:k:k], f), j
			}
		}
		f.vTo = end
		cands[k] = f
	}
	last := &cands[len(cands)-1]
	last.vTo = min(last.vFrom+1, len(toks))
	return cands, last.vTo
}

// dmgGreetings open a mail body.
var dmgGreetings = map[string]bool{
	"hi": true, "hello": true, "hey": true, "dear": true, "hallo": true,
	"greetings": true, "thanks": true, "thank": true, "ping": true,
}

// dmgBodySignal reports whether the body plausibly begins at token j
// (before limit). Address-like fields accept only the strong signals.
func dmgBodySignal(toks []dmgTok, data []byte, j, limit int, addressField bool) bool {
	t := toks[j].in(data)
	if isQuoteMarker(t) {
		return true
	}
	if t == "On" && dmgAttributionAt(toks, data, j) > j {
		return true
	}
	if addressField {
		return false
	}
	if dmgGreetings[strings.ToLower(strings.TrimRight(t, ",!:"))] {
		return true
	}
	if !isCapitalWord(strings.TrimRight(t, ",.")) {
		return false
	}
	n := 0
	for k := j + 1; k < limit && k < j+4; k++ {
		w := strings.TrimRight(toks[k].in(data), ",.;:!?")
		if !isLowerProse(w) {
			return false
		}
		n++
	}
	return n == 3
}

// isQuoteMarker reports whether t is a run of '>' (a quote prefix token).
func isQuoteMarker(t string) bool {
	if t == "" || len(t) > 32 {
		return false
	}
	for i := 0; i < len(t); i++ {
		if t[i] != '>' {
			return false
		}
	}
	return true
}

func isCapitalWord(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for _, r := range s[1:] {
		if !unicode.IsLetter(r) && r != '\'' {
			return false
		}
	}
	return true
}

func isLowerProse(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z') && r != '\'' {
			return false
		}
	}
	return true
}

// dmgAttributionAt reports where an attribution starting with "On" at j
// ends (the index after its last token), or -1. "On <date>, <name> wrote:"
// counts, and so does "On <date> <name>" directly followed by a quote
// marker, the form some mailers write without "wrote:".
func dmgAttributionAt(toks []dmgTok, data []byte, j int) int {
	if j+2 >= len(toks) || !dateLike(toks[j+1].in(data)) {
		return -1
	}
	for k := j + 1; k < len(toks) && k < j+40; k++ {
		w := toks[k].in(data)
		switch {
		case isWroteWord(w):
			return k + 1
		case isQuoteMarker(w):
			if k-j <= 16 {
				return k
			}
			return -1
		}
	}
	return -1
}

// isWroteWord reports whether w ends an attribution ("Name wrote:").
func isWroteWord(w string) bool { return w == "wrote:" || w == "writes:" || w == "said:" }

var dmgDateWords = []string{"mon", "tue", "wed", "thu", "fri", "sat", "sun",
	"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

// dateLike reports whether w can begin a date: a digit or a day/month name.
func dateLike(w string) bool {
	if w == "" {
		return false
	}
	if w[0] >= '0' && w[0] <= '9' {
		return true
	}
	low := strings.ToLower(w)
	for _, d := range dmgDateWords {
		if strings.HasPrefix(low, d) {
			return true
		}
	}
	return false
}
