package parse

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goldFile is the part of a gold answer key the column families check.
type goldFile struct {
	Tables []struct {
		ID       string   `json:"id"`
		Anchor   string   `json:"anchor"`
		Format   string   `json:"format"`
		Variants []string `json:"variants"`
		Baseline *string  `json:"baseline"`
		Cells    []struct {
			Case    string   `json:"case"`
			Variant string   `json:"variant"`
			Field   string   `json:"field"`
			Value   float64  `json:"value"`
			Flags   []string `json:"flags"`
		} `json:"cells"`
	} `json:"tables"`
}

// TestColumnFamiliesOnSeeds reads the plain-text seeds and holds the
// tables of the column families against the gold cells: every gold table
// of these formats must come back with exactly its cells.
func TestColumnFamiliesOnSeeds(t *testing.T) {
	mine := map[string]bool{"ascii-grid": true, "pipe-grid": true, "whitespace": true, "transposed": true}
	for _, seed := range []string{"000_34bd20fe453de2e0.txt", "004_6446d3f0e0245a7d.txt"} {
		text, err := os.ReadFile(filepath.Join("..", "..", "shared", "seeds", seed))
		if err != nil {
			t.Skip("shared seeds absent")
		}
		raw, err := os.ReadFile(filepath.Join("..", "..", "shared", "gold", "seeds", seed+".json"))
		require.NoError(t, err)
		var gold goldFile
		require.NoError(t, json.Unmarshal(raw, &gold))
		tables := Tables(linesOf(string(text)))
		for _, g := range gold.Tables {
			if !mine[g.Format] {
				continue
			}
			t.Run(seed[:3]+"/"+g.ID, func(t *testing.T) {
				at := strings.Index(string(text), g.Anchor)
				require.GreaterOrEqual(t, at, 0)
				line := strings.Count(string(text[:at]), "\n") + 1
				var got []string
				found := false
				for _, tab := range tables {
					if tab.StartLine > line || tab.EndLine < line {
						continue
					}
					found = true
					assert.Equal(t, g.Format, tab.Format)
					assert.Equal(t, g.Variants, tab.Variants)
					want := ""
					if g.Baseline != nil {
						want = *g.Baseline
					}
					assert.Equal(t, want, tab.Baseline)
					for _, r := range tab.Rows {
						for _, c := range r.Cells {
							got = append(got, cellKey(r.Case, c.Variant, c.Field, c.Value.Float(), append(r.Flags, c.Flags...)))
						}
					}
				}
				require.True(t, found, "no table at line %d", line)
				var want []string
				for _, c := range g.Cells {
					want = append(want, cellKey(c.Case, c.Variant, c.Field, c.Value, c.Flags))
				}
				sort.Strings(got)
				sort.Strings(want)
				assert.Equal(t, want, got)
			})
		}
	}
}

func cellKey(cs, variant, field string, v float64, flags []string) string {
	return fmt.Sprintf("%s|%s|%s|%g|%s", cs, variant, field, v, strings.Join(flags, ","))
}

// TestWhitespaceSeed002 reads the rebuilt lines of seed 002's cyclictest
// group table (quote depth 2) and holds it against gold table t01.
func TestWhitespaceSeed002(t *testing.T) {
	const seed = "002_62c132f61a2e2525.txt"
	gold := seedGold(t, seed, "whitespace")
	text := seedRebuilt(t, seed, "> > hackbench -l 10000 -g $group &", "> > group = 0 means", "> >")
	got := Tables(linesOf(text))
	require.Len(t, got, 1)
	require.Len(t, gold, 1)
	var want []string
	for _, c := range gold[0].Cells {
		want = append(want, fmt.Sprintf("%s|%s|%s|%v", c.Case, c.Variant, c.Field, model.Number(c.Value).Float()))
	}
	sort.Strings(want)
	assert.Equal(t, want, seedCells(got[0]))
	assert.Equal(t, gold[0].Variants, got[0].Variants)
}
