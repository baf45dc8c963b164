package mbox

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

// msg builds a message for thread tests; day 0 means no date.
func msg(id, subject, inReplyTo string, day int, refs ...string) *Message {
	m := &Message{Meta: model.Message{ID: id, Subject: subject, InReplyTo: inReplyTo, References: refs, Patch: ParseSubject(subject)}}
	if day > 0 {
		d := time.Date(2022, 11, day, 0, 0, 0, 0, time.UTC)
		m.Meta.Date = &d
	}
	return m
}

// ids lists the ids of a thread's messages.
func ids(th Thread) []string {
	var out []string
	for _, m := range th.Messages {
		out = append(out, m.Meta.ID)
	}
	return out
}

func TestThreads(t *testing.T) {
	msgs := []*Message{
		msg("r2", "Re: [PATCH v9 0/9] Add latency priority", "r1", 20, "cover", "r1"),
		msg("p3", "[PATCH v9 3/9] sched/fair: Add x", "cover", 15, "cover"),
		msg("cover", "[PATCH v9 0/9] Add latency priority", "", 15),
		msg("r1", "Re: [PATCH v9 0/9] Add latency priority", "cover", 18, "cover"),
		msg("other", "[PATCH] mm: unrelated", "", 16),
		// Lost headers: joins by subject and version.
		msg("lost#1", "Re: [PATCH] mm: unrelated", "", 0),
		// Parent missing from the set, but the reference ties the replies.
		msg("x2", "Re: [PATCH v8 0/9] Add latency priority", "gone", 3, "gone"),
		msg("x1", "Re: [PATCH v8 0/9] Add latency priority", "gone", 2, "gone"),
	}
	threads := Threads(msgs)
	require.Len(t, threads, 3)

	assert.Equal(t, "cover", threads[0].Root)
	assert.Equal(t, []string{"p3", "cover", "r1", "r2"}, ids(threads[0]))
	require.NotNil(t, threads[0].Series)
	assert.Equal(t, model.PatchTag{Prefix: "PATCH", Version: 9, Index: 0, Total: 9, Title: "Add latency priority"}, *threads[0].Series)

	assert.Equal(t, "other", threads[1].Root)
	assert.Equal(t, []string{"other", "lost#1"}, ids(threads[1]))

	assert.Equal(t, "x1", threads[2].Root)
	assert.Equal(t, []string{"x1", "x2"}, ids(threads[2]))
	require.NotNil(t, threads[2].Series)
	assert.Equal(t, 8, threads[2].Series.Version)
	assert.False(t, threads[2].Series.Reply)

	assert.Empty(t, Threads(nil))
}

func TestThreadsVersionsStayApart(t *testing.T) {
	threads := Threads([]*Message{
		msg("a", "[PATCH v8 0/9] Same title", "", 1),
		msg("b", "[PATCH v9 0/9] Same title", "", 2),
		msg("c", "Re: [PATCH v9 0/9] Same title", "", 3),
	})
	require.Len(t, threads, 2)
	assert.Equal(t, []string{"b", "c"}, ids(threads[1]))
}
