package mbox

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The digest form is a whole thread rendered as plain text without mail
// headers: each message opens with its subject line, a blank line, the
// author in brackets ("[Jane Doe]") and another blank line; its body runs
// to the next such opening. A title line (the thread subject) may precede
// the first message.
func init() {
	Register(Form{Name: "digest", Detect: detectDigest, Read: readDigest})
}

// reDigestAuthor matches the bracketed author line: one to six name words
// starting with a capital letter, so that "[1] https://..." and "[..]" in
// bodies are not taken for message openings.
var reDigestAuthor = regexp.MustCompile(`^\[(\p{Lu}[\p{L}\p{M}.'-]*(?: [\p{L}\p{M}.'-]+){0,5})\]$`)

// digestLeadLines bounds how far into the input the first opening may be.
const digestLeadLines = 8

// digestLine is one input line with its position.
type digestLine struct {
	text string
	no   int
	off  int64
}

// detectDigest accepts text whose first lines hold a message opening.
func detectDigest(head []byte) bool {
	lines := digestSplit(head, 0)
	limit := min(len(lines), digestLeadLines+4)
	for i := 0; i < limit; i++ {
		if digestOpening(lines, i) {
			return true
		}
		if i >= digestLeadLines {
			break
		}
	}
	return false
}

// digestSplit splits data into lines; maxLine > 0 cuts longer lines.
func digestSplit(data []byte, maxLine int) []digestLine {
	var out []digestLine
	off := 0
	for no := 1; off < len(data); no++ {
		end := bytes.IndexByte(data[off:], '\n')
		next := len(data)
		if end >= 0 {
			end += off
			next = end + 1
		} else {
			end = len(data)
		}
		text := strings.TrimRight(string(data[off:end]), "\r")
		if maxLine > 0 && len(text) > maxLine {
			text = text[:maxLine]
		}
		out = append(out, digestLine{text: text, no: no, off: int64(off)})
		off = next
	}
	return out
}

// digestBodyLines runs BodyLines over split lines (at least one), keeping
// each line's own input offset: offsets counted in the re-joined text
// would drift past every dropped "\r" and cut line tail. BodyLines gives
// at most one line per input line, in order (a final blank line is none).
func digestBodyLines(ls []digestLine, author string) []model.Line {
	texts := make([]string, len(ls))
	for i, l := range ls {
		texts[i] = l.text
	}
	body := BodyLines(strings.Join(texts, "\n"), ls[0].no, ls[0].off, author)
	for i := range body {
		body[i].Offset = ls[i].off
	}
	return body
}

// digestOpening reports whether a message opens at line i: a subject line,
// a blank line, the bracketed author, then a blank line or the end.
func digestOpening(lines []digestLine, i int) bool {
	if i+2 >= len(lines) {
		return false
	}
	subj := strings.TrimSpace(lines[i].text)
	if subj == "" || strings.HasPrefix(subj, ">") || strings.TrimSpace(lines[i+1].text) != "" {
		return false
	}
	if !reDigestAuthor.MatchString(strings.TrimSpace(lines[i+2].text)) {
		return false
	}
	return i+3 >= len(lines) || strings.TrimSpace(lines[i+3].text) == ""
}

// readDigest reads every message of a digest. Message ids are synthetic
// ("<name>#N", N counting messages from 1). A message replies to the
// latest earlier message of the thread by the author its first
// attribution line names, or else to the message just before it; that
// parent's author is the author of unattributed depth-1 quotes.
func readDigest(name string, data []byte, opts Options) (*Result, error) {
	opts = opts.withDefaults()
	data, warns := capMessage(name, data, opts)
	lines := digestSplit(data, opts.MaxLineBytes)
	var starts []int
	for i := range lines {
		if digestOpening(lines, i) {
			starts = append(starts, i)
		}
	}
	if len(starts) == 0 {
		return nil, &model.ParseError{File: name, Err: fmt.Errorf("no digest message opening (subject line, blank line, [Author]) found")}
	}
	res := &Result{Kind: "digest", Warnings: warns}
	for k, s := range starts {
		end := len(lines)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		res.Messages = append(res.Messages, digestMessage(name, lines, s, end, k+1, res.Messages))
	}
	return res, nil
}

