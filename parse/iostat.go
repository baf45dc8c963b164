package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The iostat family reads the device and CPU reports of iostat, one
// sample or many, the header repeated before each:
//
//	avg-cpu:  %user   %nice %system %iowait  %steal   %idle
//	           2.10    0.00    6.32    1.05    0.00   90.53
//
//	Device            r/s     w/s     rkB/s     wkB/s  r_await w_await aqu-sz  %util
//	sdb            120.00   15.00  61440.00   7680.00    0.41    1.20   0.07   9.80
//
// A run of samples is one table: a row per device and sample (case the
// device, fields the column names as iostat prints them, "Device:" of
// older versions included) and a row "avg-cpu" per CPU report. A header
// must name columns only iostat prints (r_await, aqu-sz, %util, rkB/s,
// ...), so that other "Device" listings stay out.
type iostatFamily struct{}

func init() { Register(iostatFamily{}, 44) }

// Name is the format recorded for these tables.
func (iostatFamily) Name() string { return "iostat" }

// words: a table starts at a "Device" or "avg-cpu:" header.
func (iostatFamily) words() []string { return []string{"Device", "avg-cpu:"} }

// iostatColumns are column names that only iostat's device report
// prints; a header needs two of them.
var iostatColumns = map[string]bool{"r/s": true, "w/s": true, "rkB/s": true, "wkB/s": true, "rMB/s": true, "wMB/s": true,
	"rrqm/s": true, "wrqm/s": true, "%rrqm": true, "%wrqm": true, "r_await": true, "w_await": true, "await": true,
	"aqu-sz": true, "avgqu-sz": true, "avgrq-sz": true, "rareq-sz": true, "wareq-sz": true, "svctm": true, "%util": true,
	"tps": true, "kB_read/s": true, "kB_wrtn/s": true, "kB_read": true, "kB_wrtn": true, "d/s": true, "f/s": true,
	"dkB/s": true, "d_await": true, "f_await": true, "dareq-sz": true, "kB_dscd/s": true}

// iostatCPU are the columns of the avg-cpu report.
var iostatCPU = []string{"%user", "%nice", "%system", "%iowait", "%steal", "%idle"}

// iostatHeader returns the column names of a device header line, nil
// when the line is none.
func iostatHeader(text string) []string {
	f := strings.Fields(text)
	if len(f) < 3 || f[0] != "Device" && f[0] != "Device:" {
		return nil
	}
	known := 0
	for _, c := range f[1:] {
		if iostatColumns[c] {
			known++
		}
	}
	if known < 2 {
		return nil
	}
	return f[1:]
}

// iostatCPUHeader reports whether a line is the avg-cpu header.
func iostatCPUHeader(text string) bool {
	f := strings.Fields(text)
	return len(f) == 1+len(iostatCPU) && f[0] == "avg-cpu:" && f[1] == iostatCPU[0]
}

// Read returns one table per run of samples.
func (iostatFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		text := b.trim(i)
		if iostatHeader(text) == nil && !iostatCPUHeader(text) {
			i++
			continue
		}
		t := model.Table{Benchmark: "iostat"}
		end := i
	samples:
		for j := i; j < len(b.Lines); {
			text := b.trim(j)
			switch {
			case text == "":
				j++
				continue
			case iostatCPUHeader(text):
				if j+1 >= len(b.Lines) || !iostatRow(b, j+1, "avg-cpu", iostatCPU, &t) {
					break samples
				}
				j += 2
				end = j
				continue
			}
			cols := iostatHeader(text)
			if cols == nil {
				break
			}
			k := j + 1
			for k < len(b.Lines) && iostatRow(b, k, "", cols, &t) {
				k++
			}
			if k == j+1 {
				break
			}
			j, end = k, k
		}
		if len(t.Rows) > 0 {
			out = append(out, Match{Start: i, End: end, Table: t})
		}
		i = max(end, i+1)
	}
	return out
}

// iostatRow reads line j as a row of the columns cols: a device name (or,
// for case "avg-cpu", none) and a number per column.
func iostatRow(b *Block, j int, name string, cols []string, t *model.Table) bool {
	f := strings.Fields(b.trim(j))
	if name == "" {
		if len(f) == 0 || !hasLetter(f[0]) {
			return false
		}
		name, f = f[0], f[1:]
	}
	if len(f) != len(cols) {
		return false
	}
	row := rowAt(b, j, name)
	for k, tok := range f {
		addCell(&row, b.Comma, "", cols[k], tok)
	}
	if len(row.Cells) != len(cols) {
		return false
	}
	t.Rows = append(t.Rows, row)
	return true
}
