// Package report writes an HTML report of a document's tables for a
// person to read in a browser: an index by series and benchmark, then
// per table a grouped bar chart (error bars from the CV or stddev the
// table gives, verdicts beyond noise marked), the table itself, its
// verdict line and where it came from; per patch series a line chart of
// how each benchmark moved across its versions. The file is
// self-contained: charts are inline SVG drawn by gonum.org/v1/plot, the
// style is inline, and nothing is loaded from the network.
//
//	f, _ := os.Create("report.html")
//	err := report.Write(f, doc, report.Options{LoreBase: "https://lore.kernel.org"})
package report
