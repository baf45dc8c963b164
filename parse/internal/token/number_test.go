package token

import (
	"math"
	"strings"
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

// FuzzReadNumber: a number read is a valid JSON number within float64's
// range, and a token is never both a number and a missing value.
func FuzzReadNumber(f *testing.F) {
	for _, s := range samples(f, "number-samples.txt") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, st := range []CommaStyle{CommaUnknown, CommaDecimal, CommaThousands} {
			n, ok := ReadNumber(s, st)
			if ok && !n.Valid() {
				t.Fatalf("ReadNumber(%q) gave invalid %q", s, n)
			}
			if ok && math.IsInf(n.Float(), 0) {
				t.Fatalf("ReadNumber(%q) gave %q, out of float64's range", s, n)
			}
			if ok && IsMissing(s) {
				t.Fatalf("%q is both a number (%q) and a missing value", s, n)
			}
		}
	})
}

func TestOutOfRange(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"1e999", true}, {"-2E+400%", true}, {strings.Repeat("7", 400), true}, {"1" + strings.Repeat("0", 309), true},
		{"1e308", false}, {"1e-999", false}, {"5.157e+10", false}, {strings.Repeat("7", 299), false},
		{"nan", false}, {"inf", false}, {"e999", false}, {"1e999x", false},
	} {
		assert.Equal(t, c.want, OutOfRange(c.in), c.in)
	}
	for _, tok := range []string{"nan", "-nan", "inf", "-Infinity", "1e999"} {
		assert.True(t, IsMissing(tok), tok)
	}
}
