package parse

import (
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// The t/io_uring family reads what fio's t/io_uring tool prints: a rate
// line each second and the best one when it stops,
//
//	submitter=0, tid=4021
//	IOPS=2511K, BW=1226MiB/s, IOS/call=31/30, inflight=(96 40)
//	IOPS=2518K, BW=1229MiB/s, IOS/call=31/31, inflight=(128)
//	^CExiting on signal
//	Maximum IOPS=2518K
//
// and the older forms without BW= or with "inflight=128 (128)". A run is
// one table: its rate lines are per-second samples (rows without a case)
// and the Maximum line a row "Maximum". Fields are iops and bw (the unit
// as written in Text, a magnitude suffix expanded), ios_per_call and
// reaps_per_call for the "IOS/call=a/b" pair (IOs submitted and reaped
// per system call), and inflight for each depth in the parentheses (one
// per file; the older "inflight=128 (128)" gives the total as inflight
// and the depths as inflight_file). The settings the tool echoes right
// above the samples ("polled=1, fixedbufs=1/0, register_files=1,
// buffered=0, QD=128", "sq_ring=128, cq_ring=128", "submitter=0,
// tid=1004") are run parameters, not results: rows by key, field value,
// flagged model.FlagParameter (a setting glued to words, "Engine=io_uring",
// gives none).
func init() { Register(ioUringFamily{}, 44) }

type ioUringFamily struct{}

// Name is the format recorded for these tables.
func (ioUringFamily) Name() string { return "t/io_uring" }

// ioUringLine is one line of pairs: "IOPS=2511K, BW=1226MiB/s, ...",
// "Maximum IOPS=2518K".
type ioUringLine struct {
	Maximum bool           `parser:"@'Maximum'?"`
	Pairs   []*ioUringPair `parser:"@@ ( ',' @@ )*"`
}

// ioUringPair is "key=value", "key=a/b", "key=(a b)" or "key=a (b)".
type ioUringPair struct {
	Key    string        `parser:"@Word '='"`
	First  *ioUringNum   `parser:"( @@"`
	Second *ioUringNum   `parser:"  ( '/' @@ )? )?"`
	Paren  []*ioUringNum `parser:"( '(' @@+ ')' )?"`
}

// ioUringNum is a number with the unit or suffix glued to it.
type ioUringNum struct {
	Num  string `parser:"@Number"`
	Unit string `parser:"@Word?"`
}

var ioUringParser = participle.MustBuild[ioUringLine](participle.Lexer(token.FioLexer), participle.Elide("Space"), participle.UseLookahead(2))

// ioUringRate reports whether a line opens like a rate line ("IOPS=")
// and names a second figure of one (BW= or IOS/call=).
func ioUringRate(text string) bool {
	return len(text) > 5 && strings.EqualFold(text[:5], "IOPS=") &&
		(strings.Contains(text, "BW=") || strings.Contains(text, "IOS/call="))
}

// ioUringMax is the line t/io_uring prints last: "Maximum IOPS=2518K".
func ioUringMax(text string) bool { return strings.HasPrefix(text, "Maximum IOPS=") }

// ioUringSkippable are the lines a run may hold between its samples and
// its Maximum line: the interrupt echo and the exit notice.
func ioUringSkippable(text string) bool {
	return strings.HasPrefix(text, "^C") || strings.HasPrefix(text, "Exiting")
}

// Read returns one table per run of rate lines.
func (ioUringFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		if !ioUringRate(b.trim(i)) {
			i++
			continue
		}
		t := model.Table{Benchmark: "t/io_uring"}
		start, settings := ioUringSettings(b, i)
		t.Rows = settings
		j, end := i, i
		for ; j < len(b.Lines); j++ {
			text := b.trim(j)
			if ioUringSkippable(text) {
				continue
			}
			if !ioUringRate(text) && !ioUringMax(text) {
				break
			}
			row, ok := ioUringRow(b, j, text)
			if !ok {
				break
			}
			t.Rows = append(t.Rows, row)
			end = j + 1
			if ioUringMax(text) {
				break
			}
		}
		if len(t.Rows) > len(settings) {
			out = append(out, Match{Start: start, End: end, Table: t})
		}
		i = max(end, i+1)
	}
	return out
}

// ioUringSetting is one "key=value" of a settings line: "QD=128",
// "fixedbufs=1/0", "Engine=io_uring".
var ioUringSetting = regexp.MustCompile(`^([A-Za-z_][A-Za-z_0-9]*)=(?:(\d+)(?:/(\d+))?|[A-Za-z_][A-Za-z_0-9]*)$`)

// ioUringSettingsLine returns the settings of a line made only of
// "key=value" pairs, or false.
func ioUringSettingsLine(text string) ([][]string, bool) {
	var out [][]string
	for part := range strings.SplitSeq(text, ",") {
		m := ioUringSetting.FindStringSubmatch(strings.TrimSpace(part))
		if m == nil {
			return nil, false
		}
		out = append(out, m)
	}
	return out, len(out) > 0
}

// ioUringSettings reads the settings lines right above the first rate
// line i: it returns the first of them and their rows.
func ioUringSettings(b *Block, i int) (int, []model.Row) {
	start := i
	for start > 0 && i-start < 4 {
		if _, ok := ioUringSettingsLine(b.trim(start - 1)); !ok {
			break
		}
		start--
	}
	var rows []model.Row
	for k := start; k < i; k++ {
		pairs, _ := ioUringSettingsLine(b.trim(k))
		for _, m := range pairs {
			row := rowAt(b, k, m[1])
			addCell(&row, b.Comma, "", "value", m[2], model.FlagParameter)
			addCell(&row, b.Comma, "", "value", m[3], model.FlagParameter)
			if len(row.Cells) > 0 {
				rows = append(rows, row)
			}
		}
	}
	return start, rows
}

// ioUringFields names the figures of a rate line by their lower-case key.
var ioUringFields = map[string]bool{"iops": true, "bw": true, "ios/call": true, "inflight": true}

// ioUringRow reads one rate or Maximum line.
func ioUringRow(b *Block, j int, text string) (model.Row, bool) {
	l, ok := grammar.ParseLine(ioUringParser, text)
	if !ok {
		return model.Row{}, false
	}
	row := rowAt(b, j, "")
	if l.Maximum {
		row.Case = "Maximum"
	}
	for _, p := range l.Pairs {
		key := strings.ToLower(p.Key)
		if !ioUringFields[key] {
			continue
		}
		switch {
		case key == "ios/call" && p.First != nil && p.Second != nil:
			ioUringAdd(&row, b, "ios_per_call", p.First)
			ioUringAdd(&row, b, "reaps_per_call", p.Second)
		case key == "ios/call":
		case p.First != nil && p.Second == nil:
			ioUringAdd(&row, b, key, p.First)
		}
		if key == "inflight" {
			per := key // "(124 62)": one depth per file
			if p.First != nil {
				per = "inflight_file" // "128 (128)": the total, then per file
			}
			for _, n := range p.Paren {
				ioUringAdd(&row, b, per, n)
			}
		}
	}
	return row, len(row.Cells) > 0
}

// ioUringAdd adds one figure, a magnitude suffix expanded as fio's own
// report has it.
func ioUringAdd(row *model.Row, b *Block, field string, n *ioUringNum) {
	fioAdd(row, b, field, &fioValue{Num: n.Num, Unit: n.Unit})
}
