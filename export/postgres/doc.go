// Package postgres is the shared crawl database: a store.Store on a
// PostgreSQL server through github.com/jackc/pgx/v5, which many crawlers
// (one per --shard, on as many machines) write into at once and everyone
// queries live with psql, Grafana or pandas.
//
// The schema is migrations/*.sql, the tables of export/sqlite in
// PostgreSQL types and numbered alike; Open applies the migrations a
// database lacks (recorded in schema_version) under an advisory lock, so
// crawlers starting together create it once. Each Put is one transaction:
// messages arrive by COPY into a staging table and move into messages with
// INSERT ... ON CONFLICT DO NOTHING on their key, tables fold by
// fingerprint, numbers arrive by COPY. Quoted copies fold by where they
// were read (store.Record.Seq), not by which writer came first, so n
// shards give the tables one crawl gives. A killed crawler's open batch
// is rolled back by the server; running it again adds what is missing,
// going on from the checkpoints (store.Checkpointer) of its last batch.
//
//	st, err := postgres.Open(ctx, "postgres://crawler@db.example.org/lkmlbench")
//	if err != nil {
//		return err
//	}
//	defer st.Close()
//	obs, err := store.Observations(ctx, st, store.Query{Benchmark: "hackbench"})
package postgres
