package parse

import (
	"strings"
	"testing"
)

// TestDenseLayoutsRead pins that every layout of the table-dense benchmark
// is read as one table of all its rows, so that the benchmark measures
// the families' full reading and not their rejection of a block.
func TestDenseLayoutsRead(t *testing.T) {
	for k, f := range denseLayouts {
		var b strings.Builder
		b.WriteString("Run of the series:\n\n")
		f(&b, 50, k)
		ts := Tables(linesOf(b.String()))
		if len(ts) != 1 || len(ts[0].Rows) != 50 {
			rows := 0
			for _, x := range ts {
				rows += len(x.Rows)
			}
			t.Errorf("layout %d: %d tables, %d rows; want 1 table of 50 rows", k, len(ts), rows)
		}
	}
}
