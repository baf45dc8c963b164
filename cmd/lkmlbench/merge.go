package main

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/alecthomas/kong"

	"github.com/lkmlbench/lkmlbench/corpus"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
)

// mergeCmd combines the databases of sharded crawls.
type mergeCmd struct {
	Output string   `short:"o" required:"" type:"path" placeholder:"FILE" help:"Database to write (created, or added to)."`
	Inputs []string `arg:"" name:"db" type:"existingfile" help:"Databases written by crawl."`
}

// Run merges every input into the output (see corpus.Merge).
func (c *mergeCmd) Run(ctx context.Context, k *kong.Context) (err error) {
	outAbs, _ := filepath.Abs(c.Output)
	for _, in := range c.Inputs {
		if inAbs, _ := filepath.Abs(in); inAbs == outAbs {
			return usageErr(fmt.Sprintf("%s is both an input and the output", in))
		}
	}
	// Every input is opened, read-only, before the output is touched: a
	// file that is no database (an empty file, a typo) stops the merge
	// before anything is written.
	var srcs []*sqlite.Store
	defer func() {
		for _, s := range srcs {
			s.Close()
		}
	}()
	for _, in := range c.Inputs {
		src, err := sqlite.OpenReadOnly(in)
		if err != nil {
			return err
		}
		srcs = append(srcs, src)
	}
	out, err := sqlite.Open(c.Output)
	if err != nil {
		return err
	}
	// Closing builds the indexes deferred while merging into an empty
	// database, so its error counts.
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	var total corpus.PutStats
	for _, src := range srcs {
		st, err := corpus.Merge(ctx, out, src)
		if err != nil {
			return err
		}
		total.Add(st)
	}
	fmt.Fprintf(k.Stderr, "merge: %d messages added (%d already there), %d tables added (+%d quoted copies folded) into %s\n",
		total.Messages, total.Duplicates, total.Tables, total.Folded, c.Output)
	return nil
}
