package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// Bordered grids ("+---+" ascii grids and "|---|" pipe grids) share their
// geometry: a grid line is cut into cells at its '|' separators (and at the
// '+' corners of partial rules), header rows above the first data row name
// the columns, and a header cell spanning several columns is a group (a
// variant) over them.

// gridCell is the text between two separators; start and end are the
// separators' byte offsets.
type gridCell struct {
	text       string
	start, end int
	rule       bool
	toks       []token.Token
	mark       string // a marker after the value ("105.8 *": a footnote, significance)
}

// gridLine is one line of a grid region.
type gridLine struct {
	idx   int // index in Block.Lines
	rule  bool
	cells []gridCell
	trail string // text after the last separator: row markers
}

// isGridRow reports whether a line reads as a grid row: it starts with a
// '|' or a '+' corner and has at least two separators.
func isGridRow(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" || (t[0] != '|' && !strings.HasPrefix(t, "+-") && !strings.HasPrefix(t, "+=")) {
		return false
	}
	return strings.Count(t, "|")+strings.Count(t, "+-") >= 2
}

// isBorder is a pure rule line: "-----", "+----+----+", "|----|----|".
func isBorder(s string) bool {
	t := strings.TrimSpace(s)
	return layout.IsRule(t) && (strings.Contains(t, "--") || strings.Contains(t, "=="))
}

// separators returns the byte offsets of the cell separators of a grid
// line: every '|', and every '+' that joins rule dashes.
func separators(s string) []int {
	var out []int
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '|':
			out = append(out, i)
		case '+':
			prevDash := i > 0 && (s[i-1] == '-' || s[i-1] == '=')
			nextDash := i+1 < len(s) && (s[i+1] == '-' || s[i+1] == '=')
			if prevDash || nextDash {
				out = append(out, i)
			}
		}
	}
	return out
}

// cutGrid cuts a grid row into cells, giving each cell its tokens.
func cutGrid(b *Block, idx int) gridLine {
	s := b.Lines[idx].Text
	gl := gridLine{idx: idx}
	seps := separators(s)
	if len(seps) < 2 {
		return gl
	}
	gl.trail = strings.TrimSpace(s[seps[len(seps)-1]+1:])
	toks := b.tokens(idx)
	for i := 0; i+1 < len(seps); i++ {
		a, z := seps[i], seps[i+1]
		c := gridCell{text: strings.TrimSpace(s[a+1 : z]), start: a, end: z}
		c.rule = c.text != "" && strings.Trim(c.text, "-=+: ") == ""
		for _, t := range toks {
			if t.Start > a && t.End <= z {
				c.toks = append(c.toks, t)
			}
		}
		if k := len(c.toks) - 1; k >= 1 && c.toks[k].Kind == token.Mark && c.toks[k-1].Kind != token.Mark {
			c.mark, c.toks = c.toks[k].Text, c.toks[:k]
		}
		gl.cells = append(gl.cells, c)
	}
	return gl
}

// gridRegion is a run of grid lines in a block.
type gridRegion struct {
	start, end int // Block.Lines indices, end exclusive
	lines      []gridLine
	corners    bool // a rule has '+' corners: an ascii grid
}

// gridRegions finds the grid regions of a block: runs of grid rows and
// rule lines, plus a pure border line directly above or below.
func gridRegions(b *Block) []gridRegion {
	var out []gridRegion
	n := len(b.Lines)
	for i := 0; i < n; {
		if !isGridRow(b.Lines[i].Text) {
			i++
			continue
		}
		r := gridRegion{start: i}
		if i > 0 && isBorder(b.Lines[i-1].Text) && !isGridRow(b.Lines[i-1].Text) {
			r.start = i - 1
		}
		j := i
		for j < n && (isGridRow(b.Lines[j].Text) || isBorder(b.Lines[j].Text)) {
			j++
		}
		r.end = j
		for k := r.start; k < r.end; k++ {
			text := b.Lines[k].Text
			if isBorder(text) {
				r.corners = r.corners || layout.HasCorner(text)
				r.lines = append(r.lines, gridLine{idx: k, rule: true})
				continue
			}
			gl := cutGrid(b, k)
			for _, c := range gl.cells {
				if c.rule && strings.Contains(c.text, "+") {
					r.corners = true
				}
			}
			if strings.Contains(text, "+-") || strings.Contains(text, "-+") {
				r.corners = true
			}
			r.lines = append(r.lines, gl)
		}
		out = append(out, r)
		i = j
	}
	return out
}

