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
	s, next, ok := cell.ReadSlot(ts, 0, style)
	return s, ok && next == len(ts)
}

// isDataRow reports whether some cell after the first holds a number.
func isDataRow(gl gridLine, style CommaStyle) bool {
	for _, c := range gl.cells[1:] {
		if _, ok := cellSlot(c.toks, style); ok {
			return true
		}
	}
	return false
}

// column is what a grid column holds, once the headers are read.
type column struct {
	name  string // single-column header text, top to bottom
	group string // spanning header text over it
}

// readGrid reads one grid region into a table; ok is false when the region
// is not a table (no header, no numbers, columns that cannot be mapped).
func readGrid(b *Block, r gridRegion) (Match, bool) {
	var heads, data []gridLine
	for _, gl := range r.lines {
		if gl.rule || len(gl.cells) == 0 {
			continue
		}
		if len(data) == 0 && !isDataRow(gl, b.Comma) {
			heads = append(heads, gl)
			continue
		}
		if isDataRow(gl, b.Comma) {
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
	vcol := variantColumn(data, width, titles)
	if vcol > 0 {
		// "| GB6 Single | patch | 1182.4 |": a column names the kernel
		// of each row, and the other titles name quantities
		for j := 1; j < width; j++ {
			variants[j], fields[j] = "", cell.MetricField(titles[j])
			if changeTitles[strings.ToLower(titles[j])] {
				fields[j] = "pct" // "perc_diff": the change against the reference row
			}
		}
	}
	byRow := vcol < 0 && (rowsAreVariants(cols[0].name, labels, titles[1:], fields[1:]) || referenceRow(labels, series) && pickBaseline(titles[1:], false) == "")
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
	t := model.Table{}
	pcts := pctNamer{}
	hasPct := false
	units := unitSet{}
	for _, gl := range data {
		if len(gl.cells) != width {
			continue
		}
		line := b.Lines[gl.idx]
		row := model.Row{Case: strings.TrimSuffix(gl.cells[0].text, ":"), Line: line.No, Offset: line.Offset}
		row.Flags = rowMarkers(gl.trail)
		var cellCases []string
		for j := 1; j < width; j++ {
			s, ok := cellSlot(gl.cells[j].toks, b.Comma)
			if !ok {
				continue
			}
			units.add(s.Unit)
			if parens[j] == "" {
				s = withBareParens(s, bare)
			}
			variant := variants[j]
			switch {
			case byRow:
				variant = row.Case
			case vcol > 0:
				variant = gl.cells[vcol].text
			}
			n := len(row.Cells)
			var pct bool
			row.Cells, pct = appendSlotCells(row.Cells, s, variant, fields[j], parens[j], pcts)
			hasPct = hasPct || pct
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
	t.Unit = units.common()
	return Match{Start: r.start, End: r.end, Table: t}, true
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

// variantColumn returns the column after the label that holds, in every
// data row, the name of a kernel or a side of a comparison ("patch",
// "base") instead of a number, or any name under a title that says so
// ("kernel", "governor"); -1 when there is none.
func variantColumn(data []gridLine, width int, titles []string) int {
	for j := 1; j < width; j++ {
		ok, seen := true, map[string]bool{}
		titled := variantHeads[strings.ToLower(strings.TrimSpace(titles[j]))]
		for _, gl := range data {
			if len(gl.cells) != width {
				continue
			}
			text := gl.cells[j].text
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
				cols[j].name = joinText(cols[j].name, c.text)
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
					cols[j].name = joinText(cols[j].name, c.text)
				}
			}
		case g > lead && g < width && (width-lead)%(g-lead) == 0:
			k := (width - lead) / (g - lead)
			for ci, c := range h.cells {
				if c.rule || c.text == "" {
					continue
				}
				if ci < lead {
					cols[ci].name = joinText(cols[ci].name, c.text)
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
