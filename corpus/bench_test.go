package corpus_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/lkmlbench/lkmlbench/corpus"
	"github.com/lkmlbench/lkmlbench/corpus/internal/gen"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
)

// BenchmarkCrawl crawls a generated 4000-message archive (about 20 MB)
// into a fresh database per iteration; MB/s is of mbox text. For the
// whole-program figures on 1 GB see scripts/bench.sh and BENCHMARKS.md.
func BenchmarkCrawl(b *testing.B) {
	dir := b.TempDir()
	in := filepath.Join(dir, "list.mbox")
	f, err := os.Create(in)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	g := gen.New(1)
	for i := range 4000 {
		w.WriteString(g.Message(i))
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	st, _ := os.Stat(in)
	b.SetBytes(st.Size())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		db, err := sqlite.Open(filepath.Join(dir, "b"+string(rune('a'+i%26))+".db"))
		if err != nil {
			b.Fatal(err)
		}
		p, err := corpus.Crawl(context.Background(), db, []string{in}, corpus.Options{})
		if err != nil || p.Stored == 0 {
			b.Fatal(err, p)
		}
		db.Close()
		b.StopTimer()
		for _, suffix := range []string{"", "-wal", "-shm"} {
			os.Remove(filepath.Join(dir, "b"+string(rune('a'+i%26))+".db"+suffix))
		}
		b.StartTimer()
	}
}

// BenchmarkCrawlArchives crawls each real archive named in
// LKMLBENCH_ARCHIVES (colon-separated, as scripts/bench.sh takes them)
// into a fresh database per iteration, with the crawl command's GC
// settings; it skips when the variable is unset. It is the in-process
// twin of bench.sh for profiles:
//
//	go test ./corpus -run '^$' -bench CrawlArchives -benchtime 1x -cpuprofile cpu.out
//
// MB/s counts message bytes, as bench.sh does; the git processes' CPU
// is not in the profile. LKMLBENCH_WORKERS sets Options.Workers.
func BenchmarkCrawlArchives(b *testing.B) {
	env := os.Getenv("LKMLBENCH_ARCHIVES")
	if env == "" {
		b.Skip("LKMLBENCH_ARCHIVES names no archive")
	}
	workers, _ := strconv.Atoi(os.Getenv("LKMLBENCH_WORKERS"))
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(80 << 20))
	for _, in := range filepath.SplitList(env) {
		b.Run(filepath.Base(filepath.Dir(in))+"/"+filepath.Base(in), func(b *testing.B) {
			dir := b.TempDir()
			for i := 0; i < b.N; i++ {
				path := filepath.Join(dir, fmt.Sprintf("crawl%d.db", i))
				db, err := sqlite.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				p, err := corpus.Crawl(context.Background(), db, []string{in}, corpus.Options{Workers: workers})
				if err != nil || p.Stored == 0 {
					b.Fatal(err, p)
				}
				if err := db.Close(); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(p.Bytes)
			}
		})
	}
}
