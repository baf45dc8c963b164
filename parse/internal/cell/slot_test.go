package cell

import (
	"testing"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
	"github.com/stretchr/testify/assert"
)

func TestReadSlot(t *testing.T) {
	cases := []struct {
		in     string
		style  token.CommaStyle
		num    string
		unit   string
		extras []Extra
	}{
		{"x 1.5M", token.CommaUnknown, "1500000", "", nil},
		{"x 250K", token.CommaUnknown, "250000", "", nil},
		{"x 0.25k", token.CommaUnknown, "250", "", nil},
		{"x 12.3ms", token.CommaUnknown, "12.3", "ms", nil},
		{"x 450MB/s", token.CommaUnknown, "450", "MB/s", nil},
		{"x 1.000x", token.CommaUnknown, "1.000", "x", nil},
		{"x 12.345+/-0.678", token.CommaUnknown, "12.345", "", []Extra{{Kind: "stddev", Val: "0.678"}}},
		{"x 12.3 ± 0.5%", token.CommaUnknown, "12.3", "", []Extra{{Kind: "cv", Val: "0.5"}}},
		{"x 1,234(+/-5,67 %)", token.CommaDecimal, "1.234", "", []Extra{{Kind: "cv", Val: "5.67"}}},
		{"x 12345/23456", token.CommaUnknown, "12345", "", []Extra{{Kind: "second", Val: "23456"}}},
		{"x 1234.5 [0.5] (+2.70%)", token.CommaUnknown, "1234.5", "", []Extra{{Kind: "cv", Val: "0.5"}, {Kind: "paren", Val: "2.70"}}},
		{"x 131.", token.CommaUnknown, "131", "", nil},
	}
	for _, c := range cases {
		ts := token.Line(c.in)
		s, next, ok := ReadSlot(ts, 1, c.style)
		assert.True(t, ok, c.in)
		assert.Equal(t, len(ts), next, c.in)
		assert.Equal(t, c.num, s.Num, c.in)
		assert.Equal(t, c.unit, s.Unit, c.in)
		for i := range s.Extras {
			s.Extras[i].Raw = ""
		}
		assert.Equal(t, c.extras, s.Extras, c.in)
	}
	for _, bad := range []string{"x 4k-randread", "x 0-63,", "x 12.3zz"} {
		ts := token.Line(bad)
		_, _, ok := ReadSlot(ts, 1, token.CommaUnknown)
		assert.False(t, ok, bad)
	}
}
