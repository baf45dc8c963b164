package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
)

// Tables implements store.Reader: the stored tables matching q, rebuilt
// from each table's stored model.Table and numbered t01, t02, ... in the
// order their first copies were read, as one crawl into SQLite numbers
// them, however many writers stored them in whatever order.
func (s *Store) Tables(ctx context.Context, q store.Query) ([]model.Table, error) {
	var where []string
	var args []any
	add := func(cond string, a ...any) {
		n := len(args)
		for i := range a {
			cond = strings.Replace(cond, "?", fmt.Sprintf("$%d", n+i+1), 1)
		}
		where = append(where, cond)
		args = append(args, a...)
	}
	if q.Benchmark != "" {
		add("t.benchmark ILIKE ?", q.Benchmark)
	}
	if q.Series != "" {
		add("se.title ILIKE ?", "%"+q.Series+"%")
	}
	if q.Author != "" {
		add("(t.author ILIKE ? OR m.from_email ILIKE ?)", "%"+q.Author+"%", "%"+q.Author+"%")
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
	sqlText := `SELECT t.n, t.quoted_copies, t.doc::text FROM (
			SELECT id, message_rowid, benchmark, author, message_id, quoted_copies, doc,
				row_number() OVER (ORDER BY first_seq, first_index, id) AS n FROM tables) AS t
		JOIN messages m ON m.id = t.message_rowid LEFT JOIN series se ON se.id = m.series_id`
	if len(where) > 0 {
		sqlText += " WHERE " + strings.Join(where, " AND ")
	}
	sqlText += " ORDER BY t.n"
	rows, err := s.conn.Query(ctx, sqlText, args...)
	if err != nil {
		return nil, s.wrap("querying", err)
	}
	defer rows.Close()
	var out []model.Table
	for rows.Next() {
		var n int64
		var copies int
		var doc string
		if err := rows.Scan(&n, &copies, &doc); err != nil {
			return nil, s.wrap("querying", err)
		}
		var t model.Table
		if err := json.Unmarshal([]byte(doc), &t); err != nil {
			return nil, s.wrap("querying", fmt.Errorf("table %d: %w", n, err))
		}
		t.ID, t.QuotedCopies = store.TableID(n), copies
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap("querying", err)
	}
	return out, nil
}
