package lkmlbench

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/mbox"
)

// TestTextLinesBudget: past MaxTextLines lines of text a message is not
// searched for tables, with a warning naming the first line left out;
// tables before it are read.
func TestTextLinesBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString("hackbench\nTest:            tip                  patched\n 1-groups:     4.25 (0.00 pct)     4.14 (2.58 pct)\n\n")
	for range MaxTextLines {
		b.WriteString("a line of prose without a table\n")
	}
	b.WriteString("\nhackbench\nTest:            tip                  patched\n 1-groups:     9.25 (0.00 pct)     9.14 (1.18 pct)\n")
	m := &mbox.Message{Body: mbox.BodyLines(b.String(), 1, 0, "")}
	tables, cuts := MessageTables("big.txt", m, Options{})
	require.Len(t, tables, 1)
	assert.Equal(t, 3, tables[0].Rows[0].Line)
	require.Len(t, cuts, 1)
	assert.Equal(t, "big.txt", cuts[0].Source)
	assert.Equal(t, MaxTextLines+1, cuts[0].Line, "every line up to here is text")
	assert.Contains(t, cuts[0].Message, "not searched for tables")
}
