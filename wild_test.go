package lkmlbench_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench"
)

var updateWild = flag.Bool("update", false, "rewrite testdata/wild/*.jsonl goldens")

// wildExts are the input forms under testdata/wild; every other file there
// is a golden.
var wildExts = []string{".mbox", ".eml", ".txt", ".html", ".gz"}

// TestWild runs the whole pipeline (mail reader, table families, model,
// normalisation) on mail damaged the ways real kernel mail is, and compares
// the records with the golden .jsonl beside each input, so a regression in
// any layer shows. Run with -update after a deliberate change and review
// the diff.
func TestWild(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "wild", "*"))
	require.NoError(t, err)
	n := 0
	for _, in := range inputs {
		if !hasAnySuffix(in, wildExts) {
			continue
		}
		n++
		t.Run(filepath.Base(in), func(t *testing.T) {
			got := extractJSONL(t, in)
			golden := goldenPath(in)
			if *updateWild {
				require.NoError(t, os.WriteFile(golden, got, 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test -run TestWild -update to create %s", golden)
			assert.Equal(t, string(want), string(got))
		})
	}
	require.NotZero(t, n, "no inputs under testdata/wild")
}

// TestWildNegatives checks precision end to end: patches, crash reports,
// logs and prose full of numbers give no records at all.
func TestWildNegatives(t *testing.T) {
	in := filepath.Join("testdata", "wild", "negatives.mbox")
	e := lkmlbench.New(lkmlbench.Options{})
	require.NoError(t, e.AddPath(in))
	doc := e.Document()
	require.GreaterOrEqual(t, len(doc.Messages), 10)
	for _, tb := range doc.Tables {
		t.Errorf("%s read a table at %s:%d-%d (message %s)", tb.Format, in, tb.StartLine, tb.EndLine, tb.MessageID)
	}
}

// extractJSONL runs the pipeline on one input and renders its records one
// JSON object a line.
func extractJSONL(t *testing.T, path string) []byte {
	t.Helper()
	e := lkmlbench.New(lkmlbench.Options{})
	require.NoError(t, e.AddPath(path))
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, o := range e.Document().Observations() {
		require.NoError(t, enc.Encode(o))
	}
	return buf.Bytes()
}

// goldenPath is the .jsonl beside an input: "a.mbox.gz" -> "a.jsonl".
func goldenPath(in string) string {
	base := strings.TrimSuffix(in, ".gz")
	return strings.TrimSuffix(base, filepath.Ext(base)) + ".jsonl"
}

func hasAnySuffix(s string, suffixes []string) bool {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}
