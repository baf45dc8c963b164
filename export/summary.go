package export

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/lkmlbench/lkmlbench/internal/termtext"
	"github.com/lkmlbench/lkmlbench/model"
)

// WriteSummary writes one aligned line per table (where it is, what it is,
// how many numbers it holds) and a closing count, for a person to read;
// scripts should read jsonl or json instead.
func WriteSummary(w io.Writer, doc *model.Document) error {
	return WriteSummaryCounts(w, doc.Tables, Counts{Messages: len(doc.Messages), Inputs: len(doc.Sources), Warnings: len(doc.Warnings)})
}

// Counts are the totals the summary's closing line gives.
type Counts struct {
	Messages, Inputs, Warnings int
}

// WriteSummaryCounts writes the summary of tables with the given totals,
// for a run that streamed its messages instead of keeping a Document.
func WriteSummaryCounts(w io.Writer, tables []model.Table, c Counts) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "TABLE\tSOURCE:LINES\tFORMAT\tBENCHMARK\tROWS\tNUMBERS\tAUTHOR\tCONTEXT\n")
	numbers := 0
	for i := range tables {
		t := &tables[i]
		n := 0
		for _, r := range t.Rows {
			n += len(r.Cells)
		}
		numbers += n
		fmt.Fprintf(tw, "%s\t%s:%d-%d\t%s\t%s\t%d\t%d\t%s\t%s\n", t.ID, termtext.Visible(t.Source), t.StartLine, t.EndLine,
			t.Format, termtext.Visible(dash(t.Benchmark)), len(t.Rows), n, termtext.Visible(dash(authorNote(t))), termtext.Visible(dash(strings.Join(t.Context, " / "))))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%s, %s from %s in %s%s\n",
		plural(len(tables), "table"), plural(numbers, "number"), plural(c.Messages, "message"),
		plural(c.Inputs, "input"), warningNote(c.Warnings))
	return err
}

// authorNote names the author and says how far the table was quoted.
func authorNote(t *model.Table) string {
	s := t.Author
	if t.QuoteDepth > 0 {
		s = fmt.Sprintf("%s (quoted, depth %d)", dash(s), t.QuoteDepth)
	}
	if t.QuotedCopies > 0 {
		s = fmt.Sprintf("%s +%s", dash(s), plural(t.QuotedCopies, "copy"))
	}
	return s
}

func warningNote(n int) string {
	if n == 0 {
		return ""
	}
	return ", " + plural(n, "warning")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(word, "y"))
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// dash stands in for an empty column so that the columns stay aligned.
func dash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}
