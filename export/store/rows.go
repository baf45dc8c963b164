package store

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

// Rows is what the readers below need of a query's result: database/sql's
// *sql.Rows and pgx's Rows both have it, so that the SQLite and the
// PostgreSQL store read their results by the same code.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// DecodeTable reads a stored model.Table (the tables.doc column). Its
// verdicts are decided again, with the default minimum change as crawl
// stores them, so that every store gives the same records whenever the
// tables were stored.
func DecodeTable(doc string) (model.Table, error) {
	var t model.Table
	if err := json.Unmarshal([]byte(doc), &t); err != nil {
		return t, err
	}
	normalize.Decide(&t, 0)
	return t, nil
}

// SeriesTitles reads rows of (series title, whether the title is the
// message's own): the message's own titles when it has any, else those
// of its thread, each once and in order.
func SeriesTitles(rows Rows) ([]string, error) {
	var own, thread []string
	for rows.Next() {
		var title string
		var mine bool
		if err := rows.Scan(&title, &mine); err != nil {
			return nil, err
		}
		if mine {
			own = append(own, title)
		} else if !slices.Contains(thread, title) {
			thread = append(thread, title)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(own) > 0 {
		return own, nil
	}
	return thread, nil
}

// AttachTables reads rows of (message row id, quoted copies, table doc,
// kept copy's index, first copy's seq and index, its message's id and
// content hash) and appends each table, with its Place, to the record of
// its message; rowids[i] is the row id of recs[i].
func AttachTables(rows Rows, recs []Record, rowids []int64) error {
	at := make(map[int64]int, len(rowids))
	for i, id := range rowids {
		at[id] = i
	}
	for rows.Next() {
		var msg int64
		var copies int
		var doc string
		var p Place
		var hash []byte
		if err := rows.Scan(&msg, &copies, &doc, &p.Index, &p.FirstSeq, &p.FirstIndex, &p.FirstID, &hash); err != nil {
			return err
		}
		copy(p.FirstHash[:], hash)
		t, err := DecodeTable(doc)
		if err != nil {
			return fmt.Errorf("table of message row %d: %w", msg, err)
		}
		t.QuotedCopies = copies
		if i, ok := at[msg]; ok {
			recs[i].Tables = append(recs[i].Tables, t)
			recs[i].Places = append(recs[i].Places, p)
		}
	}
	return rows.Err()
}
