package export

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

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
)

// Formats lists the output formats in the order --help shows them.
var Formats = []Format{Summary, JSONL, JSON, CSV}

// Write writes doc to w in format f.
func Write(w io.Writer, doc *model.Document, f Format) error {
	switch f {
	case JSONL:
		return WriteJSONL(w, doc.Observations())
	case JSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	case CSV:
		return WriteCSV(w, doc.Observations())
	case Summary:
		return WriteSummary(w, doc)
	}
	return fmt.Errorf("unknown output format %q", f)
}

// WriteJSONL writes one JSON object per observation.
func WriteJSONL(w io.Writer, obs []model.Observation) error {
	enc := json.NewEncoder(w)
	for i := range obs {
		if err := enc.Encode(&obs[i]); err != nil {
			return err
		}
	}
	return nil
}

// CSVHeader is the column order of CSV output; it matches the JSONL keys.
var CSVHeader = []string{
	"source", "message_id", "table", "format", "benchmark", "context", "case", "variant",
	"field", "value", "unit", "direction", "statistic", "baseline", "flags", "line",
	"offset", "quote_depth", "author", "reconstructed",
}

// WriteCSV writes a header row and one row per observation.
func WriteCSV(w io.Writer, obs []model.Observation) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, o := range obs {
		rec := []string{
			o.Source, o.MessageID, o.Table, o.Format, o.Benchmark, strings.Join(o.Context, " / "),
			o.Case, o.Variant, o.Field, string(o.Value), o.Unit, o.Direction, o.Statistic,
			o.Baseline, strings.Join(o.Flags, ","), strconv.Itoa(o.Line),
			strconv.FormatInt(o.Offset, 10), strconv.Itoa(o.QuoteDepth), o.Author,
			strconv.FormatBool(o.Reconstructed),
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteSummary writes one aligned line per table: where it is, what it is
// and how many numbers it holds.
func WriteSummary(w io.Writer, doc *model.Document) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "TABLE\tSOURCE:LINES\tFORMAT\tBENCHMARK\tROWS\tNUMBERS\tAUTHOR\tCONTEXT\n")
	for _, t := range doc.Tables {
		n := 0
		for _, r := range t.Rows {
			n += len(r.Cells)
		}
		author := t.Author
		if t.QuoteDepth > 0 {
			author = fmt.Sprintf("%s (quoted, depth %d)", author, t.QuoteDepth)
		}
		if t.QuotedCopies > 0 {
			author = fmt.Sprintf("%s +%d copies", author, t.QuotedCopies)
		}
		fmt.Fprintf(tw, "%s\t%s:%d-%d\t%s\t%s\t%d\t%d\t%s\t%s\n", t.ID, t.Source, t.StartLine, t.EndLine,
			t.Format, dash(t.Benchmark), len(t.Rows), n, dash(author), dash(strings.Join(t.Context, " / ")))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%d tables, %d numbers from %d messages in %d inputs\n",
		len(doc.Tables), len(doc.Observations()), len(doc.Messages), len(doc.Sources))
	return err
}

func dash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}
