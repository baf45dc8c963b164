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
// filters are SQL LIKE patterns matched case-insensitively, so '%' and '_'
// are wildcards.
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
// order, in the shape `lkmlbench extract --format jsonl` prints them.
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
	sqlText := `SELECT t.id, t.source, t.message_id, t.format, t.benchmark, t.context, o.case_label,
		o.variant, o.field, o.value, t.unit, t.direction, t.statistic, t.baseline, o.flags, o.line,
		o.offset, t.quote_depth, t.author, t.reconstructed
		FROM observations o JOIN tables t ON t.id = o.table_id JOIN messages m ON m.id = t.message_rowid
		LEFT JOIN series se ON se.id = m.series_id`
	if len(where) > 0 {
		sqlText += " WHERE " + strings.Join(where, " AND ")
	}
	sqlText += " ORDER BY t.id, o.id"
	rows, err := s.db.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return nil, s.wrap("querying", err)
	}
	defer rows.Close()
	var out []model.Observation
	for rows.Next() {
		var o model.Observation
		var id int64
		var ctxJSON, flags, value string
		if err := rows.Scan(&id, &o.Source, &o.MessageID, &o.Format, &o.Benchmark, &ctxJSON, &o.Case,
			&o.Variant, &o.Field, &value, &o.Unit, &o.Direction, &o.Statistic, &o.Baseline, &flags, &o.Line,
			&o.Offset, &o.QuoteDepth, &o.Author, &o.Reconstructed); err != nil {
			return nil, s.wrap("querying", err)
		}
		o.Table = fmt.Sprintf("t%02d", id)
		o.Value = model.Number(value)
		if err := json.Unmarshal([]byte(ctxJSON), &o.Context); err != nil {
			return nil, s.wrap("querying", err)
		}
		if err := json.Unmarshal([]byte(flags), &o.Flags); err != nil {
			return nil, s.wrap("querying", err)
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap("querying", err)
	}
	return out, nil
}
