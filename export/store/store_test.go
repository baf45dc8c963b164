package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
)

func TestThreadRoot(t *testing.T) {
	for _, tc := range []struct {
		name string
		meta model.Message
		want string
	}{
		{"first reference", model.Message{ID: "c@x", InReplyTo: "b@x", References: []string{"a@x", "b@x"}}, "a@x"},
		{"replied-to message", model.Message{ID: "c@x", InReplyTo: "b@x"}, "b@x"},
		{"itself", model.Message{ID: "c@x"}, "c@x"},
	} {
		r := store.Record{Meta: tc.meta}
		assert.Equal(t, tc.want, r.ThreadRoot(), tc.name)
	}
}

func TestPutStatsAdd(t *testing.T) {
	s := store.PutStats{Messages: 1, Duplicates: 2, Tables: 3, Folded: 4}
	s.Add(store.PutStats{Messages: 10, Duplicates: 20, Tables: 30, Folded: 40})
	assert.Equal(t, store.PutStats{Messages: 11, Duplicates: 22, Tables: 33, Folded: 44}, s)
}

// reader answers every query with the same document.
type reader struct{ doc model.Document }

func (r *reader) Document(context.Context, store.Query) (*model.Document, error) { return &r.doc, nil }
func (r *reader) SeriesOf(context.Context, string) ([]string, error)             { return nil, nil }

func TestObservations(t *testing.T) {
	two := func(id string) model.Table {
		return model.Table{ID: id, Rows: []model.Row{{Case: "1", Cells: []model.Cell{
			{Variant: "a", Field: "value", Value: "1"}, {Variant: "b", Field: "value", Value: "2"}}}}}
	}
	obs, err := store.Observations(context.Background(), &reader{model.Document{Tables: []model.Table{two("t01"), two("t02")}}}, store.Query{})
	require.NoError(t, err)
	require.Len(t, obs, 4)
	assert.Equal(t, "t01", obs[0].Table)
	assert.Equal(t, "t02", obs[3].Table)
	assert.Equal(t, model.Number("2"), obs[3].Value)
}

func TestTableID(t *testing.T) {
	assert.Equal(t, "t07", store.TableID(7))
	assert.Equal(t, "t123", store.TableID(123))
}

func TestContainsPattern(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"latency", "%latency%"},
		{"50%_off", `%50\%\_off%`},
		{`a\b`, `%a\\b%`},
		{"", "%%"},
	} {
		assert.Equal(t, tc.want, store.ContainsPattern(tc.in), tc.in)
	}
}