// digestMessage builds message number n from lines[s:end].
func digestMessage(name string, lines []digestLine, s, end, n int, earlier []*Message) *Message {
	subject := strings.Join(strings.Fields(lines[s].text), " ")
	author := reDigestAuthor.FindStringSubmatch(strings.TrimSpace(lines[s+2].text))[1]
	m := &Message{Meta: model.Message{
		Source:    name,
		ID:        fmt.Sprintf("%s#%d", name, n),
		Subject:   subject,
		From:      model.Address{Name: author},
		Patch:     ParseSubject(subject),
		StartLine: lines[s].no,
		Offset:    lines[s].off,
	}}
	body := lines[min(s+4, end):end]
	for len(body) > 0 && strings.TrimSpace(body[len(body)-1].text) == "" {
		body = body[:len(body)-1]
	}
	m.Meta.EndLine = lines[s+2].no
	if len(body) > 0 {
		m.Body = digestBodyLines(body, author)
		m.Meta.EndLine = body[len(body)-1].no
	}
	parent := digestParent(m, earlier)
	parentAuthor := ""
	if parent != nil {
		m.Meta.InReplyTo = parent.Meta.ID
		parentAuthor = parent.Meta.From.Name
	}
	fillQuoteAuthors(m.Body, author, parentAuthor)
	m.Meta.Trailers = Trailers(m.Body)
	return m
}

// digestParent picks the message m replies to among the earlier ones of
// its thread (same normalised subject): among the messages by the author
// of m's first unquoted attribution, the latest whose text holds the first
// quoted lines, else the latest by that author; without an attribution the
// latest of the thread. A message
// whose subject is no reply starts a thread.
func digestParent(m *Message, earlier []*Message) *Message {
	subj := normalSubject(m.Meta.Subject)
	var thread []*Message
	for _, e := range earlier {
		if normalSubject(e.Meta.Subject) == subj {
			thread = append(thread, e)
		}
	}
	reply := strings.HasPrefix(strings.ToLower(m.Meta.Subject), "re:")
	if m.Meta.Patch != nil {
		reply = m.Meta.Patch.Reply
	}
	if len(thread) == 0 || !reply {
		return nil
	}
	named, quoted := digestFirstQuote(m.Body)
	var byNamed *Message
	for i := len(thread) - 1; i >= 0 && named != ""; i-- {
		e := thread[i]
		if !strings.EqualFold(e.Meta.From.Name, named) {
			continue
		}
		if byNamed == nil {
			byNamed = e
		}
		if digestHolds(e, quoted) {
			return e
		}
	}
	if byNamed != nil {
		return byNamed
	}
	return thread[len(thread)-1]
}

// digestFirstQuote returns the author BodyLines gave the first depth-1
// quote that an unquoted attribution introduces (blank lines and snip
// marks such as "[...]" may stand between them), and the quote's first few
// non-empty lines, to recognise the quoted message.
func digestFirstQuote(body []model.Line) (author string, quoted []string) {
	for i, l := range body {
		if l.Depth != 0 || l.Kind != model.KindAttribution {
			continue
		}
		for _, q := range body[i+1:] {
			t := strings.TrimSpace(q.Text)
			if q.Depth == 0 {
				if len(quoted) > 0 || !digestGap(t) {
					break
				}
				continue
			}
			if q.Depth != 1 {
				continue
			}
			author = q.Author
			if t != "" {
				quoted = append(quoted, t)
			}
			if len(quoted) == 3 {
				break
			}
		}
		return author, quoted
	}
	return "", nil
}

// digestGap reports an unquoted line that may separate an attribution
// from its quote: blank, or a snip mark ("[...]", "[..snip..]", "...").
func digestGap(t string) bool {
	return t == "" || strings.Trim(t, "[]. ") == "" || strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") && strings.Contains(strings.ToLower(t), "snip")
}

// digestHolds reports whether m's own text contains the quoted lines.
func digestHolds(m *Message, quoted []string) bool {
	if len(quoted) == 0 {
		return false
	}
	own := map[string]bool{}
	for _, l := range m.Body {
		if l.Depth == 0 {
			own[strings.TrimSpace(l.Text)] = true
		}
	}
	for _, q := range quoted {
		if !own[q] {
			return false
		}
	}
	return true
}
