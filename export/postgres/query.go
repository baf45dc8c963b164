package postgres

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
)

// dialect is PostgreSQL's SQL for the shared query text: ILIKE, whose
// default escape character is the backslash ContainsPattern uses, and
// dates as timestamps.
var dialect = store.Dialect{
	Like:        "ILIKE",
	Placeholder: func(n int) string { return fmt.Sprintf("$%d", n) },
	Time:        func(t time.Time) any { return t },
}

// Document implements store.Reader: the stored tables matching q,
// rebuilt from each table's stored model.Table and numbered t01, t02, ...
// in the order their first copies were read, as one crawl into SQLite
// numbers them, however many writers stored them in whatever order; with
// the messages that hold them.
func (s *Store) Document(ctx context.Context, q store.Query) (*model.Document, error) {
	where, args := store.Filters(q, dialect)
	rows, err := s.db.Query(ctx, `SELECT t.n, t.quoted_copies, t.doc::text, m.message_id, m.subject,
			m.from_name, m.from_email, m.date, se.title, se.version, m.patch_index, m.patch_total
		FROM (SELECT id, message_rowid, benchmark, author, message_id, quoted_copies, doc,
				row_number() OVER (ORDER BY first_seq, first_index, id) AS n FROM tables) AS t
		JOIN messages m ON m.id = t.message_rowid LEFT JOIN series se ON se.id = m.series_id`+
		where+" ORDER BY t.n", args...)
	if err != nil {
		return nil, s.wrap("querying", err)
	}
	defer rows.Close()
	doc := &model.Document{Schema: model.SchemaVersion, Sources: []model.Source{}, Messages: []model.Message{},
		Tables: []model.Table{}, Threads: []model.Thread{}}
	seen := map[string]bool{}
	for rows.Next() {
		var n int64
		var copies int
		var js string
		var m model.Message
		var date *time.Time
		var title *string
		var version, index, total *int
		if err := rows.Scan(&n, &copies, &js, &m.ID, &m.Subject, &m.From.Name, &m.From.Email,
			&date, &title, &version, &index, &total); err != nil {
			return nil, s.wrap("querying", err)
		}
		t, err := store.DecodeTable(js)
		if err != nil {
			return nil, s.wrap("querying", fmt.Errorf("table %d: %w", n, err))
		}
		t.ID, t.QuotedCopies = store.TableID(n), copies
		if date != nil {
			d := date.UTC()
			m.Date = &d
		}
		// Tables stored before tables kept their message's date and
		// subject get those of its message row.
		if t.Date == nil {
			t.Date = m.Date
		}
		if t.Subject == "" {
			t.Subject = m.Subject
		}
		doc.Tables = append(doc.Tables, t)
		if seen[m.ID] {
			continue
		}
		seen[m.ID] = true
		m.Source = t.Source
		if title != nil {
			m.Patch = &model.PatchTag{Title: *title, Version: deref(version), Index: deref(index), Total: deref(total)}
		}
		doc.Messages = append(doc.Messages, m)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap("querying", err)
	}
	return doc, nil
}

// SeriesOf implements store.Reader.
func (s *Store) SeriesOf(ctx context.Context, messageID string) ([]string, error) {
	id := strings.Trim(strings.TrimSpace(messageID), "<>")
	rows, err := s.db.Query(ctx, `SELECT DISTINCT se.title, m.message_id = $1 AS own
		FROM messages m JOIN series se ON se.id = m.series_id
		WHERE m.message_id = $1 OR m.thread_root IN (SELECT thread_root FROM messages WHERE message_id = $1)
		ORDER BY own DESC, se.title`, id)
	if err != nil {
		return nil, s.wrap("querying", err)
	}
	defer rows.Close()
	titles, err := store.SeriesTitles(rows)
	if err != nil {
		return nil, s.wrap("querying", err)
	}
	return titles, nil
}
