package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The lock-contention family reads what perf lock contention prints:
//
//	contended   total wait     max wait     avg wait         type   caller
//
//	     1204     18.02 ms     512.30 us     14.97 us     spinlock   lock_a+0x2c
//	      310      2.11 ms      40.00 us      6.81 us        mutex   path_b+0x90
//
// Under a header whose titles start with "contended" and name waits, each
// line is a row: the count (field contended), then one time per "... wait"
// title (fields total_wait, max_wait, avg_wait, min_wait as the header
// orders them), each with its unit as written (kept in Text), then the
// words that name the lock: the last of them (caller, symbol, lock name)
// is the case, a caller without its code offset ("lock_a+0x2c" is
// lock_a), as a person names it.
type lockContFamily struct{}

func init() { Register(lockContFamily{}, 44) }

// Name is the format recorded for these tables.
func (lockContFamily) Name() string { return "perf-lock" }

// words: every table opens with this word of the tool's (vocabulary).
func (lockContFamily) words() []string { return []string{"contended"} }

// lockContHeader returns the fields of the wait columns a header line
// names, nil when it is no perf lock contention header.
func lockContHeader(text string) []string {
	f := strings.Fields(text)
	if len(f) < 3 || f[0] != "contended" {
		return nil
	}
	var waits []string
	for k := 1; k+1 < len(f); k++ {
		if f[k+1] == "wait" {
			waits = append(waits, f[k]+"_wait")
			k++
		}
	}
	if len(waits) == 0 {
		return nil
	}
	return waits
}

// Read returns a table for each header and the rows under it.
func (lockContFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); i++ {
		waits := lockContHeader(b.trim(i))
		if waits == nil {
			continue
		}
		t := model.Table{Benchmark: "perf lock", Variants: []string{}, Direction: "lower"}
		j := i + 1
		for ; j < len(b.Lines); j++ {
			if blank(b, j) {
				if len(t.Rows) == 0 {
					continue
				}
				break
			}
			row, ok := lockContRow(b, j, waits)
			if !ok {
				break
			}
			t.Rows = append(t.Rows, row)
		}
		if len(t.Rows) > 0 {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = j - 1
	}
	return out
}

// lockContRow reads one line: the count, a time and its unit per wait
// column, then the words naming the lock.
func lockContRow(b *Block, j int, waits []string) (model.Row, bool) {
	f := strings.Fields(b.trim(j))
	if len(f) < 2+2*len(waits) {
		return model.Row{}, false
	}
	names := f[1+2*len(waits):]
	caller, _, _ := strings.Cut(names[len(names)-1], "+0x") // the function, not its code offset
	row := rowAt(b, j, caller)
	addCell(&row, b.Comma, "", "contended", f[0])
	for k, w := range waits {
		num, unit := f[1+2*k], f[2+2*k]
		if unitOf(unit) != uTime {
			return model.Row{}, false
		}
		n := len(row.Cells)
		addCell(&row, b.Comma, "", w, num)
		if len(row.Cells) == n {
			return model.Row{}, false
		}
		row.Cells[n].Text = num + " " + unit
	}
	return row, len(row.Cells) == 1+len(waits)
}
