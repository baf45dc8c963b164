package main

import (
	"os"

	"github.com/alecthomas/kong"
)

// cli is the command line: one field per subcommand.
type cli struct {
	Version kong.VersionFlag `help:"Print the version and exit."`

	Extract extractCmd `cmd:"" help:"Find the benchmark tables in mail and print them."`
	Summary summaryCmd `cmd:"" help:"Say per table which cases improved or regressed beyond noise."`
	Crawl   crawlCmd   `cmd:"" help:"Store every benchmark table of whole archives (mbox, Maildir, public-inbox git) in an SQLite or PostgreSQL database."`
	Query   queryCmd   `cmd:"" help:"Print the records a crawl stored, filtered by benchmark, series, author, message or date."`
	Merge   mergeCmd   `cmd:"" help:"Combine the databases of sharded crawls into one."`
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
