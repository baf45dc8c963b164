package normalize_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

// TestSummaryJSONSchema validates summary --format json against
// docs/summary.schema.json (closed objects: an undocumented key fails),
// on the fixture, the example thread and an empty document; the counts
// agree with the cases listed.
func TestSummaryJSONSchema(t *testing.T) {
	sch, err := jsonschema.NewCompiler().Compile(filepath.Join("..", "docs", "summary.schema.json"))
	require.NoError(t, err)
	for _, path := range []string{"testdata/planted-mismatch.txt", "../testdata/example-thread.mbox", ""} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			doc := &model.Document{}
			if path != "" {
				doc, err = lkmlbench.ExtractFile(path, lkmlbench.Options{})
				require.NoError(t, err)
			}
			var buf bytes.Buffer
			require.NoError(t, normalize.WriteSummaryJSON(&buf, doc, 0))
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
			require.NoError(t, err)
			assert.NoError(t, sch.Validate(v))

			var back normalize.SummaryDocument
			require.NoError(t, json.Unmarshal(buf.Bytes(), &back))
			assert.Equal(t, normalize.DefaultMinChange, back.MinChange)
			require.Len(t, back.Tables, len(doc.Tables))
			for _, s := range back.Tables {
				n := 0
				for _, c := range s.Cases {
					if !c.Verification {
						n++
					}
				}
				assert.Equal(t, n, s.Compared, s.Table)
				assert.Equal(t, s.Compared, s.Regressed+s.Improved+s.WithinNoise, s.Table)
			}
		})
	}
}
