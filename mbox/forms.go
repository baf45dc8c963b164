package mbox

import (
	"bytes"
	"errors"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

func init() {
	Register(Form{Name: "mbox", Detect: IsMbox, Read: readMbox, Priority: priorityMbox})
	Register(Form{Name: "message", Detect: detectMessage, Read: readMessage, Priority: priorityMessage})
	Register(Form{Name: "text", Detect: func(head []byte) bool { return !looksBinary(head) }, Read: readText, Priority: priorityText})
}

// IsMbox reports whether input starting with head is an mbox: its first
// non-blank line is an envelope "From " line of ordinary length followed
// by a header line (so a damaged mbox whose newlines became spaces is left
// to its own reader). It is exported so that readers that stream files
// (the batch crawl) decide exactly as Read does.
func IsMbox(head []byte) bool {
	head = bytes.TrimLeft(head, "\r\n")
	if !bytes.HasPrefix(head, []byte("From ")) {
		return false
	}
	end := bytes.IndexByte(head, '\n')
	if end < 0 || end > 256 {
		return false
	}
	next := head[end+1:]
	if i := bytes.IndexByte(next, '\n'); i >= 0 {
		next = next[:i]
	}
	return isHeaderLine(next)
}

// readMbox splits and decodes every message of an mbox.
func readMbox(name string, data []byte, opts Options) (*Result, error) {
	res := &Result{Kind: "mbox"}
	var faults []error
	sc := NewRawScannerOptions(bytes.NewReader(data), name, opts)
	for sc.Scan() {
		raw := sc.Message()
		if bytes.IndexByte(raw.Data, 0) >= 0 {
			faults = append(faults, &model.ParseError{File: name, Pos: model.Pos{Line: raw.Line, Offset: raw.Offset}, Err: ErrNUL})
			continue
		}
		m, w, derr := decodeGuarded(name, raw)
		if derr != nil {
			faults = append(faults, derr)
			continue
		}
		res.Messages = append(res.Messages, m)
		res.Warnings = append(res.Warnings, w...)
	}
	res.Warnings = append(res.Warnings, sc.Warnings()...)
	if err := sc.Err(); err != nil {
		faults = append(faults, err)
	}
	return res, errors.Join(faults...)
}

// knownHeaders are fields a mail file or a client's "save message" output
// starts with; the "message" form requires one of them first, so prose
// that merely starts with "Note: ..." stays text.
var knownHeaders = map[string]bool{
	"received": true, "from": true, "return-path": true, "message-id": true, "subject": true,
	"date": true, "to": true, "cc": true, "delivered-to": true, "dkim-signature": true,
	"mime-version": true, "content-type": true, "in-reply-to": true, "references": true,
	"reply-to": true, "sender": true, "authentication-results": true, "list-id": true,
	"envelope-to": true, "x-mailer": true, "user-agent": true, "precedence": true,
	"arc-seal": true, "arc-message-signature": true, "arc-authentication-results": true,
	"received-spf": true, "thread-topic": true, "thread-index": true,
}

// detectMessage accepts a single RFC 822 message: a known header field
// first, then header lines (or folded continuations) up to a blank line or
// the end of the head.
func detectMessage(head []byte) bool {
	head = bytes.TrimLeft(head, "\r\n")
	first := head
	if i := bytes.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	colon := bytes.IndexByte(first, ':')
	if colon <= 0 || !isHeaderLine(first) {
		return false
	}
	name := strings.ToLower(string(first[:colon]))
	return knownHeaders[name] || strings.HasPrefix(name, "x-")
}

// readMessage decodes the input as one message.
func readMessage(name string, data []byte, opts Options) (*Result, error) {
	res := &Result{Kind: "message"}
	data, line, off := trimLeadingBlank(data)
	raw, w := capMessage(name, data, opts)
	if bytes.IndexByte(raw, 0) >= 0 {
		return res, &model.ParseError{File: name, Pos: model.Pos{Line: line, Offset: off}, Err: ErrNUL}
	}
	m, mw, err := decodeGuarded(name, RawMessage{Data: raw, Line: line, Offset: off})
	if err != nil {
		return res, err
	}
	res.Messages = []*Message{m}
	res.Warnings = append(w, mw...)
	return res, nil
}

// readText makes the whole input one message body without headers; its id
// is "<name>#1".
func readText(name string, data []byte, opts Options) (*Result, error) {
	res := &Result{Kind: "text"}
	data, w := capMessage(name, data, opts)
	text := toUTF8(data, func(format string, args ...any) {
		w = append(w, warn(name, 0, 0, format, args...))
	})
	m := &Message{Meta: model.Message{Source: name, ID: name + "#1", StartLine: 1, EndLine: max(lineCount(data), 1)}}
	m.Body = BodyLines(text, 1, 0, "")
	m.Meta.Trailers = Trailers(m.Body)
	res.Messages = []*Message{m}
	res.Warnings = w
	return res, nil
}

// capMessage cuts data to MaxMessageBytes with a warning.
func capMessage(name string, data []byte, opts Options) ([]byte, []model.Warning) {
	opts = opts.withDefaults()
	if int64(len(data)) <= opts.MaxMessageBytes {
		return data, nil
	}
	return data[:opts.MaxMessageBytes], []model.Warning{warn(name, 0, opts.MaxMessageBytes, "message longer than %d bytes: the rest is dropped", opts.MaxMessageBytes)}
}

// trimLeadingBlank drops blank lines before a message and says where the
// message then starts.
func trimLeadingBlank(data []byte) ([]byte, int, int64) {
	line, off := 1, 0
	for off < len(data) {
		end := nextLine(data, off)
		if !isBlankLine(data[off:end]) || end == len(data) {
			break
		}
		off = end
		line++
	}
	return data[off:], line, int64(off)
}
