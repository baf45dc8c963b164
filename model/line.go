package model

// LineKind says what part of a message a body line belongs to. Table readers
// look only at KindText lines, so numbers in patches, signatures and quoted
// header blocks never become records.
type LineKind uint8

const (
	// KindText is ordinary body text, prose or tables.
	KindText LineKind = iota
	// KindAttribution is an "On <date>, <name> wrote:" line.
	KindAttribution
	// KindDiff is part of a patch: "diff --git", "@@ ... @@", "+"/"-" lines,
	// diffstat lines.
	KindDiff
	// KindSignature is the signature block after "-- ".
	KindSignature
	// KindHeader is a mail header block inside a body (a forwarded message,
	// a digest entry's header lines).
	KindHeader
)

// String names the kind for debug listings.
func (k LineKind) String() string {
	switch k {
	case KindText:
		return "text"
	case KindAttribution:
		return "attribution"
	case KindDiff:
		return "diff"
	case KindSignature:
		return "signature"
	case KindHeader:
		return "header"
	}
	return "unknown"
}

// Line is one line of a decoded message body with its provenance, as the
// mail readers deliver it to the table parser.
type Line struct {
	// Text is the line with its quote markers ("> ", ">>", "> > ") removed:
	// at most one space after the last marker is dropped so that column
	// alignment survives.
	Text string
	// No is the 1-based line number in the input file (in the rebuilt text
	// for damaged input).
	No int
	// Offset is the byte offset of the line in the input file.
	Offset int64
	// Depth is the quote depth: the number of '>' markers.
	Depth int
	// Quote is the width of the quote markers (and the blanks among and
	// before them) removed from the start of the line, in bytes: Text
	// starts at that byte of the decoded line, and a tab in Text stops
	// where it showed behind them.
	Quote int
	// Author wrote the text at this depth: the message author at depth 0,
	// the attributed author of the quoted text otherwise; "" when unknown.
	Author string
	// Kind says which part of the message the line belongs to.
	Kind LineKind
	// PartStart is true on the first line of a MIME part after the first
	// (an attachment, another alternative): text of two parts never forms
	// one table, nor titles a table of the other.
	PartStart bool
}
