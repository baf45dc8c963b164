#!/bin/sh
# bench.sh measures `lkmlbench crawl` into a fresh SQLite database, on
# real archives or on a generated one, against two yardsticks timed in
# the same run:
#   - the floor: a plain read of the same bytes (`grep -c '^From '` of the
#     file for an mbox, zcat first for .gz, of every file for a folder, and
#     `git cat-file --batch-all-objects --batch | grep -c '^From '` for a
#     git epoch: every object read and searched once);
#   - the decode-only yardstick (corpus/cmd/decodeonly: the same archive
#     split or listed as the crawl does and read by the crawl's own git
#     reader, every message decoded by go-message with every part read,
#     nothing parsed or stored), with as many workers as the crawl.
# For every number of workers in WORKERS (default "1 2": the scaling
# curve; on a machine with more cores add them, e.g. WORKERS="1 2 4 8")
# it prints per run: wall time, MB/s, CPU (user + sys of the process and
# its git children), MB per CPU-second, the crawl's CPU over the
# yardstick's, peak RSS (GNU time -v: the largest process), prefilter
# pass rate, tables, the crawl's wall time over the floor's, and a second
# crawl that finds nothing new; then the wall time of each worker count
# over that of the first. REPEAT=N rounds alternate the order of the
# worker counts, and of crawl and yardstick, so that a drift of the
# machine falls on all alike. BASELINE=/path/to/older/lkmlbench runs that
# binary's crawl too, beside this tree's, for before/after ratios taken in
# the same minutes.
#
#   scripts/bench.sh ARCHIVE...              # any archive path
#   LKMLBENCH_ARCHIVES=a:b scripts/bench.sh  # the same, from the environment
#   scripts/bench.sh                         # a generated 1 GB mbox
#   SIZE=300M scripts/bench.sh               # a generated 300 MB mbox
#   DIR=/fast/disk WORKERS="1 2 4" REPEAT=3 BASELINE=/usr/local/bin/lkmlbench-old scripts/bench.sh ARCHIVE
#
# An archive is a public-inbox epoch (bare git directory) or inbox (with
# git/N.git), an mbox, an mbox.gz, a Maildir or a folder of messages.
# Timings are only worth reading on an otherwise idle machine: the script
# prints the load average before and after every run.
set -eu

SIZE=${SIZE:-1G}
DIR=${DIR:-${TMPDIR:-/tmp}/lkmlbench-bench}
WORKERS=${WORKERS:-1 2}
REPEAT=${REPEAT:-1}
BASELINE=${BASELINE:-}
TIME=${TIME:-/usr/bin/time}

cd "$(dirname "$0")/.."
mkdir -p "$DIR"
go build -o "$DIR/lkmlbench" ./cmd/lkmlbench
go build -o "$DIR/decodeonly" ./corpus/cmd/decodeonly

