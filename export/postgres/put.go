package postgres

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
)

// maxAttempts bounds the runs of a batch that met another writer.
const maxAttempts = 5

// Put implements store.Store: one transaction for the whole batch.
//
// Many crawlers may write the same database at once. The unique keys
// decide what is stored once: INSERT ... ON CONFLICT DO NOTHING on
// messages (message_id, content_hash) and on tables (fingerprint); a
// writer that meets a key another one has just inserted waits for that
// transaction and then folds into its row. Stored rows are locked in one
// order (tables by fingerprint, then the messages whose table counts
// change, by id), and only inside the batch's transaction, so writers
// never lock each other out for longer than a batch; a deadlock the
// server breaks all the same runs the batch again. Sources and series are shared dictionaries: they are added in
// statements of their own before the batch, so that no writer holds them.
func (s *Store) Put(ctx context.Context, recs []store.Record) (store.PutStats, error) {
	return s.putAll(ctx, recs, nil)
}

// putAll stores records and checkpoints (checkpoint.go) in one
// transaction, run again when it met another writer.
func (s *Store) putAll(ctx context.Context, recs []store.Record, cps []store.Checkpoint) (store.PutStats, error) {
	if len(recs) == 0 && len(cps) == 0 {
		return store.PutStats{}, nil
	}
	if err := s.dictionaries(ctx, recs); err != nil {
		return store.PutStats{}, s.wrap("storing sources and series", err)
	}
	for attempt := 1; ; attempt++ {
		st, err := s.put(ctx, recs, cps)
		if err == nil {
			return st, nil
		}
		if !retryable(err) || attempt == maxAttempts {
			return store.PutStats{}, s.wrap("storing a batch", err)
		}
	}
}

// copyOf is one table of a new message, where it was read, and where
// the first copy of its table was (the same place but for a record that
// Each gave, whose store.Place says).
type copyOf struct {
	fp                 [32]byte
	t                  *model.Table
	msg                int64 // messages.id
	seq                int64
	index              int
	firstSeq, firstMsg int64
	firstIndex         int
}

// less orders copies by fingerprint, the lock order, then by reading
// order.
func (c *copyOf) less(o *copyOf) int {
	if d := bytes.Compare(c.fp[:], o.fp[:]); d != 0 {
		return d
	}
	return before(c.seq, c.index, o.seq, o.index)
}

// before compares two reading positions.
var before = store.Before

// batch is one Put's transaction and what it has gathered.
type batch struct {
	s   *Store
	tx  pgx.Tx
	ctx context.Context
	st  store.PutStats
	// obs are the numbers of the tables this batch added or replaced, by
	// table id, stored with one COPY at the end.
	obs map[int64]*model.Table
	// firsts counts tables whose first copy moved to (+) or from (-) a
	// message: messages.tables.
	firsts map[int64]int
	// seqs are the records' reading positions: their Seq, or for a
	// negative one the next after every stored message.
	seqs []int64
	// legacy: the batch stores records marked Legacy.
	legacy bool
}

func (s *Store) put(ctx context.Context, recs []store.Record, cps []store.Checkpoint) (store.PutStats, error) {
	tx, err := s.db.Begin(ctx)
	if err != nil {
		return store.PutStats{}, err
	}
	defer tx.Rollback(ctx)
	b := &batch{s: s, tx: tx, ctx: ctx, obs: map[int64]*model.Table{}, firsts: map[int64]int{}}
	if err := b.positions(recs); err != nil {
		return store.PutStats{}, err
	}
	ids, err := b.messages(recs)
	if err != nil {
		return store.PutStats{}, err
	}
	var copies []copyOf
	for i := range recs {
		r := &recs[i]
		id, ok := ids[key(r)]
		if !ok || id.rec != i {
			continue
		}
		for j := range r.Tables {
			t := &r.Tables[j]
			c := copyOf{fp: sha256.Sum256([]byte(lkmlbench.Fingerprint(t))), t: t,
				msg: id.row, seq: b.seqs[i], index: j}
			c.firstSeq, c.firstIndex, c.firstMsg = c.seq, c.index, c.msg
			if j < len(r.Places) {
				p := &r.Places[j]
				c.index, c.firstSeq, c.firstIndex = p.Index, p.FirstSeq, p.FirstIndex
				if c.firstMsg, err = b.messageRow(ids, p.FirstID, p.FirstHash, id.row); err != nil {
					return store.PutStats{}, err
				}
			}
			copies = append(copies, c)
		}
	}
	slices.SortFunc(copies, func(a, b copyOf) int { return a.less(&b) })
	for i := range copies {
		if err := b.table(&copies[i]); err != nil {
			return store.PutStats{}, err
		}
	}
	if err := b.countFirsts(); err != nil {
		return store.PutStats{}, err
	}
	if err := b.observations(); err != nil {
		return store.PutStats{}, err
	}
	if err := b.checkpoints(cps); err != nil {
		return store.PutStats{}, err
	}
	if err := tx.Commit(ctx); err != nil {
		return store.PutStats{}, err
	}
	s.legacy = s.legacy || b.legacy
	return b.st, nil
}

