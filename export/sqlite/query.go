package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
)

// Tables implements store.Reader: the stored tables matching q, in table
// order, rebuilt from each table's stored model.Table (so new fields of
// the model need no new columns) and numbered by row id.
func (s *Store) Tables(ctx context.Context, q store.Query) ([]model.Table, error) {
	var where []string
	var args []any
	add := func(cond string, a ...any) {
		where = append(where, cond)
		args = append(args, a...)
	}
	if q.Benchmark != "" {
		add("t.benchmark LIKE ?", q.Benchmark)
	}
	if q.Series != "" {
		add("se.title LIKE ?", "%"+q.Series+"%")
	}
	if q.Author != "" {
		add("(t.author LIKE ? OR m.from_email LIKE ?)", "%"+q.Author+"%", "%"+q.Author+"%")
	}
	if q.MessageID != "" {
		add("t.message_id = ?", strings.Trim(strings.TrimSpace(q.MessageID), "<>"))
	}
	if !q.Since.IsZero() {
		add("m.date >= ?", q.Since.Unix())
	}
	if !q.Until.IsZero() {
		add("m.date < ?", q.Until.Unix())
	}
	sqlText := `SELECT t.id, t.quoted_copies, t.doc FROM tables t
		JOIN messages m ON m.id = t.message_rowid LEFT JOIN series se ON se.id = m.series_id`
	if len(where) > 0 {
		sqlText += " WHERE " + strings.Join(where, " AND ")
	}
	sqlText += " ORDER BY t.id"
	rows, err := s.db.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return nil, s.wrap("querying", err)
	}
	defer rows.Close()
	var out []model.Table
	for rows.Next() {
		var id int64
		var copies int
		var doc string
		if err := rows.Scan(&id, &copies, &doc); err != nil {
			return nil, s.wrap("querying", err)
		}
		var t model.Table
		if err := json.Unmarshal([]byte(doc), &t); err != nil {
			return nil, s.wrap("querying", fmt.Errorf("table %d: %w", id, err))
		}
		t.ID, t.QuotedCopies = store.TableID(id), copies
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap("querying", err)
	}
	return out, nil
}
