package mbox

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// splitCases are mbox streams and the raw messages they split into.
var splitCases = []struct {
	name string
	in   string
	want []RawMessage
}{
	{
		name: "two messages mboxrd",
		in: "From mboxrd@z Thu Jan  1 00:00:00 1970\nSubject: one\n\nbody 1\n>From the top\n>>From quoted\n\n" +
			"From mboxrd@z Thu Jan  1 00:00:00 1970\nSubject: two\n\nbody 2\n",
		want: []RawMessage{
			{Data: []byte("Subject: one\n\nbody 1\nFrom the top\n>From quoted\n"), Line: 2, Offset: 39},
			{Data: []byte("Subject: two\n\nbody 2\n"), Line: 9, Offset: 128},
		},
	},
	{
		name: "no trailing newline",
		in:   "From a@b Mon Nov 28 06:52:19 2022\nSubject: x\n\nlast line",
		want: []RawMessage{{Data: []byte("Subject: x\n\nlast line"), Line: 2, Offset: 34}},
	},
	{
		name: "CRLF",
		in:   "From a@b Mon Nov 28 06:52:19 2022\r\nSubject: x\r\n\r\nhi\r\n\r\nFrom a@b Tue Nov 29 06:52:19 2022\r\nSubject: y\r\n\r\nho\r\n",
		want: []RawMessage{
			{Data: []byte("Subject: x\r\n\r\nhi\r\n"), Line: 2, Offset: 35},
			{Data: []byte("Subject: y\r\n\r\nho\r\n"), Line: 7, Offset: 90},
		},
	},
	{
		name: "unescaped From in body stays body",
		in: "From a@b Mon Nov 28 06:52:19 2022\nSubject: x\n\nresults below\nFrom the numbers it is clear\nthat it helps.\n\n" +
			"From the table:\nnothing\n",
		want: []RawMessage{{Data: []byte("Subject: x\n\nresults below\nFrom the numbers it is clear\nthat it helps.\n\nFrom the table:\nnothing\n"), Line: 2, Offset: 34}},
	},
	{
		name: "mboxo escape",
		in:   "From a@b Mon Nov 28 06:52:19 2022\nSubject: x\n\n>From here on\n> >From quoted stays\n",
		want: []RawMessage{{Data: []byte("Subject: x\n\nFrom here on\n> >From quoted stays\n"), Line: 2, Offset: 34}},
	},
	{
		name: "text before first separator",
		in:   "Subject: stray\n\nhello\nFrom a@b Mon Nov 28 06:52:19 2022\nSubject: x\n\nbody\n",
		want: []RawMessage{
			{Data: []byte("Subject: stray\n\nhello\n"), Line: 1, Offset: 0},
			{Data: []byte("Subject: x\n\nbody\n"), Line: 5, Offset: 56},
		},
	},
	{
		name: "empty message skipped",
		in:   "From a@b Mon Nov 28 06:52:19 2022\nFrom a@b Mon Nov 28 06:52:19 2022\nSubject: x\n\nbody\n",
		want: []RawMessage{{Data: []byte("Subject: x\n\nbody\n"), Line: 3, Offset: 68}},
	},
	{name: "empty", in: "", want: nil},
}

func TestRawScanner(t *testing.T) {
	for _, tc := range splitCases {
		t.Run(tc.name, func(t *testing.T) {
			sc := NewRawScanner(strings.NewReader(tc.in))
			var got []RawMessage
			for sc.Scan() {
				m := sc.Message()
				m.Data = append([]byte(nil), m.Data...)
				got = append(got, m)
			}
			require.NoError(t, sc.Err())
			require.Len(t, got, len(tc.want))
			for i := range got {
				assert.Equal(t, string(tc.want[i].Data), string(got[i].Data), "message %d", i)
				assert.Equal(t, tc.want[i].Line, got[i].Line, "line of message %d", i)
				assert.Equal(t, tc.want[i].Offset, got[i].Offset, "offset of message %d", i)
				assert.Equal(t, tc.want[i].Offset, int64(strings.Index(tc.in, firstLine(tc.want[i].Data))), "offset points at the first header line")
			}
		})
	}
}

// firstLine returns the first line of b.
func firstLine(b []byte) string {
	s, _, _ := strings.Cut(string(b), "\n")
	return s
}

func TestRawScannerCaps(t *testing.T) {
	long := strings.Repeat("x", 300)
	in := "From a@b Mon Nov 28 06:52:19 2022\nSubject: x\n\n" + long + "\nshort\n" + strings.Repeat("y\n", 200) +
		"From a@b Mon Nov 28 06:52:19 2022\nSubject: y\n\nok\n"
	sc := NewRawScannerOptions(strings.NewReader(in), "big.mbox", Options{MaxLineBytes: 100, MaxMessageBytes: 300})
	var got []string
	for sc.Scan() {
		got = append(got, string(sc.Message().Data))
	}
	require.NoError(t, sc.Err())
	require.Len(t, got, 2)
	assert.True(t, strings.HasPrefix(got[0], "Subject: x\n\n"+strings.Repeat("x", 100)+"\nshort\n"))
	assert.LessOrEqual(t, len(got[0]), 300)
	assert.Equal(t, "Subject: y\n\nok\n", got[1])
	w := sc.Warnings()
	require.Len(t, w, 2)
	assert.Contains(t, w[0].Message, "line longer than 100 bytes")
	assert.Equal(t, 4, w[0].Line)
	assert.Equal(t, "big.mbox", w[0].Source)
	assert.Contains(t, w[1].Message, "message longer than 300 bytes")
}

func TestRawScannerLongLineOverBuffer(t *testing.T) {
	long := strings.Repeat("z", 200<<10)
	in := "From a@b Mon Nov 28 06:52:19 2022\nSubject: x\n\n" + long + "\nend\n"
	sc := NewRawScanner(strings.NewReader(in))
	require.True(t, sc.Scan())
	assert.Equal(t, "Subject: x\n\n"+long+"\nend\n", string(sc.Message().Data))
	assert.False(t, sc.Scan())
	assert.Empty(t, sc.Warnings())
}
