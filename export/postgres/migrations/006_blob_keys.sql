-- lkmlbench crawl database, schema 6, PostgreSQL dialect: messages of
-- public-inbox epochs are keyed by their blob id (as SQLite's
-- export/sqlite/migrations/006_blob_keys.sql says), and those stored
-- before, keyed by SHA-256 of their bytes, join the rows marked in 005:
-- a message read again at the same place of the same source is one of
-- them whatever its hash.
UPDATE messages SET legacy_hash = true WHERE commit_id IS NOT NULL;
