-- lkmlbench crawl database, schema 5, PostgreSQL dialect.
--
-- SQLite's schema 5 (export/sqlite/migrations/005_positions.sql) adds the
-- reading positions this dialect always had, and marks the messages
-- stored before it: their content hash may be of another kind (of the
-- decoded text of a single-message file, which changed with the
-- decoder). So here: every row already stored is marked (the column's
-- first default), every new row is not, and a message read again at the
-- same place of the same source under the same Message-ID is one of them
-- whatever its hash.
ALTER TABLE messages ADD COLUMN legacy_hash BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE messages ALTER COLUMN legacy_hash SET DEFAULT false;
CREATE INDEX messages_legacy ON messages (message_id, source_id) WHERE legacy_hash;
