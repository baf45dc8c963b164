package parse

import (
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The iozone family reads iozone's report table, in kB/s as iozone says
// above it ("Output is in kBytes/sec"):
//
//	                                                 random    random     bkwd    record    stride
//	   kB  reclen    write  rewrite    read    reread    read     write     read   rewrite      read   fwrite frewrite    fread  freread
//	65536       4   612003   801992  2210023  2301200   1900210   700021  1800011   1700202   1600320   590012   780040  2000120  2100003
//
// and the throughput report of its -t mode ("Children see throughput for
// 4 initial writers = 470012.30 kB/sec", "Avg throughput per process =
// ..."). In the table a row per file and record size ("65536 4", as the
// two columns write them), a field per test named by the two header lines
// ("write", "random read", "bkwd read", "record rewrite"). The figures are
// right-aligned under their titles: a run of only some tests (-i 0 -i 2)
// leaves the others' columns blank, so each number goes to the title
// whose right edge is nearest its own. The throughput lines are rows by
// their label as written, field value, the unit in Text.
func init() { Register(iozoneFamily{}, 44) }

type iozoneFamily struct{}

// Name is the format recorded for these tables.
func (iozoneFamily) Name() string { return "iozone" }

// words: the throughput summary lines, or the "reclen" header of the
// report.
func (iozoneFamily) words() []string { return []string{"throughput", "xfer", "reclen"} }

// iozoneThroughput is one line of the -t mode's report.
var iozoneThroughput = regexp.MustCompile(`^((?:Children see|Parent sees) throughput for\s+\d+\s+[A-Za-z -]+?|(?:Min|Max|Avg) throughput per process|Min xfer)\s*=\s*(\d+(?:\.\d+)?)\s+(kB/sec|KB/sec|ops/sec|kB|KB|ops)$`)

// iozoneTitle is one title of the header, its text and right edge.
type iozoneTitle struct {
	name       string
	start, end int
}

// iozoneHeader reads the lower header line ("kB reclen write ...") and the
// words above it that complete titles ("random" over "read").
func iozoneHeader(upper, lower string) []iozoneTitle {
	f := strings.Fields(lower)
	if len(f) < 3 || f[0] != "kB" && f[0] != "KB" || f[1] != "reclen" {
		return nil
	}
	low, up := iozoneSpans(lower), iozoneSpans(upper)
	for k := range low {
		for _, u := range up {
			if u.start < low[k].end && low[k].start < u.end {
				low[k].name = u.name + " " + low[k].name
			}
		}
	}
	return low
}

// iozoneSpans splits a line (tabs expanded) into its words with their
// columns.
func iozoneSpans(s string) []iozoneTitle {
	var out []iozoneTitle
	for k := 0; k < len(s); {
		if s[k] == ' ' {
			k++
			continue
		}
		e := k
		for e < len(s) && s[e] != ' ' {
			e++
		}
		out = append(out, iozoneTitle{s[k:e], k, e})
		k = e
	}
	return out
}

// Read returns the report table under each header, and each throughput
// report.
func (iozoneFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); i++ {
		if m, ok := iozoneThroughputAt(b, i); ok {
			out = append(out, m)
			i = m.End - 1
			continue
		}
		upper := ""
		if i > 0 && !strings.ContainsAny(b.Lines[i-1].Text, "0123456789") {
			upper = strings.ReplaceAll(b.Lines[i-1].Text, "\t", "        ")
		}
		titles := iozoneHeader(upper, strings.ReplaceAll(b.Lines[i].Text, "\t", "        "))
		if titles == nil {
			continue
		}
		t := model.Table{Benchmark: "iozone", Unit: "kB/s", Direction: "higher"}
		j := i + 1
		for ; j < len(b.Lines); j++ {
			row, ok := iozoneRow(b, j, titles)
			if !ok {
				break
			}
			t.Rows = append(t.Rows, row)
		}
		if len(t.Rows) > 0 {
			start := i
			if upper != "" && strings.TrimSpace(upper) != "" {
				start = i - 1
			}
			out = append(out, Match{Start: start, End: j, Table: t})
			i = j - 1
		}
	}
	return out
}

// iozoneRow reads a row of the report table: the file and record sizes,
// then each figure under the title nearest its right edge.
func iozoneRow(b *Block, j int, titles []iozoneTitle) (model.Row, bool) {
	text := strings.ReplaceAll(b.Lines[j].Text, "\t", "        ")
	toks := iozoneSpans(text)
	if len(toks) < 3 || !allDigits(toks[0].name) || !allDigits(toks[1].name) {
		return model.Row{}, false
	}
	row := rowAt(b, j, toks[0].name+" "+toks[1].name)
	used := map[int]bool{}
	for _, tok := range toks[2:] {
		best, dist := -1, 0
		for k := 2; k < len(titles); k++ {
			d := titles[k].end - tok.end
			if d < 0 {
				d = -d
			}
			if best < 0 || d < dist {
				best, dist = k, d
			}
		}
		if best < 0 || used[best] || dist > 4 {
			return model.Row{}, false
		}
		used[best] = true
		n := len(row.Cells)
		addCell(&row, b.Comma, "", titles[best].name, tok.name)
		if len(row.Cells) == n {
			return model.Row{}, false
		}
	}
	return row, true
}

// iozoneThroughputAt reads the run of -t report lines starting at line
// i; it needs two lines or more.
func iozoneThroughputAt(b *Block, i int) (Match, bool) {
	t := model.Table{Benchmark: "iozone"}
	j := i
	for ; j < len(b.Lines); j++ {
		m := iozoneThroughput.FindStringSubmatch(strings.Join(strings.Fields(b.trim(j)), " "))
		if m == nil {
			break
		}
		row := rowAt(b, j, m[1])
		addCell(&row, b.Comma, "", "value", m[2])
		row.Cells[0].Text = m[2] + " " + m[3]
		t.Rows = append(t.Rows, row)
	}
	if len(t.Rows) < 2 {
		return Match{}, false
	}
	return Match{Start: i, End: j, Table: t}, true
}
