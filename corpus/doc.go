// Package corpus crawls whole mail archives (mbox, mbox.gz, Maildir,
// folders of messages, public-inbox v2 git epochs) into a store.Store (an
// export/sqlite file or an export/postgres server database), fast and
// in flat memory.
//
// One reader goroutine walks the inputs and hands raw messages, or runs of
// a public-inbox epoch's commits, to a pool of GOMAXPROCS workers through
// bounded channels; a worker reads a run's messages through a git cat-file
// of its own (GitReader). A worker keys a message (the blob id git
// computed, or SHA-256 of a file's message), reads the few headers the
// store and the filters need, and decodes the message fully only when a
// cheap byte-level prefilter says its body may hold a table (or when
// base64/quoted-printable parts hide the text): most list mail is patches
// and prose, and a full MIME decode costs far more than the scan. Results
// reach the store in input order, one transaction per batch, so that an
// interrupted crawl leaves a consistent store and a second crawl skips
// what is stored; at most Options.Workers workers, or the committer of an
// in-process store, run at once.
//
//	st, _ := sqlite.Open("lkmlbench.db")
//	defer st.Close()
//	stats, err := corpus.Crawl(ctx, st, []string{"lkml.mbox.gz"}, corpus.Options{
//		OnProgress: func(p corpus.Progress) { log.Print(p) },
//	})
package corpus
