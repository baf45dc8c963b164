-- lkmlbench crawl database, schema 4, PostgreSQL dialect: incremental
-- crawls, as export/sqlite/migrations/004_checkpoints.sql.
--
-- One row per input a crawl read (a public-inbox epoch, an mbox, a
-- Maildir message, an mbox.gz) and selection (the crawl's filter and
-- shard, '' for none), written in the transaction of the records up to
-- it: the next crawl of the input reads only what came after
-- (store.Checkpoint says what each column holds for each kind). Each
-- shard has its own rows (its selection names it), so writers never
-- share one.
CREATE TABLE checkpoints (
	input     TEXT NOT NULL,
	selection TEXT NOT NULL,
	commit_id TEXT,                      -- public-inbox: the last commit read
	"offset"  BIGINT NOT NULL DEFAULT 0, -- mbox: the last message read
	line      INTEGER NOT NULL DEFAULT 0,
	hash      BYTEA,                     -- mbox: that message's content digest
	size      BIGINT NOT NULL DEFAULT 0, -- single-message file, mbox.gz: its size
	seq       BIGINT NOT NULL DEFAULT 0, -- reading position of the last message read (store.Record.Seq)
	PRIMARY KEY (input, selection)
);
