package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The sysbench family reads sysbench's end-of-run report, sections of
// "key: value" lines:
//
//	CPU speed:
//	    events per second:  4120.33
//	General statistics:
//	    total time:                          10.0004s
//	    total number of events:              41208
//	Latency (ms):
//	         min:                                    0.23
//	         95th percentile:                        0.27
//	Threads fairness:
//	    events (avg/stddev):           10302.0000/21.35
//	SQL statistics:
//	    transactions:                        10000  (166.63 per sec.)
//
// Rows by key with field value (the unit glued to it in Text), a
// "(N per sec.)" note as per_sec, an "(avg/stddev)" pair as avg and
// stddev; in the latency section the keys are statistics of one row
// "Latency (ms)" (min, avg, max, p95, sum). A table starts at a section
// heading of sysbench's own.
type sysbenchFamily struct{}

func init() { Register(sysbenchFamily{}, 44) }

// Name is the format recorded for these tables.
func (sysbenchFamily) Name() string { return "sysbench" }

// sysbenchSections are the headings of sysbench's report sections.
var sysbenchSections = map[string]bool{"General statistics:": true, "Latency (ms):": true, "Threads fairness:": true,
	"SQL statistics:": true, "CPU speed:": true, "File operations:": true, "Throughput:": true, "queries performed:": true}

// Read returns one table per report.
func (sysbenchFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		if !sysbenchSections[b.trim(i)] {
			i++
			continue
		}
		t := model.Table{Benchmark: "sysbench"}
		section, end := "", i
		var lat *model.Row
		for j := i; j < len(b.Lines); j++ {
			text := b.trim(j)
			if text == "" {
				if j+1 < len(b.Lines) && sysbenchSections[b.trim(j+1)] {
					continue
				}
				break
			}
			if sysbenchSections[text] {
				section, lat, end = strings.TrimSuffix(text, ":"), nil, j+1
				continue
			}
			key, val, ok := strings.Cut(text, ":")
			f := strings.Fields(val)
			if !ok || len(f) == 0 || !hasLetter(key) {
				break
			}
			if section == "Latency (ms)" {
				if lat == nil {
					t.Rows = append(t.Rows, rowAt(b, j, section))
					lat = &t.Rows[len(t.Rows)-1]
				}
				field := key
				if p, isP := strings.CutSuffix(key, "th percentile"); isP {
					field = "p" + p
				}
				n := len(lat.Cells)
				addCell(lat, b.Comma, "", field, f[0])
				if len(lat.Cells) == n {
					break
				}
				end = j + 1
				continue
			}
			row, ok := sysbenchRow(b, j, key, f)
			if !ok {
				break
			}
			t.Rows, end = append(t.Rows, row), j+1
		}
		if len(t.Rows) > 0 {
			out = append(out, Match{Start: i, End: end, Table: t})
		}
		i = max(end, i+1)
	}
	return out
}

// sysbenchRow reads "key: value" with its notes.
func sysbenchRow(b *Block, j int, key string, f []string) (model.Row, bool) {
	row := rowAt(b, j, key)
	if name, ok := strings.CutSuffix(key, " (avg/stddev)"); ok {
		// "events (avg/stddev): 10302.0000/21.35"
		row.Case = name
		avg, sd, _ := strings.Cut(f[0], "/")
		addCell(&row, b.Comma, "", "avg", avg)
		addCell(&row, b.Comma, "", "stddev", sd)
		return row, len(row.Cells) == 2
	}
	v := f[0]
	k := 0
	for k < len(v) && (isDigit(v[k]) || v[k] == '.') {
		k++
	}
	addCell(&row, b.Comma, "", "value", v[:k])
	if len(row.Cells) != 1 || len(v[k:]) > 3 {
		return row, false
	}
	if k < len(v) {
		row.Cells[0].Text = v
	}
	if len(f) >= 4 && strings.HasPrefix(f[1], "(") && f[2] == "per" && f[3] == "sec.)" {
		addCell(&row, b.Comma, "", "per_sec", strings.TrimPrefix(f[1], "("))
	}
	return row, true
}
