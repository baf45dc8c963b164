-- lkmlbench crawl database, schema 5: reading positions, as PostgreSQL
-- has them (export/postgres/migrations/001_init.sql).
--
-- Folding used to decide by arrival: of equally quoted copies the one
-- stored first was kept, and tables were numbered in the order they were
-- stored. Merged shards arrive in the order of merge's inputs, so the
-- result depended on it. Now each message keeps its reading position
-- (messages.seq, store.Record.Seq) and each table where its kept copy and
-- its first copy were read; folding and numbering go by them, so that
-- merging shards in any order gives what one crawl of everything gives.

ALTER TABLE messages ADD COLUMN seq INTEGER NOT NULL DEFAULT 0; -- reading order (store.Record.Seq)
-- Content hashes stored before schema 5 are of two kinds: of the raw
-- message, or, for a message of a single-message file that was decoded,
-- of its decoded text, which changes with the decoder. Such rows are
-- marked (the default 1 marks every row already stored; every new row is
-- stored with 0), and a message read again at the same place of the same
-- source under the same Message-ID is one of them whatever its hash.
ALTER TABLE messages ADD COLUMN legacy_hash INTEGER NOT NULL DEFAULT 1;
-- Rows stored before were stored in reading order: their row ids are it.
UPDATE messages SET seq = id;
CREATE INDEX messages_seq ON messages (seq, id);
CREATE INDEX messages_legacy ON messages (message_id, source_id) WHERE legacy_hash = 1;

-- Where the kept copy was read (its message's seq and its place among the
-- message's tables) and where the first copy was, which numbers the table
-- (t01, t02, ... in first-read order) and counts in messages.tables.
ALTER TABLE tables ADD COLUMN held_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN held_index INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN first_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN first_index INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN first_message INTEGER NOT NULL DEFAULT 0; -- messages.id

-- Tables stored before: the kept copy's place is its rank among its
-- message's tables. Their first copies were numbered in storing order,
-- and each message counts those it held first (messages.tables), so the
-- n-th table by id was first read in the message that brings the running
-- count of messages.tables, in id order, to n. A database whose counts do
-- not add up (none written by lkmlbench) keeps the kept copy's place.
UPDATE tables SET
	held_seq = (SELECT seq FROM messages WHERE id = tables.message_rowid),
	held_index = (SELECT count(*) FROM tables o WHERE o.message_rowid = tables.message_rowid AND o.id < tables.id);
UPDATE tables SET first_seq = held_seq, first_index = held_index, first_message = message_rowid;
WITH f AS (SELECT id, tables, sum(tables) OVER (ORDER BY id) AS upto FROM messages WHERE tables > 0),
	t AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM tables),
	first AS (SELECT t.id AS tid, f.id AS mid, t.n - (f.upto - f.tables) - 1 AS idx
		FROM t JOIN f ON t.n > f.upto - f.tables AND t.n <= f.upto)
UPDATE tables SET first_message = first.mid, first_index = first.idx,
	first_seq = (SELECT seq FROM messages WHERE id = first.mid)
	FROM first WHERE first.tid = tables.id
		AND (SELECT sum(tables) FROM messages) = (SELECT count(*) FROM tables);
CREATE INDEX tables_first ON tables (first_seq, first_index);
