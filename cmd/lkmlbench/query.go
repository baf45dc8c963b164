package main

import (
	"context"
	"fmt"
	"os"

	"github.com/alecthomas/kong"

	"github.com/lkmlbench/lkmlbench/export"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
)

// queryCmd prints the stored records a filter selects.
type queryCmd struct {
	DB        string `default:"lkmlbench.db" type:"existingfile" placeholder:"FILE" help:"SQLite database written by crawl."`
	Benchmark string `placeholder:"NAME" help:"Only tables of this benchmark (SQL LIKE pattern: % and _ are wildcards)."`
	Series    string `placeholder:"TEXT" help:"Only tables posted in a patch series whose title contains TEXT."`
	Author    string `placeholder:"TEXT" help:"Only tables whose author's name or address contains TEXT."`
	MessageID string `name:"message-id" placeholder:"ID" help:"Only tables of this message."`
	Since     string `placeholder:"DATE" help:"Only messages dated on or after DATE."`
	Until     string `placeholder:"DATE" help:"Only messages dated before DATE."`
	Format    string `short:"f" enum:"table,csv,jsonl" default:"table" help:"Output: table (aligned columns), csv or jsonl (the records of extract --format jsonl)."`
}

// Run queries the database and writes the records to standard output.
func (c *queryCmd) Run(ctx context.Context, k *kong.Context) error {
	q := sqlite.Query{Benchmark: c.Benchmark, Series: c.Series, Author: c.Author, MessageID: c.MessageID}
	var err error
	if q.Since, err = parseDay(c.Since, "--since"); err != nil {
		return err
	}
	if q.Until, err = parseDay(c.Until, "--until"); err != nil {
		return err
	}
	if _, err := os.Stat(c.DB); err != nil {
		return fmt.Errorf("%s: no database here (write one with lkmlbench crawl): %w", c.DB, unwrapPath(err))
	}
	st, err := sqlite.OpenReadOnly(c.DB)
	if err != nil {
		return err
	}
	defer st.Close()
	obs, err := st.Observations(ctx, q)
	if err != nil {
		return err
	}
	if c.Format == "table" {
		return export.WriteTable(k.Stdout, obs)
	}
	rw, err := export.NewRecordWriter(k.Stdout, export.Format(c.Format))
	if err != nil {
		return err
	}
	if err := rw.Write(obs); err != nil {
		return err
	}
	return rw.Flush()
}
