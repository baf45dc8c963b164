package lkmlbench

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/model"
)

// guardMbox is three messages with one table each; the second is the one
// the tests make a table parser panic on.
func guardMbox() string {
	var b strings.Builder
	for i, subj := range []string{"first run", "boom", "third run"} {
		fmt.Fprintf(&b, "From x@y Mon Jan  1 00:00:00 2024\nFrom: Tess Runner <tess@example.org>\nSubject: Re: [PATCH] %s\nMessage-ID: <g%d@example.org>\n\nhackbench\nTest:            tip                  patched\n 1-groups:     4.2%d (0.00 pct)     4.14 (2.58 pct)\n 2-groups:     4.89 (0.00 pct)     4.71 (3.68 pct)\n\n", subj, i+1, i)
	}
	return b.String()
}

// TestPanicIsFaultOfOneMessage: a panic while reading one message's tables
// ends in an error naming the file and the message's line, the message is
// counted, and the messages after it and the next input are read.
func TestPanicIsFaultOfOneMessage(t *testing.T) {
	saved := messageTables
	t.Cleanup(func() { messageTables = saved })
	messageTables = func(source string, m *mbox.Message, opts Options) ([]model.Table, []model.Warning) {
		if strings.Contains(m.Meta.Subject, "boom") {
			var rows []int
			_ = rows[len(m.Body)] // index out of range, as a parser bug would
		}
		return saved(source, m, opts)
	}
	for _, stream := range []bool{false, true} {
		var streamed []model.Table
		opts := Options{}
		if stream {
			opts.Stream = func(tables []model.Table, _ []model.Warning) error {
				streamed = append(streamed, tables...)
				return nil
			}
		}
		e := New(opts)
		err := e.AddData("three.mbox", []byte(guardMbox()))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "three.mbox:12: internal error reading the tables of message g2@example.org")
		require.NoError(t, e.AddData("next.mbox", []byte(strings.NewReplacer("boom", "second run", "4.71", "4.77").Replace(guardMbox()))))
		require.NoError(t, e.Flush())
		assert.Equal(t, 6, e.MessageCount())
		tables := e.Document().Tables
		if stream {
			tables = streamed
		}
		var ids []string
		for _, tb := range tables {
			ids = append(ids, tb.MessageID)
		}
		assert.Equal(t, []string{"g1@example.org", "g3@example.org", "g1@example.org", "g2@example.org", "g3@example.org"}, ids, "stream=%v", stream)
	}
}
