package parse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/mbox"
)

// canonTables are invented tables of the layouts mail carries most, each
// typed with aligned spaces.
var canonTables = map[string]string{
	"columns": `Results of the frobnicate run (ops/s, higher is better):

                   base        patched
frob-seq-1       1532.10       1601.45
frob-seq-8      10234.55      10902.00
frob-rand-1        812.30        845.90
frob-rand-8       5120.75       5333.10
`,
	"mmtests": `frobbench
                          6.9-rc1                6.9-rc1
                          vanilla               patched
Amean     1        0.4120 (   0.00%)      0.4031 (   2.16%)
Amean     4        0.9944 (   0.00%)      0.9712 *   2.33%*
Amean     16       3.1020 (   0.00%)      3.1570 (  -1.77%)
`,
	"lkp": `      base      patched
---------------- ---------------------------
         %stddev     %change         %stddev
             \          |                \
     41230            +5.1%      43332        frobnicator.throughput
      2.31 ±  3%      -4.0%       2.22 ±  2%  frobnicator.latency_ms
`,
	"pipe grid": `| test      | base    | patched |
|-----------|---------|---------|
| frob-1    | 12.50   | 11.75   |
| frob-16   | 98.20   | 91.05   |
`,
}

// layoutVariants re-lay out a body as mailers and people do; none changes
// what a person reads.
var layoutVariants = map[string]func(string) string{
	"tabs":     tabify,
	"indented": func(s string) string { return eachLine(s, func(l string) string { return "    " + l }) },
	"tabs then indented": func(s string) string {
		return eachLine(tabify(s), func(l string) string { return "  " + l })
	},
	"no-break padding": func(s string) string {
		return eachLine(s, func(l string) string { return strings.ReplaceAll(l, "  ", "\u00a0 ") })
	},
	"trailing blanks":   func(s string) string { return eachLine(s, func(l string) string { return l + " \t " }) },
	"quoted":            quoteBody,
	"quoted, then tabs": func(s string) string { return tabify(quoteBody(s)) },
	"quoted, then indented": func(s string) string {
		return eachLine(quoteBody(s), func(l string) string { return "    " + l })
	},
	"quoted twice": func(s string) string { return quoteBody(quoteBody(s)) },
}

// TestLayoutInvariance: every variant of a table gives the records of the
// table as typed.
func TestLayoutInvariance(t *testing.T) {
	for name, table := range canonTables {
		want := cellsOf(t, table)
		require.NotEmpty(t, want, name)
		for vname, variant := range layoutVariants {
			t.Run(name+"/"+vname, func(t *testing.T) {
				assert.Equal(t, want, cellsOf(t, variant(table)))
			})
		}
	}
}

// TestUnicodeCellGaps: cells parted by a wide Unicode space or a line
// separator read as cells parted by two blanks (issue 21: such tables read
// as empty).
func TestUnicodeCellGaps(t *testing.T) {
	table := "test  base  patched\nfrob-1  12.50  11.75\nfrob-16  98.20  91.05\n"
	want := cellsOf(t, table)
	require.NotEmpty(t, want)
	for _, gap := range []string{"\u2003", "\u3000", "\u0085", "\u2028", "\u00a0\u00a0", "\u2001"} {
		t.Run(fmt.Sprintf("%U", []rune(gap)[0]), func(t *testing.T) {
			assert.Equal(t, want, cellsOf(t, strings.ReplaceAll(table, "  ", gap)))
		})
	}
}

// cellsOf reads the tables of a body through the mail reader, as one
// record line per cell.
func cellsOf(t *testing.T, body string) []string {
	t.Helper()
	var out []string
	for _, tab := range Tables(mbox.BodyLines(body, 1, 0, "A. Author")) {
		for _, r := range tab.Rows {
			for _, c := range r.Cells {
				out = append(out, fmt.Sprintf("%s|%s|%s|%s|%s|%s", tab.Format, tab.Benchmark, r.Case, c.Variant, c.Field, c.Value))
			}
		}
	}
	return out
}

func eachLine(s string, f func(string) string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			lines[i] = f(l)
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// tabify writes every run of two or more blanks that ends on a tab stop as
// a tab, as unexpand -a does.
func tabify(s string) string {
	return eachLine(s, func(l string) string {
		var b strings.Builder
		for i := 0; i < len(l); i += 8 {
			chunk := l[i:min(i+8, len(l))]
			if len(chunk) == 8 && i+8 < len(l) {
				if t := strings.TrimRight(chunk, " "); len(chunk)-len(t) >= 2 {
					chunk = t + "\t"
				}
			}
			b.WriteString(chunk)
		}
		return b.String()
	})
}

// quoteBody quotes a body in a short reply.
func quoteBody(s string) string {
	var b strings.Builder
	b.WriteString("On Mon, 3 Mar 2025, B. Reviewer wrote:\n")
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		if l == "" {
			b.WriteString(">\n")
		} else {
			b.WriteString("> " + l + "\n")
		}
	}
	b.WriteString("\nThanks, looks good.\n")
	return b.String()
}
