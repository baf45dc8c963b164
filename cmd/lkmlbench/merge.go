package main

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/alecthomas/kong"

	"github.com/lkmlbench/lkmlbench/corpus"
	"github.com/lkmlbench/lkmlbench/export/postgres"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/export/store"
)

// mergeCmd combines the databases of sharded crawls.
type mergeCmd struct {
	Output string   `short:"o" required:"" placeholder:"FILE|URL" help:"Database to write (created, or added to): an SQLite file or a postgres:// URL."`
	Inputs []string `arg:"" name:"db" type:"existingfile" help:"SQLite databases written by crawl."`
}

// Help is the long help of "lkmlbench merge --help".
func (c *mergeCmd) Help() string {
	return `Combines databases written by crawl (usually the shards of one crawl
with --shard i/n) into one: messages stored twice are kept once, and
quoted copies of a table are folded across the inputs as one crawl would.

Examples:

    lkmlbench merge -o all.db part1.db part2.db part3.db part4.db
    lkmlbench merge -o results.db new-week.db`
}

// Run merges every input into the output (see corpus.Merge).
func (c *mergeCmd) Run(ctx context.Context, k *kong.Context, n notes) (err error) {
	if !postgres.IsURL(c.Output) {
		outAbs, _ := filepath.Abs(c.Output)
		for _, in := range c.Inputs {
			if inAbs, _ := filepath.Abs(in); inAbs == outAbs {
				return usageErr(fmt.Sprintf("%s is both an input and the output", in))
			}
		}
	}
	if c.Output == "" {
		return usageErr("-o: name the database to write")
	}
	// Every input is opened, read-only, before the output is touched: a
	// file that is no database (an empty file, a typo) stops the merge
	// before anything is written.
	var srcs []store.Store
	defer func() {
		for _, src := range srcs {
			src.Close()
		}
	}()
	for _, in := range c.Inputs {
		src, err := sqlite.OpenReadOnly(in)
		if err != nil {
			return err
		}
		srcs = append(srcs, src)
	}
	out, name, err := openDB(ctx, c.Output, true)
	if err != nil {
		return err
	}
	// Closing builds the indexes deferred while merging into an empty
	// SQLite database, so its error counts.
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	total, err := corpus.Merge(ctx, out, srcs...)
	if err != nil {
		return err
	}
	fmt.Fprintf(n, "merge: %d messages added (%d already there), %d tables added (+%d quoted copies folded) into %s\n",
		total.Messages, total.Duplicates, total.Tables, total.Folded, name)
	return nil
}
