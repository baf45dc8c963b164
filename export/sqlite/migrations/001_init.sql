-- lkmlbench crawl database, schema 1.
--
-- One row per message crawled (with or without tables), one per distinct
-- benchmark table (quoted copies of a table are folded into one row and
-- counted), one per number of a table. Text columns holding lists
-- (context, variants, flags) are JSON arrays; tables.doc is the whole
-- model.Table as JSON, so that merge can replay a database exactly.

-- Inputs: files, folders, git epochs; messages point here to keep rows small.
CREATE TABLE sources (
	id   INTEGER PRIMARY KEY,
	path TEXT NOT NULL UNIQUE
);

-- A patch series: the title and version of a [PATCH vN i/M] subject.
CREATE TABLE series (
	id      INTEGER PRIMARY KEY,
	title   TEXT NOT NULL,
	version INTEGER NOT NULL,
	UNIQUE (title, version)
);

-- Every message crawled. (message_id, content_hash) keys it: a re-crawl
-- skips stored messages, an edited copy under the same id is kept.
CREATE TABLE messages (
	id           INTEGER PRIMARY KEY,
	message_id   TEXT NOT NULL,
	content_hash BLOB NOT NULL,
	source_id    INTEGER NOT NULL REFERENCES sources (id),
	commit_id    TEXT,             -- public-inbox commit; NULL for files
	line         INTEGER NOT NULL, -- 1-based line of the message in its file
	offset       INTEGER NOT NULL, -- byte offset of the message in its file
	date         INTEGER,          -- Date header, Unix seconds; NULL when unreadable
	subject      TEXT NOT NULL,
	from_name    TEXT NOT NULL,
	from_email   TEXT NOT NULL,
	in_reply_to  TEXT,
	thread_root  TEXT NOT NULL,    -- first References id, else In-Reply-To, else message_id
	series_id    INTEGER REFERENCES series (id),
	patch_index  INTEGER,
	patch_total  INTEGER,
	tables       INTEGER NOT NULL DEFAULT 0, -- tables first seen in this message
	UNIQUE (message_id, content_hash)
);
CREATE INDEX messages_date ON messages (date);
CREATE INDEX messages_thread ON messages (thread_root);
CREATE INDEX messages_series ON messages (series_id) WHERE series_id IS NOT NULL;

-- Threads are derived from the messages' headers.
CREATE VIEW threads AS
	SELECT thread_root AS root, count(*) AS messages, min(date) AS first_date,
	       max(date) AS last_date, sum(tables) AS tables
	FROM messages GROUP BY thread_root;

-- One row per distinct table. fingerprint is sha256(lkmlbench.Fingerprint):
-- a quoted copy of a stored table adds to quoted_copies, and when it is
-- less quoted its provenance replaces the stored one (as extract does).
CREATE TABLE tables (
	id            INTEGER PRIMARY KEY,
	fingerprint   BLOB NOT NULL UNIQUE,
	message_rowid INTEGER NOT NULL REFERENCES messages (id),
	source        TEXT NOT NULL,
	message_id    TEXT NOT NULL,
	start_line    INTEGER NOT NULL,
	end_line      INTEGER NOT NULL,
	offset        INTEGER NOT NULL,
	quote_depth   INTEGER NOT NULL,
	author        TEXT NOT NULL,
	quoted_copies INTEGER NOT NULL DEFAULT 0,
	reconstructed INTEGER NOT NULL DEFAULT 0,
	format        TEXT NOT NULL,
	benchmark     TEXT NOT NULL,
	context       TEXT NOT NULL, -- JSON array of headings, outermost first
	variants      TEXT NOT NULL, -- JSON array
	baseline      TEXT NOT NULL,
	unit          TEXT NOT NULL,
	direction     TEXT NOT NULL,
	statistic     TEXT NOT NULL,
	doc           TEXT NOT NULL  -- the model.Table as JSON
);
CREATE INDEX tables_benchmark ON tables (benchmark);
CREATE INDEX tables_message ON tables (message_rowid);
CREATE INDEX tables_message_id ON tables (message_id);

-- One row per number, as `lkmlbench extract --format jsonl` prints it.
CREATE TABLE observations (
	id         INTEGER PRIMARY KEY,
	table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
	case_label TEXT NOT NULL,
	variant    TEXT NOT NULL,
	field      TEXT NOT NULL,
	value      TEXT NOT NULL, -- the exact decimal text
	value_num  REAL,          -- the same as a float, for arithmetic
	flags      TEXT NOT NULL, -- JSON array: row flags, then cell flags
	line       INTEGER NOT NULL,
	offset     INTEGER NOT NULL
);
CREATE INDEX observations_table ON observations (table_id);
