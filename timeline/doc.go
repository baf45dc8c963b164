// Package timeline follows a patch series across its versions: for each
// benchmark and case, the results every version (v1 ... vN) got, who
// tested it and when, and the change from one version to the next.
//
//	doc := ex.Document() // or a database's, sqlite.Store.Document
//	for _, tl := range timeline.Build(doc) {
//		timeline.WriteTable(os.Stdout, []timeline.Timeline{tl}, 0)
//	}
package timeline
