package parse

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/assert"
)

// cellGoldTable is the part of a gold annotation the family checks compare.
type cellGoldTable struct {
	ID        string   `json:"id"`
	Anchor    string   `json:"anchor"`
	Format    string   `json:"format"`
	Variants  []string `json:"variants"`
	Baseline  *string  `json:"baseline"`
	Benchmark *string  `json:"benchmark"`
	Unit      *string  `json:"unit"`
	Direction *string  `json:"direction"`
	Statistic *string  `json:"statistic"`
	Cells     []struct {
		Case    string   `json:"case"`
		Variant string   `json:"variant"`
		Field   string   `json:"field"`
		Value   float64  `json:"value"`
		Flags   []string `json:"flags"`
	} `json:"cells"`
}

// seedFlattened rebuilds the lines of a lore mbox whose newlines were
// collapsed to spaces, well enough for tables quoted with '>' markers: a
// line starts at every quote marker that follows a space.
var seedQuote = regexp.MustCompile(` (>>?)([ \n])`)

func loadCellSeed(t *testing.T, name string) (string, []cellGoldTable) {
	in, err := os.ReadFile(filepath.Join("../../shared/seeds", name))
	if err != nil {
		t.Skip("shared seeds absent")
	}
	g, err := os.ReadFile(filepath.Join("../../shared/gold/seeds", name+".json"))
	if err != nil {
		t.Skip("shared gold absent")
	}
	var gold struct {
		Tables []cellGoldTable `json:"tables"`
	}
	if err := json.Unmarshal(g, &gold); err != nil {
		t.Fatal(err)
	}
	text := string(in)
	if !strings.Contains(text, "\n>") && strings.Count(text, "\n") < 5 {
		for prev := ""; prev != text; {
			prev, text = text, seedQuote.ReplaceAllString(text, "\n$1$2")
		}
	}
	return text, gold.Tables
}

func cellKeys(tab *model.Table) []string {
	var out []string
	for _, r := range tab.Rows {
		for _, c := range r.Cells {
			flags := append(append([]string{}, r.Flags...), c.Flags...)
			sort.Strings(flags)
			out = append(out, fmt.Sprintf("%s|%s|%s|%g|%s", r.Case, c.Variant, c.Field, c.Value.Float(), strings.Join(flags, ",")))
		}
	}
	sort.Strings(out)
	return out
}

func goldKeys(g *cellGoldTable) []string {
	var out []string
	for _, c := range g.Cells {
		flags := append([]string{}, c.Flags...)
		sort.Strings(flags)
		out = append(out, fmt.Sprintf("%s|%s|%s|%g|%s", c.Case, c.Variant, c.Field, c.Value, strings.Join(flags, ",")))
	}
	sort.Strings(out)
	return out
}

func strOr(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// TestSeedCellFamilies holds the bracketed-cell families (value-pct,
// pct-imp-cv, list, mmtests, key-value) against the gold tables of seeds 000
// and 003: every gold table of these formats must be read in full, and no
// table of these formats may appear where the gold has none.
func TestSeedCellFamilies(t *testing.T) {
	mine := map[string]bool{"value-pct": true, "pct-imp-cv": true, "list": true, "mmtests": true, "key-value": true, "lkp": true}
	for _, name := range []string{"000_34bd20fe453de2e0.txt", "003_e3f8f2a6ca428bed.txt"} {
		t.Run(name, func(t *testing.T) {
			text, gold := loadCellSeed(t, name)
			lines := linesOf(text)
			tables := Tables(lines)
			used := map[int]bool{}
			for _, g := range gold {
				if !mine[g.Format] {
					continue
				}
				g := g
				t.Run(g.ID, func(t *testing.T) {
					line := 0
					for _, l := range lines {
						if strings.Contains(strings.Repeat(">", l.Depth)+" "+l.Text, g.Anchor) || strings.Contains(l.Text, g.Anchor) {
							line = l.No
							break
						}
					}
					if !assert.NotZero(t, line, "anchor %q not found", g.Anchor) {
						return
					}
					for i := range tables {
						tab := &tables[i]
						if line < tab.StartLine || line > tab.EndLine {
							continue
						}
						used[i] = true
						assert.Equal(t, g.Format, tab.Format)
						assert.Equal(t, goldKeys(&g), cellKeys(tab))
						if g.Variants == nil {
							g.Variants = []string{}
						}
						assert.Equal(t, g.Variants, tab.Variants)
						assert.Equal(t, strOr(g.Baseline), tab.Baseline)
						assert.Equal(t, strOr(g.Unit), tab.Unit)
						assert.Equal(t, strOr(g.Statistic), tab.Statistic)
						if tab.Benchmark != "" || tab.Format != "value-pct" {
							assert.Equal(t, strOr(g.Benchmark), tab.Benchmark)
						}
						if tab.Direction != "" {
							assert.Equal(t, strOr(g.Direction), tab.Direction)
						}
						return
					}
					t.Errorf("no table at line %d for %s", line, g.Anchor)
				})
			}
			for i, tab := range tables {
				if mine[tab.Format] && !used[i] {
					t.Errorf("extra %s table at lines %d-%d", tab.Format, tab.StartLine, tab.EndLine)
				}
			}
		})
	}
}

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
