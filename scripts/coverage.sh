#!/bin/sh
# coverage.sh measures, on crawled databases, issue 19's two coverage
# figures: the share of multi-variant tables (two or more variants) that
# have a baseline, and the share of their numbers that have a direction
# (the cell's own, else the table's).
#
#   scripts/coverage.sh AFTER.db [BEFORE.db]
#
# Numbers are counted twice. "all" counts every number of those tables.
# "results" leaves out the rows that are counters (any cell with
# verdict_basis "counter" in AFTER.db: LKP's time.* and monitor rows,
# context switches, page faults, CPU time and utilisation, profile
# shares). Those rows carry no verdict by design (normalize/counter.go),
# so they are context, not results; the "results" denominator is the
# numbers a verdict could be about. A BEFORE.db (a crawl of the same
# archive by an older build) is measured on the same denominators: its
# tables are matched to AFTER.db's by fingerprint and its rows by
# position.
set -eu
after=$1
before=${2:-}

measure() { # $1 db to measure, $2 db that names the counter rows
	sqlite3 -header -column "$1" <<SQL
ATTACH '$2' AS c;
CREATE TEMP TABLE counter_rows AS
  SELECT DISTINCT t.fingerprint AS fp, CAST(r.key AS INTEGER) AS ri
  FROM c.tables t, json_each(t.doc, '\$.rows') r, json_each(r.value, '\$.cells') x
  WHERE json_extract(x.value, '\$.verdict_basis') = 'counter';
CREATE TEMP TABLE mv AS
  SELECT id, fingerprint, baseline, direction, doc FROM tables WHERE json_array_length(variants) >= 2;
CREATE TEMP TABLE cells AS
  SELECT mv.baseline <> '' AS has_baseline,
         coalesce(nullif(json_extract(x.value, '\$.direction'), ''), nullif(mv.direction, '')) IS NOT NULL AS has_dir,
         EXISTS (SELECT 1 FROM counter_rows k WHERE k.fp = mv.fingerprint AND k.ri = CAST(r.key AS INTEGER)) AS counter
  FROM mv, json_each(mv.doc, '\$.rows') r, json_each(r.value, '\$.cells') x;
SELECT (SELECT count(*) FROM mv) AS multi_variant_tables,
       (SELECT count(*) FROM mv WHERE baseline <> '') AS with_baseline,
       round(100.0 * (SELECT count(*) FROM mv WHERE baseline <> '') / (SELECT count(*) FROM mv), 1) AS baseline_pct,
       (SELECT count(*) FROM cells) AS numbers_all,
       round(100.0 * (SELECT sum(has_dir) FROM cells) / (SELECT count(*) FROM cells), 1) AS direction_pct_all,
       (SELECT count(*) FROM cells WHERE NOT counter) AS numbers_results,
       round(100.0 * (SELECT sum(has_dir) FROM cells WHERE NOT counter) / (SELECT count(*) FROM cells WHERE NOT counter), 1) AS direction_pct_results;
SQL
}

echo "== $after"
measure "$after" "$after"
if [ -n "$before" ]; then
	echo "== $before (denominators of $after)"
	measure "$before" "$after"
fi
