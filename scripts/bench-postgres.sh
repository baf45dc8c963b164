#!/usr/bin/env bash
# bench-postgres.sh times `lkmlbench crawl` of one real archive into
# SQLite and into PostgreSQL (a server of its own, started and stopped by
# scripts/pg-test-server.sh, default settings), alternately, ROUNDS times
# each, then (with SHARDS=n) n --shard crawls at once into one fresh
# PostgreSQL database; it checks that every PostgreSQL database holds the
# records of the SQLite one (query -f jsonl, compared byte for byte) and
# prints the wall-clock and CPU times and the PostgreSQL/SQLite ratio for
# BENCHMARKS.md.
#
#   LKMLBENCH_ARCHIVES=/path/to/linux-pm/repo scripts/bench-postgres.sh
#   ROUNDS=2 SHARDS=2 LKMLBENCH_ARCHIVES=... scripts/bench-postgres.sh
#
# The first path of LKMLBENCH_ARCHIVES (colon-separated) is crawled.
set -euo pipefail

ROUNDS=${ROUNDS:-1}
SHARDS=${SHARDS:-0}
TIME=${TIME:-/usr/bin/time}
archive=${LKMLBENCH_ARCHIVES%%:*}
if [ -z "$archive" ] || [ ! -e "$archive" ]; then
	echo "$0: set LKMLBENCH_ARCHIVES to a public-inbox epoch, inbox or mbox" >&2
	exit 2
fi

cd "$(dirname "$0")/.."
work=$(mktemp -d)
pgdir=$(mktemp -d -u "${TMPDIR:-/tmp}/lkmlbench-benchpg.XXXXXX")
trap 'scripts/pg-test-server.sh stop "$pgdir"; rm -rf "$work"' EXIT
go build -o "$work/lkmlbench" ./cmd/lkmlbench
lkb=$work/lkmlbench
eval "$(scripts/pg-test-server.sh start "$pgdir")"
server=$LKMLBENCH_TEST_POSTGRES

# fresh NAME creates an empty database and prints its URL.
fresh() {
	psql -q "$server" -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1" >/dev/null 2>&1
	echo "${server%/postgres*}/$1?sslmode=disable"
}

# servercpu prints the CPU seconds the server has used so far: the
# postmaster's own and its reaped children's (the backends of finished
# connections), and those of its live children.
servercpu() {
	local pid ticks=0 p f
	pid=$(head -1 "$pgdir/data/postmaster.pid")
	for p in "$pid" $(pgrep -P "$pid"); do
		# Fields after "(comm) ": state is [0], utime [11], stime [12],
		# cutime [13], cstime [14].
		# A child may end between pgrep and the read: its time then
		# counts in the postmaster's.
		read -r -a f <<<"$(sed 's/^.*) //' "/proc/$p/stat" 2>/dev/null)" || continue
		[ "${#f[@]}" -gt 14 ] || continue
		ticks=$((ticks + f[11] + f[12]))
		if [ "$p" = "$pid" ]; then
			ticks=$((ticks + f[13] + f[14]))
		fi
	done
	echo "scale=1; $ticks / $(getconf CLK_TCK)" | bc
}

# timed LABEL CMD... runs a crawl under GNU time and prints one line,
# with the server's CPU time spent meanwhile.
timed() {
	local label=$1
	shift
	local load before
	load=$(cut -d' ' -f1-3 /proc/loadavg)
	before=$(servercpu)
	local children
	children=$(pgrep -c -P "$(head -1 "$pgdir/data/postmaster.pid")")
	# Exit status 1: messages that could not be read (counted faults,
	# e.g. blobs a partial mirror lacks); the rest was crawled. GNU time
	# then writes a line of its own before the figures.
	local status=0
	"$TIME" -f "%e %U %S %M" -o "$work/time" "$@" 2>"$work/log" || status=$?
	if [ "$status" -gt 1 ]; then
		cat "$work/log" >&2
		exit 1
	fi
	# The crawler's backend ends after the crawler: wait until the
	# postmaster has reaped it, so that its time is counted.
	for _ in $(seq 50); do
		[ "$(pgrep -c -P "$(head -1 "$pgdir/data/postmaster.pid")")" -le "$children" ] && break
		sleep 0.1
	done
	read -r wall user sys rss < <(tail -n1 "$work/time")
	printf '%-20s wall %6.1f s  crawler CPU %5.1f s (user %.1f + sys %.1f)  server CPU %5.1f s  peak RSS %d MB  load before %s\n' \
		"$label" "$wall" "$(echo "$user + $sys" | bc)" "$user" "$sys" "$(echo "$(servercpu) - $before" | bc)" \
		$((rss / 1024)) "$load"
	echo "$wall" >"$work/last"
}

echo "archive: $archive"
echo "machine: $(nproc) CPUs, $(uname -m), $(awk '/MemTotal/ {printf "%.0f GB", $2/1e6}' /proc/meminfo); other jobs may share it: see the load"
for round in $(seq "$ROUNDS"); do
	rm -f "$work/s.db" "$work/s.db-wal" "$work/s.db-shm"
	timed "sqlite round $round" "$lkb" crawl --db "$work/s.db" "$archive"
	sq=$(cat "$work/last")
	pg=$(fresh "bench$round")
	timed "postgres round $round" "$lkb" crawl --db "$pg" "$archive"
	p=$(cat "$work/last")
	echo "  postgres/sqlite wall: $(echo "scale=2; $p / $sq" | bc)"
	"$lkb" query --db "$work/s.db" -f jsonl >"$work/s.jsonl"
	"$lkb" query --db "$pg" -f jsonl >"$work/p.jsonl"
	cmp -s "$work/s.jsonl" "$work/p.jsonl" && echo "  same $(wc -l <"$work/s.jsonl") records in both" ||
		{ echo "  RECORDS DIFFER" >&2; exit 1; }
done
if [ "$SHARDS" -gt 0 ]; then
	pg=$(fresh shards)
	start=$(date +%s.%N)
	for i in $(seq "$SHARDS"); do
		"$lkb" crawl --db "$pg" --shard "$i/$SHARDS" "$archive" 2>"$work/shard$i.log" &
	done
	wait
	end=$(date +%s.%N)
	echo "$SHARDS shards at once into postgres: wall $(echo "$end - $start" | bc) s"
	tail -qn1 "$work"/shard*.log
	"$lkb" query --db "$pg" -f jsonl >"$work/p.jsonl"
	cmp -s "$work/s.jsonl" "$work/p.jsonl" && echo "  same $(wc -l <"$work/s.jsonl") records as the sqlite crawl" ||
		{ echo "  RECORDS DIFFER" >&2; exit 1; }
fi
