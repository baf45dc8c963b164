package export

import (
	"fmt"
	"io"

	"github.com/lkmlbench/lkmlbench/model"
)

// Format is an output format.
type Format string

// The output formats.
const (
	Summary Format = "summary"
	JSONL   Format = "jsonl"
	JSON    Format = "json"
	CSV     Format = "csv"
	// Table is the records as aligned columns (WriteTable), for reading.
	Table Format = "table"
	// Parquet is the records as one Parquet file (WriteParquet).
	Parquet Format = "parquet"
)

// Formats lists the output formats in the order --help shows them.
var Formats = []Format{Summary, JSONL, JSON, CSV, Table, Parquet}

// Streams reports whether f writes one record per observation, so that
// records can be written while later inputs are still being read.
func (f Format) Streams() bool { return f == JSONL || f == CSV }

// Write writes the whole of doc to w in format f.
func Write(w io.Writer, doc *model.Document, f Format) error {
	switch f {
	case JSON:
		return WriteJSON(w, doc)
	case Summary:
		return WriteSummary(w, doc)
	case Table:
		return WriteTable(w, doc.Observations(), 0)
	case Parquet:
		return WriteParquet(w, doc.Observations())
	case JSONL, CSV:
		rw, err := NewRecordWriter(w, f)
		if err != nil {
			return err
		}
		if err := rw.Write(doc.Observations()); err != nil {
			return err
		}
		return rw.Flush()
	}
	return fmt.Errorf("unknown output format %q", f)
}