if [ $# -eq 0 ] && [ -n "${LKMLBENCH_ARCHIVES:-}" ]; then
	OLDIFS=$IFS
	IFS=:
	# shellcheck disable=SC2086 # split on ':' on purpose
	set -- $LKMLBENCH_ARCHIVES
	IFS=$OLDIFS
fi
if [ $# -eq 0 ]; then
	go build -o "$DIR/gencorpus" ./corpus/cmd/gencorpus
	ARCHIVE="$DIR/archive-$SIZE.mbox"
	if [ ! -f "$ARCHIVE" ]; then
		echo "generating $SIZE archive in $ARCHIVE" >&2
		"$DIR/gencorpus" -size "$SIZE" -o "$ARCHIVE"
	fi
	set -- "$ARCHIVE"
fi

seconds() { # GNU time's "Elapsed (wall clock)" h:mm:ss or m:ss.cc -> s
	awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$1"
}
field() { # GNU time -v field -> value
	awk -F': ' -v k="$2" '$1 ~ k {print $2}' "$1"
}
cpu() { # GNU time -v file -> user + sys seconds
	echo "$(field "$1" 'User time') + $(field "$1" 'System time')" | bc -l
}
div() { echo "$1 / $2" | bc -l | xargs printf "%.${3:-1}f"; }
load() { cut -d' ' -f1 /proc/loadavg; }

# plainread ARCHIVE: the floor.
plainread() {
	if [ -d "$1/objects" ] && [ -f "$1/HEAD" ]; then
		git -C "$1" cat-file --batch-all-objects --batch | grep -c '^From ' || true
	elif [ -d "$1/git" ]; then
		for e in "$1"/git/*.git; do git -C "$e" cat-file --batch-all-objects --batch; done | grep -c '^From ' || true
	elif [ -d "$1" ]; then
		find "$1" -type f ! -path '*/tmp/*' -exec cat {} + | grep -c '^From ' || true
	elif gzip -t "$1" 2>/dev/null; then
		zcat "$1" | grep -c '^From ' || true
	else
		grep -c '^From ' "$1" || true
	fi
}

# floor ARCHIVE: times the plain read into FW (seconds, wall).
floor() {
	L0=$(load)
	T0=$(date +%s.%N)
	plainread "$1" >"$DIR/read.out"
	FW=$(printf '%.2f' "$(echo "$(date +%s.%N) - $T0" | bc -l)")
	echo "floor (plain read): $(cat "$DIR/read.out") '^From ' lines in ${FW}s wall (load $L0-$(load))"
}

# yardstick W ARCHIVE: the decode-only run into DW, DCPU.
yardstick() {
	L0=$(load)
	"$TIME" -v -o "$DIR/decode.time" "$DIR/decodeonly" -workers "$1" "$2" >"$DIR/decode.out"
	DW=$(seconds "$DIR/decode.time")
	DCPU=$(cpu "$DIR/decode.time")
	echo "yardstick, $1 workers: $(cat "$DIR/decode.out") (CPU $(printf '%.1f' "$DCPU") s, load $L0-$(load))"
}

# crawl NAME BIN W ARCHIVE: one crawl into a fresh database and a second
# that finds nothing new; prints the row of the table.
crawl() {
	name=$1 bin=$2 w=$3 archive=$4
	DB="$DIR/bench.db"
	rm -f "$DB" "$DB-wal" "$DB-shm"
	L0=$(load)
	# exit status 1: some messages could not be read (counted faults,
	# e.g. blobs a mirror lacks), the rest was crawled
	status=0
	"$TIME" -v -o "$DIR/crawl.time" "$bin" crawl --workers "$w" --db "$DB" "$archive" 2>"$DIR/crawl.err" || status=$?
	if [ "$status" -gt 1 ]; then
		cat "$DIR/crawl.err" >&2
		exit 1
	fi
	L1=$(load)
	SUMMARY=$(grep '^crawl: ' "$DIR/crawl.err" | tail -1)
	echo "$name, $w workers: $SUMMARY"
	CW=$(seconds "$DIR/crawl.time")
	CCPU=$(cpu "$DIR/crawl.time")
	RSS=$(($(field "$DIR/crawl.time" 'Maximum resident') / 1024))
	MB=$(echo "$SUMMARY" | sed -n 's/.*, \([0-9.]*\) MB in .*/\1/p')
	MSGS=$(echo "$SUMMARY" | sed -n 's/^crawl: \([0-9]*\) messages.*/\1/p')
	DECODED=$(echo "$SUMMARY" | sed -n 's/.* filtered, \([0-9]*\) decoded.*/\1/p')
	TABLES=$(echo "$SUMMARY" | sed -n 's/.*), \([0-9]*\) tables.*/\1/p')
	"$TIME" -v -o "$DIR/again.time" "$bin" crawl --workers "$w" --db "$DB" "$archive" 2>"$DIR/again.err" || [ $? -le 1 ]
	AW=$(seconds "$DIR/again.time")
	echo "| $NAME | $name | $w | $(printf '%.0f' "$MB") | ${CW} s | $(div "$MB" "$CW" 0) | $(printf '%.1f' "$CCPU") | **$(div "$MB" "$CCPU" 0)** | $(printf '%.1f' "$DCPU") ($(div "$MB" "$DCPU" 0), ${DW} s) | **$(div "$CCPU" "$DCPU" 2)x** | ${RSS} MB | $MSGS | $DECODED ($(div "$DECODED*100" "$MSGS")%) | $TABLES | ${FW} s | $(div "$CW" "$FW")x | ${AW} s ($(div "$AW*100" "$CW" 2)%) | $L0-$L1 |" >>"$DIR/rows.md"
	echo "$NAME $name $w $CW" >>"$DIR/walls"
}

echo "machine: $(nproc) CPUs; load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
: >"$DIR/rows.md"
: >"$DIR/walls"
for ARCHIVE in "$@"; do
	NAME=$(basename "$(dirname "$ARCHIVE")")/$(basename "$ARCHIVE")
	echo "== $ARCHIVE"
	# Warm the page cache so every tool reads from memory.
	if [ -d "$ARCHIVE" ]; then find "$ARCHIVE" -type f -exec cat {} + >/dev/null; else cat "$ARCHIVE" >/dev/null; fi
	round=1
	while [ "$round" -le "$REPEAT" ]; do
		# Odd rounds go up the worker counts, even rounds down; the
		# yardstick runs before the crawl in odd rounds, after in even.
		order=$WORKERS
		if [ $((round % 2)) -eq 0 ]; then order=$(echo "$WORKERS" | tr ' ' '\n' | sort -rn | tr '\n' ' '); fi
		for W in $order; do
			floor "$ARCHIVE"
			if [ $((round % 2)) -eq 1 ]; then yardstick "$W" "$ARCHIVE"; fi
			crawl this "$DIR/lkmlbench" "$W" "$ARCHIVE"
			if [ -n "$BASELINE" ]; then crawl baseline "$BASELINE" "$W" "$ARCHIVE"; fi
			if [ $((round % 2)) -eq 0 ]; then yardstick "$W" "$ARCHIVE"; fi
		done
		round=$((round + 1))
	done
done
echo
echo "| archive | crawl | workers | MB | wall | MB/s wall | CPU s | MB per CPU-s | yardstick CPU s (MB per CPU-s, wall) | crawl / yardstick CPU | peak RSS | messages | decoded (pass rate) | tables | floor wall | crawl / floor wall | re-crawl | load |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
cat "$DIR/rows.md"
echo
echo "Wall time over the same crawl's with the fewest workers, per round:"
first=$(echo "$WORKERS" | tr ' ' '\n' | sort -n | head -1)
awk -v first="$first" '
	{ key = $1 " " $2; n[key, $3]++; w[key, $3, n[key, $3]] = $4; ks[key] = 1; ws[$3] = 1 }
	END {
		for (k in ks) for (c in ws) if (c != first) for (i = 1; (k, c, i) in w; i++)
			if ((k, first, i) in w) printf "%s, %s workers: %.2fx (%.2f s / %.2f s)\n", k, c, w[k, c, i] / w[k, first, i], w[k, c, i], w[k, first, i]
	}' "$DIR/walls" | sort
echo "load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
