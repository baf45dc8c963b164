package mbox

import (
	"bufio"
	"bytes"
	"io"
)

// Line endings. Old Mac mail ends lines with a bare carriage return, and
// files pasted together mix CR, LF and CRLF lines. Every reader here splits
// on '\n', so a CR-only file would be one long line: an mbox would be
// taken for a damaged one and lose all but its first message. Before any
// reader decides the form, each bare CR is made a '\n'. A run of CRs
// followed by '\n' ("\r\n", "\r\r\n") is one line ending as it stands; any
// other CR ends a line. Files written with the pair reversed (LF-CR,
// "\n\r" after every line) would read with a blank line after each line,
// which ends every header block at its first field: a '\n' that does not
// follow a CR and is followed by one is such a pair, and is turned round
// to "\r\n" first. The byte count does not change, so offsets into the
// input stay exact.

// NormalizeEOL returns data with every bare carriage return made a line
// feed. It returns data itself when there is none, a changed copy
// otherwise; the caller's bytes are never modified.
func NormalizeEOL(data []byte) []byte {
	i := bareCR(data, 0)
	if i < 0 {
		return data
	}
	out := bytes.Clone(data)
	turnLFCR(out, 0)
	for i = bareCR(out, 0); i >= 0; i = bareCR(out, i) {
		for i < len(out) && out[i] == '\r' {
			out[i] = '\n'
			i++
		}
	}
	return out
}

// turnLFCR turns every LF-CR pair of b round to CR-LF; prev is the byte
// before b (0 when none).
func turnLFCR(b []byte, prev byte) {
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '\n' && b[i+1] == '\r' && prev != '\r' {
			b[i], b[i+1] = '\r', '\n'
			prev = '\n'
			i++
			continue
		}
		prev = b[i]
	}
}

// bareCR returns the index of the first CR at or after from that starts a
// run of CRs not followed by '\n', or -1.
func bareCR(b []byte, from int) int {
	for from < len(b) {
		j := bytes.IndexByte(b[from:], '\r')
		if j < 0 {
			return -1
		}
		i := from + j
		end := i
		for end < len(b) && b[end] == '\r' {
			end++
		}
		if end == len(b) || b[end] != '\n' {
			return i
		}
		from = end + 1
	}
	return -1
}

// eolReader applies NormalizeEOL to a stream.
type eolReader struct {
	br   *bufio.Reader
	last byte // the last byte of the previous read
	// lfcr: the previous read ended in the '\n' of an LF-CR pair, sent as
	// '\r': the CR that begins this read is sent as its '\n'.
	lfcr bool
}

// NewEOLReader returns a reader that makes every bare carriage return of r
// a line feed, as NormalizeEOL does, for readers that stream their input.
func NewEOLReader(r io.Reader) io.Reader {
	return &eolReader{br: bufio.NewReaderSize(r, 64<<10)}
}

func (e *eolReader) Read(p []byte) (int, error) {
	n, err := e.br.Read(p)
	b := p[:n]
	if n == 0 {
		return n, err
	}
	if e.lfcr {
		b[0], e.lfcr = '\n', false
	}
	turnLFCR(b, e.last)
	tailCR := false // b ends in CRs made line feeds
	for i := 0; i < len(b); {
		j := bytes.IndexByte(b[i:], '\r')
		if j < 0 {
			break
		}
		start := i + j
		end := start
		for end < len(b) && b[end] == '\r' {
			end++
		}
		crlf := end < len(b) && b[end] == '\n'
		if end == len(b) {
			crlf = e.runEndsInLF()
		}
		if !crlf {
			for k := start; k < end; k++ {
				b[k] = '\n'
			}
			tailCR = end == len(b)
		}
		i = end
	}
	prev := e.last
	if n >= 2 {
		prev = b[n-2]
	}
	if b[n-1] == '\n' && !tailCR && prev != '\r' {
		if next, _ := e.br.Peek(1); len(next) == 1 && next[0] == '\r' {
			b[n-1], e.lfcr = '\r', true
		}
	}
	e.last = b[n-1]
	return n, err
}

// runEndsInLF looks past the end of the bytes read: whether the run of CRs
// they end with goes on to a '\n' in the data still buffered. A run longer
// than the buffer counts as line endings.
func (e *eolReader) runEndsInLF() bool {
	for k := 1; ; k++ {
		peek, _ := e.br.Peek(k)
		if len(peek) < k {
			return false
		}
		switch peek[k-1] {
		case '\n':
			return true
		case '\r':
			continue
		}
		return false
	}
}
