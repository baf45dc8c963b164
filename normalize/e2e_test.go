package normalize_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestSeedsEndToEnd runs the whole pipeline on the seed threads: every
// table that matches a gold table (the same cells in order) has the gold's
// direction, and no printed percentage is flagged.
func TestSeedsEndToEnd(t *testing.T) {
	golds, _ := filepath.Glob("../../shared/gold/seeds/*.json")
	if len(golds) == 0 {
		t.Skip("no seeds in ../../shared")
	}
	matched := 0
	for _, g := range golds {
		input := filepath.Join("../../shared/seeds", strings.TrimSuffix(filepath.Base(g), ".json"))
		doc, _ := lkmlbench.ExtractFile(input, lkmlbench.Options{})
		assert.Empty(t, normalize.Check(doc), input)
		data, err := os.ReadFile(g)
		require.NoError(t, err)
		var gold struct {
			Tables []struct {
				ID        string  `json:"id"`
				Direction *string `json:"direction"`
				Cells     []struct {
					Case  string      `json:"case"`
					Value json.Number `json:"value"`
				} `json:"cells"`
			} `json:"tables"`
		}
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.UseNumber()
		require.NoError(t, dec.Decode(&gold))
		for _, gt := range gold.Tables {
			for _, tb := range doc.Tables {
				if !sameValues(&tb, gt.Cells) {
					continue
				}
				want := ""
				if gt.Direction != nil {
					want = *gt.Direction
				}
				assert.Equal(t, want, tb.Direction, "%s %s (extracted %s, source %q)", input, gt.ID, tb.ID, tb.DirectionSource)
				matched++
				break
			}
		}
	}
	t.Logf("%d gold tables matched an extracted table", matched)
	assert.Positive(t, matched)
}

// sameValues reports whether a table holds the gold's cells, case and
// value, in order.
func sameValues(tb *model.Table, cells []struct {
	Case  string      `json:"case"`
	Value json.Number `json:"value"`
}) bool {
	i := 0
	for _, r := range tb.Rows {
		for _, c := range r.Cells {
			if i >= len(cells) {
				return false
			}
			f, _ := cells[i].Value.Float64()
			if r.Case != cells[i].Case || c.Value.Float() != f {
				return false
			}
			i++
		}
	}
	return i == len(cells)
}

// TestPlantedMismatch reads a fixture mail whose third row prints +5.00%
// for a time that rose by 5%: the check lists exactly that row.
func TestPlantedMismatch(t *testing.T) {
	doc, err := lkmlbench.ExtractFile("testdata/planted-mismatch.txt", lkmlbench.Options{})
	require.NoError(t, err)
	found := normalize.Check(doc)
	require.Len(t, found, 1)
	assert.Equal(t, 18, found[0].Line)
	assert.Contains(t, found[0].Message, "4-groups")
}

// TestSummaryGolden renders the summary of the fixture, plain and in
// colour, against golden files (go test -update rewrites them).
func TestSummaryGolden(t *testing.T) {
	doc, err := lkmlbench.ExtractFile("testdata/planted-mismatch.txt", lkmlbench.Options{})
	require.NoError(t, err)
	for _, color := range []bool{false, true} {
		var b strings.Builder
		require.NoError(t, normalize.WriteSummary(&b, doc, normalize.SummaryOptions{Color: color, MinChange: 4}))
		name := "testdata/summary.golden"
		if color {
			name = "testdata/summary-color.golden"
		}
		if *update {
			require.NoError(t, os.WriteFile(name, []byte(b.String()), 0o644))
		}
		want, err := os.ReadFile(name)
		require.NoError(t, err)
		assert.Equal(t, string(want), b.String())
	}
}

// TestObservationKeys: JSONL records carry the normalised readings.
func TestObservationKeys(t *testing.T) {
	doc, err := lkmlbench.ExtractFile("testdata/planted-mismatch.txt", lkmlbench.Options{})
	require.NoError(t, err)
	var rec model.Observation
	for _, o := range doc.Observations() {
		if o.ImprovementPct != nil {
			rec = o
			break
		}
	}
	b, err := json.Marshal(rec)
	require.NoError(t, err)
	for _, k := range []string{`"direction_source":`, `"pct_convention":`, `"improvement_pct":`} {
		assert.Contains(t, string(b), k)
	}
}
