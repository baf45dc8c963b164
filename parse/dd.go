package parse

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// The dd family reads the summary dd prints when it ends:
//
//	204800+0 records in
//	204800+0 records out
//	838860800 bytes (839 MB, 800 MiB) copied, 3.90215 s, 215 MB/s
//
// and the forms of older coreutils ("(839 MB) copied"), busybox
// ("(800.0MB) copied, 3.9 seconds, 205.1MB/s") and the BSDs ("838860800
// bytes transferred in 3.902 secs (214977 bytes/sec)"). Records lines are
// rows "records in" / "records out" with fields full and partial (the
// "N+M"); the byte count line is a row "copied" (as written:
// "transferred" on the BSDs) with fields bytes, each restatement in its
// unit in lower case ("mb", "mib"), seconds, and the rate in its unit in
// lower case ("mb/s"). A table is one run of such lines that holds a byte
// count line; the lines around it (a checksum piped from dd, a shell
// prompt) end it.
func init() { Register(ddFamily{}, 44) }

type ddFamily struct{}

// Name is the format recorded for these tables.
func (ddFamily) Name() string { return "dd" }

// ddLine is one line of dd's summary.
type ddLine struct {
	Records *ddRecords `parser:"  @@"`
	Copied  *ddCopied  `parser:"| @@"`
}

// ddRecords is "204800+0 records in".
type ddRecords struct {
	Full    string `parser:"@Number '+'"`
	Partial string `parser:"@Number 'records'"`
	Way     string `parser:"@( 'in' | 'out' )"`
}

// ddCopied is "838860800 bytes (839 MB, 800 MiB) copied, 3.90215 s, 215
// MB/s" or "838860800 bytes transferred in 3.902 secs (214977
// bytes/sec)".
type ddCopied struct {
	Bytes   string      `parser:"@Number 'bytes'"`
	Restate []*ddAmount `parser:"( '(' @@ ( ',' @@ )* ')' )?"`
	Verb    string      `parser:"@( 'copied' | 'transferred' )"`
	In      string      `parser:"( ',' | @'in' )"`
	Seconds string      `parser:"@Number ( 's' | 'sec' | 'secs' | 'seconds' )"`
	Rate    *ddAmount   `parser:"( ',' @@ | '(' @@ ')' )"`
}

// ddAmount is a number and its unit: "839 MB", "215 MB/s", "214977
// bytes/sec".
type ddAmount struct {
	Num  string `parser:"@Number"`
	Unit string `parser:"@Word"`
}

var ddParser = participle.MustBuild[ddLine](participle.Lexer(token.FioLexer), participle.Elide("Space"), participle.UseLookahead(2))

// ddShaped is the cheap check before the grammar: the words only dd's
// summary lines hold.
func ddShaped(text string) bool {
	return strings.Contains(text, " records ") || strings.HasSuffix(text, " records in") || strings.HasSuffix(text, " records out") ||
		strings.Contains(text, " bytes") && (strings.Contains(text, " copied, ") || strings.Contains(text, " transferred in "))
}

// Read returns one table per run of summary lines.
func (ddFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		t := model.Table{Benchmark: "dd"}
		j, copied := i, false
		for ; j < len(b.Lines); j++ {
			text := b.trim(j)
			if !ddShaped(text) {
				break
			}
			l, ok := grammar.ParseLine(ddParser, text)
			if !ok {
				break
			}
			row := ddRow(b, j, l)
			copied = copied || l.Copied != nil
			t.Rows = append(t.Rows, row)
		}
		if copied {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}

// ddRow gives the cells of one summary line.
func ddRow(b *Block, j int, l *ddLine) model.Row {
	if r := l.Records; r != nil {
		row := rowAt(b, j, "records "+r.Way)
		addCell(&row, b.Comma, "", "full", r.Full)
		addCell(&row, b.Comma, "", "partial", r.Partial)
		return row
	}
	c := l.Copied
	row := rowAt(b, j, c.Verb)
	addCell(&row, b.Comma, "", "bytes", c.Bytes)
	for _, a := range c.Restate {
		ddAdd(&row, b, a)
	}
	addCell(&row, b.Comma, "", "seconds", c.Seconds)
	ddAdd(&row, b, c.Rate)
	return row
}

// ddAdd adds an amount under its unit in lower case, keeping the text as
// written.
func ddAdd(row *model.Row, b *Block, a *ddAmount) {
	n := len(row.Cells)
	addCell(row, b.Comma, "", strings.ToLower(a.Unit), a.Num)
	if len(row.Cells) > n {
		row.Cells[n].Text = a.Num + " " + a.Unit
	}
}
