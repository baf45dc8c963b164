package export

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench/model"
)

// RecordWriter writes observations in batches as they become known, so a
// long run shows its first records early. Flush must be called at the end;
// CSV writes its header even when no record follows.
type RecordWriter interface {
	Write(obs []model.Observation) error
	Flush() error
}

// NewRecordWriter returns the writer of a streaming format (see
// Format.Streams).
func NewRecordWriter(w io.Writer, f Format) (RecordWriter, error) {
	switch f {
	case JSONL:
		enc := json.NewEncoder(w)
		// Author names and case labels may hold '<', '>' or '&': keep them
		// readable rather than \u003c-escaped.
		enc.SetEscapeHTML(false)
		return &jsonlWriter{enc: enc}, nil
	case CSV:
		return &csvWriter{cw: csv.NewWriter(w)}, nil
	}
	return nil, fmt.Errorf("format %q does not write records", f)
}

// jsonlWriter writes one JSON object per observation; its keys are the json
// tags of model.Observation, the contract score.py reads.
type jsonlWriter struct{ enc *json.Encoder }

func (j *jsonlWriter) Write(obs []model.Observation) error {
	for i := range obs {
		if err := j.enc.Encode(&obs[i]); err != nil {
			return err
		}
	}
	return nil
}

// Flush is a no-op: the encoder writes each record through at once.
func (j *jsonlWriter) Flush() error { return nil }

// CSVHeader is the column order of CSV output: the JSONL keys in the order
// model.Observation declares them. Columns are only ever appended: a
// reordering breaks users' scripts.
var CSVHeader = []string{
	"source", "message_id", "table", "format", "benchmark", "context", "case", "variant",
	"field", "value", "unit", "direction", "statistic", "baseline", "flags", "line",
	"offset", "quote_depth", "author", "reconstructed", "direction_source", "pct_convention",
	"unit_norm", "normalized", "samples", "improvement_pct", "noise", "series", "series_version",
	"verdict", "verdict_basis", "date", "subject", "decoded_line",
}

// csvWriter writes CSVHeader once, then one row per observation.
type csvWriter struct {
	cw     *csv.Writer
	header bool
}

func (c *csvWriter) Write(obs []model.Observation) error {
	if err := c.writeHeader(); err != nil {
		return err
	}
	for i := range obs {
		rec := csvRecord(&obs[i])
		for j := range rec {
			rec[j] = CSVCell(rec[j])
		}
		if err := c.cw.Write(rec); err != nil {
			return err
		}
	}
	c.cw.Flush()
	return c.cw.Error()
}

func (c *csvWriter) Flush() error {
	if err := c.writeHeader(); err != nil {
		return err
	}
	c.cw.Flush()
	return c.cw.Error()
}

func (c *csvWriter) writeHeader() error {
	if c.header {
		return nil
	}
	c.header = true
	return c.cw.Write(CSVHeader)
}

// CSVCell defuses a cell a spreadsheet would run as a formula, by OWASP's
// rule for CSV injection: a cell starting with '=', '+', '-', '@', a tab or
// a carriage return gets a leading "'". Mail text reaches the cells (row
// labels, headings, author names), and "=1+2-groups" must stay text. A
// cell that is a plain number ("-0.00", "+2.5") is left as it is: it is no
// formula, and the values must stay numbers.
func CSVCell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		if _, err := strconv.ParseFloat(s, 64); err == nil && s[0] != '=' && s[0] != '@' {
			return s
		}
		return "'" + s
	}
	return s
}

// csvRecord renders o in CSVHeader order: context headings joined with
// " / ", flags with ",". What JSONL omits as unknown (an offset of 0, a
// false reconstructed or normalized, no sample count) is an empty cell,
// never 0 or false, so that a spreadsheet does not average made-up zeros.
func csvRecord(o *model.Observation) []string {
	return []string{
		o.Source, o.MessageID, o.Table, o.Format, o.Benchmark, strings.Join(o.Context, " / "),
		o.Case, o.Variant, o.Field, string(o.Value), o.Unit, o.Direction, o.Statistic,
		o.Baseline, strings.Join(o.Flags, ","), strconv.Itoa(o.Line),
		intOrEmpty(o.Offset), strconv.Itoa(o.QuoteDepth), o.Author,
		trueOrEmpty(o.Reconstructed), o.DirectionSource, o.PctConvention,
		o.UnitNorm, trueOrEmpty(o.Normalized), intOrEmpty(o.Samples),
		numberOrEmpty(o.ImprovementPct), o.Noise, o.Series, intOrEmpty(o.SeriesVersion),
		string(o.Verdict), o.VerdictBasis, dateOrEmpty(o.Date), o.Subject, intOrEmpty(o.DecodedLine),
	}
}

// intOrEmpty renders a count or position; 0 (unknown) is an empty cell.
func intOrEmpty[T int | int64](v T) string {
	if v == 0 {
		return ""
	}
	return strconv.FormatInt(int64(v), 10)
}

// dateOrEmpty renders a date as RFC 3339 in UTC, as JSONL has it after
// a round trip through the database; nil is an empty cell.
func dateOrEmpty(d *time.Time) string {
	if d == nil {
		return ""
	}
	return d.UTC().Format(time.RFC3339)
}

// trueOrEmpty renders a flag that is only ever known to be set.
func trueOrEmpty(b bool) string {
	if b {
		return "true"
	}
	return ""
}

// numberOrEmpty renders an optional number; nil is an empty cell.
func numberOrEmpty(n *model.Number) string {
	if n == nil {
		return ""
	}
	return string(*n)
}
