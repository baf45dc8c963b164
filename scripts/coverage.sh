#!/bin/sh
# coverage.sh measures, on crawled databases, issue 19's two coverage
# figures as the issue states them, and what lies under them:
#
#   1. the share of multi-variant tables that have a baseline;
#   2. the share of those tables' numbers that have a direction (the
#      cell's own, else the table's).
#
#   scripts/coverage.sh AFTER.db [BEFORE.db]
#
# A multi-variant table is one that compares two or more variants: its
# columns are variants (two or more, and `columns` is not `metrics`), or
# its rows are (`baseline_case` names a reference row). A table whose
# columns are different metrics or tests side by side (`columns` =
# `metrics`, normalize.metricColumns) compares nothing unless a row is
# its reference; such tables are counted apart, not as lacking a
# baseline. "With a baseline" is a baseline column or a reference row.
#
# The numbers are also split by kind, because a direction means
# something different for each (docs/verdict-coverage.md):
#   result   a reading of a metric (a value, mean, percentile, min, max)
#   change   a printed change of a reading (pct, x_pct, pct_points, a
#            change column such as "overhead" or "perc_diff")
#   spread   a cv, stddev or variance of a reading
#   counter  a row or column the code calls a counter (verdict_basis
#            "counter": CPU time, context switches, faults, usage counts of
#            fixed-length runs); only compared cells carry the basis, so
#            counters of tables without a baseline count as results
#   monitor  the kernel test robot's system monitors (perf-profile,
#            perf-stat, proc-vmstat, meminfo, sched_debug, ... and the
#            benchmark's /usr/bin/time rows)
#
# BEFORE.db (a crawl of the same archive by an older build, which may not
# know `columns` and `baseline_case`) is measured twice: by its own
# reading, and on AFTER.db's multi-variant tables (matched by message and
# first line), so that both builds are held to one denominator.
set -eu
after=$1
before=${2:-}

# kinds DB: a temporary table "num" of every number of DB's tables with
# its table's message and line, whether the table is multi-variant and
# has a baseline, the number's kind and whether it has a direction.
kinds() {
	cat <<SQL
CREATE TEMP TABLE tab AS
  SELECT t.id, t.message_id, t.start_line, t.format, t.direction, t.doc,
         coalesce(json_extract(t.doc, '\$.columns'), '') AS columns,
         coalesce(json_extract(t.doc, '\$.baseline_case'), '') AS baseline_case,
         t.baseline,
         json_array_length(t.variants) AS nvariants
  FROM $1.tables t;
CREATE TEMP TABLE num AS
  SELECT tab.id AS tid, tab.message_id, tab.start_line,
         (tab.nvariants >= 2 AND tab.columns <> 'metrics') OR tab.baseline_case <> '' AS multi,
         tab.columns = 'metrics' AND tab.baseline_case = '' AS metrics_only,
         tab.baseline <> '' OR tab.baseline_case <> '' AS has_baseline,
         coalesce(nullif(json_extract(x.value, '\$.direction'), ''), nullif(tab.direction, '')) IS NOT NULL AS has_dir,
         CASE
           WHEN tab.format = 'lkp' AND (json_extract(r.value, '\$.case') LIKE '%.time.%'
                OR json_extract(r.value, '\$.case') GLOB '[a-z]*-profile.*'
                OR json_extract(r.value, '\$.case') GLOB 'perf-*'
                OR json_extract(r.value, '\$.case') GLOB '*vmstat.*'
                OR json_extract(r.value, '\$.case') GLOB '*meminfo.*'
                OR json_extract(r.value, '\$.case') GLOB '*numastat.*'
                OR json_extract(r.value, '\$.case') GLOB 'sched_debug.*'
                OR json_extract(r.value, '\$.case') GLOB 'slabinfo.*'
                OR json_extract(r.value, '\$.case') GLOB 'interrupts.*'
                OR json_extract(r.value, '\$.case') GLOB 'softirqs.*'
                OR json_extract(r.value, '\$.case') GLOB 'latency_stats.*'
                OR json_extract(r.value, '\$.case') GLOB 'mpstat.*'
                OR json_extract(r.value, '\$.case') GLOB 'turbostat.*'
                OR json_extract(r.value, '\$.case') GLOB 'iostat.*'
                OR json_extract(r.value, '\$.case') GLOB 'pmeter.*'
                OR json_extract(r.value, '\$.case') GLOB 'lock_stat.*'
                OR json_extract(r.value, '\$.case') GLOB 'cpuidle.*'
                OR json_extract(r.value, '\$.case') GLOB 'cpufreq.*'
                OR json_extract(r.value, '\$.case') GLOB 'boot-time.*'
                OR json_extract(r.value, '\$.case') GLOB 'uptime.*'
                OR json_extract(r.value, '\$.case') GLOB 'pagetypeinfo.*'
                OR json_extract(r.value, '\$.case') GLOB 'buddyinfo.*') THEN 'monitor'
           WHEN json_extract(x.value, '\$.verdict_basis') = 'counter' THEN 'counter'
           WHEN json_extract(x.value, '\$.field') IN ('cv', 'stddev', 'stdev', 'var')
                OR json_extract(x.value, '\$.field') GLOB '*_cv'
                OR json_extract(x.value, '\$.field') GLOB '*_std*' THEN 'spread'
           WHEN json_extract(x.value, '\$.field') IN ('pct', 'pct_points')
                OR json_extract(x.value, '\$.field') GLOB '*_pct'
                OR (tab.columns = 'metrics' AND (json_extract(x.value, '\$.variant') LIKE '%\%%' ESCAPE '\\'
                    OR lower(json_extract(x.value, '\$.variant')) GLOB '*diff*'
                    OR lower(json_extract(x.value, '\$.variant')) IN ('overhead', 'delta', 'change', 'gain', 'improvement', 'speedup')))
                THEN 'change'
           ELSE 'result'
         END AS kind
  FROM tab, json_each(tab.doc, '\$.rows') r, json_each(r.value, '\$.cells') x;
CREATE TEMP TABLE tabs AS
  SELECT tid, message_id, start_line, max(multi) AS multi, max(metrics_only) AS metrics_only, max(has_baseline) AS has_baseline
  FROM num GROUP BY tid;
SQL
}

