package parse

import (
	"regexp"

	"github.com/lkmlbench/lkmlbench/model"
)

// The pktgen family reads the result pktgen writes to its /proc file
// after a run:
//
//	Result: OK: 20111(c19840+d271) usec, 500000 (60byte,0frags)
//	  24861pps 11Mb/sec (11933280bps) errors: 0
//
// The first line gives the run's elapsed time, split into the time spent
// sending (c) and idle (d), and the packets sent; the second the rates
// and the errors. Both make one row "result": fields usec (or nsec, as
// written), busy, idle, pkts, pps, mb/s, bps, errors. The packet size and
// fragment count are the run's settings, not results. Each result is a
// table; results under labels become variants as every family's do.
type pktgenFamily struct{}

func init() { Register(pktgenFamily{}, 44) }

// Name is the format recorded for these tables.
func (pktgenFamily) Name() string { return "pktgen" }

// words: every table opens with this word of the tool's (vocabulary).
func (pktgenFamily) words() []string { return []string{"Result:"} }

var (
	// pktgenResult is "Result: OK: 20111(c19840+d271) usec, 500000 (60byte,0frags)".
	pktgenResult = regexp.MustCompile(`^Result:\s+OK:\s+(\d+)\(c(\d+)\+d(\d+)\)\s+(usec|nsec),\s+(\d+)\s+\(\d+byte,\d+frags\)$`)
	// pktgenRate is "24861pps 11Mb/sec (11933280bps) errors: 0".
	pktgenRate = regexp.MustCompile(`^(\d+)pps\s+(\d+)Mb/sec\s+\((\d+)bps\)\s+errors:\s+(\d+)$`)
)

// Read returns a table for each result of the block.
func (pktgenFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); i++ {
		m := pktgenResult.FindStringSubmatch(b.trim(i))
		if m == nil {
			continue
		}
		row := rowAt(b, i, "result")
		for k, f := range []string{m[4], "busy", "idle"} {
			addCell(&row, b.Comma, "", f, m[1+k])
		}
		addCell(&row, b.Comma, "", "pkts", m[5])
		end := i + 1
		if end < len(b.Lines) {
			if r := pktgenRate.FindStringSubmatch(b.trim(end)); r != nil {
				for k, f := range []string{"pps", "mb/s", "bps", "errors"} {
					addCell(&row, b.Comma, "", f, r[1+k])
				}
				end++
			}
		}
		out = append(out, Match{Start: i, End: end, Table: model.Table{Benchmark: "pktgen", Variants: []string{}, Rows: []model.Row{row}}})
		i = end - 1
	}
	return out
}