// cellSlot reads a grid cell holding one value: a number with what is
// written beside it ("0.7293 (+30.7%)", "12.345+/-0.678", "1.000x",
// "12345/23456", "1,234(+/-5,67 %)"). Missing marks and anything else give
// ok false.
func cellSlot(ts []token.Token, style CommaStyle) (cell.Slot, bool) {
	if len(ts) == 0 || len(ts) > 6 || ts[0].Kind != token.Num {
		return cell.Slot{}, false
	}
	if len(ts) == 2 && ts[0].Unit == "" && ts[0].Mult == 0 && ts[1].Kind == token.Word && cell.UnitFragment(ts[1].Text) {
		// "538  MiB/s": the cell's borders say the unit is the number's
		// however wide the gap
		u := ts[1]
		ts = []token.Token{{Kind: token.Num, Text: ts[0].Text, Start: ts[0].Start, End: u.End, Number: ts[0].Text, Unit: u.Text}}
	}
	s, next, ok := cell.ReadSlot(ts, 0, style)
	return s, ok && next == len(ts)
}

// cellSlots reads a grid cell holding one value (cellSlot), or the named
// parts of one cell ("| IOPS=20.5k, BW=160MiB/s |", "| 5.1s / 0.2s
// (wall/user) |") or one figure marked approximate ("| ~30M |"), read
// by the cell grammar.
func cellSlots(ts []token.Token, style CommaStyle) ([]cell.Slot, bool) {
	if s, ok := cellSlot(ts, style); ok {
		return []cell.Slot{s}, true
	}
	if len(ts) == 0 {
		return nil, false
	}
	cs, ok := cell.Read(ts, ts[0].Start, ts[len(ts)-1].End, style)
	if !ok || len(cs) != 1 || !cs[0].Parts && !(len(cs[0].Slots) == 1 && cs[0].Slots[0].Approx) {
		return nil, false
	}
	return cs[0].Slots, true
}

// isDataRow reports whether some cell after the first holds a number.
func isDataRow(gl gridLine, style CommaStyle) bool {
	for _, c := range gl.cells[1:] {
		if _, ok := cellSlots(c.toks, style); ok {
			return true
		}
	}
	return false
}

// column is what a grid column holds, once the headers are read.
type column struct {
	name  string   // single-column header text, top to bottom
	group string   // spanning header text over it
	lines []string // the single-column header text of each header row
}

// addName appends the text a header row gives column c alone.
func (c *column) addName(text string) {
	c.name = joinText(c.name, text)
	c.lines = append(c.lines, text)
}

