// Package store is the contract between a crawl and the databases it
// writes, as database/sql/driver sits between database/sql and its
// drivers: the records a crawl hands a store (Record), what a batch
// changed (PutStats), the interface every store implements (Store), the
// selection a query makes and the interface that answers it (Query,
// Reader), and where an incremental crawl stopped (Checkpoint, kept by a
// Checkpointer).
//
// The crawl (package corpus) and merge write through Store; the CLI's
// query, summary, compare, report and series read through Reader.
// Implementations: export/sqlite (one embedded file) and export/postgres
// (a shared server that many crawlers write into at once). This package
// imports neither, and neither imports the crawl.
package store
