package lkmlbench

import (
	"fmt"

	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
	"github.com/lkmlbench/lkmlbench/parse"
)

// MaxTextLines bounds the lines of running text (no patch, signature or
// header lines) of one message that are searched for tables: a table
// written by hand sits in a mail of hundreds of lines, and the search's
// memory grows with the lines. Later lines are not searched, with a
// warning.
const MaxTextLines = 100_000

// budgetBody cuts a body after MaxTextLines lines of text.
func budgetBody(source string, m *mbox.Message) ([]model.Line, []model.Warning) {
	body := m.Body
	n := 0
	for i, l := range body {
		if l.Kind != model.KindText {
			continue
		}
		if n++; n > MaxTextLines {
			first, _ := m.Place(l.No)
			last, _ := m.Place(body[len(body)-1].No)
			return body[:i], []model.Warning{{Source: source, Line: l.No, Offset: l.Offset,
				Message: fmt.Sprintf("more than %d lines of text in one message: lines %d-%d are not searched for tables", MaxTextLines, first, last)}}
		}
	}
	return body, nil
}

// MessageTables returns the tables of one decoded message with the
// provenance and normalised readings that Extractor gives them (source,
// message id, date and subject, reconstruction flag, author of unquoted tables, the series of
// the message's own subject tag, normalize.Table), but without ids and
// without folding: the batch crawl numbers and folds tables in its
// database, so that a crawl stores the records extract prints. Extractor
// itself reads every message through it. The warnings are the parse
// budgets' cuts (parse.MaxBlockLines, parse.MaxBlockBytes), with source.
func MessageTables(source string, m *mbox.Message, opts Options) ([]model.Table, []model.Warning) {
	body, cuts := budgetBody(source, m)
	tables, blockCuts := parse.TablesBudgeted(body)
	cuts = append(cuts, blockCuts...)
	for i := range cuts {
		cuts[i].Source = source
		cuts[i].Line, _ = m.Place(cuts[i].Line)
	}
	heads := headlines(body)
	for i := range tables {
		t := &tables[i]
		placeRows(t, m)
		t.Source, t.MessageID = source, m.Meta.ID
		t.Reconstructed = m.Meta.Reconstructed
		switch from := m.Meta.From.String(); {
		case t.Author != "":
		case t.QuoteDepth == 0:
			t.Author = from
		case from != "":
			// Quoted with no attribution line naming its author: who
			// quoted it is what the mail says.
			t.Author = "unknown, quoted by " + from
		}
		t.Date, t.Subject = m.Meta.Date, m.Meta.Subject
		if p := m.Meta.Patch; p != nil {
			// The message's own tag, not its thread's: a crawl sees one
			// message at a time and must label tables as extract does.
			t.Series, t.SeriesVersion = p.Title, p.Version
		}
		normalize.Table(t, normalize.Options{Benchmarks: opts.Benchmarks, Headlines: heads})
	}
	return tables, cuts
}

// placeRows gives a table's lines as the input's: the raw lines that hold
// (or encode) its rows, and each row's line in its decoded part where the
// part is encoded (mbox.Message.Place).
func placeRows(t *model.Table, m *mbox.Message) {
	t.StartLine, _ = m.Place(t.StartLine)
	t.EndLine, _ = m.Place(t.EndLine)
	for i := range t.Rows {
		r := &t.Rows[i]
		r.Line, r.DecodedLine = m.Place(r.Line)
	}
}

// headlines reads the metrics a robot report names as its subject
// (normalize.Headlines) from the message's text, quoted copies included.
func headlines(body []model.Line) map[string]normalize.Headline {
	var text []string
	for _, l := range body {
		if l.Kind == model.KindText {
			text = append(text, l.Text)
		}
	}
	return normalize.Headlines(text)
}
