package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/alecthomas/kong"

	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/timeline"
)

// seriesCmd prints how a patch series' results moved across versions.
type seriesCmd struct {
	DB       string `placeholder:"FILE|URL" help:"${dbHelp}"`
	Format   string `short:"f" enum:"table,csv,jsonl,json" default:"table" help:"Output: table (for reading), csv or jsonl (one record per result), json (one array of timelines)."`
	Output   string `short:"o" placeholder:"FILE" help:"Write to FILE instead of standard output (written in full or not at all)."`
	Baseline string `placeholder:"VARIANT" help:"Compare every table against this variant (kernel, configuration), matched exactly, else regardless of case; tables without it are left out and counted on standard error. Default: each table's own baseline."`
	Series   string `arg:"" name:"title|msgid" help:"Part of the series title, or the Message-ID of any message of it (its cover letter, a patch, a reply)."`
}

// Help is the long help of "lkmlbench series --help".
func (c *seriesCmd) Help() string {
	return `For each benchmark and case, the results each version of a patch series
got (v1 ... vN): the value, its improvement over the table's baseline and
its verdict, who tested it and when, and the change from the closest
earlier version that has the same case (signed so that positive is better
when the better-direction is known). A title matching several series
prints each.

Examples:

    lkmlbench series --db results.db 'latency nice'
    lkmlbench series --db results.db 20230224093454.956298-1-someone@example.com
    lkmlbench series --db results.db --baseline tip 'latency nice'
    lkmlbench series --db results.db -f csv -o latency-nice.csv 'Add latency priority'`
}

// Run looks the series up and prints its timelines.
func (c *seriesCmd) Run(ctx context.Context, k *kong.Context) error {
	st, _, err := openDB(ctx, c.DB, false)
	if err != nil {
		return err
	}
	defer st.Close()
	titles := []string{c.Series}
	exact := false
	if strings.Contains(c.Series, "@") {
		if titles, err = st.SeriesOf(ctx, c.Series); err != nil {
			return err
		}
		if len(titles) == 0 {
			return fmt.Errorf("%s: no stored message of that id names a patch series", c.Series)
		}
		exact = true
	}
	var tls []timeline.Timeline
	for _, title := range titles {
		doc, err := st.Document(ctx, store.Query{Series: title})
		if err != nil {
			return err
		}
		if err := rebase(doc, c.Baseline, "", 0, k.Stderr, "series"); err != nil {
			return err
		}
		for _, tl := range timeline.Build(doc) {
			if !exact || slices.Contains(titles, tl.Series) {
				tls = append(tls, tl)
			}
		}
	}
	if len(tls) == 0 {
		return fmt.Errorf("%q: no series with tables has that in its title", c.Series)
	}
	out, err := createOutput(c.Output, k.Stdout)
	if err != nil {
		return err
	}
	switch c.Format {
	case "csv":
		err = timeline.WriteCSV(out, tls)
	case "jsonl":
		err = timeline.WriteJSONL(out, tls)
	case "json":
		err = timeline.WriteJSON(out, tls)
	default:
		width := 0
		if c.Output == "" {
			width = termWidth(k.Stdout)
		}
		err = timeline.WriteTable(out, tls, width)
	}
	if err == nil {
		err = out.commit()
	}
	if err != nil {
		out.abort()
	}
	return err
}
