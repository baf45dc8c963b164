package lkmlbench

import (
	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
	"github.com/lkmlbench/lkmlbench/parse"
)

// MessageTables returns the tables of one decoded message with the
// provenance and normalised readings that Extractor gives them (source,
// message id, reconstruction flag, author of unquoted tables, the series of
// the message's own subject tag, normalize.Table), but without ids and
// without folding: the batch crawl numbers and folds tables in its
// database, so that a crawl stores the records extract prints. Extractor
// itself reads every message through it. The warnings are the parse
// budgets' cuts (parse.MaxBlockLines, parse.MaxBlockBytes), with source.
func MessageTables(source string, m *mbox.Message, opts Options) ([]model.Table, []model.Warning) {
	tables, cuts := parse.TablesBudgeted(m.Body)
	for i := range cuts {
		cuts[i].Source = source
	}
	for i := range tables {
		t := &tables[i]
		t.Source, t.MessageID = source, m.Meta.ID
		t.Reconstructed = m.Meta.Reconstructed
		if t.Author == "" && t.QuoteDepth == 0 {
			t.Author = m.Meta.From.String()
		}
		if p := m.Meta.Patch; p != nil {
			// The message's own tag, not its thread's: a crawl sees one
			// message at a time and must label tables as extract does.
			t.Series, t.SeriesVersion = p.Title, p.Version
		}
		normalize.Table(t, normalize.Options{Benchmarks: opts.Benchmarks})
	}
	return tables, cuts
}
