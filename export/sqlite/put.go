package sqlite

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
)

const insertMessages = `INSERT OR IGNORE INTO messages
	(message_id, content_hash, source_id, commit_id, line, offset, date, subject,
	 from_name, from_email, in_reply_to, thread_root, series_id, patch_index, patch_total, seq, legacy_hash)
	VALUES `

const messageColumns = 17

// tableColumns are the columns a table's kept copy sets: its provenance
// and numbers, and where it was read (held_*).
const tableColumns = `message_rowid, source, message_id, start_line, end_line, offset, quote_depth,
	author, quoted_copies, reconstructed, format, benchmark, context, variants, baseline,
	unit, direction, statistic, doc, held_seq, held_index`

// tableValues is the number of tableColumns.
const tableValues = 21

const insertObservations = `INSERT INTO observations
	(table_id, case_label, variant, field, value, value_num, flags, line, offset,
	 improvement_pct, noise, verdict)
	VALUES `

const observationColumns = 12

// groupRows is the number of rows per multi-row INSERT of messages
// without tables and of observations: one statement execution per row
// costs more in the driver than SQLite spends storing the row.
const groupRows = 32

// rowsSQL returns an INSERT of n rows of cols values.
func rowsSQL(insert string, cols, n int) string {
	row := "(?" + strings.Repeat(", ?", cols-1) + ")"
	return insert + row + strings.Repeat(", "+row, n-1)
}

// Put implements store.Store: one transaction for the whole batch.
func (s *Store) Put(ctx context.Context, recs []store.Record) (store.PutStats, error) {
	return s.put(ctx, recs, nil)
}

// put stores records, then checkpoints (checkpoint.go), in one
// transaction.
func (s *Store) put(ctx context.Context, recs []store.Record, cps []store.Checkpoint) (store.PutStats, error) {
	var st store.PutStats
	if err := s.prepare(ctx); err != nil {
		return st, s.wrap("preparing statements", err)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return st, s.wrap("starting a batch", err)
	}
	b := batch{s: s, tx: tx, ctx: ctx, st: &st, firsts: map[int64]int{}, next: -1}
	var adopted, dropped bool
	if !s.bulkChecked {
		adopted, dropped, err = b.deferIndexes()
	}
	if err == nil {
		b.prepare()
		for i := range recs {
			if err = b.put(&recs[i]); err != nil {
				break
			}
		}
	}
	if err == nil {
		err = b.flushMessages()
	}
	if err == nil {
		err = b.flushObservations()
	}
	if err == nil {
		err = b.countFirsts()
	}
	if err == nil {
		err = b.putCheckpoints(cps)
	}
	b.close()
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		tx.Rollback()
		clear(s.sources)
		clear(s.series)
		return store.PutStats{}, s.wrap("storing a batch", err)
	}
	if !s.bulkChecked {
		s.bulkChecked = true
		s.deferred = adopted || dropped
	}
	s.legacy = s.legacy || b.legacy
	return st, nil
}

// batch is one Put's transaction and its prepared statements. Messages
// without tables and observations wait in msgs and obs until a whole
// group is stored by one statement.
type batch struct {
	s   *Store
	tx  *sql.Tx
	ctx context.Context
	statements
	msgs, obsRows []any
	obsBuf        []model.Observation // one table row's, reused
	st            *store.PutStats
	// firsts counts tables whose first copy moved to (+) or from (-) a
	// message: messages.tables.
	firsts map[int64]int
	// next is the reading position of the next record with a negative
	// Seq: after every stored message; -1 until looked up.
	next int64
	// legacy: the batch stores records marked Legacy.
	legacy bool
}

// statements are the store's prepared statements; a batch takes the
// transaction's copies (Tx.StmtContext), which on the store's one
// connection run the statements prepared once rather than parsing every
// SQL text again for every batch.
type statements struct {
	msg, obs, find, insTab *sql.Stmt
	findLegacy, findMsg    *sql.Stmt
	msgGroup, obsGroup     *sql.Stmt
	addSeries, getSeries   *sql.Stmt
}

// statement is one of statements and its text.
type statement struct {
	dst  **sql.Stmt
	text string
}

