#!/usr/bin/env bash
# Compare what two lkmlbench binaries extract: `extract --format json` and
# `--format jsonl` on every input of the scored sets (../shared seeds, dev,
# dev2, layouts), the rebuilt wild cases and the repo's own testdata mail
# (eml, mbox, txt, gz), and print every input whose output differs. A
# refactoring of the reader (parse/) must change nothing: the exit status
# is 1 when some output differs, and the count of inputs compared is
# printed either way.
#
# usage: scripts/same-output.sh BASE NEW
#   BASE, NEW   lkmlbench binaries (e.g. main's and a branch's build)
# environment:
#   SHARED      folder holding seeds, dev, dev2 and layouts (default ../shared)
#   WILD        folder of rebuilt wild cases, *.mbox (default /work/wildcases/cases;
#               skipped when absent; scripts/wild.sh --rebuild-only DIR makes one)
#   OUT         where both outputs are kept (default: a temporary folder, removed at exit)
#   BASE_CACHE  a folder where BASE's outputs are kept and, when there, reused: BASE is
#               run once for many NEW builds (name a fresh folder per BASE binary)
set -euo pipefail

if [ $# -ne 2 ]; then
	echo "usage: $0 BASE NEW" >&2
	exit 2
fi
base=$(realpath "$1") new=$(realpath "$2")
cd "$(dirname "$0")/.."
shared=${SHARED:-../shared}
wild=${WILD:-/work/wildcases/cases}
out=${OUT:-}
if [ -z "$out" ]; then
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
fi

inputs=()
for d in "$shared/seeds" "$shared/dev/cases" "$shared/dev2/cases"; do
	[ -d "$d" ] && inputs+=("$d"/*)
done
[ -d "$shared/layouts" ] && inputs+=("$shared"/layouts/*.eml)
[ -d "$wild" ] && inputs+=("$wild"/*.mbox)
while IFS= read -r f; do
	inputs+=("$f")
done < <(find . -path ./.git -prune -o -path '*/testdata/*' -type f \
	\( -name '*.eml' -o -name '*.mbox' -o -name '*.txt' -o -name '*.gz' \) -print | sort)

n=0 differ=0
for f in "${inputs[@]}"; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	for format in json jsonl; do
		key=$(printf '%s' "$f" | tr '/' '_').$format
		# an input may make extract exit 1 (an unreadable part): the
		# output and the status are compared alike
		if [ -n "${BASE_CACHE:-}" ] && [ -f "$BASE_CACHE/$key" ]; then
			cp "$BASE_CACHE/$key" "$out/base-$key"
		else
			"$base" extract --format "$format" "$f" >"$out/base-$key" 2>&1 || echo "exit $?" >>"$out/base-$key"
			if [ -n "${BASE_CACHE:-}" ]; then
				mkdir -p "$BASE_CACHE"
				cp "$out/base-$key" "$BASE_CACHE/$key"
			fi
		fi
		"$new" extract --format "$format" "$f" >"$out/new-$key" 2>&1 || echo "exit $?" >>"$out/new-$key"
		if ! cmp -s "$out/base-$key" "$out/new-$key"; then
			echo "differs: $f ($format)"
			differ=$((differ + 1))
		fi
	done
done
echo "$n inputs, $((2 * n)) outputs compared, $differ differ"
[ "$differ" -eq 0 ]
