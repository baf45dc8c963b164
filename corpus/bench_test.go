package corpus_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
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
