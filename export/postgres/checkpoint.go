package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/lkmlbench/lkmlbench/export/store"
)

// The store keeps the crawl's checkpoints in the table of
// migrations/004_checkpoints.sql, so that crawls into it are incremental.
var _ store.Checkpointer = (*Store)(nil)

// Checkpoints implements store.Checkpointer: the checkpoints of
// selection for input and the inputs below it.
func (s *Store) Checkpoints(ctx context.Context, input, selection string) ([]store.Checkpoint, error) {
	// Paths below input sort between input+"/" and input+"0" ('0' follows
	// '/') in byte order, so the primary key answers the range.
	rows, err := s.db.Query(ctx, `SELECT input, commit_id, "offset", line, hash, size, seq FROM checkpoints
		WHERE selection = $1 AND (input = $2 OR (input COLLATE "C" >= $3 AND input COLLATE "C" < $4))`,
		selection, input, input+"/", input+"0")
	if err != nil {
		return nil, s.wrap("reading checkpoints", err)
	}
	defer rows.Close()
	var out []store.Checkpoint
	for rows.Next() {
		cp := store.Checkpoint{Selection: selection}
		var commit *string
		var hash []byte
		if err := rows.Scan(&cp.Input, &commit, &cp.Offset, &cp.Line, &hash, &cp.Size, &cp.Seq); err != nil {
			return nil, s.wrap("reading checkpoints", err)
		}
		if commit != nil {
			cp.Commit = *commit
		}
		copy(cp.Hash[:], hash)
		out = append(out, cp)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap("reading checkpoints", err)
	}
	return out, nil
}

// Stored implements store.Checkpointer: the offset and content hash of
// every message stored from source. It scans the messages of the source
// (there is no index on it), which is fine for the rare mbox that changed
// before its checkpoint.
func (s *Store) Stored(ctx context.Context, source string) (map[int64][16]byte, error) {
	rows, err := s.db.Query(ctx, `SELECT m."offset", m.content_hash FROM messages m
		JOIN sources src ON src.id = m.source_id WHERE src.path = $1`, source)
	if err != nil {
		return nil, s.wrap("reading stored messages", err)
	}
	out := map[int64][16]byte{}
	var off int64
	var hash []byte
	if _, err := pgx.ForEachRow(rows, []any{&off, &hash}, func() error {
		var h [16]byte
		copy(h[:], hash)
		out[off] = h
		return nil
	}); err != nil {
		return nil, s.wrap("reading stored messages", err)
	}
	return out, nil
}

// LastSeq implements store.Checkpointer.
func (s *Store) LastSeq(ctx context.Context, selection string) (int64, error) {
	var last int64
	if err := s.db.QueryRow(ctx, `SELECT coalesce(max(seq), -1) FROM checkpoints WHERE selection = $1`,
		selection).Scan(&last); err != nil {
		return 0, s.wrap("reading checkpoints", err)
	}
	return last, nil
}

// PutCheckpoints implements store.Checkpointer: Put, and the
// checkpoints in the same transaction.
func (s *Store) PutCheckpoints(ctx context.Context, recs []store.Record, cps []store.Checkpoint) (store.PutStats, error) {
	return s.putAll(ctx, recs, cps)
}

// checkpoints stores cps in the batch's transaction.
func (b *batch) checkpoints(cps []store.Checkpoint) error {
	for i := range cps {
		cp := &cps[i]
		var hash any
		if cp.Hash != ([16]byte{}) {
			hash = cp.Hash[:]
		}
		if _, err := b.tx.Exec(b.ctx, `INSERT INTO checkpoints (input, selection, commit_id, "offset", line, hash, size, seq)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
			ON CONFLICT (input, selection) DO UPDATE SET commit_id = excluded.commit_id, "offset" = excluded."offset",
				line = excluded.line, hash = excluded.hash, size = excluded.size, seq = excluded.seq`,
			cp.Input, cp.Selection, nullable(cp.Commit), cp.Offset, cp.Line, hash, cp.Size, cp.Seq); err != nil {
			return err
		}
	}
	return nil
}
