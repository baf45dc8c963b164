package lkmlbench

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
	"github.com/lkmlbench/lkmlbench/parse"
)

// Options tune an Extractor.
type Options struct {
	// KeepQuoted exports every quoted copy of a table with its own quote
	// depth; by default a table quoted again in later replies is exported
	// once, from its least-quoted copy, with a count of the copies.
	KeepQuoted bool
	// Explain collects, per message, the candidate blocks and what each
	// table family made of them (see Extractor.Explanations).
	Explain bool
	// Mail bounds what the mail readers accept.
	Mail mbox.Options
	// Benchmarks is the better-direction list tables are normalised with
	// (normalize.LoadBenchmarks for --benchmarks FILE); nil is the built-in one.
	Benchmarks *normalize.Benchmarks
	// Stream, when set, keeps the Extractor's memory flat however large
	// the inputs: inputs are read message by message, and after each
	// message Stream gets the tables that can no longer change and the
	// warnings met since its last call, which the Extractor then forgets.
	// Messages are counted (MessageCount) but not kept, and no threads are
	// formed. A quoted table waits for a less quoted copy of itself, which
	// would replace it, until Flush or until MaxWaiting tables wait behind
	// it. An error of Stream stops the reading of the input and is
	// returned.
	Stream func(tables []model.Table, warnings []model.Warning) error
	// Lean counts messages (MessageCount) instead of keeping them and
	// forms no threads, but keeps the tables, for a summary of inputs of
	// any size; Stream implies it.
	Lean bool
}

// MaxWaiting bounds the tables a streaming Extractor holds back behind a
// quoted table that may still be replaced by a less quoted copy: past it,
// the quoted table is final as it stands, and a later copy is folded into
// it.
const MaxWaiting = 1000

// Extractor reads inputs one after another into one Document, so that table
// ids stay unique and quoted copies fold across all inputs of a run.
// An Extractor is not safe for concurrent use.
type Extractor struct {
	opts     Options
	doc      model.Document
	seen     map[[16]byte]int // table fingerprint -> index among all tables
	base     int              // tables handed to Stream and dropped from doc.Tables
	messages int
	explains []Explanation
}

// Explanation is the --explain listing of one message.
type Explanation struct {
	Source     string
	MessageID  string
	Candidates []parse.Candidate
}

// New returns an Extractor with an empty document.
func New(opts Options) *Extractor {
	return &Extractor{
		opts: opts,
		doc:  model.Document{Schema: model.SchemaVersion, Sources: []model.Source{}, Messages: []model.Message{}, Tables: []model.Table{}, Threads: []model.Thread{}},
		seen: map[[16]byte]int{},
	}
}

// AddPath reads a file, a directory (Maildir or a folder of messages) or
// "-" for standard input, message by message. What could be read is kept;
// the error says what could not be read (a file, a message), each with its
// position.
func (e *Extractor) AddPath(path string) error {
	in := e.input(path)
	res, err := mbox.EachPath(path, e.opts.Mail, in.message)
	return in.done(res, err)
}

// AddReader reads one input stream of any form; name labels it in
// records. Reading stops, with ctx's error, when ctx ends.
func (e *Extractor) AddReader(ctx context.Context, name string, r io.Reader) error {
	in := e.input(name)
	in.ctx = ctx
	res, err := mbox.Each(name, r, e.opts.Mail, in.message)
	return in.done(res, err)
}

// AddData reads one input held in memory; name labels it in records.
func (e *Extractor) AddData(name string, data []byte) error {
	return e.AddReader(context.Background(), name, bytes.NewReader(data))
}

// reading is one input being read.
type reading struct {
	e      *Extractor
	ctx    context.Context
	source string
	metas  []*mbox.Message // headers only, for the threads (without Stream)
	faults []error         // messages whose tables could not be read
}

func (e *Extractor) input(source string) *reading {
	return &reading{e: e, source: source}
}

// message takes one message of the input.
func (r *reading) message(m *mbox.Message) error {
	if r.ctx != nil {
		if err := r.ctx.Err(); err != nil {
			return err
		}
	}
	e := r.e
	if err := e.AddMessage(r.source, m); err != nil {
		r.faults = append(r.faults, err)
	}
	if e.opts.Stream == nil && !e.opts.Lean {
		r.metas = append(r.metas, &mbox.Message{Meta: m.Meta})
	}
	if e.opts.Stream == nil {
		return nil
	}
	return e.stream(false)
}

// done records the input once read; the error holds the faults of its
// messages before the reader's own.
func (r *reading) done(res *mbox.Result, err error) error {
	e := r.e
	err = errors.Join(append(r.faults, err)...)
	if res != nil {
		e.doc.Sources = append(e.doc.Sources, model.Source{Path: r.source, Kind: res.Kind, Reconstructed: res.Reconstructed})
		e.doc.Warnings = append(e.doc.Warnings, res.Warnings...)
		e.addThreads(r.metas)
	}
	if e.opts.Stream != nil {
		if serr := e.stream(false); serr != nil && err == nil {
			err = serr
		}
	}
	return err
}

// stream hands Stream the tables settled so far and the new warnings, and
// forgets them; with all, every table is settled.
func (e *Extractor) stream(all bool) error {
	end := 0
	for end < len(e.doc.Tables) && (all || e.Final(&e.doc.Tables[end]) || len(e.doc.Tables)-end > MaxWaiting) {
		end++
	}
	warnings := e.doc.Warnings
	if end == 0 && len(warnings) == 0 {
		return nil
	}
	tables := e.doc.Tables[:end:end]
	e.doc.Tables = append([]model.Table(nil), e.doc.Tables[end:]...)
	e.base += end
	e.doc.Warnings = nil
	return e.opts.Stream(tables, warnings)
}