// list is every statement, in one order, for preparing and closing them.
func (p *statements) list() []statement {
	return []statement{
		{&p.msg, rowsSQL(insertMessages, messageColumns, 1)},
		{&p.msgGroup, rowsSQL(insertMessages, messageColumns, groupRows)},
		{&p.obs, rowsSQL(insertObservations, observationColumns, 1)},
		{&p.obsGroup, rowsSQL(insertObservations, observationColumns, groupRows)},
		{&p.find, `SELECT id, quote_depth, quoted_copies, held_seq, held_index, first_seq, first_index, first_message
			FROM tables WHERE fingerprint = ?`},
		{&p.insTab, `INSERT INTO tables (fingerprint, ` + tableColumns + `, first_seq, first_index, first_message)
			VALUES (?` + strings.Repeat(", ?", tableValues+3) + `)`},
		{&p.findLegacy, `SELECT EXISTS (SELECT 1 FROM messages WHERE message_id = ? AND source_id = ? AND legacy_hash = 1
			AND line = ? AND offset = ?)`},
		{&p.findMsg, `SELECT id FROM messages WHERE message_id = ? AND content_hash = ?`},
		{&p.addSeries, `INSERT OR IGNORE INTO series (title, version) VALUES (?, ?)`},
		{&p.getSeries, `SELECT id FROM series WHERE title = ? AND version = ?`},
	}
}

// prepare prepares the store's statements once, before its first
// transaction (which holds the one connection).
func (s *Store) prepare(ctx context.Context) error {
	if s.stmts != nil {
		return nil
	}
	p := &statements{}
	for _, st := range p.list() {
		var err error
		if *st.dst, err = s.db.PrepareContext(ctx, st.text); err != nil {
			p.close()
			return err
		}
	}
	s.stmts = p
	return nil
}

func (p *statements) close() {
	for _, st := range p.list() {
		if *st.dst != nil {
			(*st.dst).Close()
		}
	}
}

// prepare takes the transaction's copies of the store's statements.
func (b *batch) prepare() {
	mine, stored := b.list(), b.s.stmts.list()
	for i := range mine {
		*mine[i].dst = b.tx.StmtContext(b.ctx, *stored[i].dst)
	}
}

func (b *batch) close() { b.statements.close() }

// put stores one record unless its message is stored already. A record
// without tables joins the pending group; one with tables is stored at
// once, after the group, since its tables need its row id.
func (b *batch) put(r *store.Record) error {
	st := b.st
	m := &r.Meta
	src, err := b.sourceID(m.Source)
	if err != nil {
		return err
	}
	var series, index, total any
	if p := m.Patch; p != nil && p.Title != "" {
		id, err := b.seriesID(p.Title, max(p.Version, 1))
		if err != nil {
			return err
		}
		series, index, total = id, int64(p.Index), int64(p.Total)
	}
	var date any
	if m.Date != nil {
		date = m.Date.Unix()
	}
	if b.s.legacy {
		// A marked message may be keyed by a hash of another kind
		// (migrations 005 and 006): read again at the same place of
		// the same source, it is the same message.
		var old bool
		if err := b.findLegacy.QueryRowContext(b.ctx, m.ID, src, m.StartLine, m.Offset).Scan(&old); err != nil {
			return err
		}
		if old {
			st.Duplicates++
			return nil
		}
	}
	seq, err := b.position(r.Seq)
	if err != nil {
		return err
	}
	// Every number goes in as an int64, a driver.Value as it is:
	// database/sql converts an int by reflection.
	b.msgs = append(b.msgs, m.ID, r.Hash[:], src, nullable(r.Commit), int64(m.StartLine), m.Offset, date,
		m.Subject, m.From.Name, m.From.Email, nullable(m.InReplyTo), r.ThreadRoot(), series, index, total, seq, r.Legacy)
	b.legacy = b.legacy || r.Legacy
	if len(r.Tables) == 0 {
		if len(b.msgs) == groupRows*messageColumns {
			return b.flushMessages()
		}
		return nil
	}
	row := b.msgs[len(b.msgs)-messageColumns:]
	b.msgs = b.msgs[:len(b.msgs)-messageColumns]
	if err := b.flushMessages(); err != nil {
		return err
	}
	res, err := b.msg.ExecContext(b.ctx, row...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		st.Duplicates++
		return nil
	}
	st.Messages++
	rowid, err := res.LastInsertId()
	if err != nil {
		return err
	}
	for i := range r.Tables {
		c := copyOf{t: &r.Tables[i], msg: rowid, seq: seq, index: i}
		c.firstSeq, c.firstIndex, c.firstMsg = seq, i, rowid
		if i < len(r.Places) {
			p := &r.Places[i]
			c.index, c.firstSeq, c.firstIndex = p.Index, p.FirstSeq, p.FirstIndex
			if c.firstMsg, err = b.messageRow(p.FirstID, p.FirstHash, rowid); err != nil {
				return err
			}
		}
		isNew, err := b.putTable(&c)
		if err != nil {
			return err
		}
		if isNew {
			st.Tables++
		} else {
			st.Folded++
		}
	}
	return nil
}

// copyOf is one table of a new message, where it was read, and where the
// first copy of its table was (the same place but for a record that Each
// gave, whose store.Place says).
type copyOf struct {
	t                  *model.Table
	msg                int64 // messages.id
	seq                int64
	index              int
	firstSeq, firstMsg int64
	firstIndex         int
}

