package mbox

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/lkmlbench/lkmlbench/model"
)

// ErrNUL is the fault of a message holding NUL bytes: binary data, not
// mail. Such a message is skipped, by extract and crawl alike.
var ErrNUL = errors.New("NUL bytes: binary data, not a mail message")

// EachPath reads a file, a Maildir, a folder of message files or "-" for
// standard input, as ReadPath does, but hands each message to fn as soon
// as it is decoded instead of collecting them: an mbox, plain or gzip, is
// streamed message by message and never held whole, so memory does not
// grow with the input. Other forms are read whole, at most
// MaxMessageBytes of them (the rest is dropped with a warning). The Result
// says the form and holds the warnings; its Messages are empty.
//
// Nothing is dropped silently: a message that cannot be read (NUL bytes),
// a file of a folder that cannot be read or is of no known form, a
// symlink that leads nowhere readable, all come back in the error, each
// with its position, while what could be read is handed to fn and the
// Result is non-nil. An error of fn stops the reading and is returned.
func EachPath(path string, opts Options, fn func(*Message) error) (*Result, error) {
	opts = opts.withDefaults()
	if path == "-" {
		return Each("-", os.Stdin, opts, fn)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, &model.ParseError{File: path, Err: errors.Unwrap(err)}
	}
	if st.IsDir() {
		return eachDir(path, opts, fn)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &model.ParseError{File: path, Err: errors.Unwrap(err)}
	}
	defer f.Close()
	return Each(path, f, opts, fn)
}

// fnError marks an error of the caller's fn, which stops the reading.
type fnError struct{ err error }

func (e fnError) Error() string { return e.err.Error() }
func (e fnError) Unwrap() error { return e.err }

// Each reads one input stream of any form, as EachPath reads a file; name
// labels it in positions and warnings.
func Each(name string, r io.Reader, opts Options, fn func(*Message) error) (*Result, error) {
	opts = opts.withDefaults()
	br := bufio.NewReaderSize(r, headBytes)
	var gz *gzipStream
	if head, _ := br.Peek(2); detectGzip(head) {
		var err error
		gz, err = newGzipStream(name, br, opts)
		if err != nil {
			return nil, err
		}
		br = bufio.NewReaderSize(gz, headBytes)
		if head, _ := br.Peek(2); detectGzip(head) {
			return nil, parseErr(name, 0, "gzip: the decoded data is gzip again; nested archives are not read")
		}
	}
	br = bufio.NewReaderSize(NewEOLReader(br), headBytes)
	head, _ := br.Peek(headBytes)
	var res *Result
	var err error
	if IsMbox(head) {
		res, err = eachMbox(name, br, opts, fn)
	} else {
		res, err = eachWhole(name, br, opts, fn)
	}
	if gz != nil {
		if res != nil {
			res.Kind = "mbox.gz"
			res.Warnings = append(gz.warnings(), res.Warnings...)
		} else if w := gz.warnings(); len(w) > 0 && err != nil {
			err = fmt.Errorf("%w (%s)", err, w[0].Message)
		}
	}
	var fe fnError
	if errors.As(err, &fe) {
		return res, fe.err
	}
	return res, err
}

// eachMbox streams the messages of an mbox.
func eachMbox(name string, r io.Reader, opts Options, fn func(*Message) error) (*Result, error) {
	res := &Result{Kind: "mbox"}
	sc := NewRawScannerOptions(r, name, opts)
	var faults []error
	for sc.Scan() {
		raw := sc.Message()
		if err := sc.Err(); errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			break // interrupted: the message read in part is not decoded
		}
		if bytes.IndexByte(raw.Data, 0) >= 0 {
			faults = append(faults, &model.ParseError{File: name, Pos: model.Pos{Line: raw.Line, Offset: raw.Offset}, Err: ErrNUL})
			continue
		}
		m, w, derr := decodeGuarded(name, raw)
		if derr != nil {
			faults = append(faults, derr)
			continue
		}
		res.addWarnings(w)
		if err := fn(m); err != nil {
			return res, fnError{err}
		}
	}
	res.addWarnings(sc.Warnings())
	if res.dropped > 0 {
		res.Warnings = append(res.Warnings, warn(name, 0, 0, "%d more warnings not listed (at most %d are kept per input)", res.dropped, maxWarnings))
	}
	if err := sc.Err(); err != nil {
		m := sc.Message()
		faults = append(faults, &model.ParseError{File: name, Pos: model.Pos{Line: m.Line, Offset: m.Offset}, Err: fmt.Errorf("reading stopped: %w", err)})
	}
	return res, errors.Join(faults...)
}

