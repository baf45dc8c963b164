package main

import (
	"context"

	"github.com/alecthomas/kong"

	"github.com/lkmlbench/lkmlbench/report"
)

// reportCmd writes the HTML report.
type reportCmd struct {
	Output    string  `short:"o" required:"" placeholder:"FILE" help:"HTML file to write (written in full or not at all); - for standard output."`
	Title     string  `placeholder:"TEXT" help:"Heading of the page (default \"lkmlbench report\")."`
	Baseline  string  `placeholder:"VARIANT" help:"Compare every table against this variant (kernel, configuration), matched exactly, else regardless of case; tables without it are left out and counted on standard error. Default: each table's own baseline."`
	MinChange float64 `default:"5" placeholder:"PCT" help:"For tables that give no spread or significance, the change in percent that counts as beyond noise (default ${default})."`
	inputSource
}

// Help is the long help of "lkmlbench report --help".
func (c *reportCmd) Help() string {
	return `Writes one self-contained HTML file that works offline: an index of the
tables with a verdict, the worst regression first, each named by benchmark
and thread (tables without a verdict folded away with the reason), then
per table a chart that never puts different measures on one axis: with a
reference (a baseline column, a reference row, rows that are the
variants) each other variant's change against it in percent (positive is
better; a red triangle below a regression beyond noise, a green one above
an improvement; whiskers from the CV or stddev the table gives), without
one each metric or case on its own scale; then the table itself, its
verdict line and its provenance (subject, author, date, a link to the
message in the archive). A series posted in several versions gets a case
x version pivot per benchmark and measure: each case's improvement over
that version's baseline, coloured by verdict, the worst first.

Examples:

    lkmlbench report -o report.html thread.mbox
    lkmlbench report -o vs-mainline.html --baseline mainline thread.mbox
    lkmlbench report -o report.html 20231113090211.4021-1-someone@example.com
    lkmlbench report -o sched.html --db results.db --series 'latency nice' --since 2023-01-01`
}

// Run reads the records and writes the page.
func (c *reportCmd) Run(ctx context.Context, k *kong.Context) error {
	doc, failed, err := c.document(ctx, k.Stderr, false)
	if err != nil {
		return err
	}
	if err := rebase(doc, c.Baseline, c.Benchmarks, c.MinChange, k.Stderr, "report"); err != nil {
		return err
	}
	out, err := createOutput(c.Output, k.Stdout)
	if err != nil {
		return err
	}
	err = report.Write(out, doc, report.Options{Title: c.Title, LoreBase: c.LoreBase, MinChange: c.MinChange})
	if err == nil {
		err = out.commit()
	}
	if err != nil {
		out.abort()
		return err
	}
	if failed {
		return errInputs
	}
	return nil
}
