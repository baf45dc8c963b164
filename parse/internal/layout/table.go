package layout

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
)

// Limits of what the layout reader takes for a table.
const (
	maxHeadLines  = 4 // header lines stacked above the data
	maxInnerBlank = 1 // consecutive blank lines inside a table
)

// Table is a table's geometry as the layout reader found it: its body,
// its grid and the lines it spans.
type Table struct {
	Body       Body
	Grid       Grid
	Start, End int // the block lines of the table, headers and framing rules included, End exclusive
}

// Lay lays out the table whose first data row is line first: its body,
// its columns, a header of numbers or a key column, its titles. kernelRows
// tells whether row labels name the compared kernels: a header of numbers
// over such rows names the cases. next is the line to look at after it:
// past the table, or past a listing that is no table.
func Lay(lines []Line, first int, kernelRows func(labels []string) bool) (Table, int, bool) {
	bd := readBody(lines, first)
	if len(bd.Rows) == 0 || len(bd.Rows) < 2 && len(lines[first].cells) < 3 {
		return Table{}, first + 1, false
	}
	g, ok := place(bd)
	if !ok {
		return Table{}, first + 1, false
	}
	headRow := false // the first row is a header of numbers, stacked under the lines above it
	if h := g.numberHead(lines, bd); h != noHead {
		switch {
		case kernelRows(g.Labels[1:]):
			// a header of numbers (task counts) over kernel rows names
			// the cases
			g.CasesAcross = true
			g.LabelHead = g.Labels[0]
			for j, c := range g.Cells[0] {
				g.Titles = append(g.Titles, c.Slots[0].Written())
				g.Frags = append(g.Frags, []string{g.Titles[j]})
			}
			g.Spread = make([]bool, len(g.Titles))
		case h == indexHead:
			// column numbers (cpu 0 1 2 3) over anything else: a per-cpu
			// or per-node listing
			return Table{}, max(bd.end, first+1), false
		default:
			headRow = true
		}
		g.Cells, g.Labels = g.Cells[1:], g.Labels[1:]
		bd.Rows, bd.lines, bd.Subs, bd.Group = bd.Rows[1:], bd.lines[1:], bd.Subs[1:], bd.Group[1:]
	}
	g.keyColumn()
	if len(g.Cols) == 0 {
		return Table{}, max(bd.end, first+1), false
	}
	start := first
	if !g.CasesAcross {
		heads := readHead(lines, first, g.Cols[0].Start, headRow)
		heads = leadingSub(lines, heads, &bd, g.Cols)
		if g.assigned {
			heads = nil // "name=value" lines carry their names, no header
		}
		g.title(lines, heads, bd.Wrapped)
		if len(heads) > 0 {
			start = heads[0]
		}
	}
	if !g.plausible() || len(bd.Rows) == 1 && !g.titled() {
		return Table{}, first + 1, false
	}
	end := bd.end
	// the rules framing a table belong to it
	if start > 0 && lines[start-1].Class == Rule && (start == 1 || lines[start-2].Class != Words) {
		start--
	}
	if end < len(lines) && lines[end].Class == Rule {
		end++
	}
	return Table{Body: bd, Grid: g, Start: start, End: end}, end, true
}

// Format names a table's format by its separators: '|' between the
// cells makes a pipe grid, and rules with '+' junctions an ascii grid;
// blanks alone a whitespace table.
func Format(lines []Line) string {
	format := "whitespace"
	for _, l := range lines {
		switch {
		case l.Class == Rule && (strings.Contains(l.Text, "-+") || strings.Contains(l.Text, "+-")):
			return "ascii-grid"
		case l.hasPipe:
			format = "pipe-grid"
		}
	}
	return format
}

// ascending reports whether every cell is present, accepted by ok (a
// whole number of some kind), and greater than the one before it.
func ascending(cells []*cell.Cell, ok func(*cell.Cell) bool) bool {
	for k, c := range cells {
		if c == nil || !ok(c) || k > 0 && !less(cells[k-1].Slots[0].Num, c.Slots[0].Num) {
			return false
		}
	}
	return true
}

// less compares two whole numbers written in decimal.
func less(a, b string) bool {
	return model.Number(a).Float() < model.Number(b).Float()
}

// keyColumn makes the first column the row label when the rows have no
// label words and the column holds whole numbers (a thread count, a
// wakeup period "1 us"): such a column keys the rows.
func (g *Grid) keyColumn() {
	if len(g.Cols) < 2 || len(g.Labels) < 2 {
		return
	}
	first := make([]*cell.Cell, len(g.Cells))
	for i, l := range g.Labels {
		if l != "" {
			return
		}
		first[i] = g.Cells[i][0]
	}
	if !ascending(first, (*cell.Cell).Integer) {
		return
	}
	g.dropKey(false)
}

