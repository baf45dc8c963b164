-- lkmlbench crawl database, schema 1, PostgreSQL dialect.
--
-- The tables of export/sqlite/migrations/001_init.sql with PostgreSQL
-- types: BYTEA for hashes and fingerprints, JSONB for the lists (context,
-- variants, flags), JSON for tables.doc (JSON keeps the text as written:
-- JSONB would turn the number -0.00 into 0.00), TIMESTAMPTZ for dates,
-- identity columns for ids. "offset" is a reserved word here: quote it.
--
-- Many crawlers write at once (one per --shard), each batch in one
-- transaction, so a few columns exist only in this dialect: the reading
-- order of each message (messages.seq, store.Record.Seq) and, per table,
-- where its kept copy and its first copy were read. Folding decides by
-- them instead of by arrival, so the result does not depend on which
-- shard commits first.

-- Inputs: files, folders, git epochs; messages point here to keep rows small.
CREATE TABLE sources (
	id   BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	path TEXT NOT NULL UNIQUE
);

-- A patch series: the title and version of a [PATCH vN i/M] subject.
CREATE TABLE series (
	id      BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	title   TEXT NOT NULL,
	version INTEGER NOT NULL,
	UNIQUE (title, version)
);

-- Every message crawled. (message_id, content_hash) keys it: a re-crawl
-- skips stored messages, an edited copy under the same id is kept.
CREATE TABLE messages (
	id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	message_id   TEXT NOT NULL,
	content_hash BYTEA NOT NULL,
	source_id    BIGINT NOT NULL REFERENCES sources (id),
	commit_id    TEXT,               -- public-inbox commit; NULL for files
	line         INTEGER NOT NULL,   -- 1-based line of the message in its file
	"offset"     BIGINT NOT NULL,    -- byte offset of the message in its file
	date         TIMESTAMPTZ,        -- Date header; NULL when unreadable
	subject      TEXT NOT NULL,
	from_name    TEXT NOT NULL,
	from_email   TEXT NOT NULL,
	in_reply_to  TEXT,
	thread_root  TEXT NOT NULL,      -- first References id, else In-Reply-To, else message_id
	series_id    BIGINT REFERENCES series (id),
	patch_index  INTEGER,
	patch_total  INTEGER,
	tables       INTEGER NOT NULL DEFAULT 0, -- tables whose first copy is in this message
	seq          BIGINT NOT NULL,    -- reading order within the crawl (store.Record.Seq)
	UNIQUE (message_id, content_hash)
);
CREATE INDEX messages_date ON messages (date);
CREATE INDEX messages_thread ON messages (thread_root);
CREATE INDEX messages_series ON messages (series_id) WHERE series_id IS NOT NULL;
CREATE INDEX messages_seq ON messages (seq, id);

-- Threads are derived from the messages' headers.
CREATE VIEW threads AS
	SELECT thread_root AS root, count(*) AS messages, min(date) AS first_date,
	       max(date) AS last_date, sum(tables) AS tables
	FROM messages GROUP BY thread_root;

-- One row per distinct table. fingerprint is sha256(lkmlbench.Fingerprint):
-- a quoted copy of a stored table adds to quoted_copies, and when it is
-- less quoted (or as quoted and read earlier) its provenance replaces the
-- stored one (as extract does).
CREATE TABLE tables (
	id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	fingerprint   BYTEA NOT NULL UNIQUE,
	message_rowid BIGINT NOT NULL REFERENCES messages (id),
	source        TEXT NOT NULL,
	message_id    TEXT NOT NULL,
	start_line    INTEGER NOT NULL,
	end_line      INTEGER NOT NULL,
	"offset"      BIGINT NOT NULL,
	quote_depth   INTEGER NOT NULL,
	author        TEXT NOT NULL,
	quoted_copies INTEGER NOT NULL DEFAULT 0,
	reconstructed BOOLEAN NOT NULL DEFAULT false,
	format        TEXT NOT NULL,
	benchmark     TEXT NOT NULL,
	context       JSONB NOT NULL, -- array of headings, outermost first
	variants      JSONB NOT NULL, -- array
	baseline      TEXT NOT NULL,
	unit          TEXT NOT NULL,
	direction     TEXT NOT NULL,
	statistic     TEXT NOT NULL,
	doc           JSON NOT NULL,  -- the model.Table
	-- Where the kept copy was read: its message's seq and its place among
	-- the message's tables. The first copy read, which numbers the table
	-- (t01, t02, ... in first-read order) and counts in messages.tables.
	held_seq      BIGINT NOT NULL,
	held_index    INTEGER NOT NULL,
	first_seq     BIGINT NOT NULL,
	first_index   INTEGER NOT NULL,
	first_message BIGINT NOT NULL REFERENCES messages (id)
);
CREATE INDEX tables_benchmark ON tables (benchmark);
CREATE INDEX tables_message ON tables (message_rowid);
CREATE INDEX tables_message_id ON tables (message_id);
CREATE INDEX tables_first ON tables (first_seq, first_index);

-- One row per number, as `lkmlbench extract --format jsonl` prints it.
CREATE TABLE observations (
	id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	table_id   BIGINT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	case_label TEXT NOT NULL,
	variant    TEXT NOT NULL,
	field      TEXT NOT NULL,
	value      TEXT NOT NULL,    -- the exact decimal text
	value_num  DOUBLE PRECISION, -- the same as a float, for arithmetic
	flags      JSONB NOT NULL,   -- array: row flags, then cell flags
	line       INTEGER NOT NULL,
	"offset"   BIGINT NOT NULL
);
CREATE INDEX observations_table ON observations (table_id);
