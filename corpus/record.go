package corpus

import (
	"context"

	"github.com/lkmlbench/lkmlbench/model"
)

// Record is one message as the crawl stores it, with the tables found in
// it (none for the many messages that hold no table).
type Record struct {
	// Meta holds the message's headers and position. For messages the
	// prefilter skipped it is read from the raw header block alone:
	// References then holds only the thread root and Trailers are empty.
	Meta model.Message
	// Hash is a digest of the message's content; with Meta.ID it keys the
	// message, so that a re-crawl skips it and an edited copy is kept.
	Hash [16]byte
	// Commit is the public-inbox commit that holds the message; empty for
	// files.
	Commit string
	// Tables are the message's tables with provenance set and no ids; the
	// store numbers them and folds quoted copies by lkmlbench.Fingerprint.
	Tables []model.Table
}

// ThreadRoot is the id of the first message of the record's thread as its
// headers name it: the first reference, else the replied-to message, else
// the message itself.
func (r *Record) ThreadRoot() string {
	switch {
	case len(r.Meta.References) > 0:
		return r.Meta.References[0]
	case r.Meta.InReplyTo != "":
		return r.Meta.InReplyTo
	}
	return r.Meta.ID
}

// PutStats says what one Store.Put changed.
type PutStats struct {
	// Messages were added; Duplicates were already stored (same id and
	// hash) and their tables were ignored.
	Messages, Duplicates int
	// Tables were added; Folded were quoted copies of stored tables.
	Tables, Folded int
}

// Add counts o into s, for totals over several Puts.
func (s *PutStats) Add(o PutStats) {
	s.Messages += o.Messages
	s.Duplicates += o.Duplicates
	s.Tables += o.Tables
	s.Folded += o.Folded
}

// Store keeps crawl records. Implementations: export/sqlite (embedded, the
// default). A server database (PostgreSQL) would implement the same
// interface.
type Store interface {
	// Put stores records atomically, in order: either every record is
	// stored or none is. A record whose message (Meta.ID and Hash) is
	// already stored is skipped with its tables. A table whose
	// lkmlbench.Fingerprint is stored is folded into the stored one:
	// its quoted_copies count grows by 1 + the table's own QuotedCopies,
	// and the less quoted copy's provenance is kept.
	Put(ctx context.Context, recs []Record) (PutStats, error)
	// Each calls fn for every stored record in storage order, tables with
	// their quoted-copy counts; merge replays one store into another with
	// it.
	Each(ctx context.Context, fn func(*Record) error) error
	// Close releases the store.
	Close() error
}
