package sqlite

import (
	"fmt"
	"strings"
)

// bulkIndexes are the indexes a first crawl builds at the end instead of
// row by row (migrations/002_deferred_indexes.sql). The crawl itself
// needs none of them: it looks messages up by their unique key and tables
// by fingerprint, and deletes observations by table; the verdict index of
// observations (migrations/003_verdicts.sql) only serves queries, and the
// reading order of messages (migrations/005_positions.sql) Each. The
// index of messages under an older key (messages_legacy) stays: it holds
// only marked rows, which a crawl never adds, and a merge of marked rows
// looks each one up in it.
var bulkIndexes = []string{"messages_date", "messages_thread", "messages_series", "messages_seq", "observations_verdict"}

// deferIndexes runs in the first batch of a Store. A database left with
// deferred indexes (by a killed crawl) is adopted: this store rebuilds
// them when it closes. An empty database has them dropped for the bulk
// load; it reports whether it dropped them.
func (b *batch) deferIndexes() (adopted, dropped bool, err error) {
	var pending, stored int
	if err := b.tx.QueryRowContext(b.ctx, `SELECT (SELECT count(*) FROM deferred_indexes),
		EXISTS (SELECT 1 FROM messages)`).Scan(&pending, &stored); err != nil {
		return false, false, err
	}
	switch {
	case pending > 0:
		return true, false, nil
	case stored > 0:
		return false, false, nil
	}
	names := "'" + strings.Join(bulkIndexes, "', '") + "'"
	if _, err := b.tx.ExecContext(b.ctx, `INSERT INTO deferred_indexes (name, sql)
		SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN (`+names+`)`); err != nil {
		return false, false, err
	}
	for _, n := range bulkIndexes {
		if _, err := b.tx.ExecContext(b.ctx, `DROP INDEX IF EXISTS `+n); err != nil {
			return false, false, err
		}
	}
	return false, true, nil
}

// restoreIndexes builds the deferred indexes in one transaction. The
// sorts spill to temporary files rather than memory, and with a small
// page cache (SQLite sizes its sorter buffers from it): in memory they
// would grow with the archive. The store is closing, so the connection's
// settings need no restoring.
func (s *Store) restoreIndexes() error {
	if _, err := s.db.Exec(`PRAGMA temp_store = FILE; PRAGMA cache_size = -2048`); err != nil {
		return s.wrap("building indexes", err)
	}
	tx, err := s.db.Begin()
	if err != nil {
		return s.wrap("building indexes", err)
	}
	defer tx.Rollback()
	rows, err := tx.Query(`SELECT name, sql FROM deferred_indexes ORDER BY name`)
	if err != nil {
		return s.wrap("building indexes", err)
	}
	var stmts []string
	for rows.Next() {
		var name, text string
		if err := rows.Scan(&name, &text); err != nil {
			rows.Close()
			return s.wrap("building indexes", err)
		}
		stmts = append(stmts, text)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return s.wrap("building indexes", err)
	}
	for _, st := range stmts {
		if _, err := tx.Exec(st); err != nil {
			return s.wrap(fmt.Sprintf("building indexes (%s)", st), err)
		}
	}
	if _, err := tx.Exec(`DELETE FROM deferred_indexes`); err != nil {
		return s.wrap("building indexes", err)
	}
	if err := tx.Commit(); err != nil {
		return s.wrap("building indexes", err)
	}
	return nil
}
