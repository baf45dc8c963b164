package parse

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

// numberSeeds are the tokens the value grammars' fuzz targets start from:
// plain numbers, and the NaN, infinity and out-of-range forms tools print.
var numberSeeds = []string{"4.14", "-0.00", "+30.7%", "26311,000", "1,234.5", "5.157e+10", "-nan", "nan", "NaN",
	"inf", "-inf", "Infinity", "1e999", "-2E+400%", "1e-999", "9.9e307", strings.Repeat("7", 400), "1" + strings.Repeat("0", 308)}

// FuzzReadNumber: a number read is a valid JSON number within float64's
// range, and a token is never both a number and a missing value.
func FuzzReadNumber(f *testing.F) {
	for _, s := range numberSeeds {
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

// TestRangeWarnings: a number no float64 holds is a missing value with a
// warning naming its line, in a table's row or in a line no table read,
// and the rest of its row and table is read.
func TestRangeWarnings(t *testing.T) {
	body := "throughput\n alpha      1e999     12.0\n beta       10.5      13.0\n gamma      11.0      14.0\n\nand a counter that read " +
		strings.Repeat("9", 400) + " once\n"
	tables, warns := TablesBudgeted(linesOf(body))
	require.Len(t, tables, 1)
	require.Len(t, tables[0].Rows, 3)
	assert.Equal(t, "alpha", tables[0].Rows[0].Case)
	require.Len(t, tables[0].Rows[0].Cells, 1)
	assert.Equal(t, "12.0", string(tables[0].Rows[0].Cells[0].Value))
	require.Len(t, warns, 2)
	assert.Equal(t, 2, warns[0].Line)
	assert.Contains(t, warns[0].Message, `"1e999" is a number no float64 holds`)
	assert.Equal(t, 6, warns[1].Line)
	assert.Contains(t, warns[1].Message, "(400 characters)")
}

// nanInf are the NaN and infinity cells printf and the tools write.
var nanInf = map[string]bool{"nan": true, "-nan": true, "NaN": true, "inf": true, "-inf": true, "Inf": true, "-Inf": true,
	"INF": true, "-INF": true, "Infinity": true, "-Infinity": true, "infinity": true, "-infinity": true}

// FuzzCellValue: whatever number, NaN, infinity or out-of-range token
// stands in the middle row of a value-pct table or a table of columns, the
// table stays one, its other rows are read under the header's variants,
// and no variant is named after a cell.
func FuzzCellValue(f *testing.F) {
	for _, s := range numberSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsAny(s, " \t\r\n\v\f()[]|:%*^#,") || len(s) > 120 || !utf8.ValidString(s) {
			return // rows past maxRowLen are no grammar's; TestRangeWarnings has those
		}
		if _, ok := ReadNumber(s, CommaUnknown); !ok && !OutOfRange(s) && !nanInf[s] {
			return
		}
		w := max(len(s), 8)
		pad := func(c string) string { return c + strings.Repeat(" ", w-len(c)) }
		for _, body := range []string{
			"Test: tip patched\n1-groups: 4.25 (0.00 pct) 4.14 (2.58 pct)\n2-groups: " + s + " (0.00 pct) " + s + " (1.00 pct)\n4-groups: 5.01 (0.00 pct) 4.90 (2.19 pct)\n",
			"case    " + pad("tip") + "  " + pad("patched") + "\nalpha   " + pad("4.25") + "  " + pad("4.14") + "\nbeta    " + pad(s) + "  " + pad("4.71") + "\ngamma   " + pad("5.01") + "  " + pad("4.90") + "\n",
		} {
			tables := Tables(linesOf(body))
			if len(tables) != 1 {
				t.Fatalf("%d tables from:\n%s", len(tables), body)
			}
			for _, v := range tables[0].Variants {
				if v != "tip" && v != "patched" {
					t.Fatalf("variant %q from:\n%s", v, body)
				}
			}
			var cases []string
			for _, r := range tables[0].Rows {
				cases = append(cases, r.Case)
			}
			if len(cases) < 2 || cases[0] != "1-groups" && cases[0] != "alpha" || cases[len(cases)-1] != "4-groups" && cases[len(cases)-1] != "gamma" {
				t.Fatalf("rows %q from:\n%s", cases, body)
			}
		}
	})
}
