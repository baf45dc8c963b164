// Command lkmlbench turns Linux kernel mailing-list threads into benchmark
// data. It reads mail (mbox, mbox.gz, messages, web-archive pages, digests,
// Maildirs, public-inbox archives) and writes records (summary, JSONL,
// JSON, CSV, Parquet), a database (an SQLite file or a shared PostgreSQL
// database), or an HTML report with charts. It only wires flags to the
// library: see package lkmlbench.
//
//	lkmlbench extract --format jsonl thread.mbox
//	lkmlbench summary thread.mbox
//	lkmlbench crawl --db results.db ~/lore/linux-kernel/git/7.git
//	lkmlbench query --db results.db --benchmark hackbench --format csv
//	lkmlbench report -o report.html --db results.db --series 'latency nice'
//	lkmlbench series --db results.db 'latency nice'
//	lkmlbench compare --baseline tip thread.mbox
//
// Each subcommand is a struct in its own file with a Run method; Run may
// take a context.Context (cancelled on Ctrl-C) and a *kong.Context (whose
// Stdout and Stderr it writes to). A Run that has already told the user
// what went wrong returns errInputs to get exit status 1 without a second
// message.
package main