// readGrid reads one grid region into a table; ok is false when the region
// is not a table (no header, no numbers, columns that cannot be mapped).
func readGrid(b *Block, r gridRegion) (Match, bool) {
	var heads, data []gridLine
	merged := mergedLabels(r)
	keys := gridKeys(b, r)
	keyed := false // a legend names the numbers of some cell
	for _, gl := range r.lines {
		if gl.rule || len(gl.cells) == 0 {
			continue
		}
		isKeyed := keys != nil && keyedRow(gl, keys, b.Comma)
		keyed = keyed || isKeyed
		isData := isKeyed || isDataRow(gl, b.Comma)
		if len(data) == 0 && !isData {
			heads = append(heads, gl)
			continue
		}
		if isData {
			if m, ok := merged[gl.idx]; ok {
				gl.cells = append([]gridCell{{text: m, start: gl.cells[0].start, end: gl.cells[0].end}}, gl.cells[1:]...)
			}
			data = append(data, gl)
		}
	}
	if len(data) == 0 || len(heads) == 0 {
		return Match{}, false
	}
	width := modalWidth(data)
	cols, ok := mapColumns(heads, data, width)
	if !ok {
		return Match{}, false
	}
	var colKeys []cell.Key
	if keyed {
		colKeys = columnKeys(b, r, cols)
	}
	variants, fields, parens := make([]string, width), make([]string, width), make([]string, width)
	titles := make([]string, width)
	for j := 1; j < width; j++ {
		variants[j], fields[j], parens[j] = cols.field(j)
		titles[j] = joinText(cols[j].group, cols[j].name)
	}
	var labels []string
	var series [][]cell.Slot
	for _, gl := range data {
		if len(gl.cells) != width {
			continue
		}
		labels = append(labels, strings.TrimSuffix(gl.cells[0].text, ":"))
		var sr []cell.Slot
		for j := 1; j < width; j++ {
			s, ok := cellSlot(gl.cells[j].toks, b.Comma)
			if !ok {
				s = cell.Slot{Missing: true}
			}
			sr = append(sr, s)
		}
		series = append(series, sr)
	}
	vcol := variantColumn(data, width, titles, colKeys)
	runs := labelRuns(labels)
	if vcol < 0 {
		vcol = cycleColumn(data, width, runs, b.Comma)
	}
	// the rows' labels repeat over runs of rows keyed by a column of
	// whole numbers ("Intel QAT" over cluster sizes 4096 ... 262144, then
	// "deflate" over the same): the labels are the variants, the keys the
	// cases, and the titles name quantities
	kcol := -1
	if vcol < 0 {
		kcol = keyUnderLabels(labels, series)
	}
	unit, metrics := cols.measured()
	if kcol >= 0 {
		for j := 1; j < width; j++ {
			variants[j], fields[j] = "", cols.metricField(j)
		}
	}
	if vcol < 0 && metrics {
		// "seq read" over "MiB/s": the columns name what is measured, in
		// what unit, and the rows where
		for j := 1; j < width; j++ {
			variants[j], fields[j] = "", cols.metricField(j)
		}
	}
	if vcol < 0 && kcol < 0 && !metrics && unit != "" {
		// builds over a row of units: "v6.8" over "(MB/s)" is the build
		// v6.8, its numbers in MB/s
		for j := 1; j < width; j++ {
			if variants[j] != "" && variants[j] == cols[j].name {
				variants[j] = cols.named(j)
			}
		}
	}
	if vcol > 0 {
		// "| GB6 Single | patch | 1182.4 |": a column names the kernel
		// of each row, and the other titles name quantities
		for j := 1; j < width; j++ {
			variants[j], fields[j] = "", cell.MetricField(titles[j])
			if changeTitles[strings.ToLower(titles[j])] || changeOfFirst(data, width, j, runs) {
				fields[j] = "pct" // "perc_diff": the change against the reference row
			}
		}
	}
	byRow := vcol < 0 && kcol < 0 && (rowsAreVariants(cols[0].name, labels, titles[1:], fields[1:]) || referenceRow(labels, series) && pickBaseline(titles[1:], false) == "")
	caseOf := make([]string, width) // by column: the case of its cells, "" for the row's
	if byRow {
		for j := 1; j < width; j++ {
			variants[j], fields[j] = "", cell.ColumnField(titles[j])
			switch {
			case cols[j].group != "":
				// "order-0" over "mean | stdev": the group is what the
				// cells under it measure, the title which statistic
				caseOf[j], fields[j] = cols[j].group, cell.ColumnField(cols[j].name)
			case changeColumn(labels, series, j-1):
				// changes against the reference row: what changed is
				// the column's
				caseOf[j], fields[j] = titles[j], "pct"
			}
		}
		series = transpose(series)
	} else {
		changeColumns(variants, fields)
	}
	bare := bareParenField(series)
	stats := rowStats(labels)
	t := model.Table{}
	pcts := pctNamer{}
	hasPct := false
	units := unitSet{}
	i := -1 // the row's index among labels
	for _, gl := range data {
		if len(gl.cells) != width {
			continue
		}
		i++
		line := b.Lines[gl.idx]
		row := model.Row{Case: strings.TrimSuffix(gl.cells[0].text, ":"), Line: line.No, Offset: line.Offset}
		rowStat := ""
		if stats != nil {
			row.Case, rowStat = "", stats[i] // the rows are statistics of one series
		}
		row.Flags = rowMarkers(gl.trail)
		var cellCases []string
		rowVariant := ""
		if kcol >= 0 {
			rowVariant, row.Case = row.Case, series[i][kcol].Written()
		}
		for j := 1; j < width; j++ {
			ss, ok := keyedSlots(colKeys, j, gl.cells[j].toks, b.Comma)
			if !ok || j == kcol+1 {
				continue
			}
			variant := variants[j]
			switch {
			case byRow:
				variant = row.Case
			case vcol > 0:
				variant = gl.cells[vcol].text
			case kcol >= 0:
				variant = rowVariant
			}
			n := len(row.Cells)
			for _, s := range ss {
				units.add(s.Unit)
				if parens[j] == "" {
					s = withBareParens(s, bare)
				}
				var pct bool
				row.Cells, pct = appendSlotCells(row.Cells, s, variant, statOfRow(rowStat, fields[j]), parens[j], pcts)
				hasPct = hasPct || pct
			}
			if m := gl.cells[j].mark; m != "" {
				for k := n; k < len(row.Cells); k++ {
					row.Cells[k].Flags = append(row.Cells[k].Flags, m)
				}
			}
			for _, c := range row.Cells[n:] {
				if c.Variant != "" && !containsString(t.Variants, c.Variant) {
					t.Variants = append(t.Variants, c.Variant)
				}
				cellCases = append(cellCases, caseOf[j])
			}
		}
		if len(row.Cells) > 0 {
			t.Rows = append(t.Rows, splitByCase(row, cellCases)...)
		}
	}
	if len(t.Rows) == 0 {
		return Match{}, false
	}
	t.Baseline = pickBaseline(t.Variants, hasPct)
	if t.Unit = units.common(); t.Unit == "" {
		t.Unit = unit
	}
	return Match{Start: r.start, End: r.end, Table: t}, true
}

