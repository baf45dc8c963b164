package main

import (
	"context"
	"fmt"
	"os"
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

// mergeBatch is the number of messages per transaction of the output.
const mergeBatch = 2000

// Run replays every input into the output through the same Put a crawl
// uses, so messages stored twice are kept once and quoted copies of a
// table across shards fold into one table.
func (c *mergeCmd) Run(ctx context.Context, k *kong.Context) (err error) {
	outAbs, _ := filepath.Abs(c.Output)
	for _, in := range c.Inputs {
		if inAbs, _ := filepath.Abs(in); inAbs == outAbs {
			return usageErr(fmt.Sprintf("%s is both an input and the output", in))
		}
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
	for _, in := range c.Inputs {
		if _, err := os.Stat(in); err != nil {
			return err
		}
		src, err := sqlite.Open(in)
		if err != nil {
			return err
		}
		err = mergeOne(ctx, src, out, &total)
		src.Close()
		if err != nil {
			return err
		}
	}
	fmt.Fprintf(k.Stderr, "merge: %d messages added (%d already there), %d tables added (+%d quoted copies folded) into %s\n",
		total.Messages, total.Duplicates, total.Tables, total.Folded, c.Output)
	return nil
}

func mergeOne(ctx context.Context, src corpus.Store, out corpus.Store, total *corpus.PutStats) error {
	var batch []corpus.Record
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		st, err := out.Put(ctx, batch)
		if err != nil {
			return err
		}
		total.Messages += st.Messages
		total.Duplicates += st.Duplicates
		total.Tables += st.Tables
		total.Folded += st.Folded
		batch = batch[:0]
		return nil
	}
	err := src.Each(ctx, func(r *corpus.Record) error {
		batch = append(batch, *r)
		if len(batch) >= mergeBatch {
			return flush()
		}
		return nil
	})
	if err != nil {
		return err
	}
	return flush()
}
