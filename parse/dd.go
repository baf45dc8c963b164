package parse

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/model"
)

// The dd family reads the summary dd(1) prints when it finishes, which
// storage and file system threads paste as their throughput figure:
//
//	30721+0 records in
//	30720+0 records out
//	8053063680 bytes (8.1 GB, 7.5 GiB) copied, 302.914 s, 26.6 MB/s
//
// or, from older and BSD dd, "8053063680 bytes transferred in 302.914 secs
// (26584968 bytes/sec)". Each line is a row named as dd names it ("records
// in", "records out", "copied", "transferred"); the record counts are the
// fields full and partial, the summary's figures bytes, seconds and their
// units in lower case ("gb", "gib", "mb/s"). The lines of a status=progress
// run before the summary are dd's running totals, not its result: only the
// last summary line of a run is read.
func init() { Register(ddFamily{}, 45) }

type ddFamily struct{}

// Name is the format recorded for these tables.
func (ddFamily) Name() string { return "dd" }

var ddLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Number", Pattern: `\d+(?:\.\d+)?`},
	{Name: "Unit", Pattern: `[A-Za-z]+(?:/[a-z]+)?`},
	{Name: "Punct", Pattern: `[()+,]`},
	{Name: "Space", Pattern: `[ \t]+`},
	{Name: "Other", Pattern: `.`},
})

// ddLine is one line of dd's summary.
type ddLine struct {
	Records     *ddRecords     `parser:"  @@"`
	Copied      *ddCopied      `parser:"| @@"`
	Transferred *ddTransferred `parser:"| @@"`
}

// ddRecords is "30721+0 records in".
type ddRecords struct {
	Full    string `parser:"@Number '+'"`
	Partial string `parser:"@Number 'records'"`
	Way     string `parser:"@('in' | 'out')"`
}

// ddCopied is "8053063680 bytes (8.1 GB, 7.5 GiB) copied, 302.914 s, 26.6
// MB/s"; coreutils before 8.24 gives one size in the parenthesis.
type ddCopied struct {
	Bytes   string   `parser:"@Number 'bytes'"`
	Sizes   []ddSize `parser:"('(' @@ (',' @@)* ')')?"`
	Seconds string   `parser:"'copied' ',' @Number 's' ','"`
	Rate    ddSize   `parser:"@@"`
}

// ddTransferred is "8053063680 bytes transferred in 302.914 secs (26584968
// bytes/sec)".
type ddTransferred struct {
	Bytes   string `parser:"@Number 'bytes' 'transferred'"`
	Seconds string `parser:"'in' @Number 'secs'"`
	Rate    ddSize `parser:"'(' @@ ')'"`
}

// ddSize is a figure and its unit: "8.1 GB", "26.6 MB/s".
type ddSize struct {
	Value string `parser:"@Number"`
	Unit  string `parser:"@Unit"`
}

var ddParser = participle.MustBuild[ddLine](participle.Lexer(ddLexer), participle.Elide("Space"), participle.UseLookahead(4))

// ddShaped is the cheap check before the grammar.
func ddShaped(text string) bool {
	return strings.Contains(text, " records ") || strings.Contains(text, " bytes ")
}

// ddRow reads line i of the block; kind is the row's name, "" for a line
// that is no dd summary line.
func ddRow(b *Block, i int) (row model.Row, kind string) {
	text := strings.TrimSpace(b.Lines[i].Text)
	if !ddShaped(text) {
		return model.Row{}, ""
	}
	l, ok := parseLine(ddParser, text)
	if !ok {
		return model.Row{}, ""
	}
	switch {
	case l.Records != nil:
		kind = "records " + l.Records.Way
		row = rowAt(b, i, kind)
		addCell(&row, b.Comma, "", "full", l.Records.Full)
		addCell(&row, b.Comma, "", "partial", l.Records.Partial)
	case l.Copied != nil:
		kind = "copied"
		row = rowAt(b, i, kind)
		addCell(&row, b.Comma, "", "bytes", l.Copied.Bytes)
		for _, s := range l.Copied.Sizes {
			addCell(&row, b.Comma, "", strings.ToLower(s.Unit), s.Value)
		}
		addCell(&row, b.Comma, "", "seconds", l.Copied.Seconds)
		addCell(&row, b.Comma, "", strings.ToLower(l.Copied.Rate.Unit), l.Copied.Rate.Value)
	default:
		kind = "transferred"
		row = rowAt(b, i, kind)
		addCell(&row, b.Comma, "", "bytes", l.Transferred.Bytes)
		addCell(&row, b.Comma, "", "seconds", l.Transferred.Seconds)
		addCell(&row, b.Comma, "", strings.ToLower(l.Transferred.Rate.Unit), l.Transferred.Rate.Value)
	}
	return row, kind
}

// Read returns one table per run of summary lines (blank lines and dd's
// own complaints, "dd: error writing ...", may sit between them).
func (ddFamily) Read(b *Block) []Match {
	var out []Match
	var rows []model.Row
	start, end := -1, -1
	flush := func() {
		if len(rows) > 0 {
			out = append(out, Match{Start: start, End: end, Table: model.Table{Benchmark: "dd", Variants: []string{}, Rows: rows}})
		}
		rows, start = nil, -1
	}
	for i := range b.Lines {
		row, kind := ddRow(b, i)
		switch {
		case kind == "":
			text := strings.TrimSpace(b.Lines[i].Text)
			if text != "" && !strings.HasPrefix(text, "dd: ") {
				flush()
			}
			continue
		case kind == "records in":
			if hasCase(rows, "records in") {
				flush() // the summary of the next dd run
			} else {
				rows, start = nil, -1 // status=progress totals before the summary
			}
		case len(rows) > 0 && rows[len(rows)-1].Case == kind:
			// status=progress prints a summary line per second: keep the last
			rows = rows[:len(rows)-1]
		}
		if start < 0 {
			start = i
		}
		rows = append(rows, row)
		end = i + 1
	}
	flush()
	return out
}

// hasCase reports whether a row of rows is named c.
func hasCase(rows []model.Row, c string) bool {
	for _, r := range rows {
		if r.Case == c {
			return true
		}
	}
	return false
}
