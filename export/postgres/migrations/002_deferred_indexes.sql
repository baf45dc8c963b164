-- lkmlbench crawl database, schema 2, PostgreSQL dialect.
--
-- In SQLite, schema 2 adds deferred_indexes: a first crawl into an empty
-- file drops the secondary indexes of messages and rebuilds them at the
-- end. A PostgreSQL database is written by many crawlers at once, and
-- dropping an index under another writer would block it, so here the
-- indexes stay, and this version only keeps the two dialects' numbering
-- in step.
SELECT 1;
