package mbox

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/lkmlbench/lkmlbench/model"
)

// Message is one decoded mail message with its body lines.
type Message struct {
	// Meta holds the headers, patch tag, trailers and positions.
	Meta model.Message
	// Body is every body line with No/Offset/Depth/Author/Kind set.
	Body []model.Line

	// places maps the line numbers of a body with an encoded part to
	// the input (see Place); placeBase is the number of its first line.
	places    []Place
	placeBase int
}

// Result is what reading one input produced.
type Result struct {
	// Kind is the container form detected: "mbox", "mbox.gz", "message",
	// "text", "web-text", "html", "digest", "damaged-mbox", "maildir", "folder".
	Kind string
	// Reconstructed is true when the text was rebuilt from a damaged form.
	Reconstructed bool
	// Messages are the messages read, in input order.
	Messages []*Message
	// Warnings are the problems that did not stop the reading.
	Warnings []model.Warning

	dropped int // warnings not kept (maxWarnings)
}

// Options bounds what a reader accepts; zero values mean the documented
// defaults, so that a hostile input cannot exhaust memory.
type Options struct {
	// MaxLineBytes cuts longer lines (with a warning); default 1 MiB.
	MaxLineBytes int
	// MaxMessageBytes cuts longer messages (with a warning); default
	// DefaultMaxMessageBytes. Inputs of forms other than mbox are read at
	// most this far.
	MaxMessageBytes int64
}

// DefaultMaxMessageBytes is the default of Options.MaxMessageBytes. List
// mail is rarely over 1 MiB (vger refuses much larger messages); decoding
// costs several times a message's size in memory, and 16 MiB keeps that
// well under 300 MB.
const DefaultMaxMessageBytes = 16 << 20

const (
	defaultMaxLineBytes    = 1 << 20
	defaultMaxMessageBytes = DefaultMaxMessageBytes
	// headBytes is how much of an input Detect functions see.
	headBytes = 64 << 10
)

// withDefaults fills the zero fields with the documented defaults.
func (o Options) withDefaults() Options {
	if o.MaxLineBytes <= 0 {
		o.MaxLineBytes = defaultMaxLineBytes
	}
	if o.MaxMessageBytes <= 0 {
		o.MaxMessageBytes = defaultMaxMessageBytes
	}
	return o
}

// Form is one container reader in the registry.
type Form struct {
	// Name is the Result.Kind the form produces.
	Name string
	// Detect reports whether head (at most the first 64 KiB) is in this form.
	Detect func(head []byte) bool
	// Read reads the whole input.
	Read func(name string, data []byte, opts Options) (*Result, error)
	// Priority orders detection: lower is tried first, equal priorities in
	// registration order. Strict forms use negative values, lenient
	// fallbacks positive ones; the zero default places a form between them.
	Priority int
}

// Priorities of the core forms; see Form.Priority.
const (
	priorityGzip    = -20
	priorityMbox    = -10
	priorityMessage = 10
	priorityText    = 100
)

var (
	registryMu sync.RWMutex
	registry   []Form
)

// Register adds a form to the registry; forms call it from their init().
func Register(f Form) {
	registryMu.Lock()
	defer registryMu.Unlock()
	registry = append(registry, f)
	sort.SliceStable(registry, func(i, j int) bool { return registry[i].Priority < registry[j].Priority })
}

// Forms returns the registered form names in detection order, for the
// "supported forms" error and --help.
func Forms() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	names := make([]string, len(registry))
	for i, f := range registry {
		names[i] = f.Name
	}
	return names
}

// Read detects the container form of data by content (never by file name)
// and reads it; bare carriage returns are line endings (NormalizeEOL). name is used in positions and warnings. An input of no known
// form gives a *model.ParseError whose message lists the supported forms.
// Empty input gives an empty Result and a nil error.
func Read(name string, data []byte, opts Options) (*Result, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return &Result{}, nil
	}
	if !detectGzip(data) {
		// Before any form is decided: a CR-only file is no damaged mbox.
		data = NormalizeEOL(data)
	}
	head := data
	if len(head) > headBytes {
		head = head[:headBytes]
	}
	registryMu.RLock()
	forms := registry
	registryMu.RUnlock()
	for _, f := range forms {
		if f.Detect(head) {
			res, err := readGuarded(f, name, data, opts)
			if res != nil && res.Kind == "" {
				res.Kind = f.Name
			}
			return res, err
		}
	}
	what := "unrecognised input"
	if looksBinary(head) {
		what = "binary data (NUL bytes or mostly invalid UTF-8), not mail or text"
	}
	return nil, &model.ParseError{File: name, Err: fmt.Errorf("%s; supported forms: %s", what, strings.Join(Forms(), ", "))}
}

// ReadPath reads a file, a Maildir (cur/ new/ tmp/) or a folder of message
// files; "-" is standard input. It collects what EachPath hands out: see
// EachPath for the forms and for the faults the error reports while the
// Result keeps what could be read.
func ReadPath(path string, opts Options) (*Result, error) {
	var msgs []*Message
	res, err := EachPath(path, opts, func(m *Message) error {
		msgs = append(msgs, m)
		return nil
	})
	if res != nil {
		res.Messages = msgs
	}
	return res, err
}

// looksBinary reports whether b holds NUL bytes or more than a quarter of
// bytes that are control characters or invalid UTF-8: text in a legacy
// 8-bit charset (accented letters in Latin-1) still passes.
func looksBinary(b []byte) bool {
	if bytes.IndexByte(b, 0) >= 0 {
		return true
	}
	bad := 0
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v' && c != 0x1b {
				bad++
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			bad++
		}
		i += n
	}
	return bad*4 > len(b)
}

// warn builds a warning for the named input.
func warn(name string, line int, offset int64, format string, args ...any) model.Warning {
	return model.Warning{Source: name, Line: line, Offset: offset, Message: fmt.Sprintf(format, args...)}
}

// parseErr builds the located error a user sees for an unreadable input.
func parseErr(name string, offset int64, format string, args ...any) error {
	return &model.ParseError{File: name, Pos: model.Pos{Offset: offset}, Err: fmt.Errorf(format, args...)}
}
