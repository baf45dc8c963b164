// Package gen writes synthetic mailing-list messages in the shapes of real
// LKML traffic, for the crawl's benchmarks and cmd/gencorpus. Each message
// is a string in mbox form, From_ line included, and the same seed gives
// the same messages.
//
//	g := gen.New(1)
//	for i := range 1000 {
//		w.WriteString(g.Message(i))
//	}
package gen
