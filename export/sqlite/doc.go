// Package sqlite is the embedded crawl database: a store.Store in one
// SQLite file through modernc.org/sqlite (pure Go, no cgo). It writes the
// records of a crawl (Put) and reads them back as stored messages (Each)
// or as the tables a filter selects (Tables, a store.Reader).
//
// The schema is migrations/*.sql (documented there); Open applies the
// migrations a database lacks, tracked by PRAGMA user_version. A first
// crawl into an empty database builds the secondary indexes of messages
// when the store closes (bulk.go), so the error of Close counts. The
// database runs in WAL mode, so queries may read while a crawl writes, and
// each Put is one transaction, so an interrupted crawl leaves whole batches.
//
//	st, err := sqlite.Open("lkmlbench.db")
//	if err != nil {
//		return err
//	}
//	defer st.Close()
//	obs, err := store.Observations(ctx, st, store.Query{Benchmark: "hackbench"})
package sqlite
