-- lkmlbench crawl database, schema 2.
--
-- A first crawl into an empty database stores its messages without the
-- secondary indexes of messages (date, thread, series), which only
-- queries use, and builds them once at the end: maintaining them row by
-- row through a bulk load made SQLite write each index page many times.
-- The indexes dropped are recorded here in the same transaction; closing
-- the store rebuilds them and empties this table. A crawl killed before
-- that leaves its rows here: queries still work (more slowly), and the
-- next crawl or merge into the database rebuilds the indexes when it ends.
CREATE TABLE deferred_indexes (
	name TEXT PRIMARY KEY,
	sql  TEXT NOT NULL -- the CREATE INDEX statement, from sqlite_master
);
