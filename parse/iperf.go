package parse

import (
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The iperf family reads the interval and summary lines of iperf3 (and
// of iperf 2, which prints the same columns with fewer decimals):
//
//	[ ID] Interval           Transfer     Bitrate         Retr  Cwnd
//	[  5]   0.00-1.00   sec  1.09 GBytes  9.38 Gbits/sec    0   1.58 MBytes
//	- - - - - - - - - - - - - - - - - - - - - - - - -
//	[ ID] Interval           Transfer     Bitrate         Retr
//	[  5]   0.00-10.00  sec  10.9 GBytes  9.39 Gbits/sec    0             sender
//	[  5]   0.00-10.04  sec  10.9 GBytes  9.35 Gbits/sec                  receiver
//	[  5]   0.00-10.00  sec  1.25 MBytes  1.05 Mbits/sec  0.012 ms  0/906 (0%)  receiver
//
// A row per line, named by its interval and, on the summary lines, the
// side that measured it ("0.00-10.00 sender"); where the lines of several
// streams share a table the stream goes first ("[7] 0.00-10.00 sender",
// "[SUM] ..."). Fields: transfer and bitrate (each cell's Text keeps the
// unit, which differs from line to line), retr, cwnd, and for UDP jitter
// (ms), lost, total and lost_pct. A table is one run of such lines under
// one header, or with none; the separator and header lines between the
// interval lines and the summary end it, and a single blank line between
// rows (a mailer that double-spaced the paste) does not.
func init() { Register(iperfFamily{}, 44) }

type iperfFamily struct{}

// Name is the format recorded for these tables.
func (iperfFamily) Name() string { return "iperf" }

var (
	// iperfRow is "[  5]   0.00-10.00  sec  10.9 GBytes  9.39 Gbits/sec
	// REST"; "[SUM]", "[  5][TX-C]" name streams too.
	iperfRow = regexp.MustCompile(`^\[\s*(\d+|SUM)\](?:\[([A-Z]{2}-[A-Z])\])?\s+(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s+sec\s+(\d+(?:\.\d+)?)\s+([KMGT]?Bytes)\s+(\d+(?:\.\d+)?)\s+([KMGT]?bits/sec)\s*(.*)$`)
	// iperfUDP is the UDP tail: "0.012 ms  0/906 (0%)".
	iperfUDP = regexp.MustCompile(`^(\d+(?:\.\d+)?)\s+ms\s+(\d+)/\s*(\d+)\s+\((\d+(?:\.\d+)?(?:e[-+]?\d+)?)%\)\s*(.*)$`)
	// iperfTCP is the TCP tail: retransmits and congestion window.
	iperfTCP = regexp.MustCompile(`^(\d+)(?:\s+(\d+(?:\.\d+)?)\s+([KMGT]?Bytes))?\s*(.*)$`)
	// iperfHeader is "[ ID] Interval  Transfer  Bitrate ...".
	iperfHeader = regexp.MustCompile(`^\[\s*ID\](?:\[Role\])?\s+Interval\s+Transfer\s+(Bitrate|Bandwidth)\b`)
)

// iperfLine is one row read, before the stream is known to need naming.
type iperfLine struct {
	row    model.Row
	stream string
	label  string
}

// iperfRead reads line text as a row, or reports false.
func iperfRead(b *Block, j int, text, rate string) (iperfLine, bool) {
	m := iperfRow.FindStringSubmatch(text)
	if m == nil {
		return iperfLine{}, false
	}
	stream := m[1]
	if m[2] != "" {
		stream += "][" + m[2]
	}
	label := m[3] + "-" + m[4]
	row := rowAt(b, j, "")
	iperfUnit(&row, b, "transfer", m[5], m[6])
	iperfUnit(&row, b, rate, m[7], m[8])
	rest := strings.TrimSpace(m[9])
	if u := iperfUDP.FindStringSubmatch(rest); u != nil {
		iperfUnit(&row, b, "jitter", u[1], "ms")
		addCell(&row, b.Comma, "", "lost", u[2])
		addCell(&row, b.Comma, "", "total", u[3])
		addCell(&row, b.Comma, "", "lost_pct", u[4])
		rest = u[5]
	} else if t := iperfTCP.FindStringSubmatch(rest); t != nil {
		addCell(&row, b.Comma, "", "retr", t[1])
		if t[2] != "" {
			iperfUnit(&row, b, "cwnd", t[2], t[3])
		}
		rest = t[4]
	}
	switch rest = strings.TrimSpace(rest); rest {
	case "sender", "receiver":
		label += " " + rest
	case "", "(omitted)":
	default:
		return iperfLine{}, false
	}
	return iperfLine{row: row, stream: stream, label: label}, true
}

// iperfUnit adds an amount whose unit is written beside it.
func iperfUnit(row *model.Row, b *Block, field, num, unit string) {
	n := len(row.Cells)
	addCell(row, b.Comma, "", field, num)
	if len(row.Cells) > n {
		row.Cells[n].Text = num + " " + unit
	}
}

// Read returns one table per header group of interval or summary lines.
func (iperfFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		start, rate, header := i, "bitrate", false
		if h := iperfHeader.FindStringSubmatch(b.trim(i)); h != nil {
			rate, header = strings.ToLower(h[1]), true
			i++
		}
		var lines []iperfLine
		j, end := i, i
		for ; j < len(b.Lines); j++ {
			text := b.trim(j)
			if text == "" && (len(lines) > 0 || header) && j+1 < len(b.Lines) && b.trim(j+1) != "" {
				continue
			}
			l, ok := iperfRead(b, j, text, rate)
			if !ok {
				break
			}
			lines = append(lines, l)
			end = j + 1
		}
		if len(lines) > 0 {
			out = append(out, Match{Start: start, End: end, Table: iperfTable(lines)})
		}
		i = max(end, i+1)
	}
	return out
}

// iperfTable names the rows, with their streams where the lines of more
// than one stream share the table.
func iperfTable(lines []iperfLine) model.Table {
	t := model.Table{Benchmark: "iperf", Direction: "higher"}
	streams := map[string]bool{}
	for _, l := range lines {
		streams[l.stream] = true
	}
	for _, l := range lines {
		l.row.Case = l.label
		if len(streams) > 1 {
			l.row.Case = "[" + l.stream + "] " + l.label
		}
		t.Rows = append(t.Rows, l.row)
	}
	return t
}
