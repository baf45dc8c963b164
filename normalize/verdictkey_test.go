package normalize_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench"
)

// keyRecord is one record of the verdict key: a number that carries a
// verdict, or the reason it carries none.
type keyRecord struct {
	Table   string `json:"table"`
	Case    string `json:"case"`
	Variant string `json:"variant"`
	Field   string `json:"field"`
	Verdict string `json:"verdict"`
	Basis   string `json:"basis"`
}

// TestVerdictKey holds every invented table of testdata/verdicts (one per
// way verdicts went wrong on real mail: a header read as data, tests taken
// for variants, LKP metrics inheriting the benchmark's direction, mmtests'
// marks on Min/Max rows, baselines named main, mm-new, "Baseline (hash)",
// Original, "base elapsed", a bare version, ...) against key.json, record
// by record: exactly the listed records carry a verdict or a reason, with
// the verdict and reason listed.
func TestVerdictKey(t *testing.T) {
	raw, err := os.ReadFile("testdata/verdicts/key.json")
	require.NoError(t, err)
	var key map[string][]keyRecord
	require.NoError(t, json.Unmarshal(raw, &key))
	files, err := filepath.Glob("testdata/verdicts/*.txt")
	require.NoError(t, err)
	require.Len(t, key, len(files), "every fixture has its key and every key its fixture")
	require.GreaterOrEqual(t, len(files), 30)
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			want, ok := key[name]
			require.True(t, ok, "no key for %s", name)
			doc, err := lkmlbench.ExtractFile(path, lkmlbench.Options{})
			require.NoError(t, err)
			got := []keyRecord{}
			for _, o := range doc.Observations() {
				if o.Verdict != "" || o.VerdictBasis != "" {
					got = append(got, keyRecord{o.Table, o.Case, o.Variant, o.Field, string(o.Verdict), o.VerdictBasis})
				}
			}
			sortKey(want)
			sortKey(got)
			assert.Equal(t, want, got)
		})
	}
}

func sortKey(rs []keyRecord) {
	sort.Slice(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		if a.Table != b.Table {
			return a.Table < b.Table
		}
		if a.Case != b.Case {
			return a.Case < b.Case
		}
		if a.Variant != b.Variant {
			return a.Variant < b.Variant
		}
		return a.Field < b.Field
	})
}
