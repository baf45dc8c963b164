package cell

import (
	"testing"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMinSec(t *testing.T) {
	for in, want := range map[string]string{"1m41s": "101", "5m06s": "306", "0m0.5s": "0.5", "12m00.25s": "720.25"} {
		got, ok := minSec(in)
		assert.True(t, ok, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"1m", "m41s", "1m4x1s", "1ms", "1m123s"} {
		_, ok := minSec(in)
		assert.False(t, ok, in)
	}
}

func TestReadCell(t *testing.T) {
	for _, tc := range []struct {
		in    string
		n     int // cells
		slots int // slots of the first cell
		tuple bool
		list  bool
	}{
		{"4.25 (0.00 pct)", 1, 1, false, false},
		{"3.632 us ( -1.91%)", 1, 1, false, false},
		{"184, 171, 199", 1, 3, false, true},
		{"88.1k, 87.6k", 1, 2, false, true},
		{"( 0.40%,  0.00%)", 1, 2, true, false},
		{"( 3.70%, 93.53%", 1, 2, true, false}, // the closing bracket was lost
		{"1.0242 (+1.5%) 1.0260 (+1.5%)", 2, 1, false, false},
		{"N/A", 1, 1, false, false},
		{"6327.09(-7.20%)", 1, 1, false, false},
	} {
		ts := token.Line(tc.in)
		cs, ok := Read(ts, 0, len(tc.in), token.CommaUnknown)
		require.True(t, ok, tc.in)
		assert.Len(t, cs, tc.n, tc.in)
		assert.Len(t, cs[0].Slots, tc.slots, tc.in)
		assert.Equal(t, tc.tuple, cs[0].Tuple, tc.in)
		assert.Equal(t, tc.list, cs[0].List, tc.in)
	}
	for _, in := range []string{"hackbench", "x86_64", "(snooze, CEDE)", "1, "} {
		_, ok := Read(token.Line(in), 0, len(in), token.CommaUnknown)
		assert.False(t, ok, in)
	}
}

// FuzzReadCell: the cell reader never panics and every number it reads
// is a valid decimal.
func FuzzReadCell(f *testing.F) {
	for _, s := range []string{"4.25 (0.00 pct)", "184, 171, 199", "( 0.40%,  0.00%)", "1m41s", "3.703 us ( -1.91%)", "88.1k, 87.6k"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > token.MaxLine {
			return
		}
		cs, ok := Read(token.Line(in), 0, len(in), token.CommaUnknown)
		if !ok {
			return
		}
		for _, c := range cs {
			for _, s := range c.Slots {
				if !s.Missing && !isDecimal(s.Num) {
					t.Fatalf("cell %q reads as %q", in, s.Num)
				}
			}
		}
	})
}

// isDecimal reports whether s is a plain or e-notation decimal.
func isDecimal(s string) bool {
	_, ok := token.ReadNumber(s, token.CommaUnknown)
	return ok
}
