package layout

import (
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readLines reads the lines of text as a block's lines.
func readLines(text string) []Line {
	var out []Line
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		out = append(out, ReadLine(l, token.Line, token.CommaUnknown))
	}
	return out
}

// firstData is the index of the first data line, -1 when there is none.
func firstData(lines []Line) int {
	for i, l := range lines {
		if l.Class == Data {
			return i
		}
	}
	return -1
}

// kernels takes every row label for a kernel; nothing takes none.
func kernels([]string) bool { return true }
func nothing([]string) bool { return false }

func TestLay(t *testing.T) {
	for _, tc := range []struct {
		name       string
		in         string
		kernelRows func([]string) bool
		ok         bool
		start, end int
		frags      [][]string // per column, top to bottom
		labels     []string
		across     bool
		wrapped    bool
		labelHead  string
		caption    string
	}{
		{name: "one header line",
			in: "case      base    patched\nalpha     1.00    1.10\nbeta      2.00    2.20\n",
			ok: true, start: 0, end: 3,
			frags:  [][]string{{"base"}, {"patched"}},
			labels: []string{"alpha", "beta"}, labelHead: "case"},
		{name: "a group line over the column titles",
			in: "          read              write\ncase      base    patched   base    patched\nalpha     1.0     1.1       2.0     2.1\nbeta      3.0     3.1       4.0     4.1\n",
			ok: true, start: 0, end: 4,
			frags:  [][]string{{"read", "base"}, {"read", "patched"}, {"write", "base"}, {"write", "patched"}},
			labels: []string{"alpha", "beta"}, labelHead: "case"},
		{name: "framing rules belong to the table",
			in: "-------------------------\ncase      base    patched\n-------------------------\nalpha     1.00    1.10\nbeta      2.00    2.20\n-------------------------\n",
			ok: true, start: 0, end: 6,
			frags:  [][]string{{"base"}, {"patched"}},
			labels: []string{"alpha", "beta"}, labelHead: "case"},
		{name: "numbers over kernel rows are the cases",
			in:         "threads      1      2      4\nv6.1      10.0   20.0   40.0\nv6.2      11.0   21.0   41.0\n",
			kernelRows: kernels, ok: true, start: 0, end: 3,
			frags:  [][]string{{"1"}, {"2"}, {"4"}},
			labels: []string{"v6.1", "v6.2"}, across: true, labelHead: "threads"},
		{name: "numbers over other rows are a listing",
			in:         "cpu          0      1      2\nirq       10.0   20.0   40.0\nsoftirq   11.0   21.0   41.0\n",
			kernelRows: nothing},
		{name: "the rest of a row a mailer wrapped",
			in: "case            base      patched   fixed\na-long-label    1.00      1.10      1.20\nb-long-label    2.00      2.10\n  2.20\n",
			ok: true, start: 0, end: 4,
			frags:  [][]string{{"base"}, {"patched"}, {"fixed"}},
			labels: []string{"a-long-label", "b-long-label"}, wrapped: true, labelHead: "case"},
		{name: "titles by order where the spacing collapsed",
			in: "case base patched\nalpha 1.00 1.10\nbeta 2.00 2.20\n",
			ok: true, start: 0, end: 3,
			frags:  [][]string{{"base"}, {"patched"}},
			labels: []string{"alpha", "beta"}, labelHead: "case"},
		{name: "a tabbed header without the label column's title drifts left",
			// tabs expanded, as the canonical text gives them
			in: "old     new     gain\nsetup-one [1]   512K    640K    ~25%\nsetup-two       256K    300K    ~17%\n",
			ok: true, start: 0, end: 3,
			frags:  [][]string{{"old"}, {"new"}, {"gain"}},
			labels: []string{"setup-one [1]", "setup-two"}},
		{name: "one row of two numbers is no table",
			in: "alpha     1.00    1.10\n"},
		{name: "sizes over a rule and no label are titles",
			in: "        | 8 KB  | 64 KB | 1 MB\n--------+-------+-------+------\nfnv     |  310  |  455  |  980\nmurmur  |  290  |  470  | 1010\n",
			ok: true, start: 0, end: 4,
			frags:  [][]string{{"8 KB"}, {"64 KB"}, {"1 MB"}},
			labels: []string{"fnv", "murmur"}},
		{name: "a rising parameter over other numbers is the header",
			in: "queue-depth |   4     16     64    256\nring-a      | 10.50  20.25  30.75  31.00\nring-b      | 11.50  21.25  31.75  32.00\n",
			ok: true, start: 0, end: 3,
			frags:  [][]string{{"4"}, {"16"}, {"64"}, {"256"}},
			labels: []string{"ring-a", "ring-b"}, labelHead: "queue-depth"},
		{name: "numbers repeating under each group title are titles",
			in: "            cold            warm\nbatch    1.5ms   12ms   1.5ms   12ms\nopen     10.5    12.5   9.5     11.5\nclose    20.5    22.5   19.5    21.5\n",
			ok: true, start: 0, end: 4,
			frags:  [][]string{{"cold", "1.5ms"}, {"cold", "12ms"}, {"warm", "1.5ms"}, {"warm", "12ms"}},
			labels: []string{"open", "close"}, labelHead: "batch"},
		{name: "numbers under a title per column are data",
			in: "            low     high\nlatency     1.5ms   12ms\nrate        10.5    12.5\n",
			ok: true, start: 0, end: 3,
			frags:  [][]string{{"low"}, {"high"}},
			labels: []string{"latency", "rate"}},
		{name: "group titles span one turn of the titles below wherever centred",
			in: "               first             second\ncase       seq    rand      seq    rand\nalpha      10.1   20.2      11.1   21.2\nbeta       30.3   40.4      31.3   41.4\n",
			ok: true, start: 0, end: 4,
			frags:  [][]string{{"first", "seq"}, {"first", "rand"}, {"second", "seq"}, {"second", "rand"}},
			labels: []string{"alpha", "beta"}, labelHead: "case"},
		{name: "header levels framed by rules, and a setting line as caption",
			in: " --------------------------------------------\n               build-0101      build-0202\n --------------------------------------------\n codec             zq3            zq3    Delta\n --------------------------------------------\n ops (K/s)      1,100,300      1,250,100     14%\n wall (sec)         70.10          61.30    -13%\n --------------------------------------------\n",
			ok: true, start: 0, end: 8,
			frags:  [][]string{{"build-0101"}, {"build-0202"}, {"build-0202", "Delta"}},
			labels: []string{"ops (K/s)", "wall (sec)"}, caption: "codec zq3"},
		{name: "titles cut by pipes are no sentence for their small words",
			in: "Test         | Rate in poll mode | Rate in irq mode\n-------------|-------------------|-----------------\nfour queues  | 198k              | 276k\neight queues | 608k              | 705k\n",
			ok: true, start: 0, end: 4,
			frags:  [][]string{{"Rate in poll mode"}, {"Rate in irq mode"}},
			labels: []string{"four queues", "eight queues"}, labelHead: "Test"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := readLines(tc.in)
			first := firstData(lines)
			require.GreaterOrEqual(t, first, 0)
			kr := tc.kernelRows
			if kr == nil {
				kr = nothing
			}
			lt, next, ok := Lay(lines, first, kr)
			require.Equal(t, tc.ok, ok)
			require.Greater(t, next, first)
			if !ok {
				return
			}
			assert.Equal(t, tc.start, lt.Start)
			assert.Equal(t, tc.end, lt.End)
			assert.Equal(t, tc.frags, lt.Grid.Frags)
			assert.Equal(t, tc.labels, lt.Grid.Labels)
			assert.Equal(t, tc.across, lt.Grid.CasesAcross)
			assert.Equal(t, tc.wrapped, lt.Body.Wrapped)
			assert.Equal(t, tc.labelHead, lt.Grid.LabelHead)
			assert.Equal(t, tc.caption, lt.Grid.Caption)
		})
	}
}

