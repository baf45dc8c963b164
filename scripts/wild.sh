#!/usr/bin/env bash
# Rebuild the wild set (testdata/wild/set) from fetched public-inbox mirrors and score lkmlbench on it.
#
# The mail itself is never committed: testdata/wild/set/cases.tsv names, per case, the mirror
# (linux-mailinglist-archives/LIST.0) and the commit whose blob `m` is the message. This script
# writes each case as DIR/cases/NAME.mbox (a `From mboxrd@z ...` line, then the blob with mboxrd
# `>From ` escaping), says which mirrors are missing (their cases are left out of the score), and
# scores the cases it could rebuild against testdata/wild/set/gold with score.py; --perturb also runs
# perturb.py over them. Not part of CI: it needs the mirrors (see `lkmlbench crawl` in README.md).
#
# usage: scripts/wild.sh [--rebuild-only] [--perturb] [-v] [DIR]
#   DIR                 where the cases are written (default: a temporary folder, removed at exit)
#   --rebuild-only      only rebuild the cases, do not score
#   --perturb           also run perturb.py over the rebuilt cases
#   -v                  pass -v to score.py / perturb.py
# environment:
#   LKMLBENCH_MIRRORS   folder holding linux-mailinglist-archives+LIST.0/repo (default /work/.mirror)
#   LKMLBENCH_BIN       lkmlbench binary to score (default: go build ./cmd/lkmlbench)
#   SHARED              folder holding tools/score.py and tools/perturb.py (default ../shared)
set -euo pipefail

cd "$(dirname "$0")/.."
mirrors=${LKMLBENCH_MIRRORS:-/work/.mirror}
shared=${SHARED:-../shared}
rebuild_only=0 perturb=0 verbose=() dir=""
while [ $# -gt 0 ]; do
	case $1 in
	--rebuild-only) rebuild_only=1 ;;
	--perturb) perturb=1 ;;
	-v) verbose=(-v) ;;
	-h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) echo "wild.sh: unknown option $1" >&2; exit 2 ;;
	*) dir=$1 ;;
	esac
	shift
done
if [ -z "$dir" ]; then
	dir=$(mktemp -d "${TMPDIR:-/tmp}/lkmlbench-wild.XXXXXX")
	trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir/cases" "$dir/gold"

built=0 skipped=0
declare -A missing=()
while IFS=$'\t' read -r name mirror commit; do
	case $name in '' | '#'*) continue ;; esac
	repo="$mirrors/${mirror%%/*}+${mirror#*/}/repo"
	if ! git --git-dir="$repo" rev-parse -q --verify "$commit^{commit}" >/dev/null 2>&1; then
		missing[$mirror]=1
		skipped=$((skipped + 1))
		continue
	fi
	git --git-dir="$repo" cat-file blob "$commit:m" | python3 -c '
import re, sys
raw = sys.stdin.buffer.read()
sys.stdout.buffer.write(b"From mboxrd@z Thu Jan  1 00:00:00 1970\n" + re.sub(rb"(?m)^(>*From )", rb">\1", raw))
' >"$dir/cases/$name.mbox"
	cp "testdata/wild/set/gold/$name.mbox.json" "$dir/gold/"
	built=$((built + 1))
done <testdata/wild/set/cases.tsv

for m in "${!missing[@]}"; do
	echo "wild.sh: mirror missing: $m (expected $mirrors/${m%%/*}+${m#*/}/repo); its cases are left out" >&2
done
echo "wild.sh: rebuilt $built cases in $dir/cases, $skipped left out" >&2
[ "$rebuild_only" = 1 ] && exit 0
[ "$built" -gt 0 ] || { echo "wild.sh: no case rebuilt, nothing to score" >&2; exit 1; }

bin=${LKMLBENCH_BIN:-}
if [ -z "$bin" ]; then
	bin="$dir/lkmlbench"
	go build -o "$bin" ./cmd/lkmlbench
fi
status=0
python3 "$shared/tools/score.py" --cmd "$bin extract --format jsonl {input}" \
	--gold "$dir/gold" --inputs "$dir/cases" "${verbose[@]}" || status=$?
if [ "$perturb" = 1 ]; then
	python3 "$shared/tools/perturb.py" --cases "$dir/cases" --gold "$dir/gold" \
		--cmd "$bin extract --format jsonl {input}" "${verbose[@]}" || status=$?
fi
exit $status
