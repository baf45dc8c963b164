// Package export writes a model.Document as JSON Lines (one record per
// number), CSV (the same records, one row each), the whole JSON document
// (described by docs/lkmlbench.schema.json), or a readable summary of the
// tables found.
//
//	err := export.Write(os.Stdout, doc, export.JSONL)
//
// JSONL and CSV carry the keys of model.Observation in a stable order (CSV
// joins the context headings with " / " and the flags with ","); they can be
// written while a document is still growing, input by input:
//
//	rw, _ := export.NewRecordWriter(os.Stdout, export.CSV)
//	s := export.NewStreamer(rw, func(t *model.Table) bool { return t.QuoteDepth == 0 })
//	for _, in := range inputs {
//		ex.AddPath(in)
//		s.Progress(ex.Document())
//	}
//	err := s.Finish(ex.Document())
package export
