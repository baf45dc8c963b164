package mbox

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The damaged-mbox form is a raw message (often a lore mbox) saved through
// something that collapsed every run of whitespace, newlines included, into
// one space and stripped the <...> text. Its line structure is rebuilt
// (header fields at their names, body lines at quote markers and at
// recognisable line starts), the rebuilt message is decoded like any other,
// and every line keeps the byte offset of its text in the original file.
func init() {
	Register(Form{Name: "damaged-mbox", Detect: detectDamaged, Read: readDamaged})
}

const (
	// dmgMinBytes: shorter text is too short to call damaged mail.
	dmgMinBytes = 512
	// dmgBytesPerNewline: damaged text has fewer newlines than one per
	// this many bytes (mail has one every 80 bytes or so).
	dmgBytesPerNewline = 1000
	// dmgMinFields header names must be found near the start.
	dmgMinFields = 3
)

// detectDamaged accepts long text with almost no newlines that starts like
// mail: an envelope "From " line or a header name, with more header names
// following.
func detectDamaged(head []byte) bool {
	t := bytes.TrimLeft(head, " \t\r\n")
	if len(t) < dmgMinBytes || bytes.Count(t, []byte{'\n'})*dmgBytesPerNewline > len(t) {
		return false
	}
	toks := dmgTokens(t, 0, min(len(t), 16<<10))
	if len(toks) == 0 {
		return false
	}
	first := toks[0].in(t)
	if _, _, ok := dmgHeaderName(first); first != "From" && !ok {
		return false
	}
	n := 0
	for _, tk := range toks {
		if _, _, ok := dmgHeaderName(tk.in(t)); ok {
			n++
		}
	}
	return n >= dmgMinFields
}

// readDamaged rebuilds and decodes a damaged message.
func readDamaged(name string, data []byte, opts Options) (*Result, error) {
	opts = opts.withDefaults()
	data, warns := capMessage(name, data, opts)
	rb, err := dmgRebuild(name, data, opts)
	if err != nil {
		return nil, err
	}
	warns = append(warns, rb.warnings...)
	warns = append(warns, warn(name, 0, 0, "line breaks of this message were collapsed into spaces: lines were rebuilt, line numbers refer to the rebuilt text"))
	m, mw, err := decodeGuarded(name, RawMessage{Data: []byte(rb.text), Line: 1})
	if err != nil {
		return nil, err
	}
	warns = append(warns, mw...)
	for i := range m.Body {
		if no, _ := m.Place(m.Body[i].No); no >= 1 && no <= len(rb.offsets) {
			m.Body[i].Offset = rb.offsets[no-1]
		}
	}
	fillQuoteAuthors(m.Body, m.Meta.From.String(), "")
	m.Meta.Trailers = Trailers(m.Body)
	for i := range m.Meta.Trailers {
		m.Meta.Trailers[i].Line, _ = m.Place(m.Meta.Trailers[i].Line)
	}
	m.Meta.Offset = 0
	m.Meta.StartLine = 1
	m.Meta.EndLine = len(rb.offsets)
	m.Meta.Reconstructed = true
	return &Result{Kind: "damaged-mbox", Reconstructed: true, Messages: []*Message{m}, Warnings: warns}, nil
}

// dmgRebuilt is collapsed mail with its lines restored.
type dmgRebuilt struct {
	// text is the rebuilt message: header fields, a blank line, the body.
	text string
	// offsets[i] is the byte offset in the input of rebuilt line i+1.
	offsets  []int64
	warnings []model.Warning
}

// dmgRebuild restores the lines of collapsed mail. The envelope line is
// dropped, as mbox readers do, so rebuilt line 1 is the first header field.
func dmgRebuild(name string, data []byte, opts Options) (*dmgRebuilt, error) {
	toks := dmgTokens(data, 0, len(data))
	fields, bodyAt := dmgSplitHeader(toks, data)
	if len(fields) == 0 {
		return nil, &model.ParseError{File: name, Err: fmt.Errorf("collapsed mail without header fields")}
	}
	rb := &dmgRebuilt{}
	var sb strings.Builder
	add := func(line string, off int32) {
		if len(line) > opts.MaxLineBytes {
			rb.warnings = append(rb.warnings, warn(name, len(rb.offsets)+1, int64(off), "rebuilt line longer than %d bytes: the rest is dropped", opts.MaxLineBytes))
			line = line[:opts.MaxLineBytes]
		}
		// The few line breaks left inside a rebuilt line become spaces.
		sb.WriteString(strings.Map(func(r rune) rune {
			if r == '\n' || r == '\r' {
				return ' '
			}
			return r
		}, line))
		sb.WriteByte('\n')
		rb.offsets = append(rb.offsets, int64(off))
	}
	for _, f := range fields {
		at := toks[f.at]
		value := ""
		switch {
		case f.gluedFrom > 0 && f.vTo > f.vFrom:
			value = string(data[f.gluedFrom:toks[f.vTo-1].e])
		case f.vTo > f.vFrom:
			value = string(data[toks[f.vFrom].s:toks[f.vTo-1].e])
		}
		add(f.name+": "+value, at.s)
	}
	bodyOff := int32(len(data))
	if bodyAt < len(toks) {
		bodyOff = toks[bodyAt].s
	}
	add("", bodyOff)
	if bodyAt < len(toks) {
		for _, sp := range dmgBody(data, toks[bodyAt:]) {
			add(string(data[sp.s:sp.e]), sp.s)
		}
	}
	rb.text = sb.String()
	return rb, nil
}
