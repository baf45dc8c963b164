package mbox

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// updateForms rewrites the golden dumps of the special container forms.
var updateForms = flag.Bool("update-forms", false, "rewrite testdata/forms/*.golden")

// seedsDir holds the shared real threads; tests that need them skip when
// the directory is absent.
const seedsDir = "../../shared/seeds"

// readSeed returns the seed file whose name starts with prefix.
func readSeed(t *testing.T, prefix string) (string, []byte) {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(seedsDir, prefix+"*.txt"))
	if len(matches) == 0 {
		t.Skipf("seed %s not found under %s", prefix, seedsDir)
	}
	data, err := os.ReadFile(matches[0])
	require.NoError(t, err)
	return filepath.Base(matches[0]), data
}

// dumpResult renders a Result as text: one block per message with its
// metadata, then every body line with number, offset, depth, kind, author.
func dumpResult(res *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "kind=%s reconstructed=%v messages=%d\n", res.Kind, res.Reconstructed, len(res.Messages))
	for _, m := range res.Messages {
		meta := m.Meta
		date := "-"
		if meta.Date != nil {
			date = meta.Date.UTC().Format("2006-01-02T15:04:05Z")
		}
		fmt.Fprintf(&b, "\n== id=%s\n   from=%q subject=%q date=%s in-reply-to=%q lines=%d-%d offset=%d\n",
			meta.ID, meta.From.String(), meta.Subject, date, meta.InReplyTo, meta.StartLine, meta.EndLine, meta.Offset)
		for _, tr := range meta.Trailers {
			fmt.Fprintf(&b, "   trailer %s: %s (line %d)\n", tr.Key, tr.Who.String(), tr.Line)
		}
		for _, l := range m.Body {
			fmt.Fprintf(&b, "%4d %6d d%d %-11s %-18q|%s\n", l.No, l.Offset, l.Depth, l.Kind, l.Author, l.Text)
		}
	}
	return b.String()
}

// checkGolden compares got with testdata/forms/<name>.golden.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "forms", name+".golden")
	if *updateForms {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update-forms to create it")
	require.Equal(t, string(want), got)
}

// TestFormsGolden reads every fixture of the special forms and compares the
// dump with its golden file.
func TestFormsGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "forms", "*"))
	require.NoError(t, err)
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, ".golden") {
			continue
		}
		n++
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			res, err := Read(filepath.Base(f), data, Options{})
			require.NoError(t, err)
			checkGolden(t, filepath.Base(f), dumpResult(res))
		})
	}
	require.NotZero(t, n)
}
