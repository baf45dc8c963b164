package main

import (
	"context"
	"fmt"
	"io"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/internal/termtext"
	"github.com/lkmlbench/lkmlbench/model"
)

// dbFilter holds the flags that select stored tables; query, summary,
// report, compare and series share them.
type dbFilter struct {
	Benchmark string `placeholder:"NAME" help:"Only tables of this benchmark (SQL LIKE pattern: % and _ are wildcards)."`
	Series    string `placeholder:"TEXT" help:"Only tables posted in a patch series whose title contains TEXT."`
	Author    string `placeholder:"TEXT" help:"Only tables whose author's name or address contains TEXT."`
	MessageID string `name:"message-id" placeholder:"ID" help:"Only tables of this message."`
	Since     string `placeholder:"DATE" help:"Only messages dated on or after DATE."`
	Until     string `placeholder:"DATE" help:"Only messages dated before DATE."`
}

// query turns the flags into a store query.
func (f *dbFilter) query() (store.Query, error) {
	q := store.Query{Benchmark: f.Benchmark, Series: f.Series, Author: f.Author, MessageID: f.MessageID}
	var err error
	if q.Since, err = parseDay(f.Since, "--since"); err != nil {
		return q, err
	}
	q.Until, err = parseDay(f.Until, "--until")
	return q, err
}

// set reports whether any filter is given.
func (f *dbFilter) set() bool { return *f != dbFilter{} }

// storedDocument reads the tables a filter selects from a database.
func storedDocument(ctx context.Context, path string, f *dbFilter) (*model.Document, error) {
	q, err := f.query()
	if err != nil {
		return nil, err
	}
	st, _, err := openDB(ctx, path, false)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	return st.Document(ctx, q)
}

// inputSource is where a command that reads records gets them: mail
// files (and message ids, fetched), or a database with filters.
type inputSource struct {
	DB         string `placeholder:"FILE|URL" help:"Read the tables a crawl stored instead of mail: an SQLite file or a postgres:// URL; the filter flags select them."`
	Benchmarks string `placeholder:"FILE" type:"existingfile" help:"Better-direction list (JSON, as normalize/benchmarks.json) laid over the built-in one, for mail inputs (stored tables keep the directions of their crawl)."`
	LoreBase   string `placeholder:"URL" default:"${loreBase}" help:"Archive that message ids and lore URLs are fetched from (default ${default})."`
	Refresh    bool   `help:"Fetch threads again even when the cache holds them (the new download replaces the entry)."`
	dbFilter   `embed:""`
	Inputs     []string `arg:"" optional:"" name:"input" help:"Mail to read, as for extract (a message id or lore URL that names no file is fetched); - for standard input."`
}

// document reads the records: from --db, or from every input in turn,
// reporting unreadable inputs on stderr; failed says whether any was.
// lean reads mail keeping the tables but not the messages (a summary needs
// no more), with the crawl's memory limit, for inputs of any size.
func (s *inputSource) document(ctx context.Context, stderr io.Writer, lean bool) (doc *model.Document, failed bool, err error) {
	switch {
	case s.DB != "" && len(s.Inputs) > 0:
		return nil, false, usageErr("give either --db or INPUT..., not both")
	case s.DB != "":
		doc, err := storedDocument(ctx, s.DB, &s.dbFilter)
		return doc, false, err
	case len(s.Inputs) == 0:
		return nil, false, usageErr("no input: give FILE..., - for standard input, or --db FILE")
	case s.dbFilter.set():
		return nil, false, usageErr("the filter flags select tables of a database: give --db FILE")
	}
	bl, err := loadBenchmarks(s.Benchmarks)
	if err != nil {
		return nil, false, err
	}
	if lean {
		defer tuneGC()()
	}
	ex := lkmlbench.New(lkmlbench.Options{Benchmarks: bl, Lean: lean})
	for _, in := range s.Inputs {
		if err := addInput(ctx, ex, in, s.LoreBase, s.Refresh); err != nil {
			fmt.Fprintf(stderr, "lkmlbench: %s\n", termtext.Visible(err.Error()))
			failed = true
		}
	}
	return ex.Document(), failed, nil
}
