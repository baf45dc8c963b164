package lkmlbench

import (
	"fmt"
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
}

// Extractor reads inputs one after another into one Document, so that table
// ids stay unique and quoted copies fold across all inputs of a run.
// An Extractor is not safe for concurrent use.
type Extractor struct {
	opts     Options
	doc      model.Document
	seen     map[string]int // table fingerprint -> index in doc.Tables
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
		seen: map[string]int{},
	}
}

// AddPath reads a file, a directory (Maildir or a folder of messages) or
// "-" for standard input. On error nothing of that input is added unless the
// reader could decode part of it; what it read is kept and the error says
// what was lost.
func (e *Extractor) AddPath(path string) error {
	res, err := mbox.ReadPath(path, e.opts.Mail)
	if res != nil {
		e.AddResult(path, res)
	}
	return err
}

// AddData reads one input held in memory; name labels it in records.
func (e *Extractor) AddData(name string, data []byte) error {
	res, err := mbox.Read(name, data, e.opts.Mail)
	if res != nil {
		e.AddResult(name, res)
	}
	return err
}

// AddResult adds the messages some mail reader produced for one input and
// the threads they form.
func (e *Extractor) AddResult(source string, res *mbox.Result) {
	e.doc.Sources = append(e.doc.Sources, model.Source{Path: source, Kind: res.Kind, Reconstructed: res.Reconstructed})
	e.doc.Warnings = append(e.doc.Warnings, res.Warnings...)
	for _, th := range mbox.Threads(res.Messages) {
		t := model.Thread{Root: th.Root, Series: th.Series, Messages: []string{}}
		for _, m := range th.Messages {
			t.Messages = append(t.Messages, m.Meta.ID)
		}
		e.doc.Threads = append(e.doc.Threads, t)
	}
	for _, m := range res.Messages {
		e.AddMessage(source, m)
	}
}

// AddMessage finds the tables of one decoded message.
func (e *Extractor) AddMessage(source string, m *mbox.Message) {
	meta := m.Meta
	if meta.Source == "" {
		meta.Source = source
	}
	e.doc.Messages = append(e.doc.Messages, meta)
	if e.opts.Explain {
		e.explains = append(e.explains, Explanation{Source: source, MessageID: meta.ID, Candidates: parse.Explain(m.Body)})
	}
	for _, t := range MessageTables(source, m, e.opts) {
		e.add(t)
	}
}

// add appends a table, or folds it into an earlier copy of itself.
func (e *Extractor) add(t model.Table) {
	if !e.opts.KeepQuoted {
		key := Fingerprint(&t)
		if i, ok := e.seen[key]; ok {
			first := &e.doc.Tables[i]
			first.QuotedCopies++
			if t.QuoteDepth < first.QuoteDepth {
				// The least-quoted copy is the one closest to its author.
				t.ID, t.QuotedCopies = first.ID, first.QuotedCopies
				*first = t
			}
			return
		}
		e.seen[key] = len(e.doc.Tables)
	}
	t.ID = fmt.Sprintf("t%02d", len(e.doc.Tables)+1)
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

// Final reports whether a table of the document can no longer change as
// more inputs are read, so that its records may be written out already. A
// quoted copy is replaced when a less quoted copy of the same table turns
// up later; an unquoted table, or any table when copies are kept apart, is
// final.
func (e *Extractor) Final(t *model.Table) bool { return e.opts.KeepQuoted || t.QuoteDepth == 0 }

// Document returns the document built so far. The Extractor keeps
// ownership: add no more inputs while the caller still uses it.
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
