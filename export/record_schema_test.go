package export

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/model"
)

// recordDocs are the documents whose records the schema is held to: the
// hand-made fixture and real-shaped mail (quoted copies, a series, HTML).
func recordDocs(t *testing.T) map[string]*model.Document {
	docs := map[string]*model.Document{"fixture": fixture()}
	for _, p := range []string{"example-thread.mbox", "series.mbox", filepath.Join("wild", "html-table.eml")} {
		doc, err := lkmlbench.ExtractFile(filepath.Join("..", "testdata", p), lkmlbench.Options{})
		require.NoError(t, err)
		docs[p] = doc
	}
	return docs
}

// TestRecordSchema: every record, as JSONL, CSV, JSON (the tables of the
// document) and Parquet read back write it, is valid under
// docs/record.schema.json, whose keys are exactly model.Observation's.
func TestRecordSchema(t *testing.T) {
	sch, err := jsonschema.NewCompiler().Compile(filepath.Join("..", "docs", "record.schema.json"))
	require.NoError(t, err)
	valid := func(t *testing.T, what string, b []byte) {
		t.Helper()
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		require.NoError(t, err, what)
		assert.NoError(t, sch.Validate(v), "%s: %s", what, b)
	}
	var raw struct {
		Required   []string                   `json:"required"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	b, err := os.ReadFile(filepath.Join("..", "docs", "record.schema.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &raw))
	var keys []string
	for k := range raw.Properties {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	assert.Equal(t, jsonKeys(reflect.TypeFor[model.Observation]()), keys, "schema keys vs model.Observation")

	for name, doc := range recordDocs(t) {
		t.Run(name, func(t *testing.T) {
			obs := doc.Observations()
			require.NotEmpty(t, obs)
			var jl bytes.Buffer
			require.NoError(t, Write(&jl, doc, JSONL))
			sc := bufio.NewScanner(&jl)
			sc.Buffer(nil, 1<<20)
			n := 0
			for sc.Scan() {
				valid(t, "jsonl", sc.Bytes())
				n++
			}
			assert.Equal(t, len(obs), n)

			var js bytes.Buffer
			require.NoError(t, Write(&js, doc, JSON))
			var back model.Document
			require.NoError(t, json.Unmarshal(js.Bytes(), &back))
			for _, o := range back.Observations() {
				b, err := json.Marshal(o)
				require.NoError(t, err)
				valid(t, "json", b)
			}

			var cs bytes.Buffer
			require.NoError(t, Write(&cs, doc, CSV))
			rows, err := csv.NewReader(&cs).ReadAll()
			require.NoError(t, err)
			require.Len(t, rows, len(obs)+1)
			for _, r := range rows[1:] {
				valid(t, "csv", csvBack(t, rows[0], r, raw.Properties, raw.Required))
			}

			var pq bytes.Buffer
			require.NoError(t, WriteParquet(&pq, obs))
			got, err := ReadParquet(bytes.NewReader(pq.Bytes()), int64(pq.Len()))
			require.NoError(t, err)
			for _, o := range got {
				b, err := json.Marshal(o)
				require.NoError(t, err)
				valid(t, "parquet", b)
			}
		})
	}
}

// csvBack reads a CSV row back into the record the schema describes, by
// the rules the README gives: an empty cell is a key left out, context and
// flags are joined, a spreadsheet guard "'" is dropped.
func csvBack(t *testing.T, header, row []string, props map[string]json.RawMessage, required []string) []byte {
	t.Helper()
	rec := map[string]any{}
	for i, k := range header {
		c := row[i]
		var p struct {
			Type  string `json:"type"`
			Const any    `json:"const"`
		}
		require.Contains(t, props, k, "CSV column %q is no schema key", k)
		require.NoError(t, json.Unmarshal(props[k], &p))
		switch {
		case p.Type == "array":
			sep := ","
			if k == "context" {
				sep = " / "
			}
			l := []string{}
			if c != "" {
				l = strings.Split(c, sep)
			}
			rec[k] = l
		case c == "" && !slices.Contains(required, k):
			// left out
		case p.Type == "number" || p.Type == "integer":
			f, err := strconv.ParseFloat(c, 64)
			require.NoError(t, err, "%s: %q", k, c)
			rec[k] = f
		case p.Const != nil:
			rec[k] = c == "true"
		default:
			rec[k] = strings.TrimPrefix(c, "'")
		}
	}
	b, err := json.Marshal(rec)
	require.NoError(t, err)
	return b
}
