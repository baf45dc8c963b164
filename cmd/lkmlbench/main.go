// Command lkmlbench turns Linux kernel mailing-list threads into benchmark
// data. It only wires flags to the library: see package lkmlbench.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/alecthomas/kong"
	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/export"
)

var version = "dev"

type cli struct {
	Version kong.VersionFlag `help:"Print the version and exit."`
	Extract extractCmd       `cmd:"" help:"Find the benchmark tables in mail and print them."`
}

type extractCmd struct {
	Format     string   `short:"f" enum:"summary,jsonl,json,csv" default:"summary" help:"Output format: summary, jsonl (one record per number), json (the whole document), csv."`
	Output     string   `short:"o" type:"path" placeholder:"FILE" help:"Write to FILE instead of standard output."`
	KeepQuoted bool     `help:"Export every quoted copy of a table, not only the least-quoted one."`
	Explain    bool     `help:"List every candidate block and what each table family made of it, on standard error."`
	Inputs     []string `arg:"" name:"input" help:"Mail files: mbox, mbox.gz, a message, a web-archive page, a digest, a Maildir or folder; - for standard input."`
}

// run reads every input, keeps going past a bad one, and reports whether
// any failed.
func (c *extractCmd) Run(k *kong.Context) error {
	ex := lkmlbench.New(lkmlbench.Options{KeepQuoted: c.KeepQuoted, Explain: c.Explain})
	failed := false
	for _, in := range c.Inputs {
		if err := ex.AddPath(in); err != nil {
			fmt.Fprintf(k.Stderr, "lkmlbench: %v\n", err)
			failed = true
		}
	}
	if c.Explain {
		writeExplain(k.Stderr, ex.Explanations())
	}
	var w io.Writer = k.Stdout
	if c.Output != "" {
		f, err := os.Create(c.Output)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	if err := export.Write(w, ex.Document(), export.Format(c.Format)); err != nil {
		return err
	}
	if failed {
		return errInputs
	}
	return nil
}

func writeExplain(w io.Writer, ex []lkmlbench.Explanation) {
	for _, e := range ex {
		for _, c := range e.Candidates {
			fmt.Fprintf(w, "%s:%d-%d: candidate block (message %s)\n", e.Source, c.StartLine, c.EndLine, e.MessageID)
			for _, v := range c.Verdicts {
				if v.Family == "" {
					fmt.Fprintf(w, "    %s\n", v.Why)
					continue
				}
				fmt.Fprintf(w, "    %-11s lines %d-%d, %d numbers: %s\n", v.Family, v.StartLine, v.EndLine, v.Cells, v.Why)
			}
		}
	}
}

// errInputs marks a run where some input could not be read; each was
// already reported on standard error.
var errInputs = fmt.Errorf("some inputs could not be read")

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
