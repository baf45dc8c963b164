package parse

import (
	"regexp"
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The raid6 family reads the speed tests the kernel's RAID-6 and XOR
// code run at boot and print to the kernel log, with or without the log's
// timestamp:
//
//	raid6: sse2x4   gen() 12850 MB/s
//	raid6: sse2x4   xor()  8111 MB/s
//	raid6: avx2x4   gen() 17018 MB/s
//	raid6: using algorithm avx2x4 gen() 17018 MB/s
//	raid6: .... xor() 10542 MB/s, rmw enabled
//	xor: measuring software checksum speed
//	   avx             : 41344 MB/sec
//	xor: using function: avx (41344 MB/sec)
//
// A row per algorithm ("sse2x4"), fields gen and xor (old kernels print
// the gen() figure with no "gen()": it is read as gen), and checksum for
// the xor module's lines. The closing lines that name the algorithm
// chosen restate a figure already read: they give no cells, but the row
// of that algorithm is flagged "selected". A table is one run of such
// lines holding two measured figures or more.
func init() { Register(raid6Family{}, 44) }

type raid6Family struct{}

// Name is the format recorded for these tables.
func (raid6Family) Name() string { return "raid6" }

var (
	// raid6Speed is "raid6: avx2x4   gen() 17018 MB/s" and the old
	// "raid6: sse2x2    5536 MB/s".
	raid6Speed = regexp.MustCompile(`^raid6:\s+([A-Za-z][\w.-]*)\s+(?:(gen|xor)\(\)\s+)?(\d+(?:\.\d+)?)\s+MB/s$`)
	// raid6Chosen is "raid6: using algorithm avx2x4 gen() 17018 MB/s" or
	// "raid6: .... xor() 10542 MB/s, rmw enabled".
	raid6Chosen = regexp.MustCompile(`^raid6:\s+(?:using algorithm\s+([\w.-]+)|\.\.\.\.)\s+(?:(?:gen|xor)\(\)\s+)?\(?\d+(?:\.\d+)?\s+MB/s\)?(?:,.*)?$`)
	// xorSpeed is "   avx             : 41344 MB/sec" (after "xor:
	// measuring") or "xor:   avx   : 41344.000 MB/sec".
	xorSpeed = regexp.MustCompile(`^(?:xor:\s+)?([A-Za-z][\w.-]*)\s*:\s+(\d+(?:\.\d+)?)\s+MB/sec$`)
	// xorChosen is "xor: using function: avx (41344 MB/sec)" or "xor:
	// automatically using best checksumming function   avx".
	xorChosen = regexp.MustCompile(`^xor:\s+(?:using function:\s+([\w.-]+)\s+\(\d+(?:\.\d+)?\s+MB/sec\)|automatically using best checksumming function\s+([\w.-]+).*)$`)
)

// cutLogStamp returns a kernel log line without its "[   12.345678] "
// timestamp and "<6>" level, and the text unchanged when it has none.
func cutLogStamp(text string) string {
	if strings.HasPrefix(text, "<") {
		if k := strings.IndexByte(text, '>'); k > 1 && k <= 3 && allDigits(text[1:k]) {
			text = strings.TrimSpace(text[k+1:])
		}
	}
	if strings.HasPrefix(text, "[") && logStamp(text) {
		if k := strings.IndexByte(text, ']'); k > 0 {
			return strings.TrimSpace(text[k+1:])
		}
	}
	return text
}

// Read returns one table per run of speed-test lines.
func (raid6Family) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		t := model.Table{Benchmark: "raid6", Unit: "MB/s", Direction: "higher"}
		rows := map[string]int{} // algorithm -> row index
		j, figures, inXor := i, 0, false
	lines:
		for ; j < len(b.Lines); j++ {
			text := cutLogStamp(b.trim(j))
			switch {
			case text == "xor: measuring software checksum speed":
				inXor = true
			case raid6Speed.MatchString(text):
				m := raid6Speed.FindStringSubmatch(text)
				field := m[2]
				if field == "" {
					field = "gen"
				}
				figures += raid6Add(b, j, &t, rows, m[1], field, m[3])
			case raid6Chosen.MatchString(text):
				raid6Select(&t, rows, raid6Chosen.FindStringSubmatch(text)[1])
			case xorChosen.MatchString(text):
				m := xorChosen.FindStringSubmatch(text)
				raid6Select(&t, rows, m[1]+m[2])
				inXor = false
			case (inXor || strings.HasPrefix(text, "xor:")) && xorSpeed.MatchString(text):
				m := xorSpeed.FindStringSubmatch(text)
				figures += raid6Add(b, j, &t, rows, m[1], "checksum", m[2])
			case strings.HasPrefix(text, "raid6: using ") || strings.HasPrefix(text, "raid6: skip") ||
				strings.HasPrefix(text, "raid6: yield"):
				// "using avx2x2 recovery algorithm", "using ssse3x2
				// recovery algorithm": the choice, no figure
			default:
				break lines
			}
		}
		if figures >= 2 {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}

// raid6Add puts one figure on the row of its algorithm, starting the row
// at line j when it is new; it returns the number of cells added.
func raid6Add(b *Block, j int, t *model.Table, rows map[string]int, algo, field, num string) int {
	k, ok := rows[algo]
	if !ok || raid6Has(t.Rows[k], field) {
		k = len(t.Rows)
		rows[algo] = k
		t.Rows = append(t.Rows, rowAt(b, j, algo))
	}
	n := len(t.Rows[k].Cells)
	addCell(&t.Rows[k], b.Comma, "", field, num)
	return len(t.Rows[k].Cells) - n
}

// raid6Has reports whether a row already holds a figure of field (a
// second run of the tests starts new rows).
func raid6Has(r model.Row, field string) bool {
	for _, c := range r.Cells {
		if c.Field == field {
			return true
		}
	}
	return false
}

// raid6Select flags the row of the algorithm a closing line names.
func raid6Select(t *model.Table, rows map[string]int, algo string) {
	if k, ok := rows[algo]; ok && !slices.Contains(t.Rows[k].Flags, "selected") {
		t.Rows[k].Flags = append(t.Rows[k].Flags, "selected")
	}
}
