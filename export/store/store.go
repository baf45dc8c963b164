package store

import (
	"context"
	"fmt"
	"strings"
	"time"

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
	// message, so that a re-crawl skips it and an edited copy is kept. A
	// message of a public-inbox epoch is keyed by the id of its blob,
	// which git computed over its bytes; a message of a file by SHA-256
	// of its bytes. Both are cut to 16 bytes.
	Hash [16]byte
	// Legacy marks a record whose Hash may be of a kind this lkmlbench
	// no longer makes (its store's migrations 005 and 006 say which): a
	// message read again at the same place of the same source under the
	// same Message-ID is this one whatever its new hash. Each sets it and
	// Put keeps it, so that a merge moves the mark with the message.
	Legacy bool
	// Commit is the public-inbox commit that holds the message; empty for
	// files.
	Commit string
	// Seq is the message's place in the crawl's reading order: every
	// shard of a crawl of the same inputs gives a message the same Seq,
	// since it counts the messages of other shards and those filtered
	// out too. A store that receives batches out of reading order (many
	// shards writing at once) folds quoted copies and numbers tables by
	// it, so that the result does not depend on which shard wrote first.
	// A negative Seq places the record after every message stored, in
	// the order of its batch: merge replays records so.
	Seq int64
	// Tables are the message's tables with provenance set and no ids; the
	// store numbers them and folds quoted copies by lkmlbench.Fingerprint.
	Tables []model.Table
	// Places, when not nil, says where each of Tables was read (one per
	// table). Each sets it from what the store kept, so that merge stores
	// every table at the places a crawl gave it; a crawl leaves it nil:
	// table j is then the message's j-th, and its first copy too.
	Places []Place
}

// Place is where the copies of a stored table were read: the kept copy in
// the record that holds it, the first copy in reading order (which numbers
// the table and counts in its message's tables) in any message.
type Place struct {
	// Index is the kept copy's place among its message's tables.
	Index int
	// FirstSeq and FirstIndex are the first copy's reading position: the
	// Seq of its message and its place among that message's tables.
	FirstSeq   int64
	FirstIndex int
	// FirstID and FirstHash key the message of the first copy.
	FirstID   string
	FirstHash [16]byte
}

// Before compares two reading positions (a message's Seq and a table's
// place in it): negative when the first comes first.
func Before(seq int64, index int, oseq int64, oindex int) int {
	if seq != oseq {
		if seq < oseq {
			return -1
		}
		return 1
	}
	return index - oindex
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

// Store keeps crawl records.
type Store interface {
	// Put stores records atomically: either every record is stored or
	// none is. A record whose message (Meta.ID and Hash) is already
	// stored is skipped with its tables. A table whose
	// lkmlbench.Fingerprint is stored is folded into the stored one: its
	// quoted_copies count grows by 1 + the table's own QuotedCopies, and
	// the provenance of the least quoted copy is kept, of the first read
	// (lowest Seq, then place in its message) among equally quoted ones;
	// tables are numbered by where their first copies were read. What is
	// kept thus depends on reading positions alone, never on the order of
	// Puts.
	Put(ctx context.Context, recs []Record) (PutStats, error)
	// Each calls fn for every stored record in reading order (Seq), with
	// the tables it holds, their quoted-copy counts and Places; merge
	// replays one store into another with it.
	Each(ctx context.Context, fn func(*Record) error) error
	// Close releases the store.
	Close() error
}

// Sequencer is implemented by stores that can say where their reading
// order ends, so that merge can place what it adds after what they hold.
type Sequencer interface {
	// NextSeq returns a Seq after that of every stored message: 0 for
	// an empty store.
	NextSeq(ctx context.Context) (int64, error)
}

// InProcess is implemented by stores that write on the caller's own
// cores (an embedded database), not on a server's: a crawl counts their
// Put against the cores its workers may use, and lets a server's run
// beside them.
type InProcess interface {
	// InProcess marks the store; it does nothing.
	InProcess()
}

// Query selects stored tables; zero fields select everything. Text
// filters are matched case-insensitively; Benchmark is an SQL LIKE pattern
// ('%' and '_' are wildcards), Series and Author are plain text ('%' and '_'
// match themselves, see ContainsPattern).
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

// ContainsPattern renders text as a LIKE pattern, with the escape
// character '\', that matches any value containing the text literally:
// '%', '_' and '\' in it match themselves.
func ContainsPattern(text string) string {
	return "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(text) + "%"
}

// Reader is a store that answers queries.
type Reader interface {
	// Document returns the stored tables q selects in table order, each
	// with its id (TableID) and quoted-copy count as extract gives them,
	// and the messages that hold them (subject, sender, date, patch tag):
	// what summary, report and series read from a database as from files.
	Document(ctx context.Context, q Query) (*model.Document, error)
	// SeriesOf returns the titles of the patch series a message belongs
	// to: its own subject's, else those of the other messages of its
	// thread; none when the message is not stored or no subject names a
	// series.
	SeriesOf(ctx context.Context, messageID string) ([]string, error)
}

// Observations returns the records of the tables q selects, exactly as
// `lkmlbench extract --format jsonl` prints them.
func Observations(ctx context.Context, r Reader, q Query) ([]model.Observation, error) {
	doc, err := r.Document(ctx, q)
	if err != nil {
		return nil, err
	}
	var out []model.Observation
	for i := range doc.Tables {
		out = doc.Tables[i].AppendObservations(out)
	}
	return out, nil
}

// TableID renders a table's number as extract numbers tables: "t01", ...
func TableID(n int64) string { return fmt.Sprintf("t%02d", n) }
