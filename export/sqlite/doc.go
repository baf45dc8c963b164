// Package sqlite is the embedded crawl database: a corpus.Store in one
// SQLite file through modernc.org/sqlite (pure Go, no cgo). It writes the
// records of a crawl (Put) and reads them back as stored messages (Each)
// or as the observations a filter selects (Observations).
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
//	obs, err := st.Observations(ctx, sqlite.Query{Benchmark: "hackbench"})
package sqlite