# report: the figures of the temporary tables "num" and "tabs" of the
# session, restricted to the tables that "sel" names.
report() {
	cat <<'SQL'
SELECT count(*) AS multi_variant_tables,
       sum(has_baseline) AS with_baseline,
       round(100.0 * sum(has_baseline) / count(*), 1) AS baseline_pct
FROM tabs WHERE tid IN (SELECT tid FROM sel);
SELECT count(*) AS numbers, sum(has_dir) AS with_direction, round(100.0 * sum(has_dir) / count(*), 1) AS direction_pct
FROM num WHERE tid IN (SELECT tid FROM sel);
SELECT kind, count(*) AS numbers, sum(has_dir) AS with_direction, round(100.0 * sum(has_dir) / count(*), 1) AS direction_pct
FROM num WHERE tid IN (SELECT tid FROM sel) GROUP BY kind ORDER BY count(*) DESC;
SQL
}

echo "== $after"
sqlite3 -header -column "$after" <<SQL
ATTACH '$after' AS a;
$(kinds a)
SELECT (SELECT count(*) FROM tabs WHERE metrics_only) AS metrics_side_by_side_tables_left_out,
       (SELECT count(*) FROM a.tables WHERE json_extract(doc, '\$.baseline_case') <> '') AS tables_with_a_reference_row;
CREATE TEMP TABLE sel AS SELECT tid FROM tabs WHERE multi;
$(report)
SQL

if [ -n "$before" ]; then
	echo "== $before, by its own reading"
	sqlite3 -header -column "$before" <<SQL
ATTACH '$before' AS b;
$(kinds b)
CREATE TEMP TABLE sel AS SELECT tid FROM tabs WHERE multi;
$(report)
SQL
	echo "== $before, on the multi-variant tables of $after (matched by message and line)"
	sqlite3 -header -column "$before" <<SQL
ATTACH '$before' AS b;
ATTACH '$after' AS a;
$(kinds b)
CREATE TEMP TABLE sel AS
  SELECT tabs.tid FROM tabs
  WHERE EXISTS (SELECT 1 FROM a.tables t
                WHERE t.message_id = tabs.message_id AND t.start_line = tabs.start_line
                  AND ((json_array_length(t.variants) >= 2 AND coalesce(json_extract(t.doc, '\$.columns'), '') <> 'metrics')
                       OR coalesce(json_extract(t.doc, '\$.baseline_case'), '') <> ''));
$(report)
SQL
fi
