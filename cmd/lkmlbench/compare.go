package main

import (
	"context"
	"fmt"

	"github.com/alecthomas/kong"

	"github.com/lkmlbench/lkmlbench/export"
	"github.com/lkmlbench/lkmlbench/normalize"
)

// compareCmd prints tables in the layout of mmtests' compare-kernels.
type compareCmd struct {
	Baseline  string  `placeholder:"VARIANT" help:"Compare every table against this variant (kernel, configuration); tables without it are skipped. Default: each table's own baseline."`
	Output    string  `short:"o" placeholder:"FILE" help:"Write to FILE instead of standard output (written in full or not at all)."`
	MinChange float64 `default:"5" placeholder:"PCT" help:"For tables that give no spread or significance, the change in percent that counts as beyond noise (default ${default})."`
	inputSource
}

// Help is the long help of "lkmlbench compare --help".
func (c *compareCmd) Help() string {
	return `Prints each table the way mmtests' compare-kernels does: one line per
case and measure, the baseline's column first, every value followed by its
improvement over the baseline in percent (positive is better, whatever the
metric): "(   1.23%)" within noise, "*   1.23%*" beyond it. With --baseline
the tables are compared against that variant instead of the one their
author compared against.

Examples:

    lkmlbench compare thread.mbox
    lkmlbench compare --baseline tip --min-change 2 reply.eml
    lkmlbench compare --db results.db --benchmark schbench --baseline mainline`
}

// Run reads the records and prints the comparisons.
func (c *compareCmd) Run(ctx context.Context, k *kong.Context, n notes) error {
	doc, failed, err := c.document(ctx, k.Stderr, false)
	if err != nil {
		return err
	}
	bl, err := loadBenchmarks(c.Benchmarks)
	if err != nil {
		return err
	}
	out, err := createOutput(c.Output, k.Stdout)
	if err != nil {
		return err
	}
	st, err := export.WriteCompare(out, doc, export.CompareOptions{Baseline: c.Baseline,
		Normalize: normalize.Options{Benchmarks: bl, MinChange: c.MinChange}})
	if err == nil {
		err = out.commit()
	}
	if err != nil {
		out.abort()
		return err
	}
	if st.NoBaseline > 0 {
		what := "no baseline"
		if c.Baseline != "" {
			what = "no variant " + c.Baseline
		}
		fmt.Fprintf(n, "compare: %d tables compared, %d skipped (%s)\n", st.Tables, st.NoBaseline, what)
	}
	if failed {
		return errInputs
	}
	return nil
}
