package sqlite

import (
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"sort"
	"strings"

	sqlitedrv "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is an open crawl database. It is safe for use by one crawl at a
// time; readers may query concurrently from other processes.
type Store struct {
	path string
	db   *sql.DB
	// Ids of rows that a batch looked up, kept across batches; cleared when
	// a batch rolls back (its rows are gone).
	sources map[string]int64
	series  map[seriesKey]int64
	// bulkChecked: the first batch looked for deferred indexes; deferred:
	// this store owes the database its secondary indexes (bulk.go).
	bulkChecked, deferred bool
	// stmts are the prepared statements of Put, once it ran.
	stmts *statements
	// legacy: the database holds messages whose content hash may be of
	// a kind no longer made (migrations 005_positions.sql and
	// 006_blob_keys.sql), marked legacy_hash.
	legacy bool
}

type seriesKey struct {
	title   string
	version int
}

// Open opens or creates the database at path and brings its schema up to
// date.
func Open(path string) (*Store, error) {
	q := url.Values{}
	// WAL with synchronous=NORMAL: a commit is atomic and durable up to
	// the last checkpoint without an fsync per batch. temp_store=MEMORY
	// keeps statement journals (multi-row inserts) off the disk: in files
	// they tripled the bytes a crawl writes. An 8 MiB page cache: 16 MiB
	// saved a crawl of the linux-pm epoch 8% of its page reads (from the
	// OS cache) but cost the same in the Go heap's share of the crawl's
	// memory, where it saves far more (cmd/lkmlbench's tuneGC). The WAL is
	// copied into the database every 16,384 pages (64 MiB of disk) instead
	// of 1,000: a crawl's batches rewrite the same index pages, which a
	// checkpoint then copies once rather than once per batch (linux-pm:
	// checkpoints 0.25 -> 0.13 CPU-s, 119 -> 17 fsyncs). The schema's
	// REFERENCES are not enforced (foreign_keys off): the store writes
	// every parent row (source, series, message, table) before its
	// children in the same transaction and deletes nothing but
	// observations it rewrites, and SQLite's checks cost two lookups per
	// message and a statement journal per multi-row insert: 18% of the
	// store's CPU on the linux-xfs epoch's messages (TestForeignKeys
	// checks the references).
	for _, p := range []string{"busy_timeout(5000)", "journal_mode(WAL)", "synchronous(NORMAL)", "foreign_keys(0)", "cache_size(-8192)", "temp_store(MEMORY)", "wal_autocheckpoint(16384)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", fileURI(path, q))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// One connection: SQLite has one writer anyway, and a single
	// connection keeps the prepared statements and the cache warm.
	db.SetMaxOpenConns(1)
	s := &Store{path: path, db: db, sources: map[string]int64{}, series: map[seriesKey]int64{}}
	if err := s.migrate(); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// OpenReadOnly opens an existing database for reading only (query,
// merge inputs, reports): the file is never created, migrated or written,
// so a read-only file works and a file that is not an lkmlbench database
// (an empty file, another program's database) is an error, not a new
// database. Its schema must be one this lkmlbench knows.
func OpenReadOnly(path string) (*Store, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, errors.Unwrap(err))
	}
	if st.Size() == 0 {
		return nil, fmt.Errorf("%s: empty file, not an lkmlbench database", path)
	}
	s, have, err := openRO(path, false)
	var se *sqlitedrv.Error
	if errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_READONLY {
		// A WAL database in a directory we cannot write: SQLite cannot
		// make the -shm file readers share. No crawl writes there
		// either (it would need the same files), so the file is read as
		// it stands.
		s, have, err = openRO(path, true)
	}
	if err != nil {
		return nil, s.wrap("reading schema version", err)
	}
	db := s.db
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		db.Close()
		return nil, err
	}
	switch {
	case have == 0:
		db.Close()
		return nil, fmt.Errorf("%s: not an lkmlbench database (no schema version)", path)
	case have > len(names):
		db.Close()
		return nil, fmt.Errorf("%s: schema version %d is newer than this lkmlbench knows (%d)", path, have, len(names))
	case have < len(names):
		db.Close()
		return nil, fmt.Errorf("%s: schema version %d is older than this lkmlbench's (%d): open it once with lkmlbench crawl or merge -o to migrate it", path, have, len(names))
	}
	return s, nil
}