// Flush hands Stream every table still held back (quoted tables waiting
// for a less quoted copy); call it once the last input is read. Without
// Stream it does nothing.
func (e *Extractor) Flush() error {
	if e.opts.Stream == nil {
		return nil
	}
	return e.stream(true)
}

// MessageCount is the number of messages read so far.
func (e *Extractor) MessageCount() int { return e.messages }

// AddResult adds the messages some mail reader produced for one input and
// the threads they form; the error is that of AddMessage for each message
// whose tables could not be read, or Stream's.
func (e *Extractor) AddResult(source string, res *mbox.Result) error {
	in := e.input(source)
	for _, m := range res.Messages {
		if err := in.message(m); err != nil {
			return in.done(res, err)
		}
	}
	return in.done(res, nil)
}

// addThreads forms the threads of one input's messages.
func (e *Extractor) addThreads(msgs []*mbox.Message) {
	for _, th := range mbox.Threads(msgs) {
		t := model.Thread{Root: th.Root, Series: th.Series, Messages: []string{}}
		for _, m := range th.Messages {
			t.Messages = append(t.Messages, m.Meta.ID)
		}
		e.doc.Threads = append(e.doc.Threads, t)
	}
}

// AddMessage finds the tables of one decoded message. A panic in a table
// parser is the fault of this message alone: the message is counted, its
// tables are left out, and the error names its position; the Extractor
// goes on with the next message.
func (e *Extractor) AddMessage(source string, m *mbox.Message) (err error) {
	meta := m.Meta
	if meta.Source == "" {
		meta.Source = source
	}
	e.messages++
	if e.opts.Stream == nil && !e.opts.Lean {
		e.doc.Messages = append(e.doc.Messages, meta)
	}
	defer func() {
		if r := recover(); r != nil {
			err = &model.ParseError{File: meta.Source, Pos: model.Pos{Line: meta.StartLine, Offset: meta.Offset},
				Err: fmt.Errorf("internal error reading the tables of message %s, skipped (please report): %v\n%s", meta.ID, r, debug.Stack())}
		}
	}()
	if e.opts.Explain {
		cands := parse.Explain(m.Body)
		for i := range cands {
			c := &cands[i]
			c.StartLine, _ = m.Place(c.StartLine)
			c.EndLine, _ = m.Place(c.EndLine)
			for j := range c.Verdicts {
				v := &c.Verdicts[j]
				v.StartLine, _ = m.Place(v.StartLine)
				v.EndLine, _ = m.Place(v.EndLine)
			}
		}
		e.explains = append(e.explains, Explanation{Source: source, MessageID: meta.ID, Candidates: cands})
	}
	tables, cuts := messageTables(source, m, e.opts)
	e.doc.Warnings = append(e.doc.Warnings, cuts...)
	for _, t := range tables {
		e.add(t)
	}
	return nil
}

// messageTables is the table reader AddMessage calls; tests replace it to
// check that a panic in it stays the fault of one message.
var messageTables = MessageTables

// add appends a table, or folds it into an earlier copy of itself.
func (e *Extractor) add(t model.Table) {
	if !e.opts.KeepQuoted {
		key := fingerprintKey(&t)
		if i, ok := e.seen[key]; ok {
			if i < e.base {
				// Already handed to Stream: the copy is folded, and
				// nothing written can change any more.
				return
			}
			first := &e.doc.Tables[i-e.base]
			first.QuotedCopies++
			if t.QuoteDepth < first.QuoteDepth {
				// The least-quoted copy is the one closest to its author.
				t.ID, t.QuotedCopies = first.ID, first.QuotedCopies
				*first = t
			}
			return
		}
		e.seen[key] = e.base + len(e.doc.Tables)
	}
	t.ID = fmt.Sprintf("t%02d", e.base+len(e.doc.Tables)+1)
	e.doc.Tables = append(e.doc.Tables, t)
}

// Fingerprint identifies a table by what it says, not where it stands: the
// same numbers under the same labels are the same table, however deeply
// quoted.
func Fingerprint(t *model.Table) string {
	var b strings.Builder
	b.WriteString(t.Format)
	for _, r := range t.Rows {
		b.WriteString("\n")
		b.WriteString(r.Case)
		for _, c := range r.Cells {
			b.WriteString("\t")
			b.WriteString(c.Variant)
			b.WriteString("|")
			b.WriteString(c.Field)
			b.WriteString("=")
			b.WriteString(string(c.Value))
		}
	}
	return b.String()
}

// fingerprintKey is the Fingerprint's hash: the Extractor remembers every
// table it has seen in 16 bytes, whatever the table's size.
func fingerprintKey(t *model.Table) [16]byte {
	sum := sha256.Sum256([]byte(Fingerprint(t)))
	var k [16]byte
	copy(k[:], sum[:])
	return k
}

// Final reports whether a table of the document can no longer change as
// more inputs are read, so that its records may be written out already. A
// quoted copy is replaced when a less quoted copy of the same table turns
// up later; an unquoted table, or any table when copies are kept apart, is
// final.
func (e *Extractor) Final(t *model.Table) bool { return e.opts.KeepQuoted || t.QuoteDepth == 0 }

// Document returns the document built so far (with Stream, only what was
// not handed out yet). The Extractor keeps ownership: add no more inputs
// while the caller still uses it.
func (e *Extractor) Document() *model.Document { return &e.doc }

// Explanations returns the --explain listings collected so far (only with
// Options.Explain).
func (e *Extractor) Explanations() []Explanation { return e.explains }

// ExtractFile reads one input and returns its document.
func ExtractFile(path string, opts Options) (*model.Document, error) {
	e := New(opts)
	err := e.AddPath(path)
	return e.Document(), err
}
