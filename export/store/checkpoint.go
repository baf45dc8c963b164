package store

import "context"

// A Checkpoint says how far a crawl read one input, so that the next
// crawl of the same input reads only what was added since:
//
//   - a public-inbox epoch: the last commit read (the next crawl reads
//     LAST..HEAD when LAST is an ancestor of HEAD, else the whole epoch);
//   - a plain mbox: the offset, line and content digest of the last
//     message read (the next crawl reads that message again and, when
//     its digest is unchanged, goes on from there: only appended mail is
//     read; otherwise it reads the whole file, and skips before decoding
//     the messages stored at the same offset with the same digest);
//   - a Maildir message or another single-message file: its size (a file
//     of the same name and size is not opened again);
//   - an mbox.gz: its size and the digest of the last message, once it
//     was read to the end (a file of the same size is not read again).
//
// Checkpoints are stored in the transaction that stores the records up to
// them, so that an interrupted crawl resumes exactly where its last
// committed batch ended.
type Checkpoint struct {
	// Input is the epoch or file path; for a Maildir message, the Maildir
	// path, "/" and the file's unique name (before ":2,"), which survives
	// flag changes.
	Input string
	// Selection names the filter and shard of the crawl that wrote it
	// ("" for a crawl of everything): a crawl with another selection reads
	// the input again, since the first one skipped what it did not select.
	Selection string
	// Commit is the last public-inbox commit read.
	Commit string
	// Offset and Line locate the last mbox message read (its first header
	// line) and Hash is the digest of its raw text (Record.Hash).
	Offset int64
	Line   int
	Hash   [16]byte
	// Size is the size of a single-message file or of an mbox.gz read to
	// its end; 0 otherwise.
	Size int64
	// Seq is the reading position (Record.Seq) of the last message read:
	// the next crawl with the same selection numbers its messages after
	// the highest of its checkpoints (LastSeq), so that what it adds
	// comes after what was read before, in every shard alike.
	Seq int64
}

// Checkpointer is implemented by stores that keep checkpoints: the crawl
// of such a store is incremental. It is kept apart from Store so that a
// store can do without it (every crawl then reads everything and the
// store skips what it holds).
type Checkpointer interface {
	// Checkpoints returns the checkpoints of selection for input and for
	// the inputs below it (input + "/..."), whose Input is a path inside.
	Checkpoints(ctx context.Context, input, selection string) ([]Checkpoint, error)
	// PutCheckpoints is Store.Put that also stores cps, replacing those of
	// the same Input and Selection, in the same transaction.
	PutCheckpoints(ctx context.Context, recs []Record, cps []Checkpoint) (PutStats, error)
	// Stored returns the offsets and content digests (Record.Hash) of the
	// messages stored from source: an mbox that changed before its
	// checkpoint is read again, and the messages found here are counted
	// as already stored without being decoded.
	Stored(ctx context.Context, source string) (map[int64][16]byte, error)
	// LastSeq returns the highest Seq of the checkpoints of selection, -1
	// when it has none.
	LastSeq(ctx context.Context, selection string) (int64, error)
}