func TestFormat(t *testing.T) {
	for in, want := range map[string]string{
		"case  base  new\nalpha  1.0  2.0\n":                  "whitespace",
		"| case | base | new |\n| alpha | 1.0 | 2.0 |\n":      "pipe-grid",
		"+------+------+\n| case | base |\n+------+------+\n": "ascii-grid",
	} {
		assert.Equal(t, want, Format(readLines(in)), "%q", in)
	}
}

// FuzzLay holds the layout reader to its promises on any block: no panic,
// progress past every data line, and every table laid out inside the
// block, its rows in order inside it, each with one label, a cell slot
// per column, a sub-heading and a group, and a title per column.
func FuzzLay(f *testing.F) {
	f.Add("case      base    patched\nalpha     1.00    1.10\nbeta      2.00    2.20\n")
	f.Add("              read              write\ncase      base    patched   base    patched\nalpha     1.0     1.1       2.0     2.1\n")
	f.Add("threads      1      2      4\nv6.1      10.0   20.0   40.0\nv6.2      11.0   21.0   41.0\n")
	f.Add("| IOdepth |   8   |  16   |\n|         | KIOPS | KIOPS |\n+---------+-------+-------+\n| base    | 1.0   | 2.0   |\n| new     | 1.5   | 2.5   |\n")
	f.Add("case            base      patched\na-long-label    1.00      1.10\nb-long-label    2.00\n  2.20\n\ngroup B\nc    1 (+2%)   2 (-3%)\n")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<14 {
			return
		}
		lines := readLines(text)
		for i, l := range lines {
			if l.Class != Data {
				continue
			}
			for _, kr := range []func([]string) bool{kernels, nothing} {
				lt, next, ok := Lay(lines, i, kr)
				if next <= i {
					t.Fatalf("Lay at %d returned next %d", i, next)
				}
				if !ok {
					continue
				}
				g, bd := lt.Grid, lt.Body
				if lt.Start < 0 || lt.Start > i || lt.End <= i || lt.End > len(lines) {
					t.Fatalf("table %d-%d of line %d outside the block of %d", lt.Start, lt.End, i, len(lines))
				}
				n := len(bd.Rows)
				if n == 0 || len(g.Labels) != n || len(g.Cells) != n || len(bd.Subs) != n || len(bd.Group) != n {
					t.Fatalf("%d rows, %d labels, %d cell rows, %d subs, %d groups", n, len(g.Labels), len(g.Cells), len(bd.Subs), len(bd.Group))
				}
				for k, r := range bd.Rows {
					if r < lt.Start || r >= lt.End || k > 0 && r <= bd.Rows[k-1] {
						t.Fatalf("row %d at line %d out of order or outside %d-%d", k, r, lt.Start, lt.End)
					}
					if len(g.Cells[k]) != len(g.Cols) {
						t.Fatalf("row %d has %d cells for %d columns", k, len(g.Cells[k]), len(g.Cols))
					}
				}
				if len(g.Titles) != len(g.Cols) || len(g.Frags) != len(g.Cols) {
					t.Fatalf("%d titles, %d fragment lists for %d columns", len(g.Titles), len(g.Frags), len(g.Cols))
				}
			}
		}
	})
}

func TestKeyedRuns(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		labels   []string
	}{
		{name: "a count rising under each label joins it",
			in:     "call     pages   t_old   t_new\nmap      1       10      11\nmap      2       20      22\nunmap    1       30      33\nunmap    2       40      44\n",
			labels: []string{"map 1", "map 2", "unmap 1", "unmap 2"}},
		{name: "a run number repeats one case and keys none",
			in:     "gov      iter    iops    idles\ngov-a    0       100     500\ngov-a    1       101     510\ngov-b    0       120     560\ngov-b    1       121     570\n",
			labels: []string{"gov-a", "gov-a", "gov-b", "gov-b"}},
	} {
		lines := readLines(tc.in)
		lt, _, ok := Lay(lines, firstData(lines), nothing)
		require.True(t, ok, tc.name)
		lt.Grid.KeyedRuns()
		assert.Equal(t, tc.labels, lt.Grid.Labels, tc.name)
	}
}
