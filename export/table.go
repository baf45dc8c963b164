package export

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/lkmlbench/lkmlbench/model"
)

// WriteTable writes records as aligned columns for a person reading a
// terminal, one line per number and a count at the end; the machine
// formats are JSONL and CSV.
func WriteTable(w io.Writer, obs []model.Observation) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TABLE\tBENCHMARK\tCASE\tVARIANT\tFIELD\tVALUE\tUNIT\tAUTHOR\tMESSAGE")
	for _, o := range obs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", o.Table, cell(o.Benchmark), cell(o.Case),
			cell(o.Variant), o.Field, o.Value, cell(o.Unit), cell(o.Author), o.MessageID)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%s\n", plural(len(obs), "number"))
	return err
}

// cell flattens runs of white space, tabs above all, which would break
// the columns, and stands "-" in for empty text.
func cell(s string) string {
	return dash(strings.Join(strings.Fields(s), " "))
}
