package mbox

import (
	"bytes"
	"fmt"
	netmail "net/mail"
	"regexp"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench/model"
)

// The web-text form is one message copied as text from a web archive page
// (lkml.iu.edu, spinics, ...): the subject on the first line, then "From:"
// and "Date:" lines (perhaps "To:"/"Cc:" too), then the body.
func init() {
	Register(Form{Name: "web-text", Detect: detectWebText, Read: readWebText})
}

// reWebField matches the header-like lines under the subject.
var reWebField = regexp.MustCompile(`^(?i)(from|date|to|cc|subject|message-id|in-reply-to|references|reply-to|sent)\s*:\s*(.*)$`)

// webReplyPrefix are subject prefixes that look like a header name.
var webReplyPrefix = map[string]bool{"re": true, "fwd": true, "fw": true, "aw": true, "sv": true, "antw": true}

// webHeadLines bounds how many lines after the subject may be header lines.
const webHeadLines = 8

// detectWebText accepts text whose first non-blank line is not a header
// field and is followed, within a few lines, by "From:" and "Date:" lines.
func detectWebText(head []byte) bool {
	lines := digestSplit(bytes.TrimLeft(head, "\r\n"), 0)
	if len(lines) < 3 || looksBinary(head) {
		return false
	}
	first := strings.TrimSpace(lines[0].text)
	if first == "" || reWebField.MatchString(first) {
		return false
	}
	if c := strings.IndexByte(first, ':'); c > 0 && isHeaderLine([]byte(first)) && !webReplyPrefix[strings.ToLower(first[:c])] {
		return false
	}
	_, fields := webFields(lines)
	return fields["from"] != "" && fields["date"] != ""
}

// webFields reads the header lines after the subject line (index 0) and
// returns the index of the first body line.
func webFields(lines []digestLine) (body int, fields map[string]string) {
	fields = map[string]string{}
	last := 0
	for i := 1; i < len(lines) && i <= webHeadLines; i++ {
		t := strings.TrimSpace(lines[i].text)
		if t == "" {
			if len(fields) > 0 {
				break
			}
			continue
		}
		m := reWebField.FindStringSubmatch(t)
		if m == nil {
			break
		}
		key := strings.ToLower(m[1])
		if _, dup := fields[key]; !dup {
			fields[key] = strings.TrimSpace(m[2])
		}
		last = i
	}
	body = last + 1
	if body < len(lines) && strings.TrimSpace(lines[body].text) == "" {
		body++
	}
	return body, fields
}

// readWebText reads the message; its id is "<name>#1".
func readWebText(name string, data []byte, opts Options) (*Result, error) {
	opts = opts.withDefaults()
	data, warns := capMessage(name, data, opts)
	all := digestSplit(data, opts.MaxLineBytes)
	skip := 0
	for skip < len(all) && strings.TrimSpace(all[skip].text) == "" {
		skip++
	}
	lines := all[skip:]
	body, fields := webFields(lines)
	if len(lines) == 0 || fields["from"] == "" {
		return nil, &model.ParseError{File: name, Err: fmt.Errorf("web archive text without a From: line under the subject")}
	}
	subject := strings.Join(strings.Fields(lines[0].text), " ")
	from := parseLooseAddress(fields["from"])
	m := &Message{Meta: model.Message{
		Source:    name,
		ID:        name + "#1",
		Subject:   subject,
		From:      from,
		Date:      parseLooseDate(fields["date"]),
		Patch:     ParseSubject(subject),
		StartLine: lines[0].no,
		EndLine:   lines[len(lines)-1].no,
		Offset:    lines[0].off,
	}}
	if id := strings.Trim(fields["message-id"], "<> "); id != "" {
		m.Meta.ID = id
	}
	m.Meta.InReplyTo = strings.Trim(fields["in-reply-to"], "<> ")
	if m.Meta.Date == nil && fields["date"] != "" {
		warns = append(warns, warn(name, lines[0].no, lines[0].off, "unreadable date %q", fields["date"]))
	}
	if body < len(lines) {
		m.Body = digestBodyLines(lines[body:], from.String())
	}
	fillQuoteAuthors(m.Body, from.String(), "")
	m.Meta.Trailers = Trailers(m.Body)
	return &Result{Kind: "web-text", Messages: []*Message{m}, Warnings: warns}, nil
}

// webZones are the time-zone abbreviations web archives print.
var webZones = map[string]string{
	"UT": "+0000", "UTC": "+0000", "GMT": "+0000", "Z": "+0000",
	"EST": "-0500", "EDT": "-0400", "CST": "-0600", "CDT": "-0500",
	"MST": "-0700", "MDT": "-0600", "PST": "-0800", "PDT": "-0700",
	"CET": "+0100", "CEST": "+0200", "BST": "+0100", "IST": "+0530", "JST": "+0900",
}

// webDateLayouts are the date forms seen on archive pages, tried after the
// RFC 5322 parser ("Mon Nov 28 2022 - 06:52:19 EST" is lkml.iu.edu's).
var webDateLayouts = []string{
	"Mon Jan 2 2006 - 15:04:05 -0700",
	"Mon, Jan 2 2006 - 15:04:05 -0700",
	"Mon Jan 2 15:04:05 2006 -0700",
	"Mon Jan 2 15:04:05 -0700 2006",
	"Mon, 2 Jan 2006 15:04:05 -0700",
	"2 Jan 2006 15:04:05 -0700",
	"2006-01-02 15:04:05 -0700",
	"2006-01-02 15:04:05",
	"2006-01-02T15:04:05Z07:00",
	"Mon, 02 Jan 2006 15:04:05",
	"Mon Jan 2 15:04:05 2006",
	"January 2, 2006 3:04 pm",
	"Jan 2, 2006, 3:04 pm",
	"2 Jan 2006",
}

// parseLooseDate reads a date in any of the common archive forms; nil when
// none fits.
func parseLooseDate(s string) *time.Time {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return nil
	}
	if d, err := netmail.ParseDate(s); err == nil {
		return &d
	}
	words := strings.Fields(s)
	for i, w := range words {
		if z, ok := webZones[strings.Trim(w, "()")]; ok {
			words[i] = z
		}
	}
	norm := strings.Join(words, " ")
	for _, layout := range webDateLayouts {
		if d, err := time.Parse(layout, norm); err == nil {
			return &d
		}
	}
	return nil
}
