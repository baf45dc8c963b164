package export_test

import (
	"fmt"
	"log"
	"os"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/export"
)

// The README's library example, on the example thread.
func Example() {
	ex := lkmlbench.New(lkmlbench.Options{})
	for _, path := range []string{"../testdata/example-thread.mbox"} {
		if err := ex.AddPath(path); err != nil {
			log.Print(err) // the other inputs are still read
		}
	}
	doc := ex.Document()
	for _, o := range doc.Observations()[:2] {
		fmt.Println(o.Benchmark, o.Case, o.Variant, o.Field, o.Value, o.Author)
	}
	if err := export.Write(os.Stdout, doc, export.Summary); err != nil {
		log.Fatal(err)
	}
	// Output:
	// hackbench 1-groups tip value 3.92 Kavya Rao
	// hackbench 1-groups tip pct 0.00 Kavya Rao
	// TABLE  SOURCE:LINES                             FORMAT      BENCHMARK  ROWS  NUMBERS  AUTHOR             CONTEXT
	// t01    ../testdata/example-thread.mbox:82-87    value-pct   hackbench  5     20       Kavya Rao +1 copy  hackbench / NPS1
	// t02    ../testdata/example-thread.mbox:91-96    value-pct   hackbench  5     20       Kavya Rao          hackbench / NPS4
	// t03    ../testdata/example-thread.mbox:104-114  value-pct   tbench     10    40       Kavya Rao          tbench / NPS1
	// t04    ../testdata/example-thread.mbox:181-194  pct-imp-cv  schbench   7     42       Rahul Menon        -
	// 4 tables, 122 numbers from 4 messages in 1 input
}
