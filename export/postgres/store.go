package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is an open crawl database on a PostgreSQL server. One Store
// serves one crawl (or merge, or query) at a time; any number of Stores,
// in any number of processes, may write the same database at once.
type Store struct {
	name string // the database as errors name it, without password
	// db holds a few connections: a crawl reads checkpoints while it
	// commits a batch.
	db *pgxpool.Pool
	// Ids of dictionary rows (sources, series) looked up, kept across
	// batches: those rows are committed before the batch that uses them.
	sources map[string]int64
	series  map[seriesKey]int64
	// legacy: the database holds messages whose content hash may be of
	// a kind no longer made (migrations 005_legacy_hash.sql and
	// 006_blob_keys.sql), marked legacy_hash.
	legacy bool
}

type seriesKey struct {
	title   string
	version int
}

// IsURL reports whether a --db value names a PostgreSQL database rather
// than an SQLite file: a postgres:// or postgresql:// URL.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Open connects to the database url names and brings its schema up to
// date. url is a postgres:// or postgresql:// URL or a libpq keyword
// string; "" takes everything from the environment (PGHOST, PGPORT,
// PGDATABASE, PGUSER, PGPASSWORD, ...), as psql does.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	cfg.AfterConnect = func(ctx context.Context, conn *pgx.Conn) error {
		_, err := conn.Exec(ctx, createIncoming)
		return err
	}
	s := &Store{name: display(cfg.ConnConfig), sources: map[string]int64{}, series: map[seriesKey]int64{}}
	if s.db, err = pgxpool.NewWithConfig(ctx, cfg); err != nil {
		return nil, s.wrap("connecting", err)
	}
	if err := s.db.Ping(ctx); err != nil {
		s.db.Close()
		return nil, s.wrap("connecting", err)
	}
	if err := s.migrate(ctx); err != nil {
		s.db.Close()
		return nil, err
	}
	if err := s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM messages WHERE legacy_hash)`).Scan(&s.legacy); err != nil {
		s.db.Close()
		return nil, s.wrap("reading messages", err)
	}
	return s, nil
}

// display names a database for messages: the URL without its password.
func display(cfg *pgx.ConnConfig) string {
	host := cfg.Host
	if strings.HasPrefix(host, "/") {
		host = "[" + host + "]"
	}
	return fmt.Sprintf("postgres://%s@%s:%d/%s", cfg.User, host, cfg.Port, cfg.Database)
}

// Name is the database as messages name it: its URL without the password.
func (s *Store) Name() string { return s.name }

// migrationLock is the advisory lock key that serialises schema
// migrations, so that n crawlers starting at once on an empty database
// create the schema once.
const migrationLock = 0x6c6b6d6c62656e63 // "lkmlbenc"

// migrate applies the migrations/NNN_*.sql files above the version
// recorded in schema_version, in one transaction under migrationLock.
func (s *Store) migrate(ctx context.Context) error {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	tx, err := s.db.Begin(ctx)
	if err != nil {
		return s.wrap("migrating", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
		return s.wrap("migrating", err)
	}
	// The version table is the one thing every schema has.
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return s.wrap("migrating", err)
	}
	have := 0
	if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&have); err != nil {
		return s.wrap("reading schema version", err)
	}
	if have > len(names) {
		return fmt.Errorf("%s: schema version %d is newer than this lkmlbench knows (%d)", s.name, have, len(names))
	}
	if have == len(names) {
		return nil
	}
	for i := have; i < len(names); i++ {
		text, err := migrations.ReadFile(names[i])
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, string(text)); err != nil {
			return s.wrap("applying "+names[i], err)
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM schema_version`); err != nil {
		return s.wrap("migrating", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, len(names)); err != nil {
		return s.wrap("migrating", err)
	}
	return s.wrapErr("migrating", tx.Commit(ctx))
}

// Close ends the connections; a batch in progress is rolled back by the
// server.
func (s *Store) Close() error {
	s.db.Close()
	return nil
}

// DB exposes the connections for read-only reporting and tests; writes
// must go through Put.
func (s *Store) DB() *pgxpool.Pool { return s.db }

// retryable reports whether a batch failed only because it met another
// writer (a deadlock the server broke, a serialization failure) and can
// simply run again.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}

// wrapErr is wrap for an error that may be nil.
func (s *Store) wrapErr(what string, err error) error {
	if err == nil {
		return nil
	}
	return s.wrap(what, err)
}

// wrap turns server errors into errors a user can act on; every error
// names the database.
func (s *Store) wrap(what string, err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case pe.Code == "53100":
			return fmt.Errorf("%s: %s: the server's disk is full; the last batch was rolled back and the database holds every batch committed before it: %w", s.name, what, err)
		case pe.Code == "3D000":
			return fmt.Errorf("%s: %s: no such database (create it with createdb or CREATE DATABASE): %w", s.name, what, err)
		case strings.HasPrefix(pe.Code, "28"):
			return fmt.Errorf("%s: %s: the server refused the login: %w", s.name, what, err)
		case pe.Code == "42501":
			return fmt.Errorf("%s: %s: the user may not write this database: %w", s.name, what, err)
		}
	}
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) {
		return fmt.Errorf("%s: %s: cannot reach the server (is it running, and PGHOST/PGPORT right?): %w", s.name, what, err)
	}
	return fmt.Errorf("%s: %s: %w", s.name, what, err)
}
