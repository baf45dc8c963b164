package main

import (
	"context"
	"fmt"
	"os"

	"github.com/lkmlbench/lkmlbench/export/postgres"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/export/store"
)

// database is what the commands need of a store: writing and replaying
// (crawl, merge), and queries (query, summary).
type database interface {
	store.Store
	store.Reader
}

// defaultDB is the SQLite file used when --db is not given and the
// environment names no PostgreSQL database.
const defaultDB = "lkmlbench.db"

// dbHelp is the help of every --db flag.
const dbHelp = "SQLite file, or PostgreSQL database as a postgres:// or postgresql:// URL (default: " + defaultDB +
	", or the PostgreSQL database PGHOST/PGDATABASE name when either is set)."

// openDB opens the database a --db value names: a postgres:// or
// postgresql:// URL; "" with PGHOST or PGDATABASE set, the PostgreSQL
// database the environment names (as psql finds it); otherwise an SQLite
// file (default lkmlbench.db), which must exist unless create is set. It
// returns the store and its name for messages (a URL without password).
func openDB(ctx context.Context, db string, create bool) (database, string, error) {
	if postgres.IsURL(db) || (db == "" && (os.Getenv("PGHOST") != "" || os.Getenv("PGDATABASE") != "")) {
		st, err := postgres.Open(ctx, db)
		if err != nil {
			return nil, "", err
		}
		return st, st.Name(), nil
	}
	if db == "" {
		db = defaultDB
	}
	if !create {
		if _, err := os.Stat(db); err != nil {
			return nil, "", fmt.Errorf("%s: no database here (write one with lkmlbench crawl): %w", db, unwrapPath(err))
		}
	}
	st, err := sqlite.Open(db)
	if err != nil {
		return nil, "", err
	}
	return st, db, nil
}

// selection is the flags that select stored tables, shared by query and
// summary --db.
type selection struct {
	Benchmark string `placeholder:"NAME" help:"Only tables of this benchmark (SQL LIKE pattern: % and _ are wildcards)."`
	Series    string `placeholder:"TEXT" help:"Only tables posted in a patch series whose title contains TEXT."`
	Author    string `placeholder:"TEXT" help:"Only tables whose author's name or address contains TEXT."`
	MessageID string `name:"message-id" placeholder:"ID" help:"Only tables of this message."`
	Since     string `placeholder:"DATE" help:"Only messages dated on or after DATE."`
	Until     string `placeholder:"DATE" help:"Only messages dated before DATE."`
}

// query turns the flags into a store query.
func (s *selection) query() (store.Query, error) {
	q := store.Query{Benchmark: s.Benchmark, Series: s.Series, Author: s.Author, MessageID: s.MessageID}
	var err error
	if q.Since, err = parseDay(s.Since, "--since"); err != nil {
		return q, err
	}
	q.Until, err = parseDay(s.Until, "--until")
	return q, err
}

// empty reports whether no selection flag is set.
func (s *selection) empty() bool { return *s == selection{} }
