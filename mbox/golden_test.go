package mbox

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// updateCore rewrites the golden dumps of the core forms.
var updateCore = flag.Bool("update-core", false, "rewrite testdata/*.golden of the core forms")

// dump renders a Result as text for golden comparison: one block per
// message, one row per body line.
func dump(res *Result) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "kind=%s messages=%d warnings=%d\n", res.Kind, len(res.Messages), len(res.Warnings))
	for _, w := range res.Warnings {
		fmt.Fprintf(&sb, "warning %d@%d: %s\n", w.Line, w.Offset, w.Message)
	}
	for _, m := range res.Messages {
		meta := m.Meta
		fmt.Fprintf(&sb, "\nmessage %s lines %d-%d offset %d\n  subject %q\n  from %q <%s>\n  in-reply-to %q references %q\n",
			meta.ID, meta.StartLine, meta.EndLine, meta.Offset, meta.Subject, meta.From.Name, meta.From.Email, meta.InReplyTo, meta.References)
		if meta.Date != nil {
			fmt.Fprintf(&sb, "  date %s\n", meta.Date.UTC().Format("2006-01-02T15:04:05Z"))
		}
		if meta.Patch != nil {
			fmt.Fprintf(&sb, "  patch %+v\n", *meta.Patch)
		}
		for _, tr := range meta.Trailers {
			fmt.Fprintf(&sb, "  trailer %s: %s <%s> line %d\n", tr.Key, tr.Who.Name, tr.Who.Email, tr.Line)
		}
		for _, l := range m.Body {
			fmt.Fprintf(&sb, "%4d %6d d%d %-11s %-16q %s\n", l.No, l.Offset, l.Depth, l.Kind, l.Author, l.Text)
		}
	}
	return sb.String()
}

func TestGoldenCore(t *testing.T) {
	for _, file := range []string{"thread.mbox", "qp.eml", "alternative.eml", "broken-boundary.eml"} {
		t.Run(file, func(t *testing.T) {
			res, err := ReadPath(filepath.Join("testdata", file), Options{})
			require.NoError(t, err)
			got := dump(res)
			golden := filepath.Join("testdata", file+".golden")
			if *updateCore {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test -update-core to create it")
			assert.Equal(t, string(want), got)
		})
	}
}
