package parse

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
		class  lineClass
		labels string
		cells  int
	}{
		{"", lcBlank, "", 0},
		{"  -----   ----  ", lcRule, "", 0},
		{"+-----+------+", lcRule, "", 0},
		{"        |        |", lcPipeOnly, "", 0},
		{"case    base   patched", lcText, "", 0},
		{"Idle Total\t\t2533\t100.00%", lcData, "Idle Total", 2},
		{"4ms> x >= 2ms\t\t91\t3.59%", lcData, "4ms> x >= 2ms", 2},        // numbers in a label stay in it
		{"Pipe          8  |   0.611    |    0.604", lcData, "Pipe 8", 2}, // an integer left of the grid is a key
		{"  50.0th:           6.00     |      6.00", lcData, "50.0th:", 2},
		{"with-a 1.0 (+2%) 2.0 (+3%)", lcData, "with-a", 2}, // collapsed spacing
		{"throughput=91472.67", lcData, "throughput", 1},
		{"base (idle)          210, 198, 225", lcData, "base (idle)", 1},
		{"TLB flush                  0.812        0.640 us", lcData, "TLB flush", 2},
		{"cold  1m41s  2m03s", lcData, "cold", 2},
		{"We ran it 3 times and saw 12 percent less", lcText, "", 0},
	} {
		b := blockOf(tc.in + "\n")
		l := readLine(b, 0)
		assert.Equal(t, tc.class, l.class, "%q", tc.in)
		assert.Equal(t, tc.labels, labelText(l.text, l.labels), "%q", tc.in)
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

// TestLayoutGolden lays out every table the layout reader finds in the
// columnar-*.txt fixtures (one per layout rule) and compares the geometry
// with testdata/layout/NAME.grid: the lines a table spans, the label
// column's title, each column's header fragments, and each row's label,
// sub-heading, group and cells. Run with -update to rewrite them.
func TestLayoutGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/golden/columnar-*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			got := dumpLayouts(string(data))
			golden := filepath.Join("testdata", "layout", name+".grid")
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "missing golden: run go test ./parse -run TestLayoutGolden -update")
			assert.Equal(t, string(want), got)
		})
	}
}

// dumpLayouts renders the geometry of every table the layout reader
// lays out in a body.
func dumpLayouts(body string) string {
	var out strings.Builder
	for _, seg := range segments(linesOf(body)) {
		for _, b := range seg.blocks() {
			lines := make([]layLine, len(b.Lines))
			for i := range b.Lines {
				lines[i] = readLine(b, i)
			}
			for i := 0; i < len(lines); i++ {
				if lines[i].class != lcData || isProse(lines[i].text) {
					continue
				}
				lt, next, ok := layTable(lines, i)
				if ok {
					dumpLaid(&out, b, lt)
				}
				i = next - 1
			}
		}
	}
	if out.Len() == 0 {
		return "no table\n"
	}
	return out.String()
}

func dumpLaid(out *strings.Builder, b *Block, lt laidTable) {
	g := lt.g
	fmt.Fprintf(out, "table lines %d-%d", b.Lines[lt.start].No, b.Lines[lt.end-1].No)
	if g.casesAcross {
		out.WriteString(" cases-across")
	}
	if lt.bd.wrapped {
		out.WriteString(" wrapped")
	}
	fmt.Fprintf(out, "\n  label head %q\n", g.labelHead)
	for j, c := range g.cols {
		var frags []string
		if j < len(g.frags) {
			frags = g.frags[j]
		}
		fmt.Fprintf(out, "  col %d [%d,%d) %q\n", j, c.start, c.end, frags)
	}
	for i, li := range lt.bd.rows {
		fmt.Fprintf(out, "  row line %d group %d sub %q label %q:", b.Lines[li].No, lt.bd.group[i], lt.bd.subs[i], g.labels[i])
		for _, c := range g.cells[i] {
			if c == nil {
				out.WriteString(" ·")
				continue
			}
			var parts []string
			for _, s := range c.Slots {
				switch {
				case s.Missing:
					parts = append(parts, "-")
				default:
					parts = append(parts, s.Written())
				}
			}
			fmt.Fprintf(out, " [%s]", strings.Join(parts, ","))
		}
		out.WriteString("\n")
	}
}

// FuzzLayout holds the layout reader to its promises on any block: no
// panic, and every laid-out table inside the block with one label per row.
func FuzzLayout(f *testing.F) {
	files, _ := filepath.Glob("testdata/golden/columnar-*.txt")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(string(data))
		}
	}
	f.Fuzz(func(t *testing.T, body string) {
		if len(body) > 1<<16 {
			return
		}
		for _, seg := range segments(linesOf(body)) {
			for _, b := range seg.blocks() {
				lines := make([]layLine, len(b.Lines))
				for i := range b.Lines {
					lines[i] = readLine(b, i)
				}
				for i := range lines {
					if lines[i].class != lcData {
						continue
					}
					lt, next, ok := layTable(lines, i)
					if next <= i {
						t.Fatalf("layTable at %d returned next %d", i, next)
					}
					if !ok {
						continue
					}
					if lt.start < 0 || lt.end > len(lines) || lt.start >= lt.end {
						t.Fatalf("table span %d-%d outside block of %d", lt.start, lt.end, len(lines))
					}
					if len(lt.g.labels) != len(lt.g.cells) || len(lt.g.cells) != len(lt.bd.rows) {
						t.Fatalf("%d labels, %d cell rows, %d rows", len(lt.g.labels), len(lt.g.cells), len(lt.bd.rows))
					}
				}
			}
		}
	})
}
