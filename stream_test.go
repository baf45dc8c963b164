package lkmlbench

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

// streamed reads inputs with Options.Stream and returns the records in
// the order they were handed out.
func streamed(t *testing.T, add func(e *Extractor) error) ([]model.Observation, *Extractor) {
	t.Helper()
	var obs []model.Observation
	e := New(Options{Stream: func(tables []model.Table, _ []model.Warning) error {
		for i := range tables {
			obs = tables[i].AppendObservations(obs)
		}
		return nil
	}})
	require.NoError(t, add(e))
	require.NoError(t, e.Flush())
	return obs, e
}

// TestStreamMatchesDocument: streaming hands out exactly the records the
// whole document holds, folding included, and keeps no messages.
func TestStreamMatchesDocument(t *testing.T) {
	path := filepath.Join("testdata", "example-thread.mbox")
	doc, err := ExtractFile(path, Options{})
	require.NoError(t, err)
	got, e := streamed(t, func(e *Extractor) error { return e.AddPath(path) })
	assert.Equal(t, doc.Observations(), got)
	assert.Equal(t, len(doc.Messages), e.MessageCount())
	assert.Empty(t, e.Document().Messages)
	assert.Empty(t, e.Document().Tables)
}

// quotedFirst is an mbox where a reply quoting a table comes before the
// message holding it, with n messages holding tables of their own, the
// original after the first `at` of them.
func quotedFirst(n, at int) string {
	table := func(i int) string {
		return fmt.Sprintf("hackbench\nTest:            tip                  patched\n 1-groups:     4.%02d (0.00 pct)     4.%02d (1.20 pct)\n 2-groups:     5.%02d (0.00 pct)     5.%02d (-0.40 pct)\n", i%100, (i+3)%100, i%97, (i+5)%97)
	}
	quote := func(s string) string {
		var b strings.Builder
		for l := range strings.Lines(s) {
			b.WriteString("> " + l)
		}
		return b.String()
	}
	var b strings.Builder
	msg := func(id, from, body string) {
		fmt.Fprintf(&b, "From x@y Mon Nov 28 06:52:19 2022\nFrom: %s <%s@example.org>\nSubject: Re: [PATCH] sched: x\nMessage-ID: <%s@x>\n\n%s\n", from, from, id, body)
	}
	msg("reply", "Quinn", "Quinn Quoter wrote:\n"+quote(table(0))+"\nNice.\n")
	for i := 1; i <= n; i++ {
		if i == at+1 {
			msg("orig", "Tess", "Results:\n\n"+table(0))
		}
		msg(fmt.Sprintf("m%d", i), "Tess", "Results:\n\n"+table(i))
	}
	return b.String()
}

// TestStreamFoldsQuotedFirst: a quoted table waits for its original,
// which replaces it, as in the whole document.
func TestStreamFoldsQuotedFirst(t *testing.T) {
	in := quotedFirst(3, 1)
	doc := New(Options{})
	require.NoError(t, doc.AddData("q.mbox", []byte(in)))
	want := doc.Document().Observations()
	got, _ := streamed(t, func(e *Extractor) error { return e.AddData("q.mbox", []byte(in)) })
	assert.Equal(t, want, got)
	assert.Equal(t, 0, got[0].QuoteDepth, "the original replaced the quoted copy")
}

// TestStreamWaitsBounded: behind a quoted table at most MaxWaiting tables
// are held back; then the quoted table is final as it stands, and every
// record still comes out once.
func TestStreamWaitsBounded(t *testing.T) {
	in := quotedFirst(MaxWaiting+10, MaxWaiting+5)
	most := 0
	var obs []model.Observation
	e := New(Options{})
	e.opts.Stream = func(tables []model.Table, _ []model.Warning) error {
		most = max(most, len(e.doc.Tables))
		for i := range tables {
			obs = tables[i].AppendObservations(obs)
		}
		return nil
	}
	require.NoError(t, e.AddData("q.mbox", []byte(in)))
	require.NoError(t, e.Flush())
	assert.LessOrEqual(t, most, MaxWaiting+1)
	tables := map[string]bool{}
	for _, o := range obs {
		tables[o.Table] = true
	}
	assert.Len(t, tables, MaxWaiting+11, "the quoted table, its original (now apart) and the others")
	assert.Equal(t, 1, obs[0].QuoteDepth)
}
