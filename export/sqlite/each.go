package sqlite

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
)

// eachPage is how many messages Each reads per query; pages keep memory
// flat and need no second cursor on the single connection.
const eachPage = 1000

// Each implements store.Store: every stored message in reading order
// (seq), with the tables it holds, their quoted-copy counts and places.
func (s *Store) Each(ctx context.Context, fn func(*store.Record) error) error {
	lastSeq, lastID := int64(-1<<63), int64(0)
	for {
		recs, rowids, err := s.messagePage(ctx, lastSeq, lastID)
		if err != nil {
			return s.wrap("reading messages", err)
		}
		if len(recs) == 0 {
			return nil
		}
		if err := s.attachTables(ctx, recs, rowids); err != nil {
			return s.wrap("reading tables", err)
		}
		// fn may change the records: the page's end is read first.
		lastSeq, lastID = recs[len(recs)-1].Seq, rowids[len(rowids)-1]
		for i := range recs {
			if err := fn(&recs[i]); err != nil {
				return err
			}
		}
	}
}

func (s *Store) messagePage(ctx context.Context, afterSeq, afterID int64) ([]store.Record, []int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT m.id, m.seq, m.message_id, m.content_hash, src.path, m.commit_id,
		m.line, m.offset, m.date, m.subject, m.from_name, m.from_email, m.in_reply_to, m.thread_root,
		se.title, se.version, m.patch_index, m.patch_total, m.legacy_hash
		FROM messages m JOIN sources src ON src.id = m.source_id LEFT JOIN series se ON se.id = m.series_id
		WHERE (m.seq, m.id) > (?, ?) ORDER BY m.seq, m.id LIMIT ?`, afterSeq, afterID, eachPage)
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
		if err := rows.Scan(&id, &r.Seq, &m.ID, &hash, &m.Source, &commit, &m.StartLine, &m.Offset, &date, &m.Subject,
			&m.From.Name, &m.From.Email, &reply, &root, &title, &version, &index, &total, &r.Legacy); err != nil {
			return nil, nil, err
		}
		copy(r.Hash[:], hash)
		r.Commit, m.InReplyTo = commit.String, reply.String
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
	ids := make([]any, len(rowids))
	for i, id := range rowids {
		ids[i] = id
	}
	rows, err := s.db.QueryContext(ctx, `SELECT t.message_rowid, t.quoted_copies, t.doc, t.held_index,
			t.first_seq, t.first_index, fm.message_id, fm.content_hash
		FROM tables t JOIN messages fm ON fm.id = t.first_message
		WHERE t.message_rowid IN (?`+strings.Repeat(", ?", len(ids)-1)+`) ORDER BY t.message_rowid, t.held_index, t.id`, ids...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return store.AttachTables(rows, recs, rowids)
}

// NextSeq implements store.Sequencer.
func (s *Store) NextSeq(ctx context.Context) (int64, error) {
	var next int64
	if err := s.db.QueryRowContext(ctx, `SELECT coalesce(max(seq), -1) + 1 FROM messages`).Scan(&next); err != nil {
		return 0, s.wrap("reading messages", err)
	}
	return next, nil
}
