#!/bin/sh
# bench.sh measures `lkmlbench crawl` into a fresh SQLite database, on
# real archives or on a generated one, and prints per archive: MB/s wall,
# MB per CPU-second (user + sys of the crawl and its git processes), peak
# RSS (GNU time -v: the largest process), prefilter pass rate (messages
# decoded / messages read), decoded messages, tables, the ratio of the
# crawl's wall time to a plain read of the same archive timed in the same
# run, and the time of a second crawl that finds nothing new. Beside the
# crawl it times the decode-only yardstick (corpus/cmd/decodeonly: the same
# archive split or listed as the crawl does, every message decoded by
# go-message with every part read, nothing parsed or stored), so the
# crawl's CPU per MB is also a ratio to merely decoding the same mail,
# measured in the same run (REPEAT=N alternates crawl and yardstick N
# times).
#
#   scripts/bench.sh ARCHIVE...              # any archive path
#   LKMLBENCH_ARCHIVES=a:b scripts/bench.sh  # the same, from the environment
#   scripts/bench.sh                         # a generated 1 GB mbox
#   SIZE=300M scripts/bench.sh               # a generated 300 MB mbox
#   DIR=/fast/disk WORKERS=2 scripts/bench.sh ARCHIVE
#
# An archive is a public-inbox epoch (bare git directory) or inbox (with
# git/N.git), an mbox, an mbox.gz, a Maildir or a folder of messages. The
# plain read the ratio compares against is `grep -c '^From '` of the file
# for an mbox (zcat first for .gz), of every file for a folder, and
# `git cat-file --batch-all-objects --batch | grep -c '^From '` for a git
# epoch: every object read and searched once, as the crawl reads every
# message blob.
set -eu

SIZE=${SIZE:-1G}
DIR=${DIR:-${TMPDIR:-/tmp}/lkmlbench-bench}
WORKERS=${WORKERS:-}
TIME=${TIME:-/usr/bin/time}

cd "$(dirname "$0")/.."
mkdir -p "$DIR"
go build -o "$DIR/lkmlbench" ./cmd/lkmlbench
go build -o "$DIR/decodeonly" ./corpus/cmd/decodeonly
REPEAT=${REPEAT:-1}

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
div() { echo "$1 / $2" | bc -l | xargs printf "%.${3:-1}f"; }

# plainread ARCHIVE: the read the ratio compares against.
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

echo "machine: $(nproc) CPUs; load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
for ARCHIVE in "$@"; do
	NAME=$(basename "$(dirname "$ARCHIVE")")/$(basename "$ARCHIVE")
	echo "== $ARCHIVE"
	# Warm the page cache so both tools read from memory.
	if [ -d "$ARCHIVE" ]; then find "$ARCHIVE" -type f -exec cat {} + >/dev/null; else cat "$ARCHIVE" >/dev/null; fi

	T0=$(date +%s.%N)
	plainread "$ARCHIVE" >"$DIR/read.out"
	RW=$(printf '%.2f' "$(echo "$(date +%s.%N) - $T0" | bc -l)")
	echo "plain read: $(cat "$DIR/read.out") '^From ' lines in ${RW}s"

	DB="$DIR/bench.db"
	set -- --db "$DB"
	if [ -n "$WORKERS" ]; then set -- "$@" --workers "$WORKERS"; fi
	run=1
	while [ "$run" -le "$REPEAT" ]; do
		run=$((run + 1))
		rm -f "$DB" "$DB-wal" "$DB-shm"

		"$TIME" -v -o "$DIR/decode.time" "$DIR/decodeonly" ${WORKERS:+-workers "$WORKERS"} "$ARCHIVE" >"$DIR/decode.out"
		DW=$(seconds "$DIR/decode.time")
		DCPU=$(echo "$(field "$DIR/decode.time" 'User time') + $(field "$DIR/decode.time" 'System time')" | bc -l)
		echo "$(cat "$DIR/decode.out") (CPU $(printf '%.1f' "$DCPU") s)"
		LOAD0=$(cut -d' ' -f1 /proc/loadavg)
		# exit status 1: some messages could not be read (counted faults,
		# e.g. blobs a mirror lacks), the rest was crawled
		status=0
		"$TIME" -v -o "$DIR/crawl.time" "$DIR/lkmlbench" crawl "$@" "$ARCHIVE" 2>"$DIR/crawl.err" || status=$?
		if [ "$status" -gt 1 ]; then
			cat "$DIR/crawl.err" >&2
			exit 1
		fi
		LOAD1=$(cut -d' ' -f1 /proc/loadavg)
		SUMMARY=$(grep '^crawl: ' "$DIR/crawl.err" | tail -1)
		echo "$SUMMARY"
		CW=$(seconds "$DIR/crawl.time")
		CPU=$(echo "$(field "$DIR/crawl.time" 'User time') + $(field "$DIR/crawl.time" 'System time')" | bc -l)
		RSS=$(($(field "$DIR/crawl.time" 'Maximum resident') / 1024))
		MB=$(echo "$SUMMARY" | sed -n 's/.*, \([0-9.]*\) MB in .*/\1/p')
		MSGS=$(echo "$SUMMARY" | sed -n 's/^crawl: \([0-9]*\) messages.*/\1/p')
		DECODED=$(echo "$SUMMARY" | sed -n 's/.* filtered, \([0-9]*\) decoded.*/\1/p')
		TABLES=$(echo "$SUMMARY" | sed -n 's/.*), \([0-9]*\) tables.*/\1/p')

		"$TIME" -v -o "$DIR/again.time" "$DIR/lkmlbench" crawl "$@" "$ARCHIVE" 2>"$DIR/again.err" || [ $? -le 1 ]
		AW=$(seconds "$DIR/again.time")
		echo "second crawl (nothing new): $(grep '^crawl: ' "$DIR/again.err" | tail -1 | cut -d, -f1) in ${AW}s"

		echo "| archive | MB | wall | MB/s wall | CPU s | MB per CPU-s | decode-only CPU s | crawl/decode CPU | peak RSS | messages | decoded (pass rate) | tables | plain read | crawl/read | re-crawl | load |"
		echo "| $NAME | $(printf '%.0f' "$MB") | ${CW} s | $(div "$MB" "$CW" 0) | $(printf '%.1f' "$CPU") | **$(div "$MB" "$CPU" 0)** | $(printf '%.1f' "$DCPU") ($(div "$MB" "$DCPU" 0) MB/CPU-s, ${DW} s wall) | **$(div "$CPU" "$DCPU" 2)x** | ${RSS} MB | $MSGS | $DECODED ($(div "$DECODED*100" "$MSGS")%) | $TABLES | ${RW} s | $(div "$CW" "$RW")x | ${AW} s ($(div "$AW*100" "$CW" 2)%) | $LOAD0-$LOAD1 |"
	done
done
echo "load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
