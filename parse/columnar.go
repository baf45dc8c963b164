package parse

import (
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// columnar is the family built on the layout engine (layout.go,
// interpret.go) with the per-table semantics below: any table of rows and
// columns, aligned with blanks, tabs or '|', whose header may be stacked
// over several lines, whose rows may be grouped by blank lines or
// sub-heading lines, and whose rows, or a column, may name the compared
// kernels. It ranks after the families of a tool's own vocabulary (mmtests,
// LKP, AMD blocks, fio, perf stat, bordered grids) and before the
// positional reader, so that it decides wherever nothing more specific
// read the block.
type columnar struct{}

func init() { Register(columnar{}, 89) }

// Name is the default format; gridFormat names each table's.
func (columnar) Name() string { return "whitespace" }

// Limits of what the layout reader takes for a table.
const (
	maxHeadLines  = 4 // header lines stacked above the data
	maxInnerBlank = 1 // consecutive blank lines inside a table
)

// Read returns the tables the layout reader finds in the block.
func (columnar) Read(b *Block) []Match {
	lines := make([]layLine, len(b.Lines))
	for i := range b.Lines {
		lines[i] = readLine(b, i)
	}
	var out []Match
	for i := 0; i < len(lines); i++ {
		if lines[i].class != lcData || isProse(lines[i].text) {
			continue
		}
		m, next, ok := readColumnar(b, lines, i)
		if ok {
			out = append(out, m)
		}
		i = next - 1
	}
	return out
}

// readColumnar reads the table whose first data row is line first. next
// is the line to look at after it: past the table, or past a listing
// that is no table, so that its rows are not read again one by one.
func readColumnar(b *Block, lines []layLine, first int) (m Match, next int, ok bool) {
	lt, next, ok := layTable(lines, first)
	if !ok {
		return Match{}, next, false
	}
	t := lt.g.table(b, lt.bd)
	if len(t.Rows) == 0 {
		return Match{}, first + 1, false
	}
	t.Format = gridFormat(lines[lt.start:lt.end])
	return Match{Start: lt.start, End: lt.end, Table: t}, lt.end, true
}

// laidTable is a table's geometry as the layout reader found it: its
// body, its grid and the lines it spans (headers and framing rules
// included, end exclusive).
type laidTable struct {
	bd         body
	g          grid
	start, end int
}

// layTable lays out the table whose first data row is line first: its
// body, its columns, a header of numbers or a key column, its titles.
func layTable(lines []layLine, first int) (laidTable, int, bool) {
	bd := readBody(lines, first)
	if len(bd.rows) == 0 || len(bd.rows) < 2 && len(lines[first].cells) < 3 {
		return laidTable{}, first + 1, false
	}
	g, ok := place(bd)
	if !ok {
		return laidTable{}, first + 1, false
	}
	// a header of sizes: "| 1MB | 2MB | 128MB |", "Algorithm 4k 8k 16k";
	// under titles of its own the row is data ("randread 250K 262K")
	sizes := g.sizeRow() && !titledAbove(lines, first, len(g.cols))
	if g.indexRow() || sizes {
		// a header of numbers (task counts) over kernel rows names the
		// cases; a header of sizes titles the columns; over anything else
		// numbers are a per-cpu or per-node listing
		kernels := rowsAreKernels(g.labels[1:], nil)
		if !kernels && !sizes {
			return laidTable{}, max(bd.end, first+1), false
		}
		g.casesAcross = kernels
		g.labelHead = g.labels[0]
		for j, c := range g.cells[0] {
			g.titles = append(g.titles, cellText(c.slots[0]))
			g.frags = append(g.frags, []string{g.titles[j]})
		}
		g.spread, g.unitless = make([]bool, len(g.titles)), make([]bool, len(g.titles))
		g.cells, g.labels = g.cells[1:], g.labels[1:]
		bd.rows, bd.lines, bd.subs, bd.group = bd.rows[1:], bd.lines[1:], bd.subs[1:], bd.group[1:]
	}
	g.keyColumn()
	if len(g.cols) == 0 {
		return laidTable{}, max(bd.end, first+1), false
	}
	start := first
	if !g.casesAcross && !sizes {
		heads := readHead(lines, first)
		heads = leadingSub(lines, heads, &bd, g.cols)
		leadingLabel(lines, first, &bd)
		if g.assigned {
			heads = nil // "name=value" lines carry their names, no header
		}
		g.title(lines, heads, bd.wrapped)
		if len(heads) > 0 {
			start = heads[0]
		}
	}
	if !g.plausible() || len(bd.rows) == 1 && !g.titled() {
		return laidTable{}, first + 1, false
	}
	end := bd.end
	// the rules framing a table belong to it
	if start > 0 && lines[start-1].class == lcRule && (start == 1 || lines[start-2].class != lcText) {
		start--
	}
	if end < len(lines) && lines[end].class == lcRule {
		end++
	}
	return laidTable{bd: bd, g: g, start: start, end: end}, end, true
}

// gridFormat names a table's format by its separators: '|' between the
// cells makes a pipe grid, and rules with '+' junctions an ascii grid;
// blanks alone a whitespace table.
func gridFormat(lines []layLine) string {
	format := "whitespace"
	for _, l := range lines {
		switch {
		case l.class == lcRule && (strings.Contains(l.text, "-+") || strings.Contains(l.text, "+-")):
			return "ascii-grid"
		case l.hasPipe:
			format = "pipe-grid"
		}
	}
	return format
}

// keyColumn makes the first column the row label when the rows have no
// label words and the column holds whole numbers (a thread count, a
// wakeup period "1 us"): such a column keys the rows.
func (g *grid) keyColumn() {
	if len(g.cols) < 2 || len(g.labels) < 2 {
		return
	}
	first := make([]*cellRead, len(g.cells))
	for i, l := range g.labels {
		if l != "" {
			return
		}
		first[i] = g.cells[i][0]
	}
	if !ascending(first, (*cellRead).integer) {
		return
	}
	g.dropKey(false)
}

// dropKey takes the first column out of the value columns into the row
// labels: in place of them, or after them (joined).
func (g *grid) dropKey(joined bool) {
	for i := range g.labels {
		key := cellText(g.cells[i][0].slots[0])
		if joined {
			key = g.labels[i] + " " + key
		}
		g.labels[i] = key
		g.cells[i] = g.cells[i][1:]
	}
	g.cols = g.cols[1:]
	if g.pipeField != nil {
		g.pipeField = g.pipeField[1:]
	}
	if g.titles != nil {
		g.titles, g.frags, g.spread = g.titles[1:], g.frags[1:], g.spread[1:]
	}
}

// keyedRuns joins the first column to the row labels when every label
// stands on one run of two or more rows ("munmap" six times, then
// "mprotect"), two or more labels in all, and the column's whole numbers
// rise within each run: the column keys the rows under their label, and
// the case is both ("munmap 4").
func (g *grid) keyedRuns() {
	if len(g.cols) < 2 || len(g.labels) < 4 {
		return
	}
	first := make([]*cellRead, len(g.cells))
	for i := range g.cells {
		first[i] = g.cells[i][0]
	}
	seen := map[string]bool{}
	runs := 0
	for i := 0; i < len(g.labels); {
		j := i + 1
		for j < len(g.labels) && g.labels[j] == g.labels[i] {
			j++
		}
		if g.labels[i] == "" || seen[g.labels[i]] || j-i < 2 || !ascending(first[i:j], (*cellRead).integer) {
			return
		}
		seen[g.labels[i]] = true
		runs++
		i = j
	}
	if runs >= 2 {
		g.dropKey(true)
	}
}

// indexRow reports whether the first row numbers the columns (cpu 0 1 2
// 3, nodes, tasks 1 2 4 8 16): a listing laid out per cpu or node, or a
// table whose header is made of numbers, which this reader does not take
// for data.
func (g *grid) indexRow() bool {
	if len(g.cells) < 2 || len(g.cols) < 3 || g.labels[0] == "" {
		return false
	}
	if !ascending(g.cells[0], smallInt) {
		return false
	}
	// the rows below hold numbers of another kind than the index
	for _, row := range g.cells[1:] {
		for _, c := range row {
			if c != nil && !smallInt(c) {
				return true
			}
		}
	}
	return false
}

// titledAbove reports whether a header line above line first titles the
// n columns (two or more pieces, or a word per column and one over the
// labels: "job base new"), not only captions the table ("Ratios:").
func titledAbove(lines []layLine, first, n int) bool {
	for _, h := range readHead(lines, first) {
		t := strings.TrimSpace(lines[h].text)
		if len(lines[h].pieces) >= 2 || len(strings.Fields(t)) > n && !strings.HasSuffix(t, ":") && !strings.HasSuffix(t, ",") {
			return true
		}
	}
	return false
}

// unpackSides reads column titles that pack a quantity and a side of the
// comparison ("lat_new lat_old tput_new tput_old"): when two or more
// sides stand in them, the side is the variant and the quantity the
// field, and a ratio column after a pair ("r", "ratio") is the ratio of
// that quantity for the side compared with the reference.
func unpackSides(means []colMeaning, titles []string) {
	fields := make([]string, len(means))
	var sides []string
	for j, m := range means {
		if m.variant == "" {
			continue
		}
		k := strings.LastIndexAny(m.variant, "_-")
		if k <= 0 || !sideWord(strings.ToLower(m.variant[k+1:])) {
			continue
		}
		fields[j] = m.variant[:k]
		if side := m.variant[k+1:]; !containsString(sides, side) {
			sides = append(sides, side)
		}
	}
	if len(sides) < 2 {
		return
	}
	compared := changeOwner(sides, pickBaseline(sides, false))
	last := ""
	for j, m := range means {
		switch {
		case fields[j] != "":
			means[j] = colMeaning{variant: m.variant[len(fields[j])+1:], field: fields[j]}
			last = fields[j]
		case last != "" && ratioTitle(titles[j]):
			means[j] = colMeaning{variant: compared, field: last + "_ratio"}
		}
	}
}

// ratioTitle reports whether a column title names a ratio of two sides.
func ratioTitle(t string) bool {
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "r", "ratio", "speedup", "x":
		return true
	}
	return false
}

