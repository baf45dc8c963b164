package lkmlbench

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/mbox"
)

// TestQuotedTableAuthor: a quoted table whose attribution names nobody is
// said to be quoted by the message's sender, never left without author.
func TestQuotedTableAuthor(t *testing.T) {
	const msg = "From: Ida Reviewer <ida@example.org>\nSubject: Re: [PATCH] sched: x\nMessage-ID: <q1@example.org>\n\n" +
		"> hackbench\n>\n> Test:            tip                  patched\n>  1-groups:     4.25 (0.00 pct)     4.14 (2.58 pct)\n>  2-groups:     4.89 (0.00 pct)     4.71 (3.68 pct)\n\nThanks.\n"
	m, _ := mbox.Decode("q.eml", mbox.RawMessage{Data: []byte(msg), Line: 1})
	tables, _ := MessageTables("q.eml", m, Options{})
	require.Len(t, tables, 1)
	assert.Equal(t, 1, tables[0].QuoteDepth)
	assert.Equal(t, "unknown, quoted by Ida Reviewer", tables[0].Author)
}
