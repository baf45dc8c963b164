package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The pgbench family reads the report pgbench prints at the end of a run,
// its "key = value" and "key: value" lines:
//
//	number of clients: 16
//	number of transactions actually processed: 960000
//	latency average = 0.998 ms
//	latency stddev = 0.214 ms
//	tps = 16030.511204 (without initial connection time)
//
// Rows by key as written, field value, the unit in Text; the tps lines
// keep their bracketed note in the case ("tps (without initial
// connection time)"), as pgbench prints one or two of them. The settings
// of the run (scaling factor, clients, threads, duration, query mode,
// transaction type) are parameters, not results: they give no cells. A
// table needs a tps line.
type pgbenchFamily struct{}

func init() { Register(pgbenchFamily{}, 44) }

// Name is the format recorded for these tables.
func (pgbenchFamily) Name() string { return "pgbench" }

// pgbenchSettings are the keys of the run's settings.
var pgbenchSettings = map[string]bool{"transaction type": true, "scaling factor": true, "query mode": true,
	"number of clients": true, "number of threads": true, "duration": true, "number of transactions per client": true,
	"maximum number of tries": true, "starting vacuum...end.": true}

// pgbenchResults are the keys of results besides tps.
var pgbenchResults = map[string]bool{"number of transactions actually processed": true, "number of failed transactions": true,
	"latency average": true, "latency stddev": true, "initial connection time": true}

// Read returns one table per report.
func (pgbenchFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		t := model.Table{Benchmark: "pgbench"}
		j, tps := i, false
		for ; j < len(b.Lines); j++ {
			key, val, ok := pgbenchLine(b.trim(j))
			if !ok {
				break
			}
			if pgbenchSettings[key] {
				continue
			}
			if strings.HasPrefix(key, "tps") {
				tps = true
			}
			f := strings.Fields(val)
			row := rowAt(b, j, key)
			addCell(&row, b.Comma, "", "value", f[0])
			if len(row.Cells) == 1 && len(f) > 1 && !strings.HasPrefix(f[1], "(") {
				row.Cells[0].Text = f[0] + " " + f[1]
			}
			t.Rows = append(t.Rows, row)
		}
		if tps {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}

// pgbenchLine splits a report line into its key and value; a tps line's
// note joins the key.
func pgbenchLine(text string) (string, string, bool) {
	if strings.HasPrefix(text, "tps = ") {
		val := strings.TrimPrefix(text, "tps = ")
		num, note, _ := strings.Cut(strings.TrimSpace(val), " ")
		if num == "" {
			return "", "", false
		}
		key := "tps"
		if note = strings.TrimSpace(note); strings.HasPrefix(note, "(") && strings.HasSuffix(note, ")") {
			key += " " + note
		} else if note != "" {
			return "", "", false
		}
		return key, num, true
	}
	if pgbenchSettings[text] {
		return text, "", true
	}
	for _, sep := range []string{" = ", ": "} {
		if key, val, ok := strings.Cut(text, sep); ok && (pgbenchSettings[key] || pgbenchResults[key]) && strings.TrimSpace(val) != "" {
			if pgbenchResults[key] {
				if _, isNum := ReadNumber(strings.Fields(val)[0], CommaUnknown); !isNum {
					return "", "", false
				}
			}
			return key, strings.TrimSpace(val), true
		}
	}
	return "", "", false
}
