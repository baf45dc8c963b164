package parse

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/require"
)

// seedGoldTable is the part of a gold table that a family decides.
type seedGoldTable struct {
	ID       string   `json:"id"`
	Format   string   `json:"format"`
	Variants []string `json:"variants"`
	Baseline *string  `json:"baseline"`
	Unit     *string  `json:"unit"`
	Cells    []struct {
		Case    string          `json:"case"`
		Variant string          `json:"variant"`
		Field   string          `json:"field"`
		Value   json.RawMessage `json:"value"`
	} `json:"cells"`
}

// seedGold loads the gold tables of one format from a seed's answer key,
// skipping the test when the shared material is absent.
func seedGold(t *testing.T, name, format string) []seedGoldTable {
	t.Helper()
	raw, err := os.ReadFile("../../shared/gold/seeds/" + name + ".json")
	if os.IsNotExist(err) {
		t.Skip("shared gold not present")
	}
	require.NoError(t, err)
	var doc struct {
		Tables []seedGoldTable `json:"tables"`
	}
	require.NoError(t, json.Unmarshal(raw, &doc))
	var out []seedGoldTable
	for _, g := range doc.Tables {
		if g.Format == format {
			out = append(out, g)
		}
	}
	return out
}

// seedRebuilt cuts the text between two markers out of a damaged seed
// (newlines collapsed to spaces) and restores its lines by splitting at the
// quote marker the text sits under, the way the mbox reader rebuilds it.
func seedRebuilt(t *testing.T, name, from, to, quote string) string {
	t.Helper()
	raw, err := os.ReadFile("../../shared/seeds/" + name)
	if os.IsNotExist(err) {
		t.Skip("shared seeds not present")
	}
	require.NoError(t, err)
	s := string(raw)
	i := strings.Index(s, from)
	require.GreaterOrEqual(t, i, 0, "start marker")
	j := strings.Index(s[i:], to)
	require.Greater(t, j, 0, "end marker")
	parts := strings.Split(strings.TrimPrefix(s[i:i+j], quote), " "+quote)
	for k := range parts {
		parts[k] = quote + " " + strings.TrimSpace(parts[k])
	}
	return strings.Join(parts, "\n") + "\n"
}

// seedCells renders cells as sortable "case|variant|field|value" strings.
func seedCells(tab model.Table) []string {
	var out []string
	for _, r := range tab.Rows {
		for _, c := range r.Cells {
			out = append(out, fmt.Sprintf("%s|%s|%s|%v", r.Case, c.Variant, c.Field, c.Value.Float()))
		}
	}
	sort.Strings(out)
	return out
}

// seedCompare checks the tables of one format against the gold ones.
func seedCompare(t *testing.T, gold []seedGoldTable, got []model.Table, format string) {
	t.Helper()
	var mine []model.Table
	for _, tab := range got {
		if tab.Format == format {
			mine = append(mine, tab)
		}
	}
	require.Len(t, mine, len(gold))
	for k, g := range gold {
		var want []string
		for _, c := range g.Cells {
			want = append(want, fmt.Sprintf("%s|%s|%s|%v", c.Case, c.Variant, c.Field, model.Number(c.Value).Float()))
		}
		sort.Strings(want)
		require.Equal(t, want, seedCells(mine[k]), g.ID)
		require.Equal(t, g.Variants, mine[k].Variants, g.ID)
		if g.Baseline != nil {
			require.Equal(t, *g.Baseline, mine[k].Baseline, g.ID)
		}
		if g.Unit != nil {
			require.Equal(t, *g.Unit, mine[k].Unit, g.ID)
		}
	}
}

// TestHistogramSeed002 reads the cyclictest histogram of seed 002 (quote
// depth 2) and holds it against gold table t02.
func TestHistogramSeed002(t *testing.T) {
	const seed = "002_62c132f61a2e2525.txt"
	gold := seedGold(t, seed, "histogram")
	text := seedRebuilt(t, seed, "> > hackbench -l 10000 -g 16 &", " > > Signed-off-by", "> >")
	seedCompare(t, gold, Tables(linesOf(text)), "histogram")
}
