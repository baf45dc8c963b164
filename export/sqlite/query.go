package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench/model"
)

// Query selects observations; zero fields select everything. Text
// filters are matched case-insensitively; Benchmark is an SQL LIKE pattern
// ('%' and '_' are wildcards), Series and Author are plain text ('%' and '_'
// match themselves).
type Query struct {
	// Benchmark matches the table's benchmark name.
	Benchmark string
	// Series matches part of the patch series title of the message.
	Series string
	// Author matches part of the table's author or the message's sender
	// address.
	Author string
	// MessageID is the exact Message-ID (angle brackets optional).
	MessageID string
	// Since and Until bound the message date (Until exclusive).
	Since, Until time.Time
}

// Observations returns the stored records matching q, in table and row
// order, exactly as `lkmlbench extract --format jsonl` prints them: they
// are rebuilt from each table's stored model.Table, so new fields of the
// model need no new columns.
func (s *Store) Observations(ctx context.Context, q Query) ([]model.Observation, error) {
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
		add(`se.title LIKE ? ESCAPE '\'`, "%"+likeEscape(q.Series)+"%")
	}
	if q.Author != "" {
		a := "%" + likeEscape(q.Author) + "%"
		add(`(t.author LIKE ? ESCAPE '\' OR m.from_email LIKE ? ESCAPE '\')`, a, a)
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
	var out []model.Observation
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
		t.ID, t.QuotedCopies = TableID(id), copies
		out = t.AppendObservations(out)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap("querying", err)
	}
	return out, nil
}

// likeEscape makes text match itself inside a LIKE pattern with ESCAPE '\'.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(s)
}

// TableID renders a table's row id as extract numbers tables: "t01", ...
func TableID(id int64) string { return fmt.Sprintf("t%02d", id) }
