package model

import "time"

// Observation is one number with all its coordinates: the flat record that
// JSONL and CSV carry. It is derived from a Table by Document.Observations.
type Observation struct {
	Source        string   `json:"source"`
	MessageID     string   `json:"message_id"`
	Table         string   `json:"table"`
	Format        string   `json:"format"`
	Benchmark     string   `json:"benchmark"`
	Context       []string `json:"context"`
	Case          string   `json:"case"`
	Variant       string   `json:"variant"`
	Field         string   `json:"field"`
	Value         Number   `json:"value"`
	Unit          string   `json:"unit"`
	Direction     string   `json:"direction"`
	Statistic     string   `json:"statistic"`
	Baseline      string   `json:"baseline"`
	Flags         []string `json:"flags"`
	Line          int      `json:"line"`
	Offset        int64    `json:"offset,omitempty"`
	QuoteDepth    int      `json:"quote_depth"`
	Author        string   `json:"author"`
	Reconstructed bool     `json:"reconstructed,omitempty"`
	// The normalised readings (see model/normal.go); empty when unknown.
	DirectionSource string  `json:"direction_source,omitempty"`
	PctConvention   string  `json:"pct_convention,omitempty"`
	UnitNorm        string  `json:"unit_norm,omitempty"`
	Normalized      bool    `json:"normalized,omitempty"`
	Samples         int     `json:"samples,omitempty"`
	ImprovementPct  *Number `json:"improvement_pct,omitempty"`
	Noise           string  `json:"noise,omitempty"`
	// The patch series the table's thread discusses (see Table.Series).
	Series        string `json:"series,omitempty"`
	SeriesVersion int    `json:"series_version,omitempty"`
	// Verdict judges ImprovementPct (see Cell.Verdict); the key is always
	// present, "" for cells that are not compared. VerdictBasis says what
	// decided it.
	Verdict      Verdict `json:"verdict"`
	VerdictBasis string  `json:"verdict_basis,omitempty"`
	// Date and Subject are those of the table's message (see Table.Date).
	Date    *time.Time `json:"date,omitempty"`
	Subject string     `json:"subject,omitempty"`
	// DecodedLine is the row's 1-based line in the decoded text of its
	// MIME part when that text is encoded in the input (base64,
	// quoted-printable, HTML converted to text), where Line and Offset
	// name the raw line that encodes it; 0 (omitted) otherwise. Declared
	// last: CSV columns are only ever appended.
	DecodedLine int `json:"decoded_line,omitempty"`
}

// Observations flattens every table of the document, in table and row order.
func (d *Document) Observations() []Observation {
	var out []Observation
	for i := range d.Tables {
		out = d.Tables[i].AppendObservations(out)
	}
	return out
}

// AppendObservations appends one Observation per cell of t to dst.
func (t *Table) AppendObservations(dst []Observation) []Observation {
	ctx := t.Context
	if ctx == nil {
		ctx = []string{}
	}
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			flags := append(append([]string{}, r.Flags...), c.Flags...)
			dir := t.Direction
			if dir == "" {
				dir = c.Direction
			}
			dst = append(dst, Observation{
				Source: t.Source, MessageID: t.MessageID, Table: t.ID,
				Format: t.Format, Benchmark: t.Benchmark, Context: ctx,
				Case: r.Case, Variant: c.Variant, Field: c.Field, Value: c.Value,
				Unit: t.Unit, Direction: dir, Statistic: t.Statistic,
				Baseline: t.Reference(), Flags: flags, Line: r.Line, Offset: r.Offset,
				QuoteDepth: t.QuoteDepth, Author: t.Author, Reconstructed: t.Reconstructed,
				Series: t.Series, SeriesVersion: t.SeriesVersion,
				DirectionSource: t.DirectionSource, PctConvention: t.PctConvention,
				UnitNorm: t.UnitNorm, Normalized: t.Normalized, Samples: t.Samples,
				ImprovementPct: c.ImprovementPct, Noise: c.Noise,
				Verdict: c.Verdict, VerdictBasis: c.VerdictBasis,
				Date: t.Date, Subject: t.Subject, DecodedLine: r.DecodedLine,
			})
		}
	}
	return dst
}
