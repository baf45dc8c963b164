package mbox

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

// TestDecodePanicIsFaultOfOneMessage: a panic in the decoder ends in an
// error naming the file and the message's line, and the reading goes on
// with the next message, streamed or read whole, as an mbox or as one
// message.
func TestDecodePanicIsFaultOfOneMessage(t *testing.T) {
	saved := decodeMessage
	t.Cleanup(func() { decodeMessage = saved })
	decodeMessage = func(name string, raw RawMessage) (*Message, []model.Warning) {
		if strings.Contains(string(raw.Data), "Subject: boom") {
			panic("decoder bug")
		}
		return saved(name, raw)
	}
	const box = "From a@b Mon Jan  1 00:00:00 2024\nSubject: one\nMessage-ID: <d1@example.org>\n\nfirst\n\n" +
		"From a@b Mon Jan  1 00:00:00 2024\nSubject: boom\nMessage-ID: <d2@example.org>\n\nsecond\n\n" +
		"From a@b Mon Jan  1 00:00:00 2024\nSubject: three\nMessage-ID: <d3@example.org>\n\nthird\n"
	var ids []string
	_, err := Each("box.mbox", strings.NewReader(box), Options{}, func(m *Message) error {
		ids = append(ids, m.Meta.ID)
		return nil
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "box.mbox:8: internal error decoding the message, skipped (please report): decoder bug")
	assert.Equal(t, []string{"d1@example.org", "d3@example.org"}, ids)

	res, err := Read("box.mbox", []byte(box), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "box.mbox:8: internal error decoding the message")
	require.Len(t, res.Messages, 2)

	res, err = Read("one.eml", []byte("Subject: boom\nMessage-ID: <d4@example.org>\n\nbody\n"), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "one.eml:1: internal error decoding the message")
	assert.Empty(t, res.Messages)
}
