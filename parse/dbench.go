package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
)

// The dbench family reads dbench's end-of-run report:
//
//	 Operation      Count    AvgLat    MaxLat
//	 ----------------------------------------
//	 NTCreateX     812345     0.021    18.402
//	 Close         596120     0.004     9.310
//
//	Throughput 902.412 MB/sec  16 clients  16 procs  max_latency=18.410 ms
//
// Operation rows with fields count, avglat and maxlat (ms), and a row
// "Throughput" with field value (MB/sec, as written in Text) and
// max_latency. The client and process counts are the run's settings: they
// give no cells. A table needs the Throughput line or the operation
// header.
type dbenchFamily struct{}

func init() { Register(dbenchFamily{}, 44) }

// Name is the format recorded for these tables.
func (dbenchFamily) Name() string { return "dbench" }

// words: a table needs the operations header or the Throughput line.
func (dbenchFamily) words() []string { return []string{"AvgLat", "Throughput"} }

// dbenchHeader reports whether a line is the operation table's header.
func dbenchHeader(text string) bool {
	f := strings.Fields(text)
	return len(f) == 4 && f[0] == "Operation" && f[1] == "Count" && f[2] == "AvgLat" && f[3] == "MaxLat"
}

// Read returns one table per report.
func (dbenchFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		t := model.Table{Benchmark: "dbench"}
		j, header, thr := i, false, false
	lines:
		for ; j < len(b.Lines); j++ {
			text := b.trim(j)
			f := strings.Fields(text)
			switch {
			case dbenchHeader(text):
				header = true
				continue
			case header && layout.IsRule(text):
				continue
			case text == "" && header && !thr && j+1 < len(b.Lines) && strings.HasPrefix(b.trim(j+1), "Throughput "):
				continue
			case header && len(f) == 4 && hasLetter(f[0]):
				row := rowAt(b, j, f[0])
				for k, field := range []string{"count", "avglat", "maxlat"} {
					addCell(&row, b.Comma, "", field, f[1+k])
				}
				if len(row.Cells) == 3 {
					t.Rows = append(t.Rows, row)
					continue
				}
			case len(f) >= 3 && f[0] == "Throughput" && f[2] == "MB/sec":
				row := rowAt(b, j, "Throughput")
				addCell(&row, b.Comma, "", "value", f[1])
				if len(row.Cells) == 1 {
					row.Cells[0].Text = f[1] + " " + f[2]
					for k, w := range f {
						if v, ok := strings.CutPrefix(w, "max_latency="); ok {
							addCell(&row, b.Comma, "", "max_latency", v)
							if k+1 < len(f) && len(row.Cells) == 2 {
								row.Cells[1].Text = v + " " + f[k+1]
							}
						}
					}
					t.Rows, thr = append(t.Rows, row), true
					continue
				}
			}
			break lines
		}
		for j > i && b.trim(j-1) == "" {
			j--
		}
		if thr || header && len(t.Rows) > 0 {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}
