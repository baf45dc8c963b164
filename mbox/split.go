package mbox

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	"github.com/lkmlbench/lkmlbench/model"
)

// RawMessage is one undecoded message of an mbox stream.
type RawMessage struct {
	// Data is the raw message: the From_ line removed and ">From " lines
	// unescaped per mboxrd. It is valid until the next Scan; copy it to
	// keep it longer.
	Data []byte
	// Line is the 1-based line of the message's first header line.
	Line int
	// Offset is the byte offset of that line in the stream.
	Offset int64
	// unescaped lists, in order, the 0-based lines of Data that lost a '>'
	// to mboxrd unescaping, so that Decode can keep input offsets exact.
	unescaped []int
}

// RawScanner splits an mbox stream into raw messages without decoding them.
// It holds one message in memory at a time, so whole archives stream
// through it.
//
// A line is a message separator when it starts with "From ", sits at the
// start of the stream, after a blank line or has the From_ shape
// ("From sender Www Mmm ..."), and is followed by a header line: "From "
// lines that mail clients failed to escape in bodies stay body text. Lines
// matching ^>+From are unescaped the mboxrd way (one '>' removed); for an
// mboxo file this also unescapes ">>From " lines that were never escaped,
// which the format cannot tell apart. Decode corrects body offsets for the
// removed bytes. Text before the first separator is a message of its own
// when it is not blank; the blank line before a separator belongs to the
// container and is dropped.
type RawScanner struct {
	br   *bufio.Reader
	name string
	opts Options

	line      int   // lines consumed so far
	offset    int64 // bytes consumed so far
	prevBlank bool  // the last line consumed was blank (or none was)

	msg      RawMessage
	buf      []byte
	long     []byte
	warnings []model.Warning
	err      error
	done     bool
}

// NewRawScanner returns a scanner over r with the default Options.
func NewRawScanner(r io.Reader) *RawScanner {
	return NewRawScannerOptions(r, "", Options{})
}

// NewRawScannerOptions returns a scanner over r whose warnings name the
// input name and whose line and message caps come from opts.
func NewRawScannerOptions(r io.Reader, name string, opts Options) *RawScanner {
	return &RawScanner{br: bufio.NewReaderSize(r, 64<<10), name: name, opts: opts.withDefaults(), prevBlank: true}
}

// SetPosition tells the scanner, before its first Scan, that its reader
// starts at byte offset of the stream, after line lines: a crawl that
// resumes in the middle of a file keeps its positions exact. The reader
// must start at the first header line of a message or at a From_ line.
func (s *RawScanner) SetPosition(offset int64, line int) {
	s.offset, s.line = offset, line
}

// Message returns the message found by the last successful Scan. Its Data
// is reused by the next Scan.
func (s *RawScanner) Message() RawMessage { return s.msg }

// Err returns the first read error other than io.EOF.
func (s *RawScanner) Err() error { return s.err }

// Last reports whether the stream ended after the message found by the
// last Scan: no From_ line followed it. A reader of a file still being
// written cannot tell whether such a message is whole.
func (s *RawScanner) Last() bool { return s.done }

// Warnings returns the warnings (cut lines, cut messages) met so far and
// forgets them.
func (s *RawScanner) Warnings() []model.Warning {
	w := s.warnings
	s.warnings = nil
	return w
}

// Scan advances to the next non-blank message; it returns false at the end
// of the stream or on a read error.
func (s *RawScanner) Scan() bool {
	s.buf = s.buf[:0]
	s.msg = RawMessage{Line: s.line + 1, Offset: s.offset}
	cut := false
	// A fresh list per message (most have none): unlike Data, which the
	// caller copies, the list is not the caller's to copy, so it must
	// survive the next Scan for messages decoded concurrently.
	var unescaped []int
	for !s.done {
		line, err := s.readLine()
		if err != nil {
			s.done = true
			if !errors.Is(err, io.EOF) {
				s.err = err
			}
		}
		if len(line) == 0 {
			continue
		}
		mark := len(s.buf)
		un := unescapeFrom(line)
		s.buf = append(s.buf, un...)
		// The copy in buf stays valid across the Peek in isSeparator.
		if s.isSeparator(s.buf[mark:]) {
			s.buf = s.buf[:mark]
			s.advance(line)
			s.prevBlank = false
			if len(bytes.TrimSpace(s.buf)) > 0 {
				s.msg.Data = dropSeparatorBlank(s.buf)
				return true
			}
			s.buf = s.buf[:0]
			s.msg = RawMessage{Line: s.line + 1, Offset: s.offset}
			unescaped = nil
			continue
		}
		if len(un) < len(line) {
			unescaped = append(unescaped, s.line+1-s.msg.Line)
			s.msg.unescaped = unescaped
		}
		if int64(len(s.buf)) > s.opts.MaxMessageBytes {
			s.buf = s.buf[:mark]
			if !cut {
				s.warnings = append(s.warnings, warn(s.name, s.line+1, s.offset, "message longer than %d bytes: the rest is dropped", s.opts.MaxMessageBytes))
				cut = true
			}
		}
		s.advance(line)
		s.prevBlank = isBlankLine(line)
	}
	s.msg.Data = s.buf
	return len(bytes.TrimSpace(s.buf)) > 0
}

