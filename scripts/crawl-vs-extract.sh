#!/bin/sh
# crawl-vs-extract.sh holds the crawl to extract on real mail: it takes N
# messages (default 2000) of a public-inbox epoch, evenly spread over its
# history (or the commits listed in the file COMMITS names), writes them
# into one mbox outside the repository, and compares the records
# `crawl` stores (read back with `query --format jsonl`) with those
# `extract --format jsonl` prints for the same mbox. Every difference is
# listed by message and table family and counted; exit status 1 when any.
# Nothing built from real mail is written into the repository.
#
#   scripts/crawl-vs-extract.sh /path/to/linux-pm.vger.kernel.org.0/repo
#   N=5000 DIR=/tmp/x scripts/crawl-vs-extract.sh EPOCH
#   COMMITS=list.txt scripts/crawl-vs-extract.sh EPOCH   # one commit id a line
#   LKMLBENCH_BIN=/path/to/lkmlbench scripts/crawl-vs-extract.sh EPOCH   # another build
set -eu

EPOCH=${1:?name a public-inbox epoch (a bare git repository)}
N=${N:-2000}
DIR=${DIR:-${TMPDIR:-/tmp}/lkmlbench-crawl-vs-extract}
cd "$(dirname "$0")/.."
mkdir -p "$DIR"
BIN=${LKMLBENCH_BIN:-$DIR/lkmlbench}
[ -n "${LKMLBENCH_BIN:-}" ] || go build -o "$BIN" ./cmd/lkmlbench
rm -f "$DIR"/crawl.db*

EPOCH=$EPOCH N=$N DIR=$DIR COMMITS=${COMMITS:-} python3 - <<'EOF'
import os, re, subprocess
epoch, n, d = os.environ["EPOCH"], int(os.environ["N"]), os.environ["DIR"]
if os.environ["COMMITS"]:
    commits = open(os.environ["COMMITS"]).read().split()
else:
    all_ = subprocess.run(["git", "--git-dir", epoch, "rev-list", "--reverse", "HEAD"],
                          check=True, capture_output=True, text=True).stdout.split()
    step = max(len(all_) // n, 1)
    commits = all_[::step][:n]
with open(os.path.join(d, "commits.txt"), "w") as f:
    f.write("".join(c + ":m\n" for c in commits))
cat = subprocess.Popen(["git", "--git-dir", epoch, "cat-file", "--batch"],
                       stdin=open(os.path.join(d, "commits.txt")), stdout=subprocess.PIPE)
kept = 0
with open(os.path.join(d, "sample.mbox"), "wb") as out:
    for c in commits:
        head = cat.stdout.readline().split()
        if len(head) < 3 or head[1] != b"blob":
            continue  # a deletion commit, or a blob the mirror lacks
        msg = cat.stdout.read(int(head[2]))
        cat.stdout.read(1)
        # mboxrd: ">From " and "From " at a line start get one more '>'.
        msg = re.sub(rb"(?m)^(>*From )", rb">\1", msg)
        if not msg.endswith(b"\n"):
            msg += b"\n"
        out.write(b"From mboxrd@z Thu Jan  1 00:00:00 1970\n" + msg + b"\n")
        kept += 1
print(f"{kept} messages of {epoch} in {d}/sample.mbox")
EOF

"$BIN" extract --format jsonl -o "$DIR/extract.jsonl" "$DIR/sample.mbox" 2>"$DIR/extract.err" || true
"$BIN" crawl --db "$DIR/crawl.db" "$DIR/sample.mbox" 2>&1 | tr '\r' '\n' | tail -1
"$BIN" query --db "$DIR/crawl.db" --format jsonl -o "$DIR/crawl.jsonl"

DIR=$DIR python3 - <<'EOF'
import collections, json, os, sys
d = os.environ["DIR"]
def load(name):
    with open(os.path.join(d, name)) as f:
        return [json.loads(l) for l in f]
ext, cr = load("extract.jsonl"), load("crawl.jsonl")
# Table ids number the tables in reading order: one table left out
# renumbers the rest, so records are compared without them.
def key(o):
    o = dict(o); o.pop("table", None); return json.dumps(o, sort_keys=True)
a, b = collections.Counter(map(key, ext)), collections.Counter(map(key, cr))
only_e, only_c = a - b, b - a
print(f"extract: {len(ext)} records, {len({(o['message_id'], o['table']) for o in ext})} tables; "
      f"crawl: {len(cr)} records, {len({(o['message_id'], o['table']) for o in cr})} tables")
print(f"equal records: {sum((a & b).values())}; only in extract: {sum(only_e.values())}; only in crawl: {sum(only_c.values())}")
for label, side, recs in (("only in extract", only_e, ext), ("only in crawl", only_c, cr)):
    by = collections.defaultdict(lambda: [0, set(), set()])
    for o in recs:
        if side[key(o)] > 0:
            e = by[o["message_id"]]; e[0] += 1; e[1].add(o["table"]); e[2].add(o["format"])
    for mid, (n, tables, formats) in sorted(by.items()):
        print(f"  {label}: {mid}: {n} records, {len(tables)} tables ({', '.join(sorted(formats))})")
sys.exit(1 if only_e or only_c else 0)
EOF
