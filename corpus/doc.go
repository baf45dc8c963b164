// Package corpus crawls whole mail archives (mbox, mbox.gz, Maildir,
// folders of messages, public-inbox v2 git epochs) into a store.Store (an
// export/sqlite file or an export/postgres server database), fast and
// in flat memory.
//
// One reader goroutine walks the inputs and hands raw messages to a pool of
// GOMAXPROCS workers through bounded channels. A worker hashes a message,
// reads the few headers the store and the filters need, and decodes the
// message fully only when a cheap byte-level prefilter says its body may
// hold a table (or when base64/quoted-printable parts hide the text): most
// list mail is patches and prose, and a full MIME decode costs far more
// than the scan. The caller's goroutine puts the results into the store in
// input order, one transaction per batch, so that an interrupted crawl
// leaves a consistent store and a second crawl skips what is stored.
//
//	st, _ := sqlite.Open("lkmlbench.db")
//	defer st.Close()
//	stats, err := corpus.Crawl(ctx, st, []string{"lkml.mbox.gz"}, corpus.Options{
//		OnProgress: func(p corpus.Progress) { log.Print(p) },
//	})
package corpus
