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
	// a header of sizes: "| 1MB | 2MB | 128MB |", "Algorithm 4k 8k 16k";
	// under titles of its own the row is data ("randread 250K 262K")
	sizes := g.sizeRow() && !titledAbove(lines, first, len(g.Cols))
	if g.indexRow() || sizes {
		// a header of numbers (task counts) over kernel rows names the
		// cases; a header of sizes titles the columns; over anything else
		// numbers are a per-cpu or per-node listing
		kernels := kernelRows(g.Labels[1:])
		if !kernels && !sizes {
			return Table{}, max(bd.end, first+1), false
		}
		g.CasesAcross = kernels
		g.LabelHead = g.Labels[0]
		for j, c := range g.Cells[0] {
			g.Titles = append(g.Titles, c.Slots[0].Written())
			g.Frags = append(g.Frags, []string{g.Titles[j]})
		}
		g.Spread = make([]bool, len(g.Titles))
		g.Cells, g.Labels = g.Cells[1:], g.Labels[1:]
		bd.Rows, bd.lines, bd.Subs, bd.Group = bd.Rows[1:], bd.lines[1:], bd.Subs[1:], bd.Group[1:]
	}
	g.keyColumn()
	if len(g.Cols) == 0 {
		return Table{}, max(bd.end, first+1), false
	}
	start := first
	if !g.CasesAcross && !sizes {
		heads := readHead(lines, first)
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

// smallInt reports whether a cell is a whole number below 1000: the size
// of a column index, a cpu or a task count.
func smallInt(c *cell.Cell) bool {
	return c != nil && c.Integer() && c.Slots[0].Unit == "" && len(strings.TrimLeft(c.Slots[0].Num, "-")) <= 3
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

// KeyedRuns joins the first column to the row labels when every label
// stands on one run of two or more rows ("munmap" six times, then
// "mprotect"), two or more labels in all, and the column's whole numbers
// rise within each run: the column keys the rows under their label, and
// the case is both ("munmap 4"). A column titled as a run number
// ("iter", "run") numbers repeats of one case, and keys none.
func (g *Grid) KeyedRuns() {
	if len(g.Cols) < 2 || len(g.Labels) < 4 || len(g.Titles) > 0 && repeatTitle(g.Titles[0]) {
		return
	}
	first := make([]*cell.Cell, len(g.Cells))
	for i := range g.Cells {
		first[i] = g.Cells[i][0]
	}
	seen := map[string]bool{}
	runs := 0
	for i := 0; i < len(g.Labels); {
		j := i + 1
		for j < len(g.Labels) && g.Labels[j] == g.Labels[i] {
			j++
		}
		if g.Labels[i] == "" || seen[g.Labels[i]] || j-i < 2 || !ascending(first[i:j], (*cell.Cell).Integer) {
			return
		}
		seen[g.Labels[i]] = true
		runs++
		i = j
	}
	if runs >= 2 {
		g.dropKey(true)
	}
}

// repeatTitle reports whether a column title numbers the repeats of a
// measurement: "iter", "run", "#".
func repeatTitle(t string) bool {
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

// titledAbove reports whether a header line above line first titles the
// n columns (two or more pieces, or a word per column and one over the
// labels: "job base new"), not only captions the table ("Ratios:").
func titledAbove(lines []Line, first, n int) bool {
	for _, h := range readHead(lines, first) {
		t := strings.TrimSpace(lines[h].Text)
		if len(lines[h].pieces) >= 2 || len(strings.Fields(t)) > n && !strings.HasSuffix(t, ":") && !strings.HasSuffix(t, ",") {
			return true
		}
	}
	return false
}

// sizeRow reports whether the first row titles the columns with sizes: no
// row label or a word over the labels ("Algorithm"), and whole numbers
// with a size unit or suffix that grow from column to column ("1MB 2MB
// 128MB", "4k 8k 16k", "24 B 32 B 4 KB"), over rows whose numbers are of
// another kind (fractions, or no size).
func (g *Grid) sizeRow() bool {
	if len(g.Cells) < 2 || len(g.Cols) < 2 || strings.ContainsAny(g.Labels[0], "0123456789") {
		return false
	}
	last := -1.0
	for _, c := range g.Cells[0] {
		b, ok := sizeOf(c)
		if !ok || b <= last {
			return false
		}
		last = b
	}
	for _, row := range g.Cells[1:] {
		for _, c := range row {
			if _, ok := sizeOf(c); c != nil && !ok {
				return true
			}
		}
	}
	return false
}

// sizeOf reads a cell that holds one size ("1MB", "4k", "24 B", "4 KiB")
// in bytes.
func sizeOf(c *cell.Cell) (float64, bool) {
	if c == nil || len(c.Slots) != 1 || len(c.Slots[0].Extras) > 0 || c.Slots[0].Missing {
		return 0, false
	}
	s := c.Slots[0]
	if strings.ContainsAny(s.Num, ".eE-") {
		return 0, false
	}
	v := model.Number(s.Num).Float()
	if s.Unit == "" {
		text := strings.TrimSpace(s.Text) // "4k": the suffix is in the number
		if text == "" || !strings.ContainsAny(text[len(text)-1:], "kKMGT") {
			return 0, false
		}
		return v, true
	}
	unit := strings.ToUpper(strings.TrimSuffix(strings.TrimSuffix(s.Unit, "iB"), "B"))
	factor, ok := sizeFactors[unit]
	if !ok || !strings.HasSuffix(s.Unit, "B") {
		return 0, false
	}
	return v * factor, true
}

// sizeFactors are the bytes of the size units by their prefix.
var sizeFactors = map[string]float64{"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}

// indexRow reports whether the first row numbers the columns (cpu 0 1 2
// 3, nodes, tasks 1 2 4 8 16): a listing laid out per cpu or node, or a
// table whose header is made of numbers, which this reader does not take
// for data.
func (g *Grid) indexRow() bool {
	if len(g.Cells) < 2 || len(g.Cols) < 3 || g.Labels[0] == "" {
		return false
	}
	if !ascending(g.Cells[0], smallInt) {
		return false
	}
	// the rows below hold numbers of another kind than the index
	for _, row := range g.Cells[1:] {
		for _, c := range row {
			if c != nil && !smallInt(c) {
				return true
			}
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
