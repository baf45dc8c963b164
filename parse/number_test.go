package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReadNumber(t *testing.T) {
	cases := []struct {
		in    string
		style CommaStyle
		want  string
		ok    bool
	}{
		{"4.14", CommaUnknown, "4.14", true},
		{"-0.00", CommaUnknown, "-0.00", true},
		{"+30.7%", CommaUnknown, "30.7", true},
		{"26311,000", CommaDecimal, "26311.000", true},
		{"0,15", CommaUnknown, "0.15", true},
		{"123,456,789", CommaThousands, "123456789", true},
		{"1,234.5", CommaUnknown, "1234.5", true},
		{"5.157e+10", CommaUnknown, "5.157e+10", true},
		{"+2.1e+05%", CommaUnknown, "2.1e+05", true},
		{"-nan", CommaUnknown, "", false},
		{"N/A", CommaUnknown, "", false},
		{"-", CommaUnknown, "", false},
		{"007", CommaUnknown, "7", true},
		{"1.2.3", CommaUnknown, "", false},
		{"\u22123.5", CommaUnknown, "-3.5", true},
	}
	for _, c := range cases {
		got, ok := ReadNumber(c.in, c.style)
		assert.Equal(t, c.ok, ok, c.in)
		if c.ok {
			assert.Equal(t, c.want, string(got), c.in)
		}
	}
}

func TestDetectCommaStyle(t *testing.T) {
	assert.Equal(t, CommaDecimal, DetectCommaStyle([]string{"avg 26311,000 25976,667", "stdev 0,15 % 0,28 %"}))
	assert.Equal(t, CommaThousands, DetectCommaStyle([]string{"  123,456,789  cycles", "1,234.5 msec"}))
	assert.Equal(t, CommaUnknown, DetectCommaStyle([]string{"1: 31.00 (0.00 pct)"}))
}

func FuzzReadNumber(f *testing.F) {
	for _, s := range []string{"4.14", "-0.00", "+30.7%", "26311,000", "1,234.5", "5.157e+10", "-nan"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, st := range []CommaStyle{CommaUnknown, CommaDecimal, CommaThousands} {
			if n, ok := ReadNumber(s, st); ok && !n.Valid() {
				t.Fatalf("ReadNumber(%q) gave invalid %q", s, n)
			}
		}
	})
}