// position is the reading position of a record: its Seq, or for a
// negative one the next after every stored message, in batch order.
func (b *batch) position(seq int64) (int64, error) {
	if seq >= 0 {
		return seq, nil
	}
	if b.next < 0 {
		if err := b.tx.QueryRowContext(b.ctx, `SELECT coalesce(max(seq), -1) + 1 FROM messages`).Scan(&b.next); err != nil {
			return 0, err
		}
	}
	b.next++
	return b.next - 1, nil
}

// messageRow is the row id of the message keyed by (id, hash), or def
// when it is not stored (a source whose first copy's message is gone).
func (b *batch) messageRow(id string, hash [16]byte, def int64) (int64, error) {
	var row int64
	err := b.findMsg.QueryRowContext(b.ctx, id, hash[:]).Scan(&row)
	if err == sql.ErrNoRows {
		return def, nil
	}
	return row, err
}

// countFirsts brings messages.tables up to date.
func (b *batch) countFirsts() error {
	for id, d := range b.firsts {
		if d == 0 {
			continue
		}
		if _, err := b.tx.ExecContext(b.ctx, `UPDATE messages SET tables = tables + ? WHERE id = ?`, d, id); err != nil {
			return err
		}
	}
	return nil
}

// putTable adds a table, or folds it into the stored table with the same
// fingerprint the way lkmlbench.Extractor does (the least quoted copy is
// kept, of equally quoted ones the first read; the first read numbers
// the table); it reports whether the table was new.
func (b *batch) putTable(c *copyOf) (bool, error) {
	t := c.t
	fp := sha256.Sum256([]byte(lkmlbench.Fingerprint(t)))
	var id, heldSeq, firstSeq, firstMsg int64
	var depth, copies, heldIdx, firstIdx int
	err := b.find.QueryRowContext(b.ctx, fp[:]).Scan(&id, &depth, &copies, &heldSeq, &heldIdx, &firstSeq, &firstIdx, &firstMsg)
	switch {
	case err == sql.ErrNoRows:
		args, err := tableArgs(c, t.QuotedCopies)
		if err != nil {
			return false, err
		}
		args = append(append([]any{fp[:]}, args...), c.firstSeq, c.firstIndex, c.firstMsg)
		res, err := b.insTab.ExecContext(b.ctx, args...)
		if err != nil {
			return false, err
		}
		if id, err = res.LastInsertId(); err != nil {
			return false, err
		}
		b.firsts[c.firstMsg]++
		return true, b.putObservations(id, t)
	case err != nil:
		return false, err
	}
	copies += 1 + t.QuotedCopies
	if store.Before(c.firstSeq, c.firstIndex, firstSeq, firstIdx) < 0 {
		b.firsts[firstMsg]--
		b.firsts[c.firstMsg]++
		firstSeq, firstIdx, firstMsg = c.firstSeq, c.firstIndex, c.firstMsg
	}
	if t.QuoteDepth > depth || (t.QuoteDepth == depth && store.Before(c.seq, c.index, heldSeq, heldIdx) > 0) {
		_, err = b.tx.ExecContext(b.ctx, `UPDATE tables SET quoted_copies = ?, first_seq = ?, first_index = ?,
			first_message = ? WHERE id = ?`, copies, firstSeq, firstIdx, firstMsg, id)
		return false, err
	}
	// This copy is closer to its author, or as close and read first: it
	// replaces the stored provenance and numbers, keeping the id. Its old
	// numbers may still wait in the group.
	if err := b.flushObservations(); err != nil {
		return false, err
	}
	args, err := tableArgs(c, copies)
	if err != nil {
		return false, err
	}
	_, err = b.tx.ExecContext(b.ctx, `UPDATE tables SET (`+tableColumns+`, first_seq, first_index, first_message) =
		(?`+strings.Repeat(", ?", tableValues+2)+`) WHERE id = ?`, append(args, firstSeq, firstIdx, firstMsg, id)...)
	if err == nil {
		_, err = b.tx.ExecContext(b.ctx, `DELETE FROM observations WHERE table_id = ?`, id)
	}
	if err == nil {
		err = b.putObservations(id, t)
	}
	return false, err
}

// tableArgs are the values of tableColumns for the copy c.
func tableArgs(c *copyOf, copies int) ([]any, error) {
	t := c.t
	doc := *t
	doc.ID, doc.QuotedCopies = "", 0
	js, err := json.Marshal(&doc)
	if err != nil {
		return nil, fmt.Errorf("table at %s:%d: %w", t.Source, t.StartLine, err)
	}
	return []any{c.msg, t.Source, t.MessageID, t.StartLine, t.EndLine, t.Offset, t.QuoteDepth,
		t.Author, copies, t.Reconstructed, t.Format, t.Benchmark, jsonList(t.Context), jsonList(t.Variants),
		t.Baseline, t.Unit, t.Direction, t.Statistic, string(js), c.seq, c.index}, nil
}

