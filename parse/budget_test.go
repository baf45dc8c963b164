package parse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBudget: a table-like run longer than a block's budget is read up to
// it, and the cut is a warning naming the first line left out.
func TestBudget(t *testing.T) {
	rows := func(n, pad int) string {
		var b strings.Builder
		b.WriteString("hackbench\nTest:            tip                  patched\n")
		for i := range n {
			// the padding widens a gap: trailing blanks are no text
			fmt.Fprintf(&b, " %d-groups:     4.%02d (0.00 pct)%s     4.%02d (1.20 pct)\n", i+1, i%100, strings.Repeat(" ", pad), (i+3)%100)
		}
		return b.String()
	}
	for _, tc := range []struct {
		name     string
		body     string
		cut      bool
		firstCut int
	}{
		{"within", rows(100, 0), false, 0},
		{"too many lines", rows(MaxBlockLines+500, 0), true, MaxBlockLines + 3},
		{"too many bytes", rows(4000, 400), true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tables, cuts := TablesBudgeted(linesOf(tc.body))
			require.NotEmpty(t, tables)
			n := 0
			for _, tab := range tables {
				n += len(tab.Rows)
			}
			if !tc.cut {
				assert.Empty(t, cuts)
				assert.Equal(t, 100, n)
				return
			}
			require.Len(t, cuts, 1)
			assert.Contains(t, cuts[0].Message, "exceed the budget of one block")
			assert.Positive(t, cuts[0].Line)
			if tc.firstCut > 0 {
				assert.Equal(t, tc.firstCut, cuts[0].Line)
			}
			assert.Less(t, n, MaxBlockLines+1)
			last := tables[len(tables)-1]
			assert.Less(t, last.EndLine, cuts[0].Line, "no row from the lines cut")
		})
	}
}
