package parse

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
			lines := b.layLines()
			for i := 0; i < len(lines); i++ {
				if lines[i].Class != layout.Data || layout.IsProse(lines[i].Text) {
					continue
				}
				lt, next, ok := layColumnar(lines, i)
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

func dumpLaid(out *strings.Builder, b *Block, lt layout.Table) {
	g := lt.Grid
	fmt.Fprintf(out, "table lines %d-%d", b.Lines[lt.Start].No, b.Lines[lt.End-1].No)
	if g.CasesAcross {
		out.WriteString(" cases-across")
	}
	if lt.Body.Wrapped {
		out.WriteString(" wrapped")
	}
	fmt.Fprintf(out, "\n  label head %q\n", g.LabelHead)
	for j, c := range g.Cols {
		var frags []string
		if j < len(g.Frags) {
			frags = g.Frags[j]
		}
		fmt.Fprintf(out, "  col %d [%d,%d) %q\n", j, c.Start, c.End, frags)
	}
	for i, li := range lt.Body.Rows {
		fmt.Fprintf(out, "  row line %d group %d sub %q label %q:", b.Lines[li].No, lt.Body.Group[i], lt.Body.Subs[i], g.Labels[i])
		for _, c := range g.Cells[i] {
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
				lines := b.layLines()
				for i := range lines {
					if lines[i].Class != layout.Data {
						continue
					}
					lt, next, ok := layColumnar(lines, i)
					if next <= i {
						t.Fatalf("layTable at %d returned next %d", i, next)
					}
					if !ok {
						continue
					}
					if lt.Start < 0 || lt.End > len(lines) || lt.Start >= lt.End {
						t.Fatalf("table span %d-%d outside block of %d", lt.Start, lt.End, len(lines))
					}
					if len(lt.Grid.Labels) != len(lt.Grid.Cells) || len(lt.Grid.Cells) != len(lt.Body.Rows) {
						t.Fatalf("%d labels, %d cell rows, %d rows", len(lt.Grid.Labels), len(lt.Grid.Cells), len(lt.Body.Rows))
					}
				}
			}
		}
	})
}
