package export

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden pins every text format's output for the fixture: a change of
// key, column, order or layout shows up as a diff of the golden file.
// Parquet is binary: TestParquetRoundTrip reads it back instead.
func TestGolden(t *testing.T) {
	for _, f := range Formats {
		if f == Parquet {
			continue
		}
		t.Run(string(f), func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, Write(&buf, fixture(), f))
			golden := filepath.Join("testdata", "fixture."+string(f)+".golden")
			if *update {
				require.NoError(t, os.MkdirAll("testdata", 0o755))
				require.NoError(t, os.WriteFile(golden, buf.Bytes(), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test ./export -update to create the golden files")
			assert.Equal(t, string(want), buf.String())
		})
	}
}

// TestJSONSchema validates the JSON output against the published schema; the
// schema's objects are closed, so a field missing from the schema fails too.
func TestJSONSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(filepath.Join("..", "docs", "lkmlbench.schema.json"))
	require.NoError(t, err)
	for name, doc := range map[string]*model.Document{
		"fixture": fixture(),
		"empty":   {},
		"nil lists": {Tables: []model.Table{{ID: "t01", Format: "list",
			Rows: []model.Row{{Case: "a", Line: 1}}}}},
	} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, WriteJSON(&buf, doc))
			v, err := jsonschema.UnmarshalJSON(&buf)
			require.NoError(t, err)
			assert.NoError(t, sch.Validate(v))
		})
	}
}

// TestJSONRoundTrip reads the JSON output back into the model: nothing is
// lost, and numbers keep their exact text.
func TestJSONRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteJSON(&buf, fixture()))
	var back model.Document
	require.NoError(t, json.Unmarshal(buf.Bytes(), &back))
	want := fixture()
	require.Len(t, back.Tables, len(want.Tables))
	assert.Equal(t, want.Tables, back.Tables)
	assert.Equal(t, want.Sources, back.Sources)
	assert.Equal(t, want.Warnings, back.Warnings)
	require.Len(t, back.Messages, len(want.Messages))
	assert.True(t, want.Messages[0].Date.Equal(*back.Messages[0].Date))
}

// TestJSONLKeys checks the record contract score.py reads: every key of
// model.Observation's json tags, the value a bare JSON number.
func TestJSONLKeys(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, fixture(), JSONL))
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	require.Len(t, lines, 6)
	required := []string{"source", "message_id", "table", "format", "benchmark", "context", "case",
		"variant", "field", "value", "unit", "direction", "statistic", "baseline", "flags", "line",
		"quote_depth", "author"}
	for _, l := range lines {
		var rec map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(l), &rec))
		for _, k := range required {
			assert.Contains(t, rec, k, l)
		}
		var ctx []string
		require.NoError(t, json.Unmarshal(rec["context"], &ctx), "context is an array: %s", l)
		assert.True(t, model.Number(rec["value"]).Valid(), "value is a number: %s", l)
	}
	assert.Contains(t, lines[1], `"value":-0.00`)
	assert.Contains(t, lines[4], `"value":5.157e+10`)
	assert.Contains(t, lines[5], `"author":"\"Dev, Some\" <dev@example.com>"`)
}

// TestCSVColumns checks that each row has the header's width and that the
// header names the JSONL keys.
func TestCSVColumns(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, fixture(), CSV))
	rows, err := csvRows(buf.String())
	require.NoError(t, err)
	require.Len(t, rows, 7)
	assert.Equal(t, CSVHeader, rows[0])
	for _, r := range rows[1:] {
		assert.Len(t, r, len(CSVHeader))
	}
	col := func(name string) int {
		for i, h := range CSVHeader {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %q", name)
		return -1
	}
	assert.Equal(t, "NPS1 / Test: tip, patched", rows[1][col("context")])
	assert.Equal(t, "*,verification run", rows[5][col("flags")])
	assert.Equal(t, `"Dev, Some" <dev@example.com>`, rows[6][col("author")])

	assert.Equal(t, "2.58", rows[3][col("improvement_pct")])
	assert.Equal(t, "", rows[1][col("improvement_pct")])
}

// TestCSVHeaderIsObservation: the CSV columns are the JSONL keys, in the
// order model.Observation declares them, so a field added to the model
// without a CSV column fails here.
func TestCSVHeaderIsObservation(t *testing.T) {
	var keys []string
	typ := reflect.TypeFor[model.Observation]()
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		keys = append(keys, name)
	}
	assert.Equal(t, keys, CSVHeader)
}

// TestEmpty: a run that found nothing writes no records, a CSV header only,
// a valid empty document and a zero count.
func TestEmpty(t *testing.T) {
	want := map[Format]string{
		JSONL:   "",
		CSV:     strings.Join(CSVHeader, ",") + "\n",
		Summary: "TABLE  SOURCE:LINES  FORMAT  BENCHMARK  ROWS  NUMBERS  AUTHOR  CONTEXT\n0 tables, 0 numbers from 0 messages in 0 inputs\n",
		JSON:    "{\n  \"schema\": \"lkmlbench/v1\",\n  \"sources\": [],\n  \"messages\": [],\n  \"tables\": [],\n  \"threads\": []\n}\n",
		Table:   "DATE  SERIES  V  SUBJECT  TABLE  BENCHMARK  CASE  VARIANT  FIELD  VALUE  IMPROVEMENT  VERDICT  AUTHOR  MESSAGE\n0 numbers\n",
	}
	for _, f := range Formats {
		var buf bytes.Buffer
		require.NoError(t, Write(&buf, &model.Document{}, f))
		if f == Parquet {
			obs, err := ReadParquet(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
			require.NoError(t, err)
			assert.Empty(t, obs)
			continue
		}
		assert.Equal(t, want[f], buf.String(), f)
	}
}

func TestUnknownFormat(t *testing.T) {
	assert.Error(t, Write(&bytes.Buffer{}, fixture(), "xml"))
	_, err := NewRecordWriter(&bytes.Buffer{}, JSON)
	assert.Error(t, err)
}

// TestBadNumber: a value that is not a JSON number is an error, never a
// broken record.
func TestBadNumber(t *testing.T) {
	doc := fixture()
	doc.Tables[0].Rows[0].Cells[0].Value = "4,25"
	for _, f := range []Format{JSONL, JSON} {
		assert.Error(t, Write(&bytes.Buffer{}, doc, f), f)
	}
}

// TestCSVCell: cells a spreadsheet would run as formulas get a leading
// "'" (OWASP); plain numbers and ordinary text are left alone.
func TestCSVCell(t *testing.T) {
	for in, want := range map[string]string{
		"=1+2-groups":          "'=1+2-groups",
		"+cmd|' /C calc'!A0":   "'+cmd|' /C calc'!A0",
		"-2-groups":            "'-2-groups",
		"@SUM(A1:A9)":          "'@SUM(A1:A9)",
		"\tx":                  "'\tx",
		"\r=x":                 "'\r=x",
		"-0.00":                "-0.00",
		"+2.58":                "+2.58",
		"-1e3":                 "-1e3",
		"1-groups":             "1-groups",
		"":                     "",
		"Tess Kernel":          "Tess Kernel",
		"hackbench / =HYPER()": "hackbench / =HYPER()",
	} {
		assert.Equal(t, want, CSVCell(in), "%q", in)
	}
	doc := fixture()
	doc.Tables[0].Rows[0].Case = "=1+2-groups"
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, doc, CSV))
	rows, err := csvRows(buf.String())
	require.NoError(t, err)
	assert.Equal(t, "'=1+2-groups", rows[1][6])
	assert.Equal(t, "case", rows[0][6])
}
