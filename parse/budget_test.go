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

// TestBudgetOversizedLine: a line that alone exceeds a block's byte budget
// (a rule of a megabyte, one generated line of cells, a megabyte of prose
// above a table) is left out with a warning naming it, and the table next
// to it is still read.
func TestBudgetOversizedLine(t *testing.T) {
	const table = "hackbench\nTest:            tip                  patched\n 1-groups:     4.25 (0.00 pct)     4.14 (2.58 pct)\n 2-groups:     4.89 (0.00 pct)     4.71 (3.68 pct)\n"
	for _, tc := range []struct {
		name string
		big  string
		warn bool // the big line is table-like, so its cut is noted
	}{
		{"rule of 1 MiB", strings.Repeat("=", 1<<20), true},
		{"cells on one line", strings.Repeat("1.0 (2.0 pct) ", 200000), true},
		{"prose above", strings.Repeat("words and more words ", 100000), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tables, cuts := TablesBudgeted(linesOf(tc.big + "\n" + table))
			require.Len(t, tables, 1)
			require.Len(t, tables[0].Rows, 2)
			assert.Equal(t, 4, tables[0].Rows[0].Line)
			if !tc.warn {
				assert.Empty(t, cuts)
				return
			}
			require.Len(t, cuts, 1)
			assert.Equal(t, 1, cuts[0].Line)
			assert.Contains(t, cuts[0].Message, "line 1 alone is")
		})
	}
}

// TestOneLineOfCells: a body that is one line of value cells past the
// byte budget (issue 17: 56 MB of "1.0 (2.0 pct) " panicked in
// Block.resolve on the empty block left once the line was cut; this body
// of the same shape panicked too) reads as no table, with the cut named,
// and --explain lists no block.
func TestOneLineOfCells(t *testing.T) {
	body := strings.Repeat("1.0 (2.0 pct) ", 200000)
	tables, cuts := TablesBudgeted(linesOf(body))
	assert.Empty(t, tables)
	require.Len(t, cuts, 1)
	assert.Contains(t, cuts[0].Message, "line 1 alone is")
	assert.Empty(t, Explain(linesOf(body)))
}
