-- lkmlbench crawl database, schema 3, PostgreSQL dialect.
--
-- Each number's change against its table's baseline and the verdict on
-- it (package normalize, model.Verdict), as the JSONL records carry them,
-- so that SQL can select regressions without decoding tables.doc:
--   SELECT ... FROM observations WHERE verdict = 'regressed'
-- As export/sqlite/migrations/003_verdicts.sql: rows stored by an older
-- lkmlbench keep NULL and '' here; query and report judge such tables
-- afresh when they read them.
ALTER TABLE observations ADD COLUMN improvement_pct DOUBLE PRECISION; -- positive is better; NULL when not compared
ALTER TABLE observations ADD COLUMN noise TEXT;                       -- within_noise, beyond_noise or NULL
ALTER TABLE observations ADD COLUMN verdict TEXT NOT NULL DEFAULT ''; -- improved, regressed, within noise, or ''
CREATE INDEX observations_verdict ON observations (verdict) WHERE verdict <> '';
