package main

import (
	"context"

	"github.com/alecthomas/kong"

	"github.com/lkmlbench/lkmlbench/export/store"
)

// queryCmd prints the stored records a filter selects.
type queryCmd struct {
	DB      string `placeholder:"FILE|URL" help:"${dbHelp}"`
	Format  string `short:"f" enum:"${recordFormats}" default:"table" help:"Output: table (aligned columns fitted to the terminal), csv, jsonl (the records of extract --format jsonl), json (one array of them) or parquet (needs -o)."`
	Output  string `short:"o" placeholder:"FILE" help:"Write to FILE instead of standard output (written in full or not at all)."`
	Limit   int    `placeholder:"N" help:"Print at most N records (after sorting)."`
	Sort    string `enum:"table,date,benchmark,series,improvement" default:"table" help:"Order: table (as stored), date, benchmark, series (title, then version), improvement (worst regression first)."`
	Reverse bool   `help:"Reverse the --sort order (newest first, best improvement first); records without the key stay last."`
	dbFilter
}

// Help is the long help of "lkmlbench query --help".
func (c *queryCmd) Help() string {
	return `Prints the records a crawl stored, with the keys of extract --format jsonl.
The filters combine and match without regard to case; --benchmark is an
SQL LIKE pattern, --series and --author match their text literally.

The table shows the message's date, the series and its version, the
subject, the number, its improvement over the baseline and its verdict;
on a terminal (or with COLUMNS set) long text columns are shortened to
fit the width.

Examples:

    lkmlbench query --db results.db --benchmark hackbench --series 'latency nice'
    lkmlbench query --db results.db --sort improvement --limit 20
    lkmlbench query --db results.db --author Prateek --since 2022-11-01 -f csv -o prateek.csv
    lkmlbench query --db results.db -f json --message-id 20221110195732.1382314-1-someone@example.com`
}

// Run queries the database and writes the records.
func (c *queryCmd) Run(ctx context.Context, k *kong.Context) error {
	if c.Format == "parquet" && (c.Output == "" || c.Output == "-") {
		return usageErr("--format parquet writes a binary file: give -o FILE")
	}
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
	if c.Sort != "table" {
		sortRecords(obs, c.Sort, c.Reverse)
	}
	if c.Limit > 0 && len(obs) > c.Limit {
		obs = obs[:c.Limit]
	}
	out, err := createOutput(c.Output, k.Stdout)
	if err != nil {
		return err
	}
	width := 0
	if c.Output == "" {
		width = termWidth(k.Stdout)
	}
	err = writeRecords(out, obs, c.Format, width)
	if err == nil {
		err = out.commit()
	}
	if err != nil {
		out.abort()
	}
	return err
}
