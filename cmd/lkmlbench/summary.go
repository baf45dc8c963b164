package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/alecthomas/kong"
	"golang.org/x/term"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

type summaryCmd struct {
	Format    string  `short:"f" enum:"text,json" default:"text" help:"Output: text (for reading) or json (one document, docs/summary.schema.json)."`
	Output    string  `short:"o" placeholder:"FILE" help:"Write to FILE instead of standard output (written in full or not at all)."`
	MinChange float64 `default:"5" placeholder:"PCT" help:"For tables that give no spread or significance, the change in percent that counts as beyond noise (default ${default})."`
	Baseline  string  `placeholder:"VARIANT" help:"Compare every table against this variant (kernel, configuration), matched exactly, else regardless of case; tables without it are left out and counted on standard error. Default: each table's own baseline."`
	Color     string  `enum:"auto,always,never" default:"auto" help:"Colour regressions and improvements: auto (when standard output is a terminal and NO_COLOR is unset), always, never."`
	inputSource
}

// Help is the long help of "lkmlbench summary --help".
func (c *summaryCmd) Help() string {
	return `For each table: a one-line verdict (how many cases regress or improve
beyond noise, the worst one, and its verification re-run if the author made
one), then the cases beyond noise with their improvement in percent,
positive meaning better whatever the metric.

A change is beyond noise when it exceeds the coefficient of variation of
both sides, when mmtests marked it significant, or, for tables with neither,
when it is at least --min-change percent. The verdicts are those of the
records' "verdict" key.

Examples:

    lkmlbench summary thread.mbox
    lkmlbench summary --benchmarks mybench.json --min-change 2 reply.eml
    lkmlbench summary --format json -o summary.json thread.mbox
    lkmlbench summary --baseline mainline thread.mbox
    lkmlbench summary --db results.db --series 'latency nice'`
}

// Run reads every input (or the database) and prints the summary;
// unreadable inputs are reported and give exit status 1.
func (c *summaryCmd) Run(ctx context.Context, k *kong.Context) error {
	// Lean: the verdicts need the tables, not the messages.
	doc, failed, err := c.document(ctx, k.Stderr, true)
	if err != nil {
		return err
	}
	if err := rebase(doc, c.Baseline, c.Benchmarks, c.MinChange, k.Stderr, "summary"); err != nil {
		return err
	}
	out, err := createOutput(c.Output, k.Stdout)
	if err != nil {
		return err
	}
	if c.Format == "json" {
		err = normalize.WriteSummaryJSON(out, doc, c.MinChange)
	} else {
		color := c.Output == "" && useColor(c.Color, k.Stdout)
		err = normalize.WriteSummary(out, doc, normalize.SummaryOptions{Color: color, MinChange: c.MinChange})
	}
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

// useColor decides --color: auto colours a terminal unless NO_COLOR is
// set to anything (https://no-color.org).
func useColor(flag string, w io.Writer) bool {
	switch flag {
	case "always":
		return true
	case "never":
		return false
	}
	if _, ok := os.LookupEnv("NO_COLOR"); ok {
		return false
	}
	return isTerminal(w)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// loadBenchmarks reads --benchmarks FILE over the built-in list; "" gives
// the built-in list.
func loadBenchmarks(path string) (*normalize.Benchmarks, error) {
	if path == "" {
		return nil, nil
	}
	return normalize.LoadBenchmarks(path)
}

// rebase applies --baseline VARIANT to every table of doc (see
// normalize.RebaseDocument) and says on stderr how many tables lacked it.
func rebase(doc *model.Document, variant, benchmarks string, minChange float64, stderr io.Writer, cmd string) error {
	if variant == "" {
		return nil
	}
	bl, err := loadBenchmarks(benchmarks)
	if err != nil {
		return err
	}
	if n := normalize.RebaseDocument(doc, variant, normalize.Options{Benchmarks: bl, MinChange: minChange}); n > 0 {
		fmt.Fprintf(stderr, "%s: %d tables compared against %s, %d left out (no variant %s)\n", cmd, len(doc.Tables), variant, n, variant)
	}
	return nil
}
