// Package lkmlbench turns Linux kernel mailing-list threads into benchmark
// data: it reads mail in any of the forms mbox/ knows, finds the result
// tables with parse/, and returns one model.Document per run.
//
//	ex := lkmlbench.New(lkmlbench.Options{})
//	if err := ex.AddPath("thread.mbox"); err != nil {
//		log.Print(err) // the other inputs are still read
//	}
//	doc := ex.Document()
//	for _, o := range doc.Observations() {
//		fmt.Println(o.Benchmark, o.Case, o.Variant, o.Field, o.Value)
//	}
//
// For inputs of any size, Options.Stream hands out the tables message by
// message as they settle and keeps no messages, so that memory stays flat;
// MessageTables applies the budgets of parse and MaxTextLines, each cut a
// warning naming the line.
package lkmlbench
