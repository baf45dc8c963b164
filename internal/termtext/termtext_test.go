package termtext

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestVisible(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain subject", "plain subject"},
		{"tab\tand\nnewline", "tab\tand\nnewline"},
		{"\x1b[2Jcleared", "^[[2Jcleared"},
		{"\x1b]0;owned\x07title", "^[]0;owned^Gtitle"},
		{"del\x7f nul\x00", "del^? nul^@"},
		{"abc\u202efdp.exe", "abc<U+202E>fdp.exe"},
		{"c1 \u009b31m", "c1 <U+009B>31m"},
		{"zero\u200bwidth \u2028sep", "zero<U+200B>width <U+2028>sep"},
		{"bad \xff byte", `bad \xff byte`},
		{"Müller — 4.25 µs", "Müller — 4.25 µs"},
	} {
		assert.Equal(t, c.want, Visible(c.in), "%q", c.in)
	}
}
