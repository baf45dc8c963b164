-- lkmlbench crawl database, schema 3.
--
-- Each number's change against its table's baseline and the verdict on
-- it (package normalize, model.Verdict), as the JSONL records carry them,
-- so that SQL can select regressions without decoding tables.doc:
--   SELECT ... FROM observations WHERE verdict = 'regressed'
-- Rows stored by an older lkmlbench keep NULL and '' here (their
-- tables.doc has no verdicts either); query and report judge such tables
-- afresh when they read them, and a new crawl into a fresh database fills
-- the columns.
ALTER TABLE observations ADD COLUMN improvement_pct REAL; -- positive is better; NULL when not compared
ALTER TABLE observations ADD COLUMN noise TEXT;           -- within_noise, beyond_noise or NULL
ALTER TABLE observations ADD COLUMN verdict TEXT NOT NULL DEFAULT ''; -- improved, regressed, within noise, or ''
-- A first crawl builds this index at the end, as those of 002.
CREATE INDEX observations_verdict ON observations (verdict) WHERE verdict <> '';
