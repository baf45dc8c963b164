package parse

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/lkmlbench/lkmlbench/internal/testlines"
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

// renderCells renders what a family read, one "case|variant|field|value"
// string per cell, tables separated by "--".
func renderCells(ms []Match) []string {
	var out []string
	for k, m := range ms {
		if k > 0 {
			out = append(out, "--")
		}
		for _, r := range m.Table.Rows {
			for _, c := range r.Cells {
				out = append(out, fmt.Sprintf("%s|%s|%s|%s", r.Case, c.Variant, c.Field, c.Value))
			}
		}
	}
	return out
}

// readCells runs one family on a block of text and lists the tables and
// the cells read.
func readCells(f Family, text string) ([]Match, []string) {
	ms := f.Read(blockOf(text))
	return ms, renderCells(ms)
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

// fuzzCells seeds a fuzz target with a family's cases and holds Read to
// the Match contract.
func fuzzCells(f *testing.F, fam Family, cases []cellCase) {
	for _, c := range cases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, body string) { checkRead(t, fam, body) })
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

// fileLines returns the lines of the files matching the patterns.
var fileLines = testlines.Files

// tokenSamples are the files of lines the lexers of package token are
// checked on (column, cell and number samples), for the tests of what is
// built on them.
const tokenSamples = "internal/token/testdata/"

// samples returns the lines of a file of Go-quoted strings, one a line.
var samples = testlines.Quoted
