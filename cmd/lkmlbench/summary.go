package main

import (
	"fmt"
	"io"
	"os"

	"github.com/alecthomas/kong"
	"golang.org/x/term"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

type summaryCmd struct {
	Benchmarks string   `placeholder:"FILE" type:"existingfile" help:"Better-direction list (JSON, as normalize/benchmarks.json) laid over the built-in one."`
	MinChange  float64  `default:"5" placeholder:"PCT" help:"For tables that give no spread or significance, the change in percent that counts as beyond noise (default ${default})."`
	Color      string   `enum:"auto,always,never" default:"auto" help:"Colour regressions and improvements: auto (when standard output is a terminal), always, never."`
	Inputs     []string `arg:"" name:"input" help:"Mail to read, as for extract; - for standard input."`
}

// Help is the long help of "lkmlbench summary --help".
func (c *summaryCmd) Help() string {
	return `For each table: a one-line verdict (how many cases regress or improve
beyond noise, the worst one, and its verification re-run if the author made
one), then the cases beyond noise with their improvement in percent,
positive meaning better whatever the metric.

A change is beyond noise when it exceeds the coefficient of variation of
both sides, when mmtests marked it significant, or, for tables with neither,
when it is at least --min-change percent.

Examples:

    lkmlbench summary thread.mbox
    lkmlbench summary --benchmarks mybench.json --min-change 2 reply.eml`
}

// Run reads every input and prints the summary; unreadable inputs are
// reported and give exit status 1.
func (c *summaryCmd) Run(k *kong.Context) error {
	bl, err := loadBenchmarks(c.Benchmarks)
	if err != nil {
		return err
	}
	// Lean: the verdicts need the tables, not the messages.
	tuneGC()
	ex := lkmlbench.New(lkmlbench.Options{Benchmarks: bl, Lean: true})
	failed := false
	for _, in := range c.Inputs {
		if err := ex.AddPath(in); err != nil {
			fmt.Fprintf(k.Stderr, "lkmlbench: %v\n", err)
			failed = true
		}
	}
	color := c.Color == "always" || (c.Color == "auto" && isTerminal(k.Stdout))
	if err := normalize.WriteSummary(k.Stdout, ex.Document(), normalize.SummaryOptions{Color: color, MinChange: c.MinChange}); err != nil {
		return err
	}
	if failed {
		return errInputs
	}
	return nil
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

// reportMismatches lists extract --check findings on w as FILE:LINE:
// warnings and returns how many there were.
func reportMismatches(w io.Writer, doc *model.Document) int {
	found := normalize.Check(doc)
	for _, m := range found {
		fmt.Fprintf(w, "%s: pct_mismatch: %s\n", position(m), m.Message)
	}
	return len(found)
}
