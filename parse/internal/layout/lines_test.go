package layout

import (
	"testing"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCutPieces(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"with-f4-1g  0.67645 (+3.7%)  0.68000", []string{"with-f4-1g", "0.67645 (+3.7%)", "0.68000"}},
		{"1.0685  (-0.3%)  1.0570", []string{"1.0685  (-0.3%)", "1.0570"}},       // a bracket qualifies the number before it
		{"13.48       +-  5.19%", []string{"13.48       +-  5.19%"}},             // so does a spread
		{"1.00 [  0.00]( 0.36)  1.02", []string{"1.00 [  0.00]( 0.36)", "1.02"}}, // no cut inside brackets
		{"Pipe   8 |  0.182 |", []string{"Pipe", "8", "0.182"}},
		{"File creation   41822.114", []string{"File creation", "41822.114"}},
		{"( 0.40%,  0.00%) | x", []string{"( 0.40%,  0.00%)", "x"}},
	} {
		var got []string
		for _, p := range cutPieces(token.Line(tc.in)) {
			got = append(got, p.text(tc.in))
		}
		assert.Equal(t, tc.want, got, "%q", tc.in)
	}
}

func TestReadLine(t *testing.T) {
	for _, tc := range []struct {
		in     string
		class  Class
		labels string
		cells  int
	}{
		{"", Blank, "", 0},
		{"  -----   ----  ", Rule, "", 0},
		{"+-----+------+", Rule, "", 0},
		{"        |        |", PipeOnly, "", 0},
		{"case    base   patched", Words, "", 0},
		{"Idle Total\t\t2533\t100.00%", Data, "Idle Total", 2},
		{"4ms> x >= 2ms\t\t91\t3.59%", Data, "4ms> x >= 2ms", 2},        // numbers in a label stay in it
		{"Pipe          8  |   0.611    |    0.604", Data, "Pipe 8", 2}, // an integer left of the grid is a key
		{"  50.0th:           6.00     |      6.00", Data, "50.0th:", 2},
		{"with-a 1.0 (+2%) 2.0 (+3%)", Data, "with-a", 2}, // collapsed spacing
		{"throughput=91472.67", Data, "throughput", 1},
		{"base (idle)          210, 198, 225", Data, "base (idle)", 1},
		{"TLB flush                  0.812        0.640 us", Data, "TLB flush", 2},
		{"cold  1m41s  2m03s", Data, "cold", 2},
		{"We ran it 3 times and saw 12 percent less", Words, "", 0},
	} {
		l := ReadLine(tc.in, token.Line, token.CommaUnknown)
		assert.Equal(t, tc.class, l.Class, "%q", tc.in)
		assert.Equal(t, tc.labels, labelText(l.Text, l.labels), "%q", tc.in)
		assert.Len(t, l.cells, tc.cells, "%q", tc.in)
	}
}

func TestByOrder(t *testing.T) {
	titles, head, ok := byOrder("group min avg max min avg max", 6)
	require.True(t, ok)
	assert.Equal(t, "group", head)
	assert.Equal(t, []string{"min", "avg", "max", "min", "avg", "max"}, titles)
	titles, _, ok = byOrder("latency 0 latency -20", 6)
	require.True(t, ok)
	assert.Equal(t, []string{"latency 0", "latency 0", "latency 0", "latency -20", "latency -20", "latency -20"}, titles)
	_, _, ok = byOrder("a b c d e", 3)
	assert.False(t, ok)
}
