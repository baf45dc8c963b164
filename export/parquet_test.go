package export

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/model"
)

// TestParquetRoundTrip writes the records of real-shaped mail as Parquet
// and reads them back: they equal the JSONL records key for key (dates
// compared as instants, Parquet keeping them in UTC).
func TestParquetRoundTrip(t *testing.T) {
	for _, path := range []string{
		filepath.Join("..", "testdata", "example-thread.mbox"),
		filepath.Join("..", "testdata", "series.mbox"),
		filepath.Join("..", "testdata", "wild", "lore-thread.mbox.gz"),
		filepath.Join("..", "testdata", "wild", "html-table.eml"),
	} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			doc, err := lkmlbench.ExtractFile(path, lkmlbench.Options{})
			require.NoError(t, err)
			obs := doc.Observations()
			require.NotEmpty(t, obs)
			var buf bytes.Buffer
			require.NoError(t, WriteParquet(&buf, obs))
			back, err := ReadParquet(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
			require.NoError(t, err)
			require.Len(t, back, len(obs))
			for i := range obs {
				assert.Equal(t, jsonl(t, utc(obs[i])), jsonl(t, back[i]), "record %d", i)
			}
		})
	}
}

func utc(o model.Observation) model.Observation {
	if o.Date != nil {
		d := o.Date.UTC()
		o.Date = &d
	}
	return o
}

func jsonl(t *testing.T, o model.Observation) string {
	b, err := json.Marshal(o)
	require.NoError(t, err)
	return string(b)
}

// FuzzReadParquet: a damaged or foreign file is an error, never a panic.
func FuzzReadParquet(f *testing.F) {
	doc, err := lkmlbench.ExtractFile(filepath.Join("..", "testdata", "series.mbox"), lkmlbench.Options{})
	require.NoError(f, err)
	var buf bytes.Buffer
	require.NoError(f, WriteParquet(&buf, doc.Observations()))
	f.Add(buf.Bytes())
	f.Add([]byte("PAR1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		obs, err := ReadParquet(bytes.NewReader(data), int64(len(data)))
		if err == nil {
			for _, o := range obs {
				_ = jsonl(t, o)
			}
		}
	})
}

// TestReadParquetDamaged flips bytes all over a file: each damaged copy
// reads as an error or as records, never as a panic (parquet-go panics on
// some, ReadParquet recovers), and some are refused.
func TestReadParquetDamaged(t *testing.T) {
	doc, err := lkmlbench.ExtractFile(filepath.Join("..", "testdata", "series.mbox"), lkmlbench.Options{})
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, WriteParquet(&buf, doc.Observations()))
	refused := 0
	for i := 0; i < buf.Len(); i += 97 {
		d := bytes.Clone(buf.Bytes())
		d[i] ^= 0xff
		if _, err := ReadParquet(bytes.NewReader(d), int64(len(d))); err != nil {
			refused++
		}
	}
	assert.Positive(t, refused)
}

// TestParquetFlagsTrueOrNull: the flags reconstructed and normalized are
// null in Parquet where JSONL leaves them out (not said), never false, and
// true where set; both read back as the records were.
func TestParquetFlagsTrueOrNull(t *testing.T) {
	obs := []model.Observation{
		{Source: "a.mbox", Table: "t01", Field: "value", Value: "1.5"},
		{Source: "a.mbox", Table: "t02", Field: "value", Value: "0.98", Normalized: true, Reconstructed: true},
	}
	var buf bytes.Buffer
	require.NoError(t, WriteParquet(&buf, obs))
	rows, err := parquet.Read[ParquetRecord](bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Nil(t, rows[0].Normalized)
	assert.Nil(t, rows[0].Reconstructed)
	require.NotNil(t, rows[1].Normalized)
	require.NotNil(t, rows[1].Reconstructed)
	assert.True(t, *rows[1].Normalized)
	assert.True(t, *rows[1].Reconstructed)
	back, err := ReadParquet(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	for i := range obs {
		assert.Equal(t, obs[i].Normalized, back[i].Normalized)
		assert.Equal(t, obs[i].Reconstructed, back[i].Reconstructed)
	}
}
