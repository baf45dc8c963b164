#!/bin/sh
# limits.sh runs lkmlbench on hostile inputs it generates itself and prints
# the peak RSS (GNU time -v) and wall time of each run, for the "Limits"
# section of BENCHMARKS.md:
#
#   bomb       a gzip mbox of table rows that decodes past the 1 GiB cap:
#              sixteen 64 MiB messages, each one table-row after another
#   rows200k   one message holding a 200,000-row table
#   tiny1m     an mbox of 1,000,000 tiny messages
#   tables200  200 messages, each holding a 5,000-row table: the crawl's
#              memory must stay flat while tables wait to be stored
#   damaged    a one-line (damaged) mbox of table-like text, 8 MB: MB/s of
#              the line rebuild
#
# Each input goes through `extract -f jsonl`, `extract` (the summary) and
# `crawl`. Run it on an idle machine; GOMAXPROCS and load are printed.
#
#   scripts/limits.sh
#   ONLY=damaged scripts/limits.sh
set -eu

DIR=${DIR:-${TMPDIR:-/tmp}/lkmlbench-limits}
TIME=${TIME:-/usr/bin/time}
ONLY=${ONLY:-}
cd "$(dirname "$0")/.."
mkdir -p "$DIR"
go build -o "$DIR/lkmlbench" ./cmd/lkmlbench
BIN="$DIR/lkmlbench"

gen() { # name: writes $DIR/<name> once
	[ -f "$DIR/$1" ] && return 0
	echo "generating $1" >&2
	python3 - "$DIR" "$1" <<'EOF'
import gzip, sys
d, name = sys.argv[1], sys.argv[2]
head = "From bench@example.org Mon Nov 28 06:52:19 2022\nFrom: Tess Kernel <tess@example.org>\nSubject: Re: [PATCH] sched: rows\nMessage-ID: <%s@example.org>\n\n"
def rows(n, width=1):
    out = []
    for i in range(n):
        out.append(" %d-groups:     %d.%02d (0.00 pct)     %d.%02d (%d.%02d pct)\n" % (i % (width or 1) + 1, i % 97, i % 100, i % 89, (i + 3) % 100, i % 7, i % 100))
    return "".join(out)
if name == "bomb.mbox.gz":
    block = rows(400)  # 400 distinct rows: a block inside gzip's window
    with gzip.open(f"{d}/{name}", "wt", compresslevel=6) as f:
        for m in range(16):
            f.write(head % ("bomb%d" % m))
            f.write("hackbench\nTest:            tip                  patched\n")
            size = 0
            while size < (64 << 20) + 4096:
                f.write(block)
                size += len(block)
            f.write("\n")
elif name == "rows200k.mbox":
    with open(f"{d}/{name}", "w") as f:
        f.write(head % "rows")
        f.write("hackbench\nTest:            tip                  patched\n")
        f.write(rows(200000, 200000))
elif name == "tiny1m.mbox":
    with open(f"{d}/{name}", "w") as f:
        for i in range(1000000):
            f.write("From x@y Mon Nov 28 06:52:19 2022\nSubject: t%d\nMessage-ID: <t%d@x>\n\nhi\n\n" % (i, i))
elif name == "tables200.mbox":
    with open(f"{d}/{name}", "w") as f:
        for m in range(200):
            f.write(head % ("tables%d" % m))
            f.write("hackbench run %d\nTest:            tip                  patched\n" % m)
            f.write("".join(" %d-groups:     %d.%02d (0.00 pct)     %d.%02d (%d.%02d pct)\n" % (i + 1, (i + m) % 97, i % 100, i % 89, (i + m) % 100, i % 7, i % 100) for i in range(5000)))
            f.write("\n")
elif name == "damaged.mbox":
    # A thread whose newlines became spaces: headers, prose, table rows.
    parts = []
    size = 0
    i = 0
    while size < 8_000_000:
        m = (head % ("dmg%d" % i)) + "Hello,\n\nResults on the test box (lower is better):\n\nhackbench\nTest:            tip                  patched\n" + rows(40) + "\nThanks,\nTess\n\n"
        parts.append(m.replace("\n", " "))
        size += len(m)
        i += 1
    with open(f"{d}/{name}", "w") as f:
        f.write("".join(parts))
EOF
}

# measure label command...: prints wall seconds and peak RSS in MiB.
measure() {
	label=$1
	shift
	"$TIME" -v -o "$DIR/run.time" "$@" >/dev/null 2>"$DIR/run.err" || true
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$DIR/run.time")
	rss=$(awk -F': ' '/Maximum resident/ {printf "%.0f", $2/1024}' "$DIR/run.time")
	code=$(awk -F': ' '/Exit status/ {print $2}' "$DIR/run.time")
	cpu=$(awk -F': ' '/User time|System time/ {s+=$2} END {printf "%.2f", s}' "$DIR/run.time")
	printf '%-28s wall %7.2fs  CPU %7.2fs  peak RSS %5s MiB  exit %s  %s\n' "$label" "$wall" "$cpu" "$rss" "$code" "$(tail -n 1 "$DIR/run.err" | cut -c1-100)"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
for name in bomb.mbox.gz rows200k.mbox tiny1m.mbox tables200.mbox damaged.mbox; do
	case "$ONLY" in "" | "${name%%.*}") ;; *) continue ;; esac
	gen "$name"
	in="$DIR/$name"
	bytes=$(wc -c <"$in")
	echo "== $name ($(echo "$bytes / 1000000" | bc -l | xargs printf '%.1f') MB)"
	measure "extract -f jsonl" "$BIN" extract -f jsonl -o /dev/null "$in"
	measure "extract (summary)" "$BIN" extract "$in"
	rm -f "$DIR/c.db" "$DIR/c.db-wal" "$DIR/c.db-shm"
	measure "crawl" "$BIN" crawl --db "$DIR/c.db" "$in"
	if [ "$name" = damaged.mbox ]; then
		echo "damaged, end to end: $(echo "$bytes / 1000000 / $wall" | bc -l | xargs printf '%.1f') MB/s (crawl wall)"
	fi
done
case "$ONLY" in "" | rebuild)
	# The line rebuild alone (mbox.BenchmarkDamagedRebuild, 8 MiB of
	# one-line mail, mostly table rows): wall MB/s from the benchmark, and
	# MB per CPU-second, which a busy machine does not distort.
	go test -c -o "$DIR/mbox.test" ./mbox
	"$TIME" -f '%U %S' -o "$DIR/bench.time" "$DIR/mbox.test" -test.run '^$' -test.bench BenchmarkDamagedRebuild -test.benchtime 10x -test.cpu 1 >"$DIR/bench.out"
	read -r u s <"$DIR/bench.time"
	echo "damaged rebuild: $(awk '/^BenchmarkDamagedRebuild/ {print $5, $6}' "$DIR/bench.out") (wall), $(echo "10 * 8.388608 / ($u + $s)" | bc -l | xargs printf '%.1f') MB per CPU-second (10 rebuilds; making the input counts too)"
	;;
esac
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
