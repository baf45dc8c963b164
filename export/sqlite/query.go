package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
)

// dialect is SQLite's SQL for the shared query text: LIKE (case-
// insensitive for ASCII) with the escape character named, and dates as
// Unix seconds.
var dialect = store.Dialect{
	Like:        "LIKE",
	Escape:      ` ESCAPE '\'`,
	Placeholder: func(int) string { return "?" },
	Time:        func(t time.Time) any { return t.Unix() },
}

// provenance gives a table stored before tables kept their message's
// date and subject those of its message row.
func provenance(t *model.Table, date sql.NullInt64, subject string) {
	if t.Date == nil && date.Valid {
		d := time.Unix(date.Int64, 0).UTC()
		t.Date = &d
	}
	if t.Subject == "" {
		t.Subject = subject
	}
}

// Document implements store.Reader: the stored tables matching q,
// numbered t01, t02, ... in the order their first copies were read (as
// one crawl stores them, whatever order merge or concurrent crawls
// stored them in), rebuilt from each table's stored
// model.Table (so new fields of the model need no new columns), with the
// messages that hold them.
func (s *Store) Document(ctx context.Context, q store.Query) (*model.Document, error) {
	where, args := store.Filters(q, dialect)
	sqlText := `SELECT t.n, t.quoted_copies, t.doc, m.message_id, m.subject, m.from_name, m.from_email,
		m.date, se.title, se.version, m.patch_index, m.patch_total
		FROM (SELECT id, message_rowid, benchmark, author, message_id, quoted_copies, doc,
				row_number() OVER (ORDER BY first_seq, first_index, id) AS n FROM tables) AS t
		JOIN messages m ON m.id = t.message_rowid LEFT JOIN series se ON se.id = m.series_id` +
		where + " ORDER BY t.n"
	rows, err := s.db.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return nil, s.wrap("querying", err)
	}
	defer rows.Close()
	doc := &model.Document{Schema: model.SchemaVersion, Sources: []model.Source{}, Messages: []model.Message{},
		Tables: []model.Table{}, Threads: []model.Thread{}}
	seen := map[string]bool{}
	for rows.Next() {
		var id int64
		var copies int
		var js string
		var m model.Message
		var date, version, index, total sql.NullInt64
		var title sql.NullString
		if err := rows.Scan(&id, &copies, &js, &m.ID, &m.Subject, &m.From.Name, &m.From.Email,
			&date, &title, &version, &index, &total); err != nil {
			return nil, s.wrap("querying", err)
		}
		t, err := store.DecodeTable(js)
		if err != nil {
			return nil, s.wrap("querying", fmt.Errorf("table %d: %w", id, err))
		}
		t.ID, t.QuotedCopies = store.TableID(id), copies
		provenance(&t, date, m.Subject)
		doc.Tables = append(doc.Tables, t)
		if seen[m.ID] {
			continue
		}
		seen[m.ID] = true
		m.Source = t.Source
		if date.Valid {
			d := time.Unix(date.Int64, 0).UTC()
			m.Date = &d
		}
		if title.Valid {
			m.Patch = &model.PatchTag{Title: title.String, Version: int(version.Int64), Index: int(index.Int64), Total: int(total.Int64)}
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
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT se.title, m.message_id = ?1 AS own
		FROM messages m JOIN series se ON se.id = m.series_id
		WHERE m.message_id = ?1 OR m.thread_root IN (SELECT thread_root FROM messages WHERE message_id = ?1)
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
