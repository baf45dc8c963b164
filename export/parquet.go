package export

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/lkmlbench/lkmlbench/model"
)

// ParquetRecord is one row of the Parquet output: the keys of the JSONL
// record with column types DuckDB, pandas and Spark read as they are.
// value is the number as a double; value_text keeps its exact decimal
// text ("4.40" stays "4.40"). Unknown optional values are nulls, the
// flags reconstructed and normalized among them: they are true or null,
// as JSONL leaves them out and CSV leaves them empty unless true, since
// "not said" is all the mail tells (no table says it is not normalised).
type ParquetRecord struct {
	Source          string   `parquet:"source,dict"`
	MessageID       string   `parquet:"message_id"`
	Table           string   `parquet:"table,dict"`
	Format          string   `parquet:"format,dict"`
	Benchmark       string   `parquet:"benchmark,dict"`
	Context         []string `parquet:"context,list"`
	Case            string   `parquet:"case"`
	Variant         string   `parquet:"variant,dict"`
	Field           string   `parquet:"field,dict"`
	Value           float64  `parquet:"value"`
	ValueText       string   `parquet:"value_text"`
	Unit            string   `parquet:"unit,dict"`
	Direction       string   `parquet:"direction,dict"`
	Statistic       string   `parquet:"statistic,dict"`
	Baseline        string   `parquet:"baseline,dict"`
	Flags           []string `parquet:"flags,list"`
	Line            int64    `parquet:"line"`
	Offset          int64    `parquet:"offset"`
	QuoteDepth      int32    `parquet:"quote_depth"`
	Author          string   `parquet:"author,dict"`
	Reconstructed   *bool    `parquet:"reconstructed,optional"`
	DirectionSource *string  `parquet:"direction_source,optional,dict"`
	PctConvention   *string  `parquet:"pct_convention,optional,dict"`
	UnitNorm        *string  `parquet:"unit_norm,optional,dict"`
	Normalized      *bool    `parquet:"normalized,optional"`
	Samples         *int32   `parquet:"samples,optional"`
	ImprovementPct  *float64 `parquet:"improvement_pct,optional"`
	Noise           *string  `parquet:"noise,optional,dict"`
	Series          *string  `parquet:"series,optional,dict"`
	SeriesVersion   *int32   `parquet:"series_version,optional"`
	Verdict         string   `parquet:"verdict,dict"`
	VerdictBasis    *string  `parquet:"verdict_basis,optional,dict"`
	Date            *int64   `parquet:"date,optional,timestamp(millisecond)"`
	Subject         *string  `parquet:"subject,optional"`
	DecodedLine     *int32   `parquet:"decoded_line,optional"`
}

// WriteParquet writes records as one Parquet file (zstd-compressed).
// Parquet needs its footer at the end, so the records are written in one
// go, not streamed.
func WriteParquet(w io.Writer, obs []model.Observation) error {
	rows := make([]ParquetRecord, len(obs))
	for i := range obs {
		rows[i] = toParquet(&obs[i])
	}
	pw := parquet.NewGenericWriter[ParquetRecord](w, parquet.Compression(&parquet.Zstd))
	if _, err := pw.Write(rows); err != nil {
		return err
	}
	return pw.Close()
}

// ReadParquet reads a file WriteParquet wrote back into records; dates
// come back in UTC. A damaged file is an error: parquet-go panics on some
// (a length field beyond the file), and the panic is turned into one.
func ReadParquet(r io.ReaderAt, size int64) (obs []model.Observation, err error) {
	defer func() {
		if p := recover(); p != nil {
			obs, err = nil, fmt.Errorf("parquet: damaged file: %v", p)
		}
	}()
	rows, err := parquet.Read[ParquetRecord](r, size)
	if err != nil {
		return nil, err
	}
	obs = make([]model.Observation, len(rows))
	for i := range rows {
		obs[i] = fromParquet(&rows[i])
	}
	return obs, nil
}

func toParquet(o *model.Observation) ParquetRecord {
	p := ParquetRecord{
		Source: o.Source, MessageID: o.MessageID, Table: o.Table, Format: o.Format, Benchmark: o.Benchmark,
		Context: o.Context, Case: o.Case, Variant: o.Variant, Field: o.Field, Value: o.Value.Float(),
		ValueText: string(o.Value), Unit: o.Unit, Direction: o.Direction, Statistic: o.Statistic,
		Baseline: o.Baseline, Flags: o.Flags, Line: int64(o.Line), Offset: o.Offset,
		QuoteDepth: int32(o.QuoteDepth), Author: o.Author, Reconstructed: optTrue(o.Reconstructed),
		DirectionSource: optString(o.DirectionSource), PctConvention: optString(o.PctConvention),
		UnitNorm: optString(o.UnitNorm), Normalized: optTrue(o.Normalized), Samples: optInt(o.Samples),
		Noise: optString(o.Noise), Series: optString(o.Series), SeriesVersion: optInt(o.SeriesVersion),
		Verdict: string(o.Verdict), VerdictBasis: optString(o.VerdictBasis), Subject: optString(o.Subject),
		DecodedLine: optInt(o.DecodedLine),
	}
	if math.IsNaN(p.Value) {
		p.Value = 0 // value_text holds what was written
	}
	if o.ImprovementPct != nil {
		f := o.ImprovementPct.Float()
		p.ImprovementPct = &f
	}
	if o.Date != nil {
		ms := o.Date.UnixMilli()
		p.Date = &ms
	}
	return p
}

func fromParquet(p *ParquetRecord) model.Observation {
	o := model.Observation{
		Source: p.Source, MessageID: p.MessageID, Table: p.Table, Format: p.Format, Benchmark: p.Benchmark,
		Context: nonNilList(p.Context), Case: p.Case, Variant: p.Variant, Field: p.Field,
		Value: model.Number(p.ValueText), Unit: p.Unit, Direction: p.Direction, Statistic: p.Statistic,
		Baseline: p.Baseline, Flags: nonNilList(p.Flags), Line: int(p.Line), Offset: p.Offset,
		QuoteDepth: int(p.QuoteDepth), Author: p.Author, Reconstructed: p.Reconstructed != nil && *p.Reconstructed,
		DirectionSource: deref(p.DirectionSource), PctConvention: deref(p.PctConvention),
		UnitNorm: deref(p.UnitNorm), Normalized: p.Normalized != nil && *p.Normalized, Samples: derefInt(p.Samples),
		Noise: deref(p.Noise), Series: deref(p.Series), SeriesVersion: derefInt(p.SeriesVersion),
		Verdict: model.Verdict(p.Verdict), VerdictBasis: deref(p.VerdictBasis), Subject: deref(p.Subject),
		DecodedLine: derefInt(p.DecodedLine),
	}
	if p.ImprovementPct != nil {
		// Improvements are written with two decimals (normalize).
		n := model.Number(strconv.FormatFloat(*p.ImprovementPct, 'f', 2, 64))
		o.ImprovementPct = &n
	}
	if p.Date != nil {
		d := time.UnixMilli(*p.Date).UTC()
		o.Date = &d
	}
	return o
}

func optString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func optInt(n int) *int32 {
	if n == 0 {
		return nil
	}
	v := int32(n)
	return &v
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func derefInt(n *int32) int {
	if n == nil {
		return 0
	}
	return int(*n)
}

func nonNilList(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

// optTrue is a flag as Parquet stores it: true, or null when not set.
func optTrue(b bool) *bool {
	if !b {
		return nil
	}
	return &b
}