// fileURI is the DSN of the database file at path with the driver's
// and SQLite's parameters q. The driver hands a "file:" DSN to SQLite as a
// URI, in which '?' starts the parameters, '#' a fragment and '%' an
// escape: every byte of the path but the unreserved ones and '/' is
// percent-encoded, so that any file name names that file (a path "a#b.db"
// opened a file "a"). An absolute path takes an empty authority
// ("file:///..."), since SQLite would read "//host" in "file://host/...".
func fileURI(path string, q url.Values) string {
	var b strings.Builder
	b.WriteString("file:")
	if strings.HasPrefix(path, "/") {
		b.WriteString("//")
	}
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(path); i++ {
		c := path[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-._~/", c) >= 0:
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	b.WriteByte('?')
	b.WriteString(q.Encode())
	return b.String()
}

// openRO opens path read-only and reads its schema version; immutable
// tells SQLite that nothing changes the file while it is open.
func openRO(path string, immutable bool) (*Store, int, error) {
	q := url.Values{}
	q.Set("mode", "ro")
	if immutable {
		q.Set("immutable", "1")
	}
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "query_only(1)")
	s := &Store{path: path, sources: map[string]int64{}, series: map[seriesKey]int64{}}
	db, err := sql.Open("sqlite", fileURI(path, q))
	if err != nil {
		return s, 0, err
	}
	db.SetMaxOpenConns(1)
	var have int
	if err := db.QueryRow("PRAGMA user_version").Scan(&have); err != nil {
		db.Close()
		return s, 0, err
	}
	s.db = db
	return s, have, nil
}

// migrate applies migrations/NNN_*.sql files above the stored
// user_version, each in a transaction that reads the version once it
// holds the write lock (BEGIN IMMEDIATE): crawls that open a new file at
// once apply each migration once, the others waiting for it, rather than
// failing on tables another one has just created.
func (s *Store) migrate() error {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for {
		var have int
		if err := s.db.QueryRow("PRAGMA user_version").Scan(&have); err != nil {
			return s.wrap("reading schema version", err)
		}
		if have > len(names) {
			return fmt.Errorf("%s: schema version %d is newer than this lkmlbench knows (%d)", s.path, have, len(names))
		}
		if have == len(names) {
			break
		}
		done, err := s.migrateOne(names, have)
		if err != nil {
			return err
		}
		if done {
			break
		}
	}
	// A first crawl killed before it rebuilt the indexes it deferred
	// leaves them recorded: this store owes them, even if it stores
	// nothing (a crawl that finds every input read), and builds them
	// when it closes.
	var pending int
	if err := s.db.QueryRow(`SELECT count(*) FROM deferred_indexes`).Scan(&pending); err != nil {
		return s.wrap("reading deferred indexes", err)
	}
	if pending > 0 {
		s.bulkChecked, s.deferred = true, true
	}
	if err := s.db.QueryRow(`SELECT EXISTS (SELECT 1 FROM messages WHERE legacy_hash = 1)`).Scan(&s.legacy); err != nil {
		return s.wrap("reading messages", err)
	}
	return nil
}

// migrateOne applies the migration after version seen, unless another
// process applied it first; done reports that the schema is current.
func (s *Store) migrateOne(names []string, seen int) (done bool, err error) {
	tx, err := s.db.Begin()
	if err != nil {
		return false, s.wrap("migrating", err)
	}
	defer tx.Rollback()
	var have int
	if err := tx.QueryRow("PRAGMA user_version").Scan(&have); err != nil {
		return false, s.wrap("reading schema version", err)
	}
	if have != seen {
		return have >= len(names), nil // another crawl migrated meanwhile
	}
	text, err := migrations.ReadFile(names[have])
	if err != nil {
		return false, err
	}
	if _, err := tx.Exec(string(text)); err != nil {
		return false, s.wrap("applying "+names[have], err)
	}
	if _, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", have+1)); err != nil {
		return false, s.wrap("migrating", err)
	}
	if err := tx.Commit(); err != nil {
		return false, s.wrap("migrating", err)
	}
	return have+1 == len(names), nil
}

// Close builds the indexes a first crawl deferred, then closes the
// database.
func (s *Store) Close() error {
	var err error
	if s.stmts != nil {
		s.stmts.close()
	}
	if s.deferred {
		err = s.restoreIndexes()
	}
	if cerr := s.db.Close(); err == nil {
		err = cerr
	}
	return err
}

// InProcess implements store.InProcess: SQLite writes on the caller's
// cores.
func (s *Store) InProcess() {}

// DB exposes the database for read-only reporting; writes must go
// through Put.
func (s *Store) DB() *sql.DB { return s.db }

// wrap turns SQLite's result codes into errors a user can act on; every
// error names the database.
func (s *Store) wrap(what string, err error) error {
	var se *sqlitedrv.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return fmt.Errorf("%s: %s: the database is locked by another process (another crawl or an open sqlite3 transaction?): %w", s.path, what, err)
		case sqlite3.SQLITE_FULL:
			return fmt.Errorf("%s: %s: the disk is full; the last batch was rolled back and the database holds every batch committed before it: %w", s.path, what, err)
		case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM:
			return fmt.Errorf("%s: %s: cannot write the database file: %w", s.path, what, err)
		case sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT:
			return fmt.Errorf("%s: %s: not an lkmlbench database or damaged: %w", s.path, what, err)
		}
	}
	if strings.Contains(err.Error(), s.path) {
		return err
	}
	return fmt.Errorf("%s: %s: %w", s.path, what, err)
}
