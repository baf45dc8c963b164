package normalize_test

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

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
