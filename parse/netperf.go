package parse

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// The netperf family reads netperf's own result block, where every column
// title is stacked over several lines above its number:
//
//	MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to localhost () port 0 AF_INET
//	Recv   Send    Send
//	Socket Socket  Message  Elapsed
//	Size   Size    Size     Time     Throughput
//	bytes  bytes   bytes    secs.    10^6bits/sec
//
//	131072  16384  16384    10.00    21541.95
//
// The banner names the test, which is the case. Columns are placed by the
// numbers of the first result line; each title word belongs to the column
// whose number starts nearest to it, and the last title line holds the
// units. The field is the rest of the title, lower case ("throughput",
// "elapsed_time", "trans_rate"); further result lines (the remote side of a
// request/response test, the receive side of a UDP stream) get the case
// "<test> (2)", "(3)". Lines are read with the column grammar's tokens.
func init() { Register(netperfFamily{}, 45) }

type netperfFamily struct{}

// Name is the format recorded for these tables.
func (netperfFamily) Name() string { return "netperf" }

// netperfBanner is the first line of a test's output; group 1 is the test.
var netperfBanner = guard(containing("TEST"), regexp.MustCompile(`^(?:MIGRATED\s+)?((?:[A-Z0-9_/]+\s+)*?[A-Z0-9_/]+)\s+TEST\s+from\s`))

// Read returns one table per netperf result block.
func (netperfFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); i++ {
		m := netperfBanner.FindStringSubmatch(b.trim(i))
		if m == nil {
			continue
		}
		if match, ok := readNetperf(b, i, m[1]); ok {
			out = append(out, match)
			i = match.End - 1
		}
	}
	return out
}

// readNetperf reads the block whose banner is line i.
func readNetperf(b *Block, i int, test string) (Match, bool) {
	j := i + 1
	var titles []string
	for ; j < len(b.Lines) && b.trim(j) != "" && len(titles) < 6; j++ {
		titles = append(titles, b.Lines[j].Text)
	}
	for j < len(b.Lines) && b.trim(j) == "" {
		j++
	}
	var data [][]token.Token
	var lines []int
	for ; j < len(b.Lines); j++ {
		ts := b.tokens(j)
		if len(ts) == 0 || !allNumbers(ts) {
			break
		}
		data, lines = append(data, ts), append(lines, j)
	}
	if len(titles) < 2 || len(data) == 0 || len(data[0]) < 2 {
		return Match{}, false
	}
	anchors := make([]int, len(data[0]))
	for k, t := range data[0] {
		anchors[k] = t.Start
	}
	fields, units := netperfTitles(titles, anchors)
	t := model.Table{Benchmark: "netperf", Variants: []string{}}
	for r, ts := range data {
		label := test
		if r > 0 {
			label += " (" + strconv.Itoa(r+1) + ")"
		}
		row := rowAt(b, lines[r], label)
		for _, tk := range ts {
			v, ok := token.Value(tk, b.Comma)
			if !ok {
				continue
			}
			row.Cells = append(row.Cells, model.Cell{Field: fields[nearest(anchors, tk.Start)], Value: model.Number(v)})
		}
		t.Rows = append(t.Rows, row)
	}
	t.Unit = units[len(units)-1]
	return Match{Start: i, End: lines[len(lines)-1] + 1, Table: t}, true
}

// netperfTitles gives each column its field name and unit from the stacked
// title lines: the last line holds the units.
func netperfTitles(titles []string, anchors []int) (fields, units []string) {
	words := make([][]string, len(anchors))
	units = make([]string, len(anchors))
	for n, line := range titles {
		for _, w := range spaceRuns(line) {
			k, text := nearest(anchors, w.Start), line[w.Start:w.End]
			if n == len(titles)-1 {
				units[k] = strings.TrimSpace(units[k] + " " + text)
				continue
			}
			words[k] = append(words[k], text)
		}
	}
	fields = make([]string, len(anchors))
	for k, ws := range words {
		fields[k] = cell.FieldName(strings.Join(ws, " "))
		if fields[k] == "" {
			fields[k] = "value"
		}
	}
	return fields, units
}

// nearest returns the index of the anchor closest to pos, the left one on
// a tie.
func nearest(anchors []int, pos int) int {
	best := 0
	for k, a := range anchors {
		if abs(pos-a) < abs(pos-anchors[best]) {
			best = k
		}
	}
	return best
}

// allNumbers reports whether every token of a line is a number.
func allNumbers(ts []token.Token) bool {
	for _, t := range ts {
		if t.Kind != token.Num {
			return false
		}
	}
	return true
}
