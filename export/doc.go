// Package export writes a model.Document as JSON Lines (one record per
// number), CSV (the same records, one row each), the whole JSON document,
// or a readable summary of the tables found.
//
//	err := export.Write(os.Stdout, doc, export.JSONL)
//
// JSONL and CSV carry the columns of model.Observation in a stable order;
// CSV joins the context headings with " / " and the flags with ",".
package export
