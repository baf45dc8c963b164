package mbox

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bodyLineAt returns the body line with text s.
func bodyLineAt(t *testing.T, m *Message, s string) (no int, author string) {
	t.Helper()
	for _, l := range m.Body {
		if l.Text == s {
			return l.No, l.Author
		}
	}
	t.Fatalf("no body line %q in %v", s, m.Body)
	return 0, ""
}

// TestForwardedAndAlternativeForms: the body of a forwarded message (a
// message/rfc822 part) is read, at its own lines, its sender the author
// of its text; an alternative whose text part is empty is read from its
// HTML part.
func TestForwardedAndAlternativeForms(t *testing.T) {
	const row = " 1-groups:     4.25 (0.00 pct)     4.14 (2.58 pct)"
	for _, tc := range []struct {
		file, author string
		line         int
	}{
		{"forwarded-rfc822.mbox", "Orig Author", 26},
		{"alternative-empty-text.mbox", "Hana Html", 0},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		require.NoError(t, err)
		res, err := Read(tc.file, data, Options{})
		require.NoError(t, err)
		require.Len(t, res.Messages, 1)
		no, author := bodyLineAt(t, res.Messages[0], row)
		assert.Equal(t, tc.author, author, tc.file)
		if tc.line > 0 {
			assert.Equal(t, tc.line, no, tc.file)
		}
	}
}

// TestEncodedWordsInQuotedName: encoded words inside a quoted display
// name, as many mailers write them, are decoded as mail clients show them.
func TestEncodedWordsInQuotedName(t *testing.T) {
	for _, tc := range []struct{ from, want string }{
		{`"=?utf-8?q?J=C3=B6rg_M=C3=BCller?=" <jm@example.org>`, "Jörg Müller"},
		{`"=?utf-8?B?SMOkbm5l?= Lind" <hl@example.org>`, "Hänne Lind"},
		{`"=?iso-8859-1?q?Ren=E9?=" <r@example.org>`, "René"},
		{`"Plain Name" <p@example.org>`, "Plain Name"},
	} {
		m, _ := Decode("x", RawMessage{Data: []byte("From: " + tc.from + "\nSubject: s\n\nbody\n"), Line: 1})
		assert.Equal(t, tc.want, m.Meta.From.Name, tc.from)
	}
}
