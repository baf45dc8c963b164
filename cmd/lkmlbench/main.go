package main

import (
	"os"

	"github.com/alecthomas/kong"
)

// cli is the command line: one field per subcommand.
type cli struct {
	Version kong.VersionFlag `help:"Print the version and exit."`
	Quiet   bool             `short:"q" help:"Print no warnings, progress or closing counts on standard error; errors are still printed."`

	Extract extractCmd `cmd:"" help:"Find the benchmark tables in mail and print them."`
	Summary summaryCmd `cmd:"" help:"Say per table which cases improved or regressed beyond noise."`
	Compare compareCmd `cmd:"" help:"Print tables in the layout of mmtests' compare-kernels: each value with its improvement over the baseline, * beyond noise."`
	Report  reportCmd  `cmd:"" help:"Write a self-contained HTML report with charts: per table grouped bars and verdicts, per series a timeline."`
	Series  seriesCmd  `cmd:"" help:"Follow a patch series across its versions: per benchmark and case, the results of v1 ... vN."`
	Crawl   crawlCmd   `cmd:"" help:"Store every benchmark table of whole archives (mbox, Maildir, public-inbox git) in an SQLite or PostgreSQL database."`
	Query   queryCmd   `cmd:"" help:"Print the records a crawl stored, filtered by benchmark, series, author, message or date."`
	Merge   mergeCmd   `cmd:"" help:"Combine the databases of sharded crawls into one."`
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