// advance counts a consumed line. A line cut by MaxLineBytes counts as its
// kept length, so offsets after it are early by the dropped bytes.
func (s *RawScanner) advance(line []byte) {
	s.line++
	s.offset += int64(len(line))
}

// readLine returns the next line with its ending, cut to MaxLineBytes (the
// rest of an over-long line is discarded with a warning). The result is
// valid until the next read.
func (s *RawScanner) readLine() ([]byte, error) {
	line, err := s.br.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) && len(line) <= s.opts.MaxLineBytes {
		return line, err
	}
	limit := s.opts.MaxLineBytes
	s.long = append(s.long[:0], line[:min(len(line), limit)]...)
	total := len(line)
	for errors.Is(err, bufio.ErrBufferFull) {
		line, err = s.br.ReadSlice('\n')
		total += len(line)
		if room := limit - len(s.long); room > 0 {
			s.long = append(s.long, line[:min(len(line), room)]...)
		}
	}
	if total > limit {
		s.warnings = append(s.warnings, warn(s.name, s.line+1, s.offset, "line longer than %d bytes: cut", limit))
		if len(line) > 0 && line[len(line)-1] == '\n' {
			s.long = append(s.long, '\n')
		}
	}
	return s.long, err
}

// dropSeparatorBlank removes the blank line mbox writers put before a
// separator: it belongs to the container, not to the message.
func dropSeparatorBlank(b []byte) []byte {
	switch {
	case bytes.HasSuffix(b, []byte("\r\n\r\n")):
		return b[:len(b)-2]
	case bytes.HasSuffix(b, []byte("\n\n")):
		return b[:len(b)-1]
	}
	return b
}

// isSeparator reports whether line is a From_ line starting a message.
func (s *RawScanner) isSeparator(line []byte) bool {
	if !bytes.HasPrefix(line, []byte("From ")) {
		return false
	}
	if !s.prevBlank && !fromLineShape(line) {
		return false
	}
	peek, _ := s.br.Peek(4096)
	if len(peek) == 0 {
		// A From_ line at the very end separates nothing but is no body text.
		return fromLineShape(line)
	}
	if i := bytes.IndexByte(peek, '\n'); i >= 0 {
		peek = peek[:i+1]
	}
	// Two separators in a row frame an empty message.
	return isHeaderLine(peek) || (bytes.HasPrefix(peek, []byte("From ")) && fromLineShape(peek))
}

// fromLineShape reports whether line looks like "From sender Www Mmm dd ...":
// an envelope line as mail software writes it, not prose.
func fromLineShape(line []byte) bool {
	f := bytes.Fields(line)
	if len(f) < 4 || len(line) > 256 {
		return false
	}
	// "Mon" and "Monday" alike.
	return isDayName(string(f[2][:min(len(f[2]), 3)]))
}

// isDayName reports whether w is an English weekday abbreviation.
func isDayName(w string) bool {
	switch w {
	case "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun":
		return true
	}
	return false
}

// unescapeFrom removes one '>' from a line matching ^>+From (mboxrd).
func unescapeFrom(line []byte) []byte {
	if len(line) < 6 || line[0] != '>' {
		return line
	}
	i := 0
	for i < len(line) && line[i] == '>' {
		i++
	}
	if bytes.HasPrefix(line[i:], []byte("From ")) {
		return line[1:]
	}
	return line
}

// isBlankLine reports whether line holds only its line ending and spaces.
func isBlankLine(line []byte) bool {
	return len(bytes.TrimSpace(line)) == 0
}

// isHeaderLine reports whether line has the shape "Name: value" of an RFC
// 822 header field (printable ASCII name without spaces, then a colon).
func isHeaderLine(line []byte) bool {
	i := bytes.IndexByte(line, ':')
	if i <= 0 || i > 76 {
		return false
	}
	for _, c := range line[:i] {
		if c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}