// dropKey takes the first column out of the value columns into the row
// labels: in place of them, or after them (joined).
func (g *Grid) dropKey(joined bool) {
	for i := range g.Labels {
		key := g.Cells[i][0].Slots[0].Written()
		if joined {
			key = g.Labels[i] + " " + key
		}
		g.Labels[i] = key
		g.Cells[i] = g.Cells[i][1:]
	}
	g.Cols = g.Cols[1:]
	if g.pipeField != nil {
		g.pipeField = g.pipeField[1:]
	}
	if g.Titles != nil {
		g.Titles, g.Frags, g.Spread = g.Titles[1:], g.Frags[1:], g.Spread[1:]
	}
}

// KeyedRuns joins the first column to the row labels when it keys rows
// repeated under each label (cell.KeysRuns: "munmap" over page counts 1
// 2 4, then "mprotect" over the same): the case is both ("munmap 4"). A
// column titled as a run number ("iter", "run") numbers repeats of one
// case, and keys none.
func (g *Grid) KeyedRuns() {
	if len(g.Cols) < 2 || len(g.Titles) > 0 && RepeatTitle(g.Titles[0]) {
		return
	}
	keys := make([]cell.Slot, len(g.Cells))
	for i, row := range g.Cells {
		keys[i] = cell.Slot{Missing: true}
		if c := row[0]; c != nil && len(c.Slots) == 1 {
			keys[i] = c.Slots[0]
		}
	}
	if cell.KeysRuns(g.Labels, keys) {
		g.dropKey(true)
	}
}

// RepeatTitle reports whether a column title numbers the repeats of a
// measurement: "iter", "run", "#".
func RepeatTitle(t string) bool {
	low := strings.ToLower(strings.TrimSpace(t))
	if low == "#" {
		return true
	}
	switch strings.Trim(low, ":. ") {
	case "iter", "iters", "iteration", "run", "runs", "trial", "pass", "rep", "repeat", "round":
		return true
	}
	return false
}

// headKind says whether the first row of a body is a header made of
// numbers.
type headKind uint8

const (
	noHead    headKind = iota // the first row is data
	indexHead                 // it numbers the columns: cpu 0 1 2 3
	sweepHead                 // it names the columns by a parameter: sizes, depths, slices
)

// numberHead tells whether the first row of a body titles the columns
// with numbers (block sizes, queue depths, thread counts, cpus) rather
// than holding data, as a person tells it: a rule drawn under it; no
// label where every row below has one, over numbers of another kind; or
// numbers that rise along the row, or repeat under each group title,
// over numbers of another kind. Ascending column numbers that count by
// one (cpu 0 1 2 3) are an index: a listing per cpu or node unless the
// rows are kernels.
func (g *Grid) numberHead(lines []Line, bd Body) headKind {
	if len(g.Cells) < 2 || len(g.Cols) < 2 {
		return noHead
	}
	row := g.Cells[0]
	for _, c := range row {
		if !titleNumber(c) {
			return noHead
		}
	}
	other := g.otherKind()
	ruled := false
	for i := bd.Rows[0] + 1; i < bd.Rows[1]; i++ {
		ruled = ruled || lines[i].Class == Rule
	}
	unlabelled := g.Labels[0] == ""
	for _, l := range g.Labels[1:] {
		unlabelled = unlabelled && l != ""
	}
	rising := len(row) >= 3 && ascending(row, func(c *cell.Cell) bool { return c.Slots[0].Unit == row[0].Slots[0].Unit })
	switch {
	case ruled || unlabelled && other:
		return sweepHead
	case !other || g.Labels[0] == "":
		return noHead
	case rising && countsByOne(row):
		return indexHead
	case titledAbove(lines, bd.Rows[0], len(g.Cols)):
		return noHead // "base patched" over "latency 2.8ms 16ms": data
	case rising || cycles(row):
		return sweepHead
	}
	return noHead
}

// titleNumber reports whether a cell can title a column: one number with
// nothing beside it, whole or carrying a unit or magnitude ("4k", "24 B",
// "2.8ms").
func titleNumber(c *cell.Cell) bool {
	if c == nil || len(c.Slots) != 1 || c.Slots[0].Missing || len(c.Slots[0].Extras) > 0 {
		return false
	}
	s := c.Slots[0]
	return !strings.ContainsAny(s.Num, ".eE") || s.Unit != "" || s.Text != ""
}

