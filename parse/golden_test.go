package parse

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files")

// linesOf turns test text into body lines the way the mail readers do for
// plain quoted text: the quote depth is the number of leading '>' markers
// (spaces between them allowed) and at most one space after the last is
// dropped.
func linesOf(text string) []model.Line {
	var out []model.Line
	var off int64
	for i, raw := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		depth, j := 0, 0
		for j < len(raw) {
			if raw[j] == '>' {
				depth++
				j++
				continue
			}
			if raw[j] == ' ' && j+1 < len(raw) && raw[j+1] == '>' && depth > 0 {
				j++
				continue
			}
			break
		}
		body := raw[j:]
		if depth > 0 && strings.HasPrefix(body, " ") {
			body = body[1:]
		}
		out = append(out, model.Line{Text: body, No: i + 1, Offset: off, Depth: depth})
		off += int64(len(raw)) + 1
	}
	return out
}

// blockOf makes one candidate block of all lines of text, for testing a
// family on its own.
func blockOf(text string) *Block {
	lines := linesOf(text)
	seg := &segment{lines: lines}
	for _, l := range lines {
		seg.tableish = append(seg.tableish, tableLike(l.Text))
	}
	b := &Block{Lines: lines, seg: seg}
	b.Comma = DetectCommaStyle(b.Texts())
	return b
}

// TestGolden reads every testdata/golden/*.txt body and compares the tables
// found with the .json golden beside it. Run with -update to rewrite them
// after a deliberate change, then review the diff.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/golden/*.txt")
	require.NoError(t, err)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			in, err := os.ReadFile(f)
			require.NoError(t, err)
			got, err := json.MarshalIndent(Tables(linesOf(string(in))), "", "  ")
			require.NoError(t, err)
			golden := strings.TrimSuffix(f, ".txt") + ".json"
			if *update {
				require.NoError(t, os.WriteFile(golden, append(got, '\n'), 0o644))
				return
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "missing golden: run go test ./parse -run TestGolden -update")
			require.JSONEq(t, string(want), string(got))
		})
	}
}

// FuzzTables runs every family over arbitrary bodies; it is seeded with the
// golden inputs, so each family's fixtures seed it.
func FuzzTables(f *testing.F) {
	files, _ := filepath.Glob("testdata/golden/*.txt")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, body string) {
		for _, tab := range Tables(linesOf(body)) {
			for _, r := range tab.Rows {
				for _, c := range r.Cells {
					if !c.Value.Valid() {
						t.Fatalf("invalid number %q in %s", c.Value, tab.Format)
					}
				}
			}
		}
	})
}
