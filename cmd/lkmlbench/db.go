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
// file (default lkmlbench.db), which must exist unless create is set and
// is then opened read-only (sqlite.OpenReadOnly). It returns the store
// and its name for messages (a URL without password).
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
		// Readers never write: a read-only file works, and a file that is
		// no database is an error rather than a new, empty one.
		st, err := sqlite.OpenReadOnly(db)
		if err != nil {
			return nil, "", err
		}
		return st, db, nil
	}
	st, err := sqlite.Open(db)
	if err != nil {
		return nil, "", err
	}
	return st, db, nil
}
