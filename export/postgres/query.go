package postgres

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
)

// filters renders the filters of q as a WHERE clause over tables t,
// messages m and series se, with its arguments; "" selects everything.
// Text filters match case-insensitively (ILIKE), as SQLite's LIKE does;
// ILIKE's default escape character is the backslash ContainsPattern uses.
func filters(q store.Query) (string, []any) {
	var where []string
	var args []any
	add := func(cond string, a ...any) {
		for _, v := range a {
			args = append(args, v)
			cond = strings.Replace(cond, "?", fmt.Sprintf("$%d", len(args)), 1)
		}
		where = append(where, cond)
	}
	if q.Benchmark != "" {
		add("t.benchmark ILIKE ?", q.Benchmark)
	}
	if q.Series != "" {
		add("se.title ILIKE ?", store.ContainsPattern(q.Series))
	}
	if q.Author != "" {
		a := store.ContainsPattern(q.Author)
		add("(t.author ILIKE ? OR m.from_email ILIKE ?)", a, a)
	}
	if q.MessageID != "" {
		add("t.message_id = ?", strings.Trim(strings.TrimSpace(q.MessageID), "<>"))
	}
	if !q.Since.IsZero() {
		add("m.date >= ?", q.Since)
	}
	if !q.Until.IsZero() {
		add("m.date < ?", q.Until)
	}
	if len(where) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(where, " AND "), args
}

// Document implements store.Reader: the stored tables matching q,
// rebuilt from each table's stored model.Table and numbered t01, t02, ...
// in the order their first copies were read, as one crawl into SQLite
// numbers them, however many writers stored them in whatever order; with
// the messages that hold them.
func (s *Store) Document(ctx context.Context, q store.Query) (*model.Document, error) {
	where, args := filters(q)
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
