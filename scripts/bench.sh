#!/bin/sh
# bench.sh measures `lkmlbench crawl` on a generated archive: MB/s of mbox
# text into SQLite, peak RSS (GNU time -v), CPU time, and the speed of
# `grep -c '^From '` on the same file in the same run, for the ratio
# BENCHMARKS.md reports.
#
#   scripts/bench.sh            # 1 GB archive
#   SIZE=300M scripts/bench.sh  # smaller
#   DIR=/fast/disk SIZE=1G WORKERS=2 scripts/bench.sh
set -eu

SIZE=${SIZE:-1G}
DIR=${DIR:-${TMPDIR:-/tmp}/lkmlbench-bench}
WORKERS=${WORKERS:-}
TIME=${TIME:-/usr/bin/time}

cd "$(dirname "$0")/.."
mkdir -p "$DIR"
go build -o "$DIR/lkmlbench" ./cmd/lkmlbench
go build -o "$DIR/gencorpus" ./corpus/cmd/gencorpus

ARCHIVE="$DIR/archive-$SIZE.mbox"
if [ ! -f "$ARCHIVE" ]; then
	echo "generating $SIZE archive in $ARCHIVE" >&2
	"$DIR/gencorpus" -size "$SIZE" -o "$ARCHIVE"
fi
BYTES=$(wc -c <"$ARCHIVE")
MB=$(echo "$BYTES / 1000000" | bc -l)
# Warm the page cache so both tools read from memory.
cat "$ARCHIVE" >/dev/null

rate() { # seconds -> MB/s
	echo "$MB / $1" | bc -l | xargs printf '%.0f'
}

echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
echo "== grep -c '^From ' ($(printf '%.0f' "$MB") MB)"
"$TIME" -f '%e %U %S %M' -o "$DIR/grep.time" grep -c '^From ' "$ARCHIVE"
read -r GW GU GS GM <"$DIR/grep.time"
echo "wall ${GW}s user ${GU}s sys ${GS}s: $(rate "$GW") MB/s"

rm -f "$DIR/bench.db" "$DIR/bench.db-wal" "$DIR/bench.db-shm"
echo "== lkmlbench crawl"
set -- --db "$DIR/bench.db"
if [ -n "$WORKERS" ]; then set -- "$@" --workers "$WORKERS"; fi
"$TIME" -v -o "$DIR/crawl.time" "$DIR/lkmlbench" crawl "$@" "$ARCHIVE"
CW=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$DIR/crawl.time")
CU=$(awk -F': ' '/User time/ {print $2}' "$DIR/crawl.time")
CS=$(awk -F': ' '/System time/ {print $2}' "$DIR/crawl.time")
RSS=$(awk -F': ' '/Maximum resident/ {print $2}' "$DIR/crawl.time")
CPU=$(echo "$CU + $CS" | bc -l)
echo "wall ${CW}s user ${CU}s sys ${CS}s peak RSS $((RSS / 1024)) MB"
echo "crawl: $(rate "$CW") MB/s wall, $(rate "$CPU") MB per CPU-second"
echo "grep/crawl wall ratio: $(echo "$CW / $GW" | bc -l | xargs printf '%.1f')"
echo "database: $(du -h "$DIR/bench.db" | cut -f1)"
echo "load average during the run: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