// maxWarnings bounds the warnings kept for one streamed input: a million
// messages in an unknown charset must not fill the memory with the same
// warning. The rest are counted in one closing warning.
const maxWarnings = 1000

// addWarnings keeps w up to maxWarnings and counts the rest.
func (r *Result) addWarnings(w []model.Warning) {
	room := max(maxWarnings-len(r.Warnings), 0)
	if len(w) > room {
		r.dropped += len(w) - room
		w = w[:room]
	}
	r.Warnings = append(r.Warnings, w...)
}

// eachWhole reads an input of a form other than mbox whole, bounded by
// MaxMessageBytes, and hands on its messages.
func eachWhole(name string, r io.Reader, opts Options, fn func(*Message) error) (*Result, error) {
	data, err := io.ReadAll(io.LimitReader(r, opts.MaxMessageBytes+1))
	if err != nil {
		return nil, &model.ParseError{File: name, Err: err}
	}
	var cut []model.Warning
	if int64(len(data)) > opts.MaxMessageBytes {
		data = data[:opts.MaxMessageBytes]
		cut = append(cut, warn(name, 0, opts.MaxMessageBytes, "input longer than %d bytes and not an mbox: the rest is dropped", opts.MaxMessageBytes))
	}
	res, err := Read(name, data, opts)
	if res == nil {
		return nil, err
	}
	res.Warnings = append(cut, res.Warnings...)
	msgs := res.Messages
	res.Messages = nil
	for _, m := range msgs {
		if ferr := fn(m); ferr != nil {
			return res, fnError{ferr}
		}
	}
	return res, err
}

// gzipStream decompresses an input, bounded to maxGunzipFactor times
// MaxMessageBytes; a corrupt or truncated stream ends early and the
// reading goes on with what was decoded, with a warning giving the
// compressed offset where decoding stopped.
type gzipStream struct {
	name    string
	zr      *gzip.Reader
	in      *countReader
	limit   int64
	n       int64
	err     error
	tooLong bool
}

func newGzipStream(name string, r io.Reader, opts Options) (*gzipStream, error) {
	in := &countReader{r: bufio.NewReader(r)}
	zr, err := gzip.NewReader(in)
	if err != nil {
		return nil, parseErr(name, in.n, "gzip: %v", err)
	}
	return &gzipStream{name: name, zr: zr, in: in, limit: opts.MaxMessageBytes * maxGunzipFactor}, nil
}

func (g *gzipStream) Read(p []byte) (int, error) {
	if g.err != nil || g.tooLong {
		return 0, io.EOF
	}
	if room := g.limit - g.n; int64(len(p)) > room {
		if room <= 0 {
			g.tooLong = true
			return 0, io.EOF
		}
		p = p[:room]
	}
	n, err := g.zr.Read(p)
	g.n += int64(n)
	if err != nil && !errors.Is(err, io.EOF) {
		if g.in.err != nil {
			// The input failed, not the compression: a read error.
			return n, g.in.err
		}
		g.err = err
		return n, io.EOF
	}
	return n, err
}

// warnings says where decoding stopped early, if it did.
func (g *gzipStream) warnings() []model.Warning {
	switch {
	case g.err != nil:
		err := g.err
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = errors.New("data truncated")
		}
		return []model.Warning{warn(g.name, 0, g.in.n, "gzip: %v after %d decoded bytes: reading what was decoded", err, g.n)}
	case g.tooLong:
		// Only when more data follows the limit.
		var one [1]byte
		if n, _ := g.zr.Read(one[:]); n > 0 {
			return []model.Warning{warn(g.name, 0, 0, "gzip: decoded text longer than %d bytes: the rest is dropped", g.limit)}
		}
	}
	return nil
}

// countReader counts the bytes read through it and keeps the first read
// error other than io.EOF.
type countReader struct {
	r   *bufio.Reader
	n   int64
	err error
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	c.note(err)
	return n, err
}

func (c *countReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	c.note(err)
	return b, err
}

func (c *countReader) note(err error) {
	if err != nil && !errors.Is(err, io.EOF) && c.err == nil {
		c.err = err
	}
}
