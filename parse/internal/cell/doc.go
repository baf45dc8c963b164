// Package cell reads what one cell of a table and one column title say.
//
// A value piece of a line (its column tokens, package token) is read by
// the same rules wherever it sits (Read): a number with what is written
// beside it ("4.25 (0.00 pct)", "3.703 us ( -1.91%)", "6327.09(-7.20%)",
// "13.48 +- 5.19%", "12345/23456"), a list of runs ("184, 171, 199"), a
// tuple ("( 0.40%, 0.00%)"), a duration ("1m41s"), or a missing-value
// mark ("-", "N/A") that holds the column's place. Each number is a Slot:
// the number, its unit, and the figures beside it (Extra).
//
// A column title (Title) names a variant, a statistic ("Mean", "p99",
// "%Std.Dev."), a variant with its bracketed figures ("baseline(std%)"),
// a metric ("BW(MiB/s)") or a unit alone ("Bytes/sec"); SplitTitle cuts a
// title line whose alignment was lost.
//
// The package knows nothing of where a cell stands in a table: the layout
// reader above it places cells in columns, and package parse decides what
// rows and columns stand for.
package cell
