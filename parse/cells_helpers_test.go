package parse

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// cellCase is one table-driven case of a family test: the input text, the
// number of tables expected, and cells ("case|variant|field|value") that
// must be among those read.
type cellCase struct {
	name   string
	in     string
	tables int
	cells  []string
}

// readCells runs one family on a block of text and lists the tables and
// the cells read.
func readCells(f Family, text string) ([]Match, []string) {
	ms := f.Read(blockOf(text))
	var cells []string
	for _, m := range ms {
		for _, r := range m.Table.Rows {
			for _, c := range r.Cells {
				cells = append(cells, fmt.Sprintf("%s|%s|%s|%s", r.Case, c.Variant, c.Field, c.Value))
			}
		}
	}
	return ms, cells
}

func runCellCases(t *testing.T, f Family, cases []cellCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ms, cells := readCells(f, c.in)
			assert.Len(t, ms, c.tables)
			for _, want := range c.cells {
				assert.Contains(t, cells, want)
			}
		})
	}
}

// fuzzCells fuzzes one family's Read: it must not panic and every cell
// must hold a valid number within the block's lines.
func fuzzCells(f *testing.F, fam Family, cases []cellCase) {
	for _, c := range cases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, body string) {
		b := blockOf(body)
		for _, m := range fam.Read(b) {
			if m.Start < 0 || m.End > len(b.Lines) || m.Start >= m.End {
				t.Fatalf("bad span %d-%d of %d lines", m.Start, m.End, len(b.Lines))
			}
			for _, r := range m.Table.Rows {
				for _, c := range r.Cells {
					if !c.Value.Valid() {
						t.Fatalf("invalid number %q", c.Value)
					}
				}
			}
		}
	})
}

// benchCells measures one family's Read over the inputs of its cases.
func benchCells(b *testing.B, fam Family, cases []cellCase) {
	var blocks []*Block
	size := 0
	for _, c := range cases {
		blocks = append(blocks, blockOf(c.in))
		size += len(c.in)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, blk := range blocks {
			fam.Read(blk)
		}
	}
}
