-- lkmlbench crawl database, schema 4: incremental crawls.
--
-- One row per input a crawl read (a public-inbox epoch, an mbox, a
-- Maildir message, an mbox.gz) and selection (the crawl's filter and
-- shard, '' for none), written in the transaction of the records up to
-- it: the next crawl of the input reads only what came after
-- (store.Checkpoint says what each column holds for each kind).
CREATE TABLE checkpoints (
	input     TEXT NOT NULL,
	selection TEXT NOT NULL,
	commit_id TEXT,                     -- public-inbox: the last commit read
	offset    INTEGER NOT NULL DEFAULT 0, -- mbox: the last message read
	line      INTEGER NOT NULL DEFAULT 0,
	hash      BLOB,                     -- mbox: that message's content digest
	size      INTEGER NOT NULL DEFAULT 0, -- single-message file, mbox.gz: its size
	seq       INTEGER NOT NULL DEFAULT 0, -- reading position of the last message read (store.Record.Seq)
	PRIMARY KEY (input, selection)
) WITHOUT ROWID;
