package export

import (
	"encoding/json"
	"io"

	"github.com/lkmlbench/lkmlbench/model"
)

// WriteJSON writes doc as one indented JSON document, the shape described by
// docs/lkmlbench.schema.json. Absent lists are written as [] rather than
// null, so that readers need not tell the two apart.
func WriteJSON(w io.Writer, doc *model.Document) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(withLists(doc))
}

// withLists returns a shallow copy of doc whose required lists are non-nil.
func withLists(doc *model.Document) *model.Document {
	out := *doc
	if out.Schema == "" {
		out.Schema = model.SchemaVersion
	}
	out.Sources = orEmpty(out.Sources)
	out.Messages = orEmpty(out.Messages)
	out.Threads = make([]model.Thread, len(doc.Threads))
	for i, t := range doc.Threads {
		t.Messages = orEmpty(t.Messages)
		out.Threads[i] = t
	}
	out.Tables = make([]model.Table, len(doc.Tables))
	for i, t := range doc.Tables {
		t.Context = orEmpty(t.Context)
		t.Variants = orEmpty(t.Variants)
		t.Rows = make([]model.Row, len(t.Rows))
		for j, r := range doc.Tables[i].Rows {
			r.Cells = orEmpty(r.Cells)
			t.Rows[j] = r
		}
		out.Tables[i] = t
	}
	return &out
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
