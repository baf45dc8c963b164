package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/lkmlbench/lkmlbench/export/postgres"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/internal/pgtest"
	"github.com/lkmlbench/lkmlbench/model"
)

// benchRecords are n records shaped like a crawl's, as in the SQLite
// store's BenchmarkPut: thread replies and patch series, one in 50 with
// a 12-number table.
func benchRecords(n int) []store.Record {
	recs := make([]store.Record, n)
	start := time.Date(2022, 1, 3, 8, 0, 0, 0, time.UTC)
	for i := range recs {
		id := fmt.Sprintf("%d.%05d-%d-lkml@example.org", 1641196800+i*47, (i*7919)%99991, i)
		date := start.Add(time.Duration(i) * 47 * time.Second)
		title := fmt.Sprintf("sched/fair: Fix idle balance cost %d", i%500)
		r := store.Record{Seq: int64(i), Meta: model.Message{
			Source: "list.mbox", ID: id, Subject: "Re: [PATCH v2 1/5] " + title, Date: &date,
			From:      model.Address{Name: "Tess Kernel", Email: "tess@example.org"},
			InReplyTo: fmt.Sprintf("%d.%05d-%d-lkml@example.org", 1641196800+(i/3)*47, (i/3*7919)%99991, i/3),
			StartLine: 1 + i*120, Offset: int64(i) * 5000,
			Patch: &model.PatchTag{Title: title, Version: 2, Index: 1, Total: 5},
		}}
		r.Meta.References = []string{r.Meta.InReplyTo}
		r.Hash[0], r.Hash[1], r.Hash[2] = byte(i), byte(i>>8), byte(i>>16)
		if i%50 == 7 {
			tb := table(id, "Tess Kernel", 0)
			tb.Rows[0].Case = fmt.Sprint(i)
			r.Tables = []model.Table{tb}
		}
		recs[i] = r
	}
	return recs
}

// BenchmarkPut stores 20,000 records in batches of 2000 into a fresh
// database per iteration (compare the SQLite store's BenchmarkPut).
func BenchmarkPut(b *testing.B) {
	recs := benchRecords(20000)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		url := pgtest.Database(b)
		b.StartTimer()
		st, err := postgres.Open(context.Background(), url)
		if err != nil {
			b.Fatal(err)
		}
		for j := 0; j < len(recs); j += 2000 {
			if _, err := st.Put(context.Background(), recs[j:j+2000]); err != nil {
				b.Fatal(err)
			}
		}
		st.Close()
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(recs)), "µs/record")
}
