package parse

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFieldCount(t *testing.T) {
	for _, s := range append(samples(t, tokenSamples+"column-samples.txt"), "a\u00a0b", "\u2003x y", " a\vb ", "") {
		assert.Equal(t, len(strings.Fields(s)), fieldCount(s), "%q", s)
	}
}

// FuzzFieldCount checks that fieldCount counts as strings.Fields does.
func FuzzFieldCount(f *testing.F) {
	for _, s := range samples(f, tokenSamples+"column-samples.txt") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n := fieldCount(s); n != len(strings.Fields(s)) {
			t.Fatalf("%q: fieldCount %d", s, n)
		}
	})
}