// otherKind reports whether the rows below the first hold numbers of
// another kind than it: fractions under whole numbers, or other units
// (none under sizes).
func (g *Grid) otherKind() bool {
	kind := func(c *cell.Cell) string {
		s := c.Slots[0]
		switch {
		case strings.ContainsAny(s.Num, ".eE"):
			return s.Unit + " fraction"
		case len(strings.TrimLeft(s.Num, "-")) <= 3:
			return s.Unit + " small" // the size of an index or a count
		}
		return s.Unit + " whole"
	}
	head := map[string]bool{}
	for _, c := range g.Cells[0] {
		head[kind(c)] = true
	}
	for _, row := range g.Cells[1:] {
		for _, c := range row {
			if c != nil && len(c.Slots) > 0 && !c.Slots[0].Missing && !head[kind(c)] {
				return true
			}
		}
	}
	return false
}

// titledAbove reports whether the line right above row i (rules passed)
// already has a title for each of n columns: then a row of numbers under
// it is data.
func titledAbove(lines []Line, i, n int) bool {
	for i--; i >= 0; i-- {
		switch lines[i].Class {
		case Rule, PipeOnly:
			continue
		case Words:
			return len(lines[i].pieces) >= n || len(strings.Fields(lines[i].Text)) >= n
		}
		return false
	}
	return false
}

// countsByOne reports whether the numbers of a row rise by one: column
// numbers, not a parameter's values.
func countsByOne(row []*cell.Cell) bool {
	for k := 1; k < len(row); k++ {
		if model.Number(row[k].Slots[0].Num).Float()-model.Number(row[k-1].Slots[0].Num).Float() != 1 {
			return false
		}
	}
	return true
}

// cycles reports whether a row repeats a run of two or more different
// values ("2.8ms 16ms 2.8ms 16ms"): the same titles under each group.
func cycles(row []*cell.Cell) bool {
	w := func(k int) string { return row[k].Slots[0].Written() }
	for p := 2; 2*p <= len(row); p++ {
		if len(row)%p != 0 || w(0) == w(1) {
			continue
		}
		ok := true
		for k := p; k < len(row) && ok; k++ {
			ok = w(k) == w(k-p)
		}
		if ok {
			return true
		}
	}
	return false
}

// plausible rejects geometries that are no result table: no row label and
// no header at all, or a single column of bare numbers.
func (g *Grid) plausible() bool {
	titled := g.titled()
	labelled, keyed, paths, code := 0, 0, 0, 0
	for _, l := range g.Labels {
		if l != "" {
			labelled++
		}
		if strings.HasSuffix(l, ":") || strings.HasSuffix(l, "=") {
			keyed++
		}
		if strings.HasPrefix(l, "/") {
			paths++
		}
		if len(l) > 1 && (l[0] == '+' || l[0] == '-') && !isDigit(l[1]) && l[1] != '.' ||
			len(l) > 1 && l[0] == '#' && (l[1] == ' ' || l[1] >= 'a' && l[1] <= 'z') {
			code++ // "+#define ...", "+ *": lines of a patch; "#define X 3": C
		}
	}
	// rows named by file or device paths are a listing (/proc/swaps, df,
	// losetup); a "#"-commented header is a /proc file's or perf report's;
	// rows of a patch's added or removed lines are code
	if paths*2 > len(g.Labels) || code*2 > len(g.Labels) || strings.HasPrefix(g.LabelHead, "#") || len(g.Titles) > 0 && strings.HasPrefix(g.Titles[0], "#") {
		return false
	}
	// rows without labels are a listing (vmstat, top), not cases; one
	// column of "Key: value" rows is a dump (/proc/meminfo, lscpu), and
	// so are "name=value" lines unless some value is a measured fraction
	// (a tool's results, not sysctl or .config settings)
	if len(g.Cols) == 0 || labelled*2 <= len(g.Labels) {
		return false
	}
	if len(g.Cols) == 1 && !titled && !(g.assigned && g.fractional()) || len(g.Cols) == 1 && keyed*2 > len(g.Labels) {
		return false
	}
	// without column titles only measured numbers make a result table:
	// integers alone are a listing of frequencies, trip points or counts
	return titled || g.fractional() || g.qualified()
}

// qualified reports whether some number of the grid carries a unit or a
// figure beside it.
func (g *Grid) qualified() bool {
	for _, row := range g.Cells {
		for _, c := range row {
			if c == nil {
				continue
			}
			for _, s := range c.Slots {
				if !s.Missing && (s.Unit != "" || len(s.Extras) > 0) {
					return true
				}
			}
		}
	}
	return false
}

// fractional reports whether some number of the grid has a fraction.
func (g *Grid) fractional() bool {
	for _, row := range g.Cells {
		for _, c := range row {
			if c != nil && len(c.Slots) > 0 && strings.ContainsAny(c.Slots[0].Num, ".eE") {
				return true
			}
		}
	}
	return false
}

// titled reports whether some column has a title.
func (g *Grid) titled() bool {
	for _, t := range g.Titles {
		if t != "" {
			return true
		}
	}
	return false
}
