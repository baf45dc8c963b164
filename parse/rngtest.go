package parse

import (
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The rngtest family reads the statistics rngtest (rng-tools) prints
// when it ends, with or without its "rngtest: " prefix:
//
//	rngtest: bits received from input: 20000032
//	rngtest: FIPS 140-2 successes: 994
//	rngtest: FIPS 140-2 failures: 6
//	rngtest: FIPS 140-2(2001-10-10) Monobit: 1
//	rngtest: input channel speed: (min=101.5; avg=402.2; max=9000.1)Kibits/s
//	rngtest: FIPS tests speed: (min=18.1; avg=90.4; max=120.2)Mibits/s
//	rngtest: Program run time: 1203004 microseconds
//
// A row per statistic, named by its label as written; counts have field
// value, the speed lines fields min, avg and max (each cell's Text keeps
// the unit, which differs from line to line), the run time field value.
// The lines rngtest writes around them ("starting FIPS tests...",
// "entropy source drained", its version and copyright) belong to the
// table but give no cells. A table needs the successes line or a speed
// line.
func init() { Register(rngtestFamily{}, 44) }

type rngtestFamily struct{}

// Name is the format recorded for these tables.
func (rngtestFamily) Name() string { return "rngtest" }

var (
	// rngtestCount is "FIPS 140-2 successes: 994", "bits received from
	// input: 20000032", "Program run time: 1203004 microseconds".
	rngtestCount = regexp.MustCompile(`^((?:bits received from input|FIPS 140-[12] (?:successes|failures)|FIPS 140-[12]\([\d-]+\) [A-Za-z ]+|Program run time)):\s+(\d+)(?:\s+(microseconds|seconds|us))?$`)
	// rngtestSpeed is "input channel speed: (min=101.5; avg=402.2;
	// max=9000.1)Kibits/s".
	rngtestSpeed = regexp.MustCompile(`^((?:input channel|FIPS tests) speed):\s+\(min=([\d.]+|inf); avg=([\d.]+|inf); max=([\d.]+|inf)\)\s*([KMGT]?i?bits/s)$`)
)

// rngtestQuiet are the status lines rngtest prints among its statistics.
var rngtestQuiet = []string{"starting FIPS tests", "entropy source drained", "entropy source exhausted", "rngtest ",
	"Copyright (c)", "This is free software"}

// rngtestText returns a line without the "rngtest: " prefix and the
// kernel log or shell stamps before it.
func rngtestText(s string) string {
	s = cutLogStamp(s)
	if rest, ok := strings.CutPrefix(s, "rngtest:"); ok {
		return strings.TrimSpace(rest)
	}
	return s
}

// Read returns one table per statistics dump.
func (rngtestFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		t := model.Table{Benchmark: "rngtest"}
		j, anchored := i, false
	lines:
		for ; j < len(b.Lines); j++ {
			text := rngtestText(b.trim(j))
			if m := rngtestCount.FindStringSubmatch(text); m != nil {
				row := rowAt(b, j, m[1])
				addCell(&row, b.Comma, "", "value", m[2])
				t.Rows = append(t.Rows, row)
				anchored = anchored || strings.HasSuffix(m[1], "successes")
				continue
			}
			if m := rngtestSpeed.FindStringSubmatch(text); m != nil {
				row := rowAt(b, j, m[1])
				for k, field := range []string{"min", "avg", "max"} {
					n := len(row.Cells)
					addCell(&row, b.Comma, "", field, m[2+k])
					if len(row.Cells) > n {
						row.Cells[n].Text = m[2+k] + " " + m[5]
					}
				}
				t.Rows = append(t.Rows, row)
				anchored = true
				continue
			}
			for _, q := range rngtestQuiet {
				if strings.HasPrefix(text, q) && len(t.Rows) > 0 {
					continue lines
				}
			}
			break
		}
		if anchored {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}
