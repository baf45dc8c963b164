package parse

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
	for _, s := range samples(f, tokenSamples+"number-samples.txt") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsAny(s, " \t\r\n\v\f()[]|:%*^#,") || len(s) > 120 || !utf8.ValidString(s) {
			return // rows past grammar.MaxLine are no grammar's; TestRangeWarnings has those
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
