#!/bin/sh
# report-real-list.sh crawls the real archives named by LKMLBENCH_ARCHIVES
# (a colon-separated list of public-inbox epochs, mboxes or folders) into a
# database outside the repository and renders its report in headless
# Chromium with the report package's browser test: every table's chart and
# every series timeline must be drawn, and nothing may be fetched. Nothing
# built from real mail is written into the repository.
#
#   LKMLBENCH_ARCHIVES=/path/to/linux-pm/git/0.git scripts/report-real-list.sh
#   SHOTS=/tmp/shots LKMLBENCH_ARCHIVES=... scripts/report-real-list.sh   # keep the screenshots
set -eu

: "${LKMLBENCH_ARCHIVES:?name the archives to crawl (colon-separated)}"
DIR=${DIR:-${TMPDIR:-/tmp}/lkmlbench-real-list}
cd "$(dirname "$0")/.."
mkdir -p "$DIR"
go build -o "$DIR/lkmlbench" ./cmd/lkmlbench

OLDIFS=$IFS
IFS=:
# shellcheck disable=SC2086 # the list is split on ':' on purpose
set -- $LKMLBENCH_ARCHIVES
IFS=$OLDIFS
"$DIR/lkmlbench" crawl --db "$DIR/list.db" "$@"
"$DIR/lkmlbench" report -o "$DIR/report.html" --db "$DIR/list.db"
echo "report: $DIR/report.html ($(wc -c <"$DIR/report.html") bytes)"
LKMLBENCH_REPORT_DB="$DIR/list.db" LKMLBENCH_SCREENSHOTS="${SHOTS:-}" \
	go test -count=1 -timeout 60m -run 'TestReportInBrowser/crawl' -v ./report
