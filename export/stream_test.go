package export

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

func csvRows(s string) ([][]string, error) { return csv.NewReader(strings.NewReader(s)).ReadAll() }

// countingWriter records how many observations each Write call carried.
type countingWriter struct{ batches []int }

func (c *countingWriter) Write(obs []model.Observation) error {
	c.batches = append(c.batches, len(obs))
	return nil
}
func (c *countingWriter) Flush() error { return nil }

func unquoted(t *model.Table) bool { return t.QuoteDepth == 0 }

// TestStreamerBatches grows a document input by input and checks what is
// written when: a table that is not settled holds back the ones after it.
func TestStreamerBatches(t *testing.T) {
	full := fixture()
	third := full.Tables[0]
	third.ID = "t03"
	full.Tables = append(full.Tables, third)

	tests := []struct {
		name    string
		settled func(*model.Table) bool
		want    []int
	}{
		{"all settled", func(*model.Table) bool { return true }, []int{5, 1, 5}},
		{"quoted waits", unquoted, []int{5, 6}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cw := &countingWriter{}
			s := NewStreamer(cw, tc.settled)
			doc := &model.Document{}
			for _, tab := range full.Tables {
				doc.Tables = append(doc.Tables, tab)
				require.NoError(t, s.Progress(doc))
			}
			require.NoError(t, s.Progress(doc))
			require.NoError(t, s.Finish(doc))
			assert.Equal(t, tc.want, cw.batches)
		})
	}
}

// TestStreamerSameOutput: streamed output equals the output of Write.
func TestStreamerSameOutput(t *testing.T) {
	for _, f := range []Format{JSONL, CSV} {
		var whole, streamed bytes.Buffer
		require.NoError(t, Write(&whole, fixture(), f))
		rw, err := NewRecordWriter(&streamed, f)
		require.NoError(t, err)
		s := NewStreamer(rw, unquoted)
		doc := &model.Document{}
		for _, tab := range fixture().Tables {
			doc.Tables = append(doc.Tables, tab)
			require.NoError(t, s.Progress(doc))
		}
		require.NoError(t, s.Finish(doc))
		assert.Equal(t, whole.String(), streamed.String(), f)
	}
}
