package main

import (
	"fmt"
	"io"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/internal/termtext"
)

// writeExplain lists, per message, each candidate block and each family's
// verdict on it, so a user can see why a table was or was not read.
func writeExplain(w io.Writer, ex []lkmlbench.Explanation) {
	for _, e := range ex {
		for _, c := range e.Candidates {
			fmt.Fprintf(w, "%s:%d-%d: candidate block (message %s)\n", termtext.Visible(e.Source), c.StartLine, c.EndLine, termtext.Visible(e.MessageID))
			if len(c.Verdicts) == 0 {
				fmt.Fprintf(w, "    no family read a table here\n")
			}
			for _, v := range c.Verdicts {
				if v.Family == "" {
					fmt.Fprintf(w, "    %s\n", v.Why)
					continue
				}
				why := v.Why
				switch {
				case why != "":
				case v.Kept:
					why = "kept"
				default:
					why = "dropped"
				}
				fmt.Fprintf(w, "    %-11s lines %d-%d, %d numbers: %s\n", v.Family, v.StartLine, v.EndLine, v.Cells, why)
			}
		}
	}
}