// measured reports whether the columns after the label name quantities
// rather than variants: no group title over them, and each titled one
// has a header row under its name that states only a unit ("MiB/s",
// "(ms)"), a title that starts with a metric word, or a unit for title
// ("bytes"), and no names of builds (buildTitles) among them. unit is
// the unit they share, "" when they state none or differ.
func (cols gridColumns) measured() (unit string, ok bool) {
	titled := 0
	units := map[string]bool{}
	for _, c := range cols[1:] {
		if c.group != "" {
			return "", false
		}
		if c.name == "" {
			continue
		}
		titled++
		stated := false
		for k, l := range c.lines {
			if k > 0 && cell.UnitFragment(l) {
				stated = true // under the quantity's name; a unit alone is the name
				units[strings.Trim(l, "()")] = true
			}
		}
		words := strings.Fields(c.name)
		if !stated && !cell.MetricWord(strings.Trim(words[0], "([")) && !cell.UnitFragment(c.name) {
			return "", false
		}
	}
	if len(units) == 1 {
		for u := range units {
			unit = u
		}
	}
	// Builds are told by their names alone: "next (ms)" beside
	// "next + series (ms)" are next and next + series measured in ms.
	names := make([]string, len(cols)-1)
	for j := range names {
		names[j] = cols.named(j + 1)
	}
	return unit, titled > 0 && !buildTitles(names)
}

// metricField names the quantity column j measures: its header rows
// without those under the first that state only a unit.
func (cols gridColumns) metricField(j int) string {
	if name := cols.named(j); name != "" {
		return cell.MetricField(name)
	}
	return "value"
}

