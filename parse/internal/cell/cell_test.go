package cell

import (
	"strings"
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

// multiCells are cells that hold more than one number, or a number with
// more than its digits (issue 17 item 4), in invented figures, and what
// Read makes of each: the cells, each "list", "parts" or "tuple" when it
// is one, then its slots as "number unit name", '~' for approximate, and
// each extra as kind=value. A row label stands before each, as in a
// table: the token layer keeps a line's first word whole.
var multiCells = []struct{ in, want string }{
	{"8.2 s, 41.7 MB/s", "parts[8.2 s time | 41.7 MB/s rate]"},
	{"212/57", "[212 second=57]"},
	{"5.1s / 0.2s / 4.8s (wall/user/kernel)", "parts[5.1 s wall | 0.2 s user | 4.8 s kernel]"},
	{"IOPS=33.1k, BW=129MiB/s", "parts[33100 IOPS IOPS | 129 MiB/s BW]"},
	{"p50=12 p99=1234", "parts[12 p50 | 1234 p99]"},
	{"412 (37%)", "[412 paren=37]"},
	{"915.40(-3.25%)", "[915.40 paren=-3.25]"},
	{"388 usec", "[388 usec]"},
	{"2.75G/s", "[2.75 G/s]"},
	{"~12M", "[12000000 ~]"},
	{"3m07s", "[187 s]"},
	{"41, 44, 39", "list[41 | 44 | 39]"},
	{"12.5 ms, 13.0 ms", "list[12.5 ms | 13.0 ms]"},
	{"( 1.10%,  62.00%)", "tuple[1.10 | 62.00]"},
	{"1.0242 (+1.5%) 1.0260 (+1.5%)", "[1.0242 paren=1.5] [1.0260 paren=1.5]"},
	{"22.5 ± 0.4%", "[22.5 cv=0.4]"},
}

// render writes cells as multiCells does.
func render(cs []Cell) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case c.List:
			b.WriteString("list")
		case c.Parts:
			b.WriteString("parts")
		case c.Tuple:
			b.WriteString("tuple")
		}
		b.WriteByte('[')
		for k, s := range c.Slots {
			if k > 0 {
				b.WriteString(" | ")
			}
			w := []string{s.Num, s.Unit, s.Name}
			if s.Approx {
				w = append(w, "~")
			}
			for _, e := range s.Extras {
				w = append(w, e.Kind+"="+e.Val)
			}
			b.WriteString(strings.Join(strings.Fields(strings.Join(w, " ")), " "))
		}
		b.WriteByte(']')
	}
	return b.String()
}

func TestReadMultiCells(t *testing.T) {
	for _, c := range multiCells {
		line := "row " + c.in
		cs, ok := Read(token.Line(line)[1:], 4, len(line), token.CommaUnknown)
		require.True(t, ok, c.in)
		assert.Equal(t, c.want, render(cs), c.in)
	}
	// a word alone at the start of a row names the row: a magnitude, a
	// size, a pair, a setting
	for _, in := range []string{"4k", "8KiB", "117/41", "slice=6ms", "hipri=1"} {
		_, ok := Read(token.Line(in), 0, len(in), token.CommaUnknown)
		assert.False(t, ok, in)
	}
	// a setting among values, a figure of a tool's line, a legend that
	// names too few figures, a '~' before two figures
	for _, in := range []string{"bs=4k 12.5", "9256 calls/s", "1.0s / 2.0s / 3.0s (real/user)", "~12 14"} {
		line := "row " + in
		_, ok := Read(token.Line(line)[1:], 4, len(line), token.CommaUnknown)
		assert.False(t, ok, in)
	}
}

// FuzzReadCell: the cell reader never panics, every number it reads is a
// valid decimal and lies in the piece, and the parts of a cell are each
// named. Seeded with multiCells.
func FuzzReadCell(f *testing.F) {
	for _, s := range []string{"4.25 (0.00 pct)", "184, 171, 199", "( 0.40%,  0.00%)", "1m41s", "3.703 us ( -1.91%)", "88.1k, 87.6k"} {
		f.Add(s)
	}
	for _, c := range multiCells {
		f.Add(c.in)
		f.Add("row " + c.in)
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
				if !s.Missing && (s.Start < 0 || s.End > len(in) || s.End < s.Start) {
					t.Fatalf("cell %q: slot %+v out of the piece", in, s)
				}
				if c.Parts && s.Name == "" {
					t.Fatalf("cell %q: a part without a name: %+v", in, c)
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
