// Command gencorpus writes a synthetic mailing-list archive in the shapes
// of real LKML traffic, for benchmarking the crawl: long header blocks
// (Received chains, DKIM and ARC signatures, long Cc lists), patches with
// diffs, quoted replies, and about one message in 50 carrying a benchmark
// result table of a family lkmlbench parses (value-pct, AMD pct-imp-cv,
// mmtests, ASCII grid); some bodies are base64 or quoted-printable.
//
//	go run ./corpus/cmd/gencorpus -size 1G -o /tmp/lkml.mbox
//	go run ./corpus/cmd/gencorpus -n 10000 -gzip -o /tmp/lkml.mbox.gz
//
// The output is deterministic for a given -seed.
package main