// named is column j's title without the header rows under the first that
// state only a unit: "v6.8" over "(MB/s)" is named "v6.8".
func (cols gridColumns) named(j int) string {
	var kept []string
	for k, l := range cols[j].lines {
		if k == 0 || !cell.UnitFragment(l) {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, " ")
}

// variantHeads are column titles that say the column names the compared
// kernel or configuration of each row ("| metric | kernel | value |").
var variantHeads = map[string]bool{
	"kernel": true, "kernels": true, "variant": true, "version": true, "branch": true, "tree": true,
	"gov": true, "governor": true, "config": true, "configuration": true, "setup": true, "build": true,
}

// changeTitles are titles of a column of changes against the reference
// row in such a table.
var changeTitles = map[string]bool{"perc_diff": true, "pct_diff": true, "% diff": true, "% difference": true, "%diff": true, "diff %": true}

// mergedLabels reads the label cells merged over the rows of a group:
// between two rules across every column, a partial rule that leaves the
// label column open ('|   redis   +------+------+') shows that its cell
// spans the group, its text spread over the group's lines ("", "redis",
// "7.2.4 & 7.2.5"). It returns, by block line, the joined label of every
// line of such a group.
func mergedLabels(r gridRegion) map[int]string {
	var out map[int]string
	group := func(lines []gridLine) {
		open := false
		for _, gl := range lines {
			open = open || partialRule(gl)
		}
		if !open {
			return
		}
		label := ""
		for _, gl := range lines {
			if len(gl.cells) > 0 && !gl.cells[0].rule && gl.cells[0].text != "" {
				label = joinText(label, gl.cells[0].text)
			}
		}
		if label == "" {
			return
		}
		if out == nil {
			out = map[int]string{}
		}
		for _, gl := range lines {
			out[gl.idx] = label
		}
	}
	start := 0
	for k, gl := range r.lines {
		if gl.rule {
			group(r.lines[start:k])
			start = k + 1
		}
	}
	group(r.lines[start:])
	return out
}

// partialRule reports whether a line rules every column but the first,
// which holds text or nothing: the border inside a group whose label
// cell spans its rows. A lone "-" is a missing value, not a rule.
func partialRule(gl gridLine) bool {
	if len(gl.cells) < 2 || gl.cells[0].rule {
		return false
	}
	for _, c := range gl.cells[1:] {
		if !c.rule || !strings.Contains(c.text, "---") {
			return false
		}
	}
	return true
}

// labelRuns cuts the rows into runs of one label: [start, end) each.
func labelRuns(labels []string) [][2]int {
	var runs [][2]int
	for i := 0; i < len(labels); {
		j := i
		for j < len(labels) && labels[j] == labels[i] {
			j++
		}
		runs = append(runs, [2]int{i, j})
		i = j
	}
	return runs
}

// cycleColumn returns the column of words that repeats the same values in
// the same order under every label ("No", "Yes" under each image): what
// the rows of a label compare, their variant. -1 when there is none.
func cycleColumn(data []gridLine, width int, runs [][2]int, style CommaStyle) int {
	if len(runs) < 2 {
		return -1
	}
	rows := fullRows(data, width)
	for j := 1; j < width; j++ {
		first := runs[0]
		n := first[1] - first[0]
		ok, seen := n >= 2, map[string]bool{}
		for _, r := range runs {
			if r[1]-r[0] != n {
				ok = false
				break
			}
			for k := 0; k < n && ok; k++ {
				c := rows[r[0]+k].cells[j]
				_, value := cellSlot(c.toks, style)
				ok = !value && hasLetter(c.text) && c.text == rows[first[0]+k].cells[j].text
				seen[c.text] = true
			}
		}
		if ok && len(seen) >= 2 {
			return j
		}
	}
	return -1
}

// changeOfFirst reports whether column j holds percentages that the
// first row of every run of one label leaves empty ("-" beside "No",
// "33%" beside "Yes"): the change of each later row against the first.
func changeOfFirst(data []gridLine, width, j int, runs [][2]int) bool {
	if len(runs) == 0 || runs[0][1]-runs[0][0] < 2 {
		return false
	}
	rows := fullRows(data, width)
	for _, r := range runs {
		for i := r[0]; i < r[1]; i++ {
			c := rows[i].cells[j]
			pct := strings.HasSuffix(c.text, "%")
			if i == r[0] && (pct || !IsMissing(c.text) && c.text != "") || i > r[0] && !pct {
				return false
			}
		}
	}
	return true
}

// fullRows are the data rows of full width: the rows labels and runs
// count.
func fullRows(data []gridLine, width int) []gridLine {
	var rows []gridLine
	for _, gl := range data {
		if len(gl.cells) == width {
			rows = append(rows, gl)
		}
	}
	return rows
}

// keyUnderLabels returns the index in each row's slots of the column
// that keys rows repeated under each label (cell.KeysRuns): the labels
// run in two or more runs of two or more rows over the same whole
// numbers. -1 when there is none.
func keyUnderLabels(labels []string, series [][]cell.Slot) int {
	if len(series) == 0 {
		return -1
	}
	keys := make([]cell.Slot, len(series))
	for k := range series[0] {
		for i := range series {
			keys[i] = series[i][k]
		}
		if cell.KeysRuns(labels, keys) {
			return k
		}
	}
	return -1
}

// variantColumn returns the column after the label that holds, in every
// data row, the name of a kernel or a side of a comparison ("patch",
// "base") instead of a number, or any name under a title that says so
// ("kernel", "governor"); -1 when there is none. A column a legend
// names the numbers of (keys) holds values.
func variantColumn(data []gridLine, width int, titles []string, keys []cell.Key) int {
	for j := 1; j < width; j++ {
		if keys != nil && keys[j].Names != nil {
			continue // a legend names the column's numbers: values
		}
		ok, seen := true, map[string]bool{}
		titled := variantHeads[strings.ToLower(strings.TrimSpace(titles[j]))]
		for _, gl := range data {
			if len(gl.cells) != width {
				continue
			}
			text := gl.cells[j].text
			if _, value := cellSlot(gl.cells[j].toks, CommaUnknown); value {
				ok = false // "20.76 MiB/s" reads as a version, but is a value
				break
			}
			if _, isNum := ReadNumber(text, CommaUnknown); !variantWord(text) && (!titled || isNum || text == "") {
				ok = false
				break
			}
			seen[text] = true
		}
		if ok && len(seen) >= 2 {
			return j
		}
	}
	return -1
}

// transpose turns per-row slot lists into per-column ones.
func transpose(rows [][]cell.Slot) [][]cell.Slot {
	var out [][]cell.Slot
	for _, r := range rows {
		for j, s := range r {
			if j >= len(out) {
				out = append(out, nil)
			}
			out[j] = append(out[j], s)
		}
	}
	return out
}

// gridColumns is the column map of a grid.
type gridColumns []column

// field returns the variant and field of column j (j > 0; column 0 is the
// row label), and the field its bracketed figures get when its title says
// ("baseline(std%)"). A column under a spanning group belongs to that
// variant and its own header names the field. Without groups, a statistic
// header is the field of a single series and any other header is a
// variant of field "value". Ungrouped columns beside grouped ones are
// extra row keys ("fds", "tasks"): variant "" and their header as field.
func (cols gridColumns) field(j int) (variant, field, paren string) {
	c := cols[j]
	grouped := false
	for _, o := range cols {
		grouped = grouped || o.group != ""
	}
	name, paren, pct := cell.Annotated(c.name)
	main := "value"
	if pct {
		main = "pct"
	}
	switch {
	case c.group != "":
		if name == "" {
			return c.group, main, paren
		}
		return c.group, cell.ColumnField(name), paren
	case grouped:
		if name == "" {
			return "", main, paren
		}
		return "", cell.ColumnField(name), paren
	}
	if f, ok := cell.StatField(name); ok {
		return "", f, paren
	}
	return name, main, paren
}

// modalWidth is the most common cell count of the data rows.
func modalWidth(data []gridLine) int {
	count := map[int]int{}
	best := 0
	for _, gl := range data {
		count[len(gl.cells)]++
		if count[len(gl.cells)] > count[best] {
			best = len(gl.cells)
		}
	}
	return best
}

// mapColumns reads the header rows into one column per data cell. Header
// cells are matched to columns by character offsets when the alignment is
// intact; when spaces were collapsed (offsets disagree) by counts: a header
// row with as many cells as the data names one column each, a shorter one
// has one cell per leading key column and then groups that split the
// remaining columns evenly.
func mapColumns(heads, data []gridLine, width int) (gridColumns, bool) {
	var ref []gridCell
	for _, gl := range data {
		if len(gl.cells) == width {
			ref = gl.cells
			break
		}
	}
	if width < 2 || ref == nil {
		return nil, false
	}
	if cols, ok := mapByOffset(heads, ref); ok {
		return cols, true
	}
	return mapByCount(heads, width)
}

func mapByOffset(heads []gridLine, ref []gridCell) (gridColumns, bool) {
	cols := make(gridColumns, len(ref))
	for _, h := range heads {
		owner := make([]int, len(ref))
		for j := range owner {
			owner[j] = -1
		}
		span := make([]int, len(h.cells))
		for ci, c := range h.cells {
			for j, rc := range ref {
				if rc.start >= c.start-1 && rc.end <= c.end+1 {
					if owner[j] >= 0 {
						return nil, false
					}
					owner[j] = ci
					span[ci]++
				}
			}
		}
		for j, o := range owner {
			if o < 0 {
				return nil, false
			}
			c := h.cells[o]
			if c.rule || c.text == "" {
				continue
			}
			if span[o] > 1 {
				cols[j].group = joinText(cols[j].group, c.text)
			} else {
				cols[j].addName(c.text)
			}
		}
		for ci, c := range h.cells {
			if span[ci] == 0 && c.text != "" && !c.rule {
				return nil, false
			}
		}
	}
	return cols, hasHeaderText(cols)
}

func mapByCount(heads []gridLine, width int) (gridColumns, bool) {
	cols := make(gridColumns, width)
	lead := 1
	for _, h := range heads {
		if len(h.cells) == width {
			lead = 0
			for lead < width && h.cells[lead].text == "" {
				lead++
			}
			if lead == 0 {
				lead = 1
			}
		}
	}
	for _, h := range heads {
		g := len(h.cells)
		switch {
		case g == width:
			for j, c := range h.cells {
				if !c.rule {
					cols[j].addName(c.text)
				}
			}
		case g > lead && g < width && (width-lead)%(g-lead) == 0:
			k := (width - lead) / (g - lead)
			for ci, c := range h.cells {
				if c.rule || c.text == "" {
					continue
				}
				if ci < lead {
					cols[ci].addName(c.text)
					continue
				}
				for j := lead + (ci-lead)*k; j < lead+(ci-lead+1)*k; j++ {
					cols[j].group = joinText(cols[j].group, c.text)
				}
			}
		default:
			if !allEmpty(h.cells) {
				return nil, false
			}
		}
	}
	return cols, hasHeaderText(cols)
}

func allEmpty(cells []gridCell) bool {
	for _, c := range cells {
		if c.text != "" && !c.rule {
			return false
		}
	}
	return true
}

func hasHeaderText(cols gridColumns) bool {
	for _, c := range cols[1:] {
		if c.name != "" || c.group != "" {
			return true
		}
	}
	return false
}

func joinText(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a // an empty header cell adds nothing to the title
	}
	return a + " " + b
}

// rowMarkers reads the text after a row's last separator as row flags
// ("^", "*"); anything longer than a few marks is not a marker.
func rowMarkers(trail string) []string {
	f := strings.Fields(trail)
	if len(f) == 0 || len(f) > 3 {
		return nil
	}
	for _, m := range f {
		if len(m) > 3 || hasNumberToken(m) {
			return nil
		}
	}
	return f
}
