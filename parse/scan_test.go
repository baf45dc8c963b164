package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCutPointer(t *testing.T) {
	for in, want := range map[string]string{
		"  *99.0th: 741 (-71%) <-----":            "  *99.0th: 741 (-71%)",
		"p99: 12 ms   <== here":                   "p99: 12 ms",
		"a <-- b":                                 "a <-- b",                                 // no number before it
		"x: 3 <-- 4 runs later":                   "x: 3 <-- 4 runs later",                   // numbers after it
		"load <- 2":                               "load <- 2",                               // one dash: no pointer
		"1.0 <------ the one that regressed here": "1.0 <------ the one that regressed here", // a sentence
	} {
		assert.Equal(t, want, cutPointer(in), in)
	}
}
