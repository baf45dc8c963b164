package lkmlbench

import (
	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
	"github.com/lkmlbench/lkmlbench/parse"
)

// MessageTables returns the tables of one decoded message with the
// provenance and normalised readings Extractor.AddMessage gives them
// (source, message id, reconstruction flag, author of unquoted tables,
// normalize.Table), but without ids and without folding: the batch crawl
// numbers and folds tables in its database, so that a crawl stores the
// records extract prints. Keep it in step with AddMessage.
func MessageTables(source string, m *mbox.Message, opts Options) []model.Table {
	tables := parse.Tables(m.Body)
	for i := range tables {
		t := &tables[i]
		t.Source, t.MessageID = source, m.Meta.ID
		t.Reconstructed = m.Meta.Reconstructed
		if t.Author == "" && t.QuoteDepth == 0 {
			t.Author = m.Meta.From.String()
		}
		normalize.Table(t, normalize.Options{Benchmarks: opts.Benchmarks})
	}
	return tables
}