// runTitles returns how many columns, from the first, are titled by the
// numbers of runs, 1 to N (N >= 2), when the rest are statistics of them
// ("1 2 3 4 5 avg"); 0 when the titles are no such runs.
func runTitles(titles []string) int {
	n := 0
	for n < len(titles) && titles[n] == strconv.Itoa(n+1) {
		n++
	}
	if n < 2 {
		return 0
	}
	for _, t := range titles[n:] {
		if _, ok := statField(t); !ok {
			return 0
		}
	}
	return n
}

// sizeRow reports whether the first row titles the columns with sizes: no
// row label or a word over the labels ("Algorithm"), and whole numbers
// with a size unit or suffix that grow from column to column ("1MB 2MB
// 128MB", "4k 8k 16k", "24 B 32 B 4 KB"), over rows whose numbers are of
// another kind (fractions, or no size).
func (g *grid) sizeRow() bool {
	if len(g.cells) < 2 || len(g.cols) < 2 || strings.ContainsAny(g.labels[0], "0123456789") {
		return false
	}
	last := -1.0
	for _, c := range g.cells[0] {
		b, ok := sizeOf(c)
		if !ok || b <= last {
			return false
		}
		last = b
	}
	for _, row := range g.cells[1:] {
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
func sizeOf(c *cellRead) (float64, bool) {
	if c == nil || len(c.slots) != 1 || len(c.slots[0].extras) > 0 || c.slots[0].missing {
		return 0, false
	}
	s := c.slots[0]
	if strings.ContainsAny(s.num, ".eE-") {
		return 0, false
	}
	v := model.Number(s.num).Float()
	if s.unit == "" {
		text := strings.TrimSpace(s.text) // "4k": the suffix is in the number
		if text == "" || !strings.ContainsAny(text[len(text)-1:], "kKMGT") {
			return 0, false
		}
		return v, true
	}
	unit := strings.ToUpper(strings.TrimSuffix(strings.TrimSuffix(s.unit, "iB"), "B"))
	factor, ok := sizeFactors[unit]
	if !ok || !strings.HasSuffix(s.unit, "B") {
		return 0, false
	}
	return v * factor, true
}

// sizeFactors are the bytes of the size units by their prefix.
var sizeFactors = map[string]float64{"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}

// smallInt reports whether a cell is a whole number below 1000: the size
// of a column index, a cpu or a task count.
func smallInt(c *cellRead) bool {
	return c != nil && c.integer() && c.slots[0].unit == "" && len(strings.TrimLeft(c.slots[0].num, "-")) <= 3
}

// ascending reports whether every cell is present, accepted by ok (a
// whole number of some kind), and greater than the one before it.
func ascending(cells []*cellRead, ok func(*cellRead) bool) bool {
	for k, c := range cells {
		if c == nil || !ok(c) || k > 0 && !less(cells[k-1].slots[0].num, c.slots[0].num) {
			return false
		}
	}
	return true
}

// less compares two whole numbers written in decimal.
func less(a, b string) bool {
	return model.Number(a).Float() < model.Number(b).Float()
}

// plausible rejects geometries that are no result table: no row label and
// no header at all, or a single column of bare numbers.
func (g *grid) plausible() bool {
	titled := g.titled()
	labelled, keyed, paths, code := 0, 0, 0, 0
	for _, l := range g.labels {
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
	if paths*2 > len(g.labels) || code*2 > len(g.labels) || strings.HasPrefix(g.labelHead, "#") || len(g.titles) > 0 && strings.HasPrefix(g.titles[0], "#") {
		return false
	}
	// rows without labels are a listing (vmstat, top), not cases; one
	// column of "Key: value" rows is a dump (/proc/meminfo, lscpu), and
	// so are "name=value" lines unless some value is a measured fraction
	// (a tool's results, not sysctl or .config settings)
	if len(g.cols) == 0 || labelled*2 <= len(g.labels) {
		return false
	}
	if len(g.cols) == 1 && !titled && !(g.assigned && g.fractional()) || len(g.cols) == 1 && keyed*2 > len(g.labels) {
		return false
	}
	// without column titles only measured numbers make a result table:
	// integers alone are a listing of frequencies, trip points or counts
	return titled || g.fractional() || g.qualified()
}

// qualified reports whether some number of the grid carries a unit or a
// figure beside it.
func (g *grid) qualified() bool {
	for _, row := range g.cells {
		for _, c := range row {
			if c == nil {
				continue
			}
			for _, s := range c.slots {
				if !s.missing && (s.unit != "" || len(s.extras) > 0) {
					return true
				}
			}
		}
	}
	return false
}

// fractional reports whether some number of the grid has a fraction.
func (g *grid) fractional() bool {
	for _, row := range g.cells {
		for _, c := range row {
			if c != nil && len(c.slots) > 0 && strings.ContainsAny(c.slots[0].num, ".eE") {
				return true
			}
		}
	}
	return false
}

// titled reports whether some column has a title.
func (g *grid) titled() bool {
	for _, t := range g.titles {
		if t != "" {
			return true
		}
	}
	return false
}

// dropUnits takes the fragments that only state a unit ("Bytes/sec",
// "(ns)", "nanosecs", "per sec") out of the column titles: they say how
// the numbers are measured, not what they are. unitless[j] records that
// column j had one.
func (g *grid) dropUnits() {
	g.unitless = make([]bool, len(g.frags))
	for j, fr := range g.frags {
		kept := fr[:0:0]
		for _, f := range fr {
			if !unitFragment(f) {
				kept = append(kept, f)
			}
		}
		if len(kept) < len(fr) && len(kept) > 0 {
			g.unitless[j] = true
			g.frags[j] = kept
			g.titles[j] = strings.Join(kept, " ")
		}
	}
}

// metricColumns reports whether every titled column names a quantity
// (a metric word first, or a unit among its fragments), so that the
// columns are fields of one series, not compared variants.
func (g *grid) metricColumns() bool {
	titled := 0
	for j, fr := range g.frags {
		if len(fr) == 0 {
			continue
		}
		titled++
		if _, stat := statName(fr[len(fr)-1]); stat && len(fr) > 1 && !g.measuredBy(fr[0]) {
			// statistics under a group title and nothing else: the
			// group is a variant ("latency 0" over min, avg, max)
			return false
		}
		words := strings.FieldsFunc(fr[0], func(r rune) bool { return r == ' ' || r == '(' || r == '[' })
		if (len(words) == 0 || !metricWords[strings.ToLower(words[0])]) && !g.unitless[j] {
			return false
		}
	}
	return titled > 0
}

// repeatsUnderGroups reports whether a bottom title stands under more
// than one group title: then it names a quantity, and the groups are the
// variants.
func (g *grid) repeatsUnderGroups(own string) bool {
	groups := map[string]bool{}
	for j, fr := range g.frags {
		if len(fr) > 1 && g.spread[j] && fr[len(fr)-1] == own {
			groups[strings.Join(fr[:len(fr)-1], " ")] = true
		}
	}
	return len(groups) > 1
}

// measuredBy reports whether some column titled by group holds the
// quantity itself rather than a statistic of it ("Bandwidth" over
// "Bytes/sec" beside "Bandwidth" over "%Std.Dev.").
func (g *grid) measuredBy(group string) bool {
	for _, fr := range g.frags {
		if len(fr) == 0 || fr[0] != group {
			continue
		}
		if _, stat := statName(fr[len(fr)-1]); !stat || len(fr) == 1 {
			return true
		}
	}
	return false
}

// metric names the field of column j when the columns are metrics (rows
// are the kernels): the title, and a statistic under a metric joined to
// it ("Bandwidth" over "%Std.Dev." is bandwidth_cv).
func (g *grid) metric(j int) string {
	fr := g.frags[j]
	if len(fr) == 0 {
		return "value"
	}
	if len(fr) > 1 {
		if st, ok := statName(fr[len(fr)-1]); ok {
			return metricField(strings.Join(fr[:len(fr)-1], " ")) + "_" + st
		}
	}
	return metricField(strings.Join(fr, " "))
}

// table turns the grid into a model table: the semantics layer.
func (g *grid) table(b *Block, bd body) model.Table {
	if g.casesAcross {
		return g.acrossTable(b, bd)
	}
	g.keyedRuns()
	g.dropUnits()
	means := make([]colMeaning, len(g.titles))
	for j, t := range g.titles {
		means[j] = meaning(t)
		// a statistic under a group title: "boost off" over "avg"; a
		// quantity repeated under each group: "async" over "BW"
		if fr := g.frags[j]; len(fr) > 1 {
			group, own := strings.Join(fr[:len(fr)-1], " "), fr[len(fr)-1]
			if f, ok := statName(own); ok {
				means[j] = colMeaning{variant: group, field: f}
			} else if g.spread[j] && g.repeatsUnderGroups(own) {
				means[j] = colMeaning{variant: group, field: metricField(own)}
			}
		}
	}
	if runs := runTitles(g.titles); runs > 0 {
		// "1 2 3 4 5 avg": the runs of one series, then their statistic
		for j := 0; j < runs; j++ {
			means[j] = colMeaning{field: "run" + g.titles[j]}
		}
	}
	unpackSides(means, g.titles)
	g.inheritVariants(means) // a change column of a variant is no second column of the same
	if ambiguous(means) {
		return model.Table{}
	}
	slots := g.slotRows()
	kernelRows := rowsAreKernels(g.labels, g.titles) || referenceRow(g.labels, slots) && pickBaseline(g.titles, false) == ""
	key := -1
	if kernelRows {
		key = groupKey(g, bd)
	}
	// over kernel rows, a group of columns titled by a number (a queue
	// depth, a size: "IOdepth 8 | 16" over "KIOPS BW") or over a
	// statistic ("small" over "mean stdev") is the case of the cells
	// under it, and a column of changes against the reference row is the
	// change of what its title names
	caseOf := make([]string, len(g.titles))
	if kernelRows || g.metricColumns() {
		// the columns say what is measured, the rows who or where
		for j := range g.titles {
			means[j] = colMeaning{field: g.metric(j)}
			if !kernelRows {
				continue
			}
			fr := g.frags[j]
			if g.spread[j] && len(fr) == 2 {
				_, num := ReadNumber(fr[0], CommaUnknown)
				if st, stat := statName(fr[1]); num || stat {
					caseOf[j], means[j].field = fr[0], metricField(fr[1])
					if stat {
						means[j].field = st
					}
					continue
				}
			}
			if changeColumn(g.labels, slots, j) && g.titles[j] != "" {
				caseOf[j], means[j].field = g.titles[j], "pct"
			}
		}
	}
	bare := g.bareParens()
	tupleNames := tupleHeading(b, bd.rows[0])
	units := unitSet{}
	pcts := pctNamer{}
	hasPct := false
	var variants []string
	addVariant := func(v string) {
		if v != "" && !containsString(variants, v) {
			variants = append(variants, v)
		}
	}
	rows := make([]model.Row, 0, len(bd.rows))
	labelled := false // variants come from label lines over the row blocks
	for i, li := range bd.rows {
		label := g.labels[i]
		caseName, rowField := label, ""
		if sub := bd.subs[i]; sub != "" {
			if f, ok := statField(strings.TrimSuffix(label, ":")); ok {
				caseName, rowField = sub, f
			} else {
				caseName = sub + " " + label
			}
		}
		variant := ""
		if lab := labelOf(bd.subs[i]); lab != "" && !kernelRows && len(g.variantTitles(means)) == 0 {
			// a label line over each block of rows ("Kernel: 9.1-rc3")
			variant, caseName, rowField, labelled = lab, label, "", true
			addVariant(variant)
		}
		if kernelRows {
			variant = strings.TrimSuffix(label, ":")
			addVariant(variant)
			if key >= 0 {
				if c := g.cells[i][key]; c != nil && len(c.slots) == 1 {
					caseName = cellText(c.slots[0])
				}
			}
		}
		r := rowAt(b, li, strings.TrimSuffix(caseName, ":"))
		slots := 0
		for _, c := range g.cells[i] {
			if c != nil {
				slots += len(c.slots)
			}
		}
		r.Cells = make([]model.Cell, 0, 2*slots) // a value and a figure beside it, mostly
		var cellCases []string                   // the case of each cell, "" for the row's
		var cellCol []cellSpan
		for j, c := range g.cells[i] {
			if c == nil {
				continue
			}
			for len(cellCases) < len(r.Cells) {
				cellCases = append(cellCases, caseAt(caseOf, cellCol, len(cellCases)))
			}
			cellCol = append(cellCol, cellSpan{from: len(r.Cells), col: j})
			mean := means[j]
			v, f := mean.variant, mean.field
			if kernelRows || variant != "" {
				v = variant
			} else {
				addVariant(v)
			}
			switch {
			case rowField != "" && f == "value":
				f = rowField
			case rowField != "" && f == "pct":
				f = rowField + "_pct"
			}
			if c.tuple {
				for k, s := range c.slots {
					r.Cells = append(r.Cells, model.Cell{Variant: v, Field: tupleField(tupleNames, k), Value: model.Number(s.num), Text: s.text})
				}
				continue
			}
			for _, s := range c.slots {
				if s.missing {
					continue
				}
				units.add(s.unit)
				if mean.paren == "" {
					s = withBareParens(s, bare)
				}
				var pct bool
				r.Cells, pct = appendSlotCells(r.Cells, s, v, f, mean.paren, pcts)
				hasPct = hasPct || pct || mean.pctMain
			}
		}
		if len(r.Cells) > 0 {
			for len(cellCases) < len(r.Cells) {
				cellCases = append(cellCases, caseAt(caseOf, cellCol, len(cellCases)))
			}
			rows = append(rows, splitByCase(r, cellCases)...)
		}
	}
	t := model.Table{Variants: variants, Rows: rows, Unit: units.common()}
	t.Baseline = pickBaseline(variants, hasPct && !kernelRows)
	if t.Baseline == "" && labelled && len(variants) > 1 {
		t.Baseline = variants[0] // the first labelled block is the reference
	}
	if t.Unit == "" {
		t.Unit = titleUnit(g.titles)
	}
	return t
}

// slotRows gives each row's cells as one slot each, missing where a cell
// is empty or holds more than one number.
func (g *grid) slotRows() [][]slot {
	rows := make([][]slot, len(g.cells))
	for i, row := range g.cells {
		rows[i] = make([]slot, len(row))
		for j, c := range row {
			if c == nil || len(c.slots) != 1 {
				rows[i][j] = slot{missing: true}
				continue
			}
			rows[i][j] = c.slots[0]
		}
	}
	return rows
}

// bareParens decides what the bracketed figures written without '%' or
// '+' are, comparing each row's values across its columns.
func (g *grid) bareParens() string {
	series := make([][]slot, 0, len(g.cells))
	for _, row := range g.cells {
		sr := make([]slot, 0, len(row))
		for _, c := range row {
			if c != nil && len(c.slots) == 1 {
				sr = append(sr, c.slots[0])
			}
		}
		series = append(series, sr)
	}
	return bareParenField(series)
}

// ambiguous reports whether two columns say the same of their numbers
// ("min max min max" without the group titles above them): which is
// which is lost, and reading them would invent a table.
func ambiguous(means []colMeaning) bool {
	seen := map[colMeaning]bool{}
	for _, m := range means {
		if m.field != "value" && m.variant == "" && seen[m] {
			return true
		}
		seen[m] = true
	}
	return false
}

// acrossTable reads a grid whose titles are the cases and whose rows are
// the variants: one row per row and column, so that each number keeps
// its case.
func (g *grid) acrossTable(b *Block, bd body) model.Table {
	var t model.Table
	for i, li := range bd.rows {
		variant := strings.TrimSuffix(g.labels[i], ":")
		t.Variants = append(t.Variants, variant)
		for j, c := range g.cells[i] {
			if c == nil || len(c.slots) != 1 || c.slots[0].missing {
				continue
			}
			r := rowAt(b, li, g.titles[j])
			s := c.slots[0]
			r.Cells = []model.Cell{{Variant: variant, Field: "value", Value: model.Number(s.num), Text: s.text}}
			t.Rows = append(t.Rows, r)
		}
	}
	t.Baseline = pickBaseline(t.Variants, false)
	return t
}

// tupleHeading finds the "(snooze, CEDE Residency Percentage)" line above
// a table of tuple cells, within a few lines of its first row, and
// returns the members' names: the first word of each, lower case.
func tupleHeading(b *Block, first int) []string {
	for i := first - 1; i >= 0 && i >= first-8; i-- {
		t := b.trim(i)
		if len(t) < 5 || t[0] != '(' || t[len(t)-1] != ')' || !strings.Contains(t, ",") {
			continue
		}
		var names []string
		for _, part := range strings.Split(t[1:len(t)-1], ",") {
			w := strings.Fields(strings.Trim(part, " %"))
			if len(w) == 0 {
				return nil
			}
			names = append(names, strings.ToLower(strings.TrimRight(w[0], "%")))
		}
		return names
	}
	return nil
}

// variantTitles lists the variants the column titles name.
func (g *grid) variantTitles(means []colMeaning) []string {
	var out []string
	for _, m := range means {
		if m.variant != "" {
			out = append(out, m.variant)
		}
	}
	return out
}

// inheritVariants gives an untitled column, and a change column ("delta",
// "%change"), the variant of the titled column on its left: "upstream"
// over "2533  100.00%" covers both numbers. A change column beside the
// reference of two variants ("With Patch | Without Patch | % Change")
// compares the other one with it, and is the other's.
func (g *grid) inheritVariants(means []colMeaning) {
	var titled []string
	for _, m := range means {
		if m.variant != "" && !containsString(titled, m.variant) {
			titled = append(titled, m.variant)
		}
	}
	last := ""
	for j := range means {
		switch {
		case g.titles[j] == "" && last != "":
			means[j].variant = last
			means[j].field = untitledField(g, j)
		case means[j].variant == "" && means[j].field == "pct" && last != "":
			means[j].variant = changeOwner(titled, last)
			if strings.Trim(g.titles[j], "% ") == "" && g.ratioColumn(j) {
				means[j].field = "ratio" // "%" over "104%": one side over the other, no change
			}
		case means[j].variant != "" && perTitle(g.titles[j]) && last != "":
			// "per_vma", "per op": the figure to its left per unit
			means[j] = colMeaning{variant: last, field: columnField(g.titles[j])}
		case means[j].variant != "":
			last = means[j].variant
		}
	}
}

// perTitle reports whether a title names a figure per unit of something
// ("per_vma", "per op").
func perTitle(t string) bool {
	low := strings.ToLower(t)
	return strings.HasPrefix(low, "per_") || strings.HasPrefix(low, "per ")
}

// ratioColumn reports whether column j holds ratios written in percent:
// never below 80 ("104%", "254%"), where changes would be small or
// negative somewhere.
func (g *grid) ratioColumn(j int) bool {
	n := 0
	for _, row := range g.cells {
		c := row[j]
		if c == nil || len(c.slots) != 1 || c.slots[0].missing {
			continue
		}
		s := c.slots[0]
		if !s.percent || model.Number(s.num).Float() < 80 {
			return false
		}
		n++
	}
	return n > 0
}

// untitledField names the numbers of a column without a title beside a
// variant's values: percentages that are 100 in a "Total" row are shares
// of that total; other percentages are the change; anything else is a
// second value.
func untitledField(g *grid, j int) string {
	pct, share := false, false
	for i, row := range g.cells {
		c := row[j]
		if c == nil || len(c.slots) != 1 {
			continue
		}
		s := c.slots[0]
		if strings.HasSuffix(s.text, "%") || s.unit == "%" {
			pct = true
		}
		if strings.Contains(strings.ToLower(g.labels[i]), "total") && model.Number(s.num).Float() == 100 {
			share = true
		}
	}
	switch {
	case share:
		return "share"
	case pct:
		return "pct"
	}
	return "value"
}

// titleUnit returns the unit every metric title gives in brackets
// ("Throughput(MB/s)"), else "".
func titleUnit(titles []string) string {
	unit := ""
	for _, t := range titles {
		i := strings.LastIndexByte(t, '(')
		if i < 0 || !strings.HasSuffix(t, ")") {
			return ""
		}
		u := t[i+1 : len(t)-1]
		if unit != "" && u != unit {
			return ""
		}
		unit = u
	}
	return unit
}

// groupKey finds the column that says which load a group of kernel rows
// ran at: whole numbers, constant within each row group and different
// between groups ("QD 1 / 16 / 64"); -1 when there is none.
func groupKey(g *grid, bd body) int {
	groups := map[int]bool{}
	for _, gr := range bd.group {
		groups[gr] = true
	}
	if len(groups) < 2 {
		return -1
	}
	for j := range g.cols {
		byGroup := map[int]string{}
		ok := true
		for i, row := range g.cells {
			c := row[j]
			if c == nil || !c.integer() {
				ok = false
				break
			}
			v := c.slots[0].num
			if w, seen := byGroup[bd.group[i]]; seen && w != v {
				ok = false
				break
			}
			byGroup[bd.group[i]] = v
		}
		if !ok {
			continue
		}
		vals := map[string]bool{}
		for _, v := range byGroup {
			vals[v] = true
		}
		if len(vals) == len(byGroup) {
			return j
		}
	}
	return -1
}

// containsString reports whether list holds s.
func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// cellSpan says from which cell of a row on the cells are column col's.
type cellSpan struct{ from, col int }

// caseAt is the case of cell k of a row: that of the column the cell
// came from ("" for the row's own case).
func caseAt(caseOf []string, spans []cellSpan, k int) string {
	col := -1
	for _, sp := range spans {
		if sp.from <= k {
			col = sp.col
		}
	}
	if col < 0 {
		return ""
	}
	return caseOf[col]
}

// splitByCase splits a row whose cells belong to cases of their own
// (cases[k] for cell k, "" for the row's) into one row per case, in the
// order the cases first come.
func splitByCase(row model.Row, cases []string) []model.Row {
	split := false
	for _, c := range cases {
		split = split || c != ""
	}
	if !split {
		return []model.Row{row}
	}
	var order []string
	by := map[string]*model.Row{}
	for k, c := range row.Cells {
		name := cases[k]
		if name == "" {
			name = row.Case
		}
		r, ok := by[name]
		if !ok {
			r = &model.Row{Case: name, Line: row.Line, Offset: row.Offset, Flags: row.Flags}
			by[name] = r
			order = append(order, name)
		}
		r.Cells = append(r.Cells, c)
	}
	out := make([]model.Row, 0, len(order))
	for _, name := range order {
		out = append(out, *by[name])
	}
	return out
}
