package mbox

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWebTextSeed(t *testing.T) {
	name, data := readSeed(t, "000_")
	res, err := Read(name, data, Options{})
	require.NoError(t, err)
	require.Equal(t, "web-text", res.Kind)
	require.Len(t, res.Messages, 1)
	m := res.Messages[0]
	assert.Equal(t, "K Prateek Nayak", m.Meta.From.Name)
	assert.Equal(t, "Re: [PATCH v9 0/9] Add latency priority for CFS class", m.Meta.Subject)
	assert.Equal(t, name+"#1", m.Meta.ID)
	require.NotNil(t, m.Meta.Date)
	assert.True(t, time.Date(2022, 11, 28, 11, 52, 19, 0, time.UTC).Equal(*m.Meta.Date), "%v", m.Meta.Date)
	lines := strings.Split(string(data), "\n")
	require.NotEmpty(t, m.Body)
	assert.Equal(t, 4, m.Body[0].No)
	var quoted int
	for _, l := range m.Body {
		assert.True(t, strings.HasSuffix(lines[l.No-1], l.Text), "line %d", l.No)
		assert.True(t, strings.HasPrefix(string(data[l.Offset:]), lines[l.No-1]), "offset of line %d", l.No)
		if l.Depth == 1 {
			quoted++
			assert.Equal(t, "Vincent Guittot", l.Author, "line %d", l.No)
		}
	}
	assert.NotZero(t, quoted)
}

func TestParseLooseDate(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"Mon Nov 28 2022 - 06:52:19 EST", time.Date(2022, 11, 28, 11, 52, 19, 0, time.UTC), true},
		{"Sat, 8 Oct 2022 18:34:39 +0800", time.Date(2022, 10, 8, 10, 34, 39, 0, time.UTC), true},
		{"2024-05-14 09:12:31", time.Date(2024, 5, 14, 9, 12, 31, 0, time.UTC), true},
		{"Tue May 14 09:12:31 2024 PDT", time.Date(2024, 5, 14, 16, 12, 31, 0, time.UTC), false},
		{"yesterday", time.Time{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			d := parseLooseDate(tc.in)
			if !tc.ok {
				if d != nil && !tc.want.IsZero() {
					assert.True(t, tc.want.Equal(*d), "%v", d)
				}
				return
			}
			require.NotNil(t, d)
			assert.True(t, tc.want.Equal(*d), "%v", d)
		})
	}
}

func TestDetectWebText(t *testing.T) {
	tests := []struct {
		name, in string
		want     bool
	}{
		{"archive copy", "Re: [PATCH] x\nFrom: A B\nDate: Mon Nov 28 2022 - 06:52:19 EST\n\nbody\n", true},
		{"with to line", "Subject words\nFrom: A\nTo: B\nDate: 2024-01-01 10:00:00\nbody\n", true},
		{"rfc822", "From: A\nSubject: x\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n\nbody\n", false},
		{"no date", "Title\nFrom: A\n\nbody\n", false},
		{"prose", "Hello\nworld\nFrom: the top\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, detectWebText([]byte(tc.in)))
		})
	}
}

func FuzzWebText(f *testing.F) {
	f.Add([]byte("Re: x\nFrom: A\nDate: Mon Nov 28 2022 - 06:52:19 EST\n> q\nbody\n"))
	if data, err := os.ReadFile("testdata/forms/webtext_message.txt"); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !detectWebText(data) {
			return
		}
		res, err := readWebText("fuzz", data, Options{MaxLineBytes: 4096})
		if err != nil {
			return
		}
		for _, l := range res.Messages[0].Body {
			if l.Offset < 0 || l.Offset > int64(len(data)) {
				t.Fatalf("offset %d outside input", l.Offset)
			}
		}
	})
}
