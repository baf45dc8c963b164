// Package layout finds the geometry of a table in a candidate block's
// lines: where its cells, columns, header and rows are, not what they
// mean.
//
// ReadLine cuts a line (its column tokens, package token) into pieces:
// runs of tokens between '|' separators and gaps of two or more blanks,
// never inside brackets, at the columns of the line in canonical form
// (package text: tabs expanded, Unicode spaces as blanks). It classes the
// line (Blank, Rule, PipeOnly, Words, Data) and reads a data line's
// leading label and its value cells (package cell).
//
// From a first data row, Lay finds a table's body (data rows, sub-headings,
// row groups separated by blank lines, rows a mailer wrapped), its value
// columns, and its header lines stacked above, each fragment given to the
// columns it titles, by position where the alignment holds and by order
// where it was lost (Grid). What the rows and columns stand for, which are
// variants and which are cases, is decided above, in package parse; the
// one question Lay must ask of it (whether row labels name kernels) is
// passed in.
//
// IsRule, IsProse and SentenceEnd tell the lines no table is made of; the
// families above ask them too.
package layout
