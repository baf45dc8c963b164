package main

import (
	"context"

	"github.com/alecthomas/kong"

	"github.com/lkmlbench/lkmlbench/export"
	"github.com/lkmlbench/lkmlbench/export/store"
)

// queryCmd prints the stored records a filter selects.
type queryCmd struct {
	DB        string `placeholder:"FILE|URL" help:"${dbHelp}"`
	selection `embed:""`
	Format    string `short:"f" enum:"table,csv,jsonl" default:"table" help:"Output: table (aligned columns), csv or jsonl (the records of extract --format jsonl)."`
}

// Run queries the database and writes the records to standard output.
func (c *queryCmd) Run(ctx context.Context, k *kong.Context) error {
	q, err := c.query()
	if err != nil {
		return err
	}
	st, _, err := openDB(ctx, c.DB, false)
	if err != nil {
		return err
	}
	defer st.Close()
	obs, err := store.Observations(ctx, st, q)
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
