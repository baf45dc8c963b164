package token

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTokenize(t *testing.T) {
	cases := []struct {
		in    string
		kinds []Kind
	}{
		{"with-f4-1g  0.67645 (+3.7%)", []Kind{Word, Num, Paren}},
		{"| 19 | 52.00 |", []Kind{Pipe, Num, Pipe, Num, Pipe}},
		{"stdev 0,15 % 0,28 %", []Kind{Word, Num, Percent, Num, Percent}},
		{"1-groups 5.157e+10 -", []Kind{Word, Num, Dash}},
		{"118.00| ^", []Kind{Num, Pipe, Mark}},
		{"a*b (x)", []Kind{Word, Other, Word, Other}},
		{"0-63, 128-191", []Kind{Num, Num, Num, Num}},
	}
	for _, c := range cases {
		var got []Kind
		for _, x := range Line(c.in) {
			got = append(got, x.Kind)
		}
		assert.Equal(t, c.kinds, got, c.in)
	}
}

func TestVersionsAreWords(t *testing.T) {
	for _, s := range []string{"2.6.9 1792", "2.6.10- 1792", "Linux 2.6.9 2800"} {
		ts := Line(s)
		assert.Equal(t, Num, ts[len(ts)-1].Kind, s)
		for _, x := range ts[:len(ts)-1] {
			assert.Equal(t, Word, x.Kind, s)
		}
	}
}

func TestHexPrefix(t *testing.T) {
	for _, c := range []struct {
		num, suffix string
		want        bool
	}{
		{"0", "x", true},  // "mask=0x" cut short
		{"00", "X", true}, // "=00X"
		{"1.7", "x", false},
		{"10", "x", false},
		{"0.9", "x", false},
		{"0", "ms", false},
		{"", "x", false}, // no number
	} {
		assert.Equal(t, c.want, HexPrefix(c.num, c.suffix), "%s%s", c.num, c.suffix)
	}
}
