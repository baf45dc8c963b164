package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The sockperf family reads the statistics sockperf prints at the end of
// a ping-pong or under-load run, every line under its "sockperf: " prefix:
//
//	sockperf: ====> avg-latency=12.410 (std-dev=1.802)
//	sockperf: Summary: Latency is 12.410 usec
//	sockperf: ---> <MAX> observation =   61.020
//	sockperf: ---> percentile 99.900 =   30.115
//	sockperf: ---> <MIN> observation =    8.500
//
// A run of such lines is one table, even a single summary line (what
// testers quote most, one per kernel, under a label line each: those
// blocks become one table with the labels as variants). Rows: "Summary:
// Latency" (field value, unit usec), "avg-latency" (value and stddev),
// "percentile" (field pNN), "observation" (max, min). The banner, message
// counts and the percentile bookkeeping lines give no cells.
type sockperfFamily struct{}

func init() { Register(sockperfFamily{}, 44) }

// Name is the format recorded for these tables.
func (sockperfFamily) Name() string { return "sockperf" }

// Read returns each run of sockperf lines that holds a figure.
func (sockperfFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		j := i
		t := model.Table{Benchmark: "sockperf", Unit: "usec", Direction: "lower"}
		for ; j < len(b.Lines); j++ {
			rest, ok := strings.CutPrefix(b.trim(j), "sockperf:")
			if !ok {
				break
			}
			if row, ok := sockperfRow(b, j, strings.Join(strings.Fields(rest), " ")); ok {
				t.Rows = append(t.Rows, row)
			}
		}
		if len(t.Rows) > 0 {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}

// sockperfRow reads the figures of one line (without its prefix, blanks
// single).
func sockperfRow(b *Block, j int, text string) (model.Row, bool) {
	switch {
	case strings.HasPrefix(text, "Summary: Latency is "):
		f := strings.Fields(strings.TrimPrefix(text, "Summary: Latency is "))
		row := rowAt(b, j, "Summary: Latency")
		if len(f) == 2 && f[1] == "usec" {
			addCell(&row, b.Comma, "", "value", f[0])
		}
		return row, len(row.Cells) == 1
	case strings.HasPrefix(text, "====> avg-latency="):
		// "avg-latency=12.410 (std-dev=1.802)"
		v, sd, _ := strings.Cut(strings.TrimPrefix(text, "====> avg-latency="), " (std-dev=")
		row := rowAt(b, j, "avg-latency")
		addCell(&row, b.Comma, "", "value", v)
		addCell(&row, b.Comma, "", "stddev", strings.TrimSuffix(sd, ")"))
		return row, len(row.Cells) == 2
	case strings.HasPrefix(text, "---> percentile "):
		name, v, ok := strings.Cut(strings.TrimPrefix(text, "---> percentile "), " = ")
		row := rowAt(b, j, "percentile")
		if ok {
			addCell(&row, b.Comma, "", "p"+histTrimZeros(name), v)
		}
		return row, len(row.Cells) == 1
	case strings.HasPrefix(text, "---> <MAX> observation = "), strings.HasPrefix(text, "---> <MIN> observation = "):
		row := rowAt(b, j, "observation")
		addCell(&row, b.Comma, "", strings.ToLower(text[6:9]), strings.TrimSpace(text[len("---> <MAX> observation = "):]))
		return row, len(row.Cells) == 1
	}
	return model.Row{}, false
}
