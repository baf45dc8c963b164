package mbox

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var eolCases = []struct{ in, want string }{
	{"a\rb\rc", "a\nb\nc"},
	{"a\r\nb\r\n", "a\r\nb\r\n"},
	{"a\r\r\nb", "a\r\r\nb"},
	{"a\r\rb", "a\n\nb"},
	{"a\nb\rc\r\nd\r", "a\nb\nc\r\nd\n"},
	{"\r", "\n"},
	{"a\n\rb\n\r", "a\r\nb\r\n"},
	{"a\n\r\n\rb", "a\r\n\r\nb"},
	{"a\r\n\r\nb", "a\r\n\r\nb"},
	{"no endings", "no endings"},
}

func TestNormalizeEOL(t *testing.T) {
	for _, tc := range eolCases {
		in := []byte(tc.in)
		assert.Equal(t, tc.want, string(NormalizeEOL(in)), "%q", tc.in)
		assert.Equal(t, tc.in, string(in), "the input is not modified")
		got, err := io.ReadAll(NewEOLReader(iotest.OneByteReader(strings.NewReader(tc.in))))
		require.NoError(t, err)
		assert.Equal(t, tc.want, string(got), "reader, %q", tc.in)
	}
}

// TestCROnlyMbox: an mbox written with old Mac line endings, or with
// lines of all three kinds, reads as the same messages as its LF form,
// at the same lines and offsets.
func TestCROnlyMbox(t *testing.T) {
	lf := "From a@b Mon Nov 28 06:52:19 2022\nSubject: one\nMessage-ID: <1@x>\n\nbody 1\n\n" +
		"From a@b Mon Nov 28 06:52:19 2022\nSubject: two\nMessage-ID: <2@x>\n\nbody 2\n\n" +
		"From a@b Mon Nov 28 06:52:19 2022\nSubject: three\nMessage-ID: <3@x>\n\nbody 3\n\n" +
		"From a@b Mon Nov 28 06:52:19 2022\nSubject: four\nMessage-ID: <4@x>\n\nbody 4\n"
	want, err := Read("x", []byte(lf), Options{})
	require.NoError(t, err)
	require.Len(t, want.Messages, 4)
	// Two files pasted together: CR lines, then LF lines. (A CR line
	// followed by an empty LF line would read as CRLF: that is what it is.)
	half := strings.Index(lf, "From a@b Mon Nov 28 06:52:19 2022\nSubject: three")
	mixed := strings.ReplaceAll(lf[:half], "\n", "\r") + lf[half:]
	for name, in := range map[string]string{"CR": strings.ReplaceAll(lf, "\n", "\r"), "mixed": mixed} {
		got, err := Read("x", []byte(in), Options{})
		require.NoError(t, err, name)
		assert.Equal(t, "mbox", got.Kind, name)
		require.Len(t, got.Messages, 4, name)
		for i, m := range got.Messages {
			assert.Equal(t, want.Messages[i].Meta, m.Meta, name)
			assert.Equal(t, want.Messages[i].Body, m.Body, name)
		}
	}
}

// FuzzEOL: the streaming reader agrees with NormalizeEOL, whatever the
// read sizes, and the length never changes.
func FuzzEOL(f *testing.F) {
	for _, tc := range eolCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		want := NormalizeEOL([]byte(in))
		if len(want) != len(in) {
			t.Fatalf("length changed: %d -> %d", len(in), len(want))
		}
		got, err := io.ReadAll(NewEOLReader(iotest.HalfReader(strings.NewReader(in))))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("reader %q, NormalizeEOL %q", got, want)
		}
	})
}

// TestLFCRMbox: an mbox written with every line ending reversed ("\n\r")
// reads as the messages of its LF form, with the same bodies, lines and
// header fields, never as one message whose headers end at the first.
func TestLFCRMbox(t *testing.T) {
	var b strings.Builder
	for _, n := range []string{"one", "two", "three", "four"} {
		b.WriteString("From a@b Mon Nov 28 06:52:19 2022\nFrom: Ann Lee <ann@example.org>\nSubject: " + n + "\nMessage-ID: <" + n + "@x>\n\nhackbench\n 1-groups: 4.25 (0.00 pct) 4.14 (2.58 pct)\n\n")
	}
	lf := b.String()
	want, err := Read("x", []byte(lf), Options{})
	require.NoError(t, err)
	require.Len(t, want.Messages, 4)
	in := strings.ReplaceAll(lf, "\n", "\n\r")
	got, err := Read("x", []byte(in), Options{})
	require.NoError(t, err)
	var streamed []*Message
	_, err = Each("x", iotest.HalfReader(strings.NewReader(in)), Options{}, func(m *Message) error {
		streamed = append(streamed, m)
		return nil
	})
	require.NoError(t, err)
	for name, msgs := range map[string][]*Message{"read": got.Messages, "streamed": streamed} {
		require.Len(t, msgs, 4, name)
		for i, m := range msgs {
			w := want.Messages[i].Meta
			assert.Equal(t, w.Subject, m.Meta.Subject, name)
			assert.Equal(t, w.From, m.Meta.From, name)
			assert.Equal(t, w.StartLine, m.Meta.StartLine, name)
			require.Len(t, m.Body, len(want.Messages[i].Body), name)
			for j, l := range m.Body {
				assert.Equal(t, want.Messages[i].Body[j].Text, l.Text, name)
				assert.Equal(t, want.Messages[i].Body[j].No, l.No, name)
			}
		}
	}
}