// putObservations stores one row per number of t, flattened as
// model.Table.AppendObservations does, one table row at a time: the
// records of a 5,000-row table at once were 48 MB, which, held while
// the crawl's workers decode, kept the heap at the crawl's soft memory
// limit and the collector running without pause.
func (b *batch) putObservations(tableID int64, t *model.Table) error {
	one := *t
	for i := range t.Rows {
		one.Rows = t.Rows[i : i+1]
		b.obsBuf = one.AppendObservations(b.obsBuf[:0])
		if err := b.putRow(tableID); err != nil {
			return err
		}
	}
	clear(b.obsBuf)
	return nil
}

// putRow queues the observations of one table row (obsBuf).
func (b *batch) putRow(tableID int64) error {
	for _, o := range b.obsBuf {
		var num, imp any
		if f, err := strconv.ParseFloat(string(o.Value), 64); err == nil {
			num = f
		}
		if o.ImprovementPct != nil {
			if f, err := strconv.ParseFloat(string(*o.ImprovementPct), 64); err == nil {
				imp = f
			}
		}
		b.obsRows = append(b.obsRows, tableID, o.Case, o.Variant, o.Field, string(o.Value), num,
			jsonList(o.Flags), int64(o.Line), o.Offset, imp, nullable(o.Noise), string(o.Verdict))
		if len(b.obsRows) == groupRows*observationColumns {
			if err := b.flushObservations(); err != nil {
				return err
			}
		}
	}
	return nil
}

// flushMessages stores the pending messages: a whole group in one
// statement, fewer one by one. Messages already stored are ignored and
// counted as duplicates.
func (b *batch) flushMessages() error {
	n, err := b.flush(b.msgs, messageColumns, b.msg, b.msgGroup)
	b.st.Messages += int(n)
	b.st.Duplicates += len(b.msgs)/messageColumns - int(n)
	clear(b.msgs)
	b.msgs = b.msgs[:0]
	return err
}

// flushObservations stores the pending observations.
func (b *batch) flushObservations() error {
	_, err := b.flush(b.obsRows, observationColumns, b.obs, b.obsGroup)
	clear(b.obsRows)
	b.obsRows = b.obsRows[:0]
	return err
}

// flush runs the rows in args through group when they fill it, else
// through one row at a time; it returns the rows inserted.
func (b *batch) flush(args []any, cols int, one, group *sql.Stmt) (int64, error) {
	stmt, size := one, cols
	if len(args) == groupRows*cols {
		stmt, size = group, len(args)
	}
	var total int64
	for i := 0; i < len(args); i += size {
		res, err := stmt.ExecContext(b.ctx, args[i:i+size]...)
		if err != nil {
			return total, err
		}
		n, _ := res.RowsAffected()
		total += n
	}
	return total, nil
}

// sourceID returns the row id of an input path, adding it when new.
func (b *batch) sourceID(path string) (int64, error) {
	if id, ok := b.s.sources[path]; ok {
		return id, nil
	}
	if _, err := b.tx.ExecContext(b.ctx, `INSERT OR IGNORE INTO sources (path) VALUES (?)`, path); err != nil {
		return 0, err
	}
	var id int64
	if err := b.tx.QueryRowContext(b.ctx, `SELECT id FROM sources WHERE path = ?`, path).Scan(&id); err != nil {
		return 0, err
	}
	if len(b.s.sources) > 1<<16 {
		clear(b.s.sources) // a Maildir is one source per file: bound the cache
	}
	b.s.sources[path] = id
	return id, nil
}

// seriesID returns the row id of a series, adding it when new.
func (b *batch) seriesID(title string, version int) (int64, error) {
	k := seriesKey{title, version}
	if id, ok := b.s.series[k]; ok {
		return id, nil
	}
	res, err := b.addSeries.ExecContext(b.ctx, title, version)
	if err != nil {
		return 0, err
	}
	var id int64
	if n, _ := res.RowsAffected(); n == 1 {
		id, err = res.LastInsertId()
	} else {
		err = b.getSeries.QueryRowContext(b.ctx, title, version).Scan(&id)
	}
	if err != nil {
		return 0, err
	}
	if len(b.s.series) > 1<<16 {
		clear(b.s.series) // bound the cache on archives with very many series
	}
	b.s.series[k] = id
	return id, nil
}

// jsonList renders a string list as a JSON array, [] for none.
func jsonList(l []string) string {
	if len(l) == 0 {
		return "[]"
	}
	js, _ := json.Marshal(l)
	return string(js)
}

// nullable stores "" as NULL.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
