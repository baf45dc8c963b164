package corpus_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/lkmlbench/lkmlbench/corpus"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
)

func BenchmarkZZFile(b *testing.B) {
	in := os.Getenv("ZZ_ARCHIVE")
	if in == "" {
		b.Skip()
	}
	st, _ := os.Stat(in)
	b.SetBytes(st.Size())
	for i := 0; i < b.N; i++ {
		p := filepath.Join(b.TempDir(), "x.db")
		db, err := sqlite.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		pr, err := corpus.Crawl(context.Background(), db, []string{in}, corpus.Options{})
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
		b.Log(pr)
	}
}
