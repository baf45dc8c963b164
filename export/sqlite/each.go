package sqlite

import (
	"context"
	"database/sql"
	"time"

	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
)

// eachPage is how many messages Each reads per query; pages keep memory
// flat and need no second cursor on the single connection.
const eachPage = 1000

// Each implements store.Store: every stored message in insertion order
// (Seq is the row id), with the tables it holds and their quoted-copy
// counts.
func (s *Store) Each(ctx context.Context, fn func(*store.Record) error) error {
	last := int64(0)
	for {
		recs, rowids, err := s.messagePage(ctx, last)
		if err != nil {
			return s.wrap("reading messages", err)
		}
		if len(recs) == 0 {
			return nil
		}
		if err := s.attachTables(ctx, recs, rowids); err != nil {
			return s.wrap("reading tables", err)
		}
		for i := range recs {
			if err := fn(&recs[i]); err != nil {
				return err
			}
		}
		last = rowids[len(rowids)-1]
	}
}

func (s *Store) messagePage(ctx context.Context, after int64) ([]store.Record, []int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT m.id, m.message_id, m.content_hash, src.path, m.commit_id,
		m.line, m.offset, m.date, m.subject, m.from_name, m.from_email, m.in_reply_to, m.thread_root,
		se.title, se.version, m.patch_index, m.patch_total
		FROM messages m JOIN sources src ON src.id = m.source_id LEFT JOIN series se ON se.id = m.series_id
		WHERE m.id > ? ORDER BY m.id LIMIT ?`, after, eachPage)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var recs []store.Record
	var ids []int64
	for rows.Next() {
		var r store.Record
		var id int64
		var hash []byte
		var commit, reply, title sql.NullString
		var date, version, index, total sql.NullInt64
		var root string
		m := &r.Meta
		if err := rows.Scan(&id, &m.ID, &hash, &m.Source, &commit, &m.StartLine, &m.Offset, &date, &m.Subject,
			&m.From.Name, &m.From.Email, &reply, &root, &title, &version, &index, &total); err != nil {
			return nil, nil, err
		}
		copy(r.Hash[:], hash)
		r.Seq, r.Commit, m.InReplyTo = id, commit.String, reply.String
		if date.Valid {
			d := time.Unix(date.Int64, 0).UTC()
			m.Date = &d
		}
		if root != m.ID && root != m.InReplyTo {
			m.References = []string{root}
		}
		if title.Valid {
			m.Patch = &model.PatchTag{Title: title.String, Version: int(version.Int64), Index: int(index.Int64), Total: int(total.Int64)}
		}
		recs = append(recs, r)
		ids = append(ids, id)
	}
	return recs, ids, rows.Err()
}

// attachTables fills the tables of a page of records.
func (s *Store) attachTables(ctx context.Context, recs []store.Record, rowids []int64) error {
	rows, err := s.db.QueryContext(ctx, `SELECT message_rowid, quoted_copies, doc FROM tables
		WHERE message_rowid BETWEEN ? AND ? ORDER BY id`, rowids[0], rowids[len(rowids)-1])
	if err != nil {
		return err
	}
	defer rows.Close()
	return store.AttachTables(rows, recs, rowids)
}