// positions fills b.seqs; records with a negative Seq follow the highest
// stored one, in batch order.
func (b *batch) positions(recs []store.Record) error {
	b.seqs = make([]int64, len(recs))
	next := int64(-1)
	for i := range recs {
		seq := recs[i].Seq
		if seq < 0 {
			if next < 0 {
				if err := b.tx.QueryRow(b.ctx, `SELECT coalesce(max(seq), -1) + 1 FROM messages`).Scan(&next); err != nil {
					return err
				}
			}
			seq = next
			next++
		}
		b.seqs[i] = seq
	}
	return nil
}

// msgKey is the unique key of a message.
type msgKey struct {
	id   string
	hash [16]byte
}

func key(r *store.Record) msgKey { return msgKey{r.Meta.ID, r.Hash} }

// stored is a message this batch added: its row id and the record it
// came from (the first of the batch with its key).
type stored struct {
	row int64
	rec int
}

// incomingColumns are the columns of the session's staging table, in
// COPY order: the messages columns but tables, and the record's place.
var incomingColumns = []string{"ord", "message_id", "content_hash", "source_id", "commit_id", "line", "offset",
	"date", "subject", "from_name", "from_email", "in_reply_to", "thread_root", "series_id", "patch_index",
	"patch_total", "seq", "legacy_hash"}

// createIncoming makes the staging table messages are copied into, on
// every new connection; it lives as long as the connection, and every
// commit empties it.
const createIncoming = `CREATE TEMP TABLE incoming (
	ord INTEGER NOT NULL, message_id TEXT NOT NULL, content_hash BYTEA NOT NULL, source_id BIGINT NOT NULL,
	commit_id TEXT, line INTEGER NOT NULL, "offset" BIGINT NOT NULL, date TIMESTAMPTZ, subject TEXT NOT NULL,
	from_name TEXT NOT NULL, from_email TEXT NOT NULL, in_reply_to TEXT, thread_root TEXT NOT NULL,
	series_id BIGINT, patch_index INTEGER, patch_total INTEGER, seq BIGINT NOT NULL, legacy_hash BOOLEAN NOT NULL
) ON COMMIT DELETE ROWS`

