package mbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSplitHeaderFolded: a field folded over several lines keeps them
// all, in order, whatever ends it: another field, the blank line, a line
// that is no field or the end of the data.
func TestSplitHeaderFolded(t *testing.T) {
	for _, end := range []string{"\nX-Next: 1\n\nbody\n", "\n\nbody\n", "\nno field here\n", ""} {
		h := splitHeader([]byte("Cc: a@example.org,\n b@example.org,\n\tc@example.org\nSubject: one\n two\n   three" + end))
		if assert.GreaterOrEqual(t, len(h.fields), 2, "%q", end) {
			assert.Equal(t, headerField{"Cc", "a@example.org, b@example.org, c@example.org"}, h.fields[0], "%q", end)
			assert.Equal(t, headerField{"Subject", "one two three"}, h.fields[1], "%q", end)
		}
	}
}
