package mbox

import (
	"fmt"
	"runtime/debug"

	"github.com/lkmlbench/lkmlbench/model"
)

// decodeMessage is the decoder the readers call; tests replace it to check
// that a panic in it stays the fault of one message.
var decodeMessage = Decode

// decodeGuarded decodes one raw message; a panic in the decoder is a fault
// of this message, naming its position, and never ends the reading of the
// input: a reader goes on with the next message.
func decodeGuarded(name string, raw RawMessage) (m *Message, w []model.Warning, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, w = nil, nil
			err = &model.ParseError{File: name, Pos: model.Pos{Line: raw.Line, Offset: raw.Offset},
				Err: fmt.Errorf("internal error decoding the message, skipped (please report): %v\n%s", r, debug.Stack())}
		}
	}()
	m, w = decodeMessage(name, raw)
	return m, w, nil
}

// readGuarded reads a whole input with form f; a panic in the form's
// reader is a fault of this input, naming it, and never of the inputs
// read after it.
func readGuarded(f Form, name string, data []byte, opts Options) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res = nil
			err = &model.ParseError{File: name, Err: fmt.Errorf("internal error reading the input as %s, skipped (please report): %v\n%s", f.Name, r, debug.Stack())}
		}
	}()
	return f.Read(name, data, opts)
}