// messages copies the batch's messages into the staging table and moves
// the new ones into messages, the first of the batch per key, in key
// order; it returns the new ones.
func (b *batch) messages(recs []store.Record) (map[msgKey]stored, error) {
	rows := make([][]any, len(recs))
	for i := range recs {
		r := &recs[i]
		m := &r.Meta
		var series, index, total any
		if p := m.Patch; p != nil && p.Title != "" {
			series, index, total = b.s.series[seriesKey{p.Title, max(p.Version, 1)}], p.Index, p.Total
		}
		var date any
		if m.Date != nil {
			date = m.Date.UTC()
		}
		rows[i] = []any{i, m.ID, r.Hash[:], b.s.sources[m.Source], nullable(r.Commit), m.StartLine, m.Offset,
			date, m.Subject, m.From.Name, m.From.Email, nullable(m.InReplyTo), r.ThreadRoot(), series, index, total, b.seqs[i], r.Legacy}
		b.legacy = b.legacy || r.Legacy
	}
	if _, err := b.tx.CopyFrom(b.ctx, pgx.Identifier{"incoming"}, incomingColumns, pgx.CopyFromRows(rows)); err != nil {
		return nil, err
	}
	cols := `message_id, content_hash, source_id, commit_id, line, "offset", date, subject, from_name,
		from_email, in_reply_to, thread_root, series_id, patch_index, patch_total, seq, legacy_hash`
	// A marked message may be keyed by a hash of another kind
	// (migrations 005 and 006): read again at the same place of the same
	// source, it is the same message.
	legacy := ""
	if b.s.legacy {
		legacy = `WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.legacy_hash AND m.message_id = first.message_id
			AND m.source_id = first.source_id AND m.line = first.line AND m."offset" = first."offset")`
	}
	res, err := b.tx.Query(b.ctx, `INSERT INTO messages (`+cols+`)
		SELECT `+cols+` FROM (SELECT DISTINCT ON (message_id, content_hash) * FROM incoming
			ORDER BY message_id, content_hash, ord) AS first `+legacy+`
		ORDER BY message_id, content_hash
		ON CONFLICT (message_id, content_hash) DO NOTHING
		RETURNING id, message_id, content_hash`)
	if err != nil {
		return nil, err
	}
	added := map[msgKey]stored{}
	var k msgKey
	var id int64
	var hash []byte
	_, err = pgx.ForEachRow(res, []any{&id, &k.id, &hash}, func() error {
		copy(k.hash[:], hash)
		added[k] = stored{row: id, rec: -1}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i := range recs {
		k := key(&recs[i])
		if a, ok := added[k]; ok && a.rec < 0 {
			a.rec = i
			added[k] = a
		}
	}
	b.st.Messages = len(added)
	b.st.Duplicates = len(recs) - len(added)
	return added, nil
}

// messageRow is the row id of the message keyed by (id, hash): one the
// batch added, else a stored one, else (a source whose first copy's
// message is gone) def.
func (b *batch) messageRow(added map[msgKey]stored, id string, hash [16]byte, def int64) (int64, error) {
	if a, ok := added[msgKey{id, hash}]; ok {
		return a.row, nil
	}
	var row int64
	err := b.tx.QueryRow(b.ctx, `SELECT id FROM messages WHERE message_id = $1 AND content_hash = $2`, id, hash[:]).Scan(&row)
	if errors.Is(err, pgx.ErrNoRows) {
		return def, nil
	}
	return row, err
}

// heldTable is what a fold needs of a stored table.
type heldTable struct {
	id                int64
	depth, copies     int
	heldSeq, firstSeq int64
	heldIdx, firstIdx int
	firstMsg          int64
}

// table adds one copy, or folds it into the stored table with its
// fingerprint the way lkmlbench.Extractor does: the least quoted copy is
// kept, of equally quoted ones the first read.
func (b *batch) table(c *copyOf) error {
	t := c.t
	doc, err := tableDoc(t)
	if err != nil {
		return err
	}
	var id int64
	err = b.tx.QueryRow(b.ctx, `INSERT INTO tables (fingerprint, message_rowid, source, message_id, start_line,
		end_line, "offset", quote_depth, author, quoted_copies, reconstructed, format, benchmark, context,
		variants, baseline, unit, direction, statistic, doc, held_seq, held_index, first_seq, first_index, first_message)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
			$21, $22, $23, $24, $25)
		ON CONFLICT (fingerprint) DO NOTHING RETURNING id`,
		c.fp[:], c.msg, t.Source, t.MessageID, t.StartLine, t.EndLine, t.Offset, t.QuoteDepth, t.Author,
		t.QuotedCopies, t.Reconstructed, t.Format, t.Benchmark, jsonList(t.Context), jsonList(t.Variants),
		t.Baseline, t.Unit, t.Direction, t.Statistic, doc, c.seq, c.index, c.firstSeq, c.firstIndex, c.firstMsg).Scan(&id)
	if err == nil {
		b.st.Tables++
		b.firsts[c.firstMsg]++
		b.obs[id] = t
		return nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	b.st.Folded++
	var h heldTable
	if err := b.tx.QueryRow(b.ctx, `SELECT id, quote_depth, quoted_copies, held_seq, held_index, first_seq,
		first_index, first_message FROM tables WHERE fingerprint = $1 FOR UPDATE`, c.fp[:]).Scan(
		&h.id, &h.depth, &h.copies, &h.heldSeq, &h.heldIdx, &h.firstSeq, &h.firstIdx, &h.firstMsg); err != nil {
		return err
	}
	copies := h.copies + 1 + t.QuotedCopies
	if before(c.firstSeq, c.firstIndex, h.firstSeq, h.firstIdx) < 0 {
		b.firsts[h.firstMsg]--
		b.firsts[c.firstMsg]++
		h.firstSeq, h.firstIdx, h.firstMsg = c.firstSeq, c.firstIndex, c.firstMsg
	}
	if t.QuoteDepth > h.depth || (t.QuoteDepth == h.depth && before(c.seq, c.index, h.heldSeq, h.heldIdx) > 0) {
		_, err := b.tx.Exec(b.ctx, `UPDATE tables SET quoted_copies = $1, first_seq = $2, first_index = $3,
			first_message = $4 WHERE id = $5`, copies, h.firstSeq, h.firstIdx, h.firstMsg, h.id)
		return err
	}
	// This copy is closer to its author: it replaces the stored
	// provenance and numbers, keeping the id.
	_, err = b.tx.Exec(b.ctx, `UPDATE tables SET message_rowid = $1, source = $2, message_id = $3, start_line = $4,
		end_line = $5, "offset" = $6, quote_depth = $7, author = $8, quoted_copies = $9, reconstructed = $10,
		format = $11, benchmark = $12, context = $13, variants = $14, baseline = $15, unit = $16, direction = $17,
		statistic = $18, doc = $19, held_seq = $20, held_index = $21, first_seq = $22, first_index = $23,
		first_message = $24 WHERE id = $25`,
		c.msg, t.Source, t.MessageID, t.StartLine, t.EndLine, t.Offset, t.QuoteDepth, t.Author, copies,
		t.Reconstructed, t.Format, t.Benchmark, jsonList(t.Context), jsonList(t.Variants), t.Baseline, t.Unit,
		t.Direction, t.Statistic, doc, c.seq, c.index, h.firstSeq, h.firstIdx, h.firstMsg, h.id)
	if err != nil {
		return err
	}
	if _, ok := b.obs[h.id]; !ok {
		if _, err := b.tx.Exec(b.ctx, `DELETE FROM observations WHERE table_id = $1`, h.id); err != nil {
			return err
		}
	}
	b.obs[h.id] = t
	return nil
}

// countFirsts brings messages.tables up to date, in id order (the lock
// order).
func (b *batch) countFirsts() error {
	var ids []int64
	var deltas []int32
	for id, d := range b.firsts {
		if d != 0 {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	slices.Sort(ids)
	for _, id := range ids {
		deltas = append(deltas, int32(b.firsts[id]))
	}
	_, err := b.tx.Exec(b.ctx, `UPDATE messages m SET tables = m.tables + d.n
		FROM (SELECT * FROM unnest($1::bigint[], $2::integer[]) AS u(id, n) ORDER BY id) AS d
		WHERE m.id = d.id`, ids, deltas)
	return err
}

// observations stores one row per number of the tables added or
// replaced, flattened as model.Table.AppendObservations does, with COPY.
func (b *batch) observations() error {
	if len(b.obs) == 0 {
		return nil
	}
	var rows [][]any
	var buf []model.Observation
	ids := make([]int64, 0, len(b.obs))
	for id := range b.obs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		buf = b.obs[id].AppendObservations(buf[:0])
		for _, o := range buf {
			var num any
			if f, err := strconv.ParseFloat(string(o.Value), 64); err == nil {
				num = f
			}
			var imp any
			if o.ImprovementPct != nil {
				if f, err := strconv.ParseFloat(string(*o.ImprovementPct), 64); err == nil {
					imp = f
				}
			}
			rows = append(rows, []any{id, o.Case, o.Variant, o.Field, string(o.Value), num, jsonList(o.Flags),
				o.Line, o.Offset, imp, nullable(o.Noise), string(o.Verdict)})
		}
	}
	_, err := b.tx.CopyFrom(b.ctx, pgx.Identifier{"observations"},
		[]string{"table_id", "case_label", "variant", "field", "value", "value_num", "flags", "line", "offset",
			"improvement_pct", "noise", "verdict"},
		pgx.CopyFromRows(rows))
	return err
}

// dictionaries adds the batch's sources and series that this store has
// not looked up yet, each kind in one statement of its own (committed at
// once, so no writer waits on another's batch for them), and caches their
// ids. An unused row left by a batch that then failed is harmless.
func (s *Store) dictionaries(ctx context.Context, recs []store.Record) error {
	// Bound the caches (a Maildir is one source per file) before
	// looking up what the batch lacks.
	if len(s.sources) > 1<<16 {
		clear(s.sources)
	}
	if len(s.series) > 1<<16 {
		clear(s.series)
	}
	var paths, titles []string
	var versions []int32
	seenPath := map[string]bool{}
	seenSeries := map[seriesKey]bool{}
	for i := range recs {
		m := &recs[i].Meta
		if _, ok := s.sources[m.Source]; !ok && !seenPath[m.Source] {
			seenPath[m.Source] = true
			paths = append(paths, m.Source)
		}
		if p := m.Patch; p != nil && p.Title != "" {
			k := seriesKey{p.Title, max(p.Version, 1)}
			if _, ok := s.series[k]; !ok && !seenSeries[k] {
				seenSeries[k] = true
				titles, versions = append(titles, k.title), append(versions, int32(k.version))
			}
		}
	}
	if len(paths) > 0 {
		if _, err := s.db.Exec(ctx, `INSERT INTO sources (path) SELECT p FROM unnest($1::text[]) AS u(p)
			ORDER BY p ON CONFLICT (path) DO NOTHING`, paths); err != nil {
			return err
		}
		// A statement of its own: it sees the rows other writers
		// committed while the insert ran.
		rows, _ := s.db.Query(ctx, `SELECT id, path FROM sources WHERE path = ANY($1)`, paths)
		var id int64
		var path string
		if _, err := pgx.ForEachRow(rows, []any{&id, &path}, func() error { s.sources[path] = id; return nil }); err != nil {
			return err
		}
	}
	if len(titles) > 0 {
		if _, err := s.db.Exec(ctx, `INSERT INTO series (title, version)
			SELECT * FROM unnest($1::text[], $2::integer[]) AS u(title, version) ORDER BY title, version
			ON CONFLICT (title, version) DO NOTHING`, titles, versions); err != nil {
			return err
		}
		rows, _ := s.db.Query(ctx, `SELECT se.id, se.title, se.version FROM series se
			JOIN unnest($1::text[], $2::integer[]) AS u(title, version) USING (title, version)`, titles, versions)
		var k seriesKey
		var id int64
		if _, err := pgx.ForEachRow(rows, []any{&id, &k.title, &k.version}, func() error { s.series[k] = id; return nil }); err != nil {
			return err
		}
	}
	return nil
}

// tableDoc is the model.Table as stored in tables.doc: without the id
// and copy count, which the columns hold.
func tableDoc(t *model.Table) (string, error) {
	doc := *t
	doc.ID, doc.QuotedCopies = "", 0
	js, err := json.Marshal(&doc)
	if err != nil {
		return "", fmt.Errorf("table at %s:%d: %w", t.Source, t.StartLine, err)
	}
	return string(js), nil
}

// jsonList renders a string list as a JSON array, [] for none.
func jsonList(l []string) json.RawMessage {
	if len(l) == 0 {
		return json.RawMessage("[]")
	}
	js, _ := json.Marshal(l)
	return js
}

// nullable stores "" as NULL.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
