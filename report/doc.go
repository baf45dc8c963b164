// Package report writes an HTML report of a document's tables for a
// person to read in a browser: an index of the verdicts, the worst
// regression first; per patch series a case × version pivot of each
// benchmark and measure; then per table a chart (each variant's change
// against the reference, or, without one, each measure on its own
// scale), the table itself, its verdict line and where it came from. The
// file is
// self-contained: charts are inline SVG drawn by gonum.org/v1/plot, the
// style is inline, and nothing is loaded from the network.
//
//	f, _ := os.Create("report.html")
//	err := report.Write(f, doc, report.Options{LoreBase: "https://lore.kernel.org"})
package report
