package parse

import (
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// columnar is the family built on the layout engine (packages layout and
// cell) with the per-table semantics below: any table of rows and
// columns, aligned with blanks, tabs or '|', whose header may be stacked
// over several lines, whose rows may be grouped by blank lines or
// sub-heading lines, and whose rows, or a column, may name the compared
// kernels. It ranks after the families of a tool's own vocabulary (mmtests,
// LKP, AMD blocks, fio, perf stat, bordered grids) and before the
// positional reader, so that it decides wherever nothing more specific
// read the block.
type columnar struct{}

func init() { Register(columnar{}, 89) }

// Name is the default format; layout.Format names each table's.
func (columnar) Name() string { return "whitespace" }

// Read returns the tables the layout reader finds in the block.
func (columnar) Read(b *Block) []Match {
	lines := b.layLines()
	var out []Match
	for i := 0; i < len(lines); i++ {
		if lines[i].Class != layout.Data || layout.IsProse(lines[i].Text) {
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

// layLines reads every line of the block for the layout reader, each from
// the block's tokens of it.
func (b *Block) layLines() []layout.Line {
	lines := make([]layout.Line, len(b.Lines))
	for i := range b.Lines {
		lines[i] = layout.ReadLine(b.Lines[i].Text, func(text string) []token.Token { return b.tokensOf(i, text) }, b.Comma)
	}
	return lines
}

// readColumnar reads the table whose first data row is line first. next
// is the line to look at after it: past the table, or past a listing
// that is no table, so that its rows are not read again one by one.
func readColumnar(b *Block, lines []layout.Line, first int) (m Match, next int, ok bool) {
	lt, next, ok := layColumnar(lines, first)
	if !ok {
		return Match{}, next, false
	}
	t := (&gridReading{Grid: &lt.Grid}).table(b, lt.Body)
	if len(t.Rows) == 0 {
		return Match{}, first + 1, false
	}
	t.Format = layout.Format(lines[lt.Start:lt.End])
	m = Match{Start: lt.Start, End: lt.End, Table: t}
	if lt.Grid.Caption != "" {
		m.Inner = []string{lt.Grid.Caption} // "compressor lz9": said of every column
	}
	return m, lt.End, true
}

// layColumnar lays out the table whose first data row is line first (see
// layout.Lay), with the label line right above the first rows given to them
// when later rows sit under label lines too (leadingLabel).
func layColumnar(lines []layout.Line, first int) (layout.Table, int, bool) {
	lt, next, ok := layout.Lay(lines, first, kernelLabels)
	if ok && !lt.Grid.CasesAcross {
		leadingLabel(lines, first, &lt.Body)
	}
	return lt, next, ok
}

// leadingLabel gives the first rows the label line right above them
// ("Kernel: 9.1-rc3") when later rows sit under label lines too.
func leadingLabel(lines []layout.Line, first int, bd *layout.Body) {
	labelled := false
	for _, s := range bd.Subs {
		labelled = labelled || labelOf(s) != ""
	}
	if !labelled || bd.Subs[0] != "" || first == 0 || lines[first-1].Class != layout.Words {
		return
	}
	h := strings.TrimSpace(lines[first-1].Text)
	if labelOf(h) == "" {
		return
	}
	for k := range bd.Subs {
		if bd.Subs[k] != "" {
			break
		}
		bd.Subs[k] = h
	}
}

// kernelLabels reports whether the row labels name the compared kernels.
func kernelLabels(labels []string) bool { return rowsAreKernels(labels, nil) }

// gridReading is a laid-out grid as the semantics read it: what its columns
// measure, which kernels or cases its rows and columns are.
type gridReading struct {
	*layout.Grid
	unitless []bool // a unit fragment was taken out of the column's title
	unit     string // the one unit the fragments taken out state, "" for none or several
}

// dropUnits takes the fragments that only state a unit ("Bytes/sec",
// "(ns)", "nanosecs", "per sec") out of the column titles: they say how
// the numbers are measured, not what they are. unitless[j] records that
// column j had one, and unit the unit when every titled column states
// the same one.
func (g *gridReading) dropUnits() {
	g.unitless = make([]bool, len(g.Frags))
	units, every := map[string]bool{}, true
	for j, fr := range g.Frags {
		kept := fr[:0:0]
		for _, f := range fr {
			if !cell.UnitFragment(f) {
				kept = append(kept, f)
			}
		}
		if len(kept) < len(fr) && len(kept) > 0 {
			g.unitless[j] = true
			g.Frags[j] = kept
			g.Titles[j] = strings.Join(kept, " ")
			for _, f := range fr {
				if cell.UnitFragment(f) {
					units[strings.Trim(f, "()[] ")] = true
				}
			}
		} else if len(fr) > 0 {
			every = false // a column states no unit of its own
		}
	}
	if every && len(units) == 1 {
		for u := range units {
			g.unit = u
		}
	}
}

// metricColumns reports whether every titled column names a quantity
// (a metric word first, or a unit among its fragments), so that the
// columns are fields of one series, not compared variants; titles that
// name builds (buildTitles) never do, whatever units they state.
func (g *gridReading) metricColumns() bool {
	if buildTitles(g.Titles) {
		return false // "next" beside "next + series" over "(ms)": builds measured in ms
	}
	titled := 0
	for j, fr := range g.Frags {
		if len(fr) == 0 {
			continue
		}
		titled++
		if _, stat := cell.StatName(fr[len(fr)-1]); stat && len(fr) > 1 && !g.measuredBy(fr[0]) {
			// statistics under a group title and nothing else: the
			// group is a variant ("latency 0" over min, avg, max)
			return false
		}
		words := strings.FieldsFunc(fr[0], func(r rune) bool { return r == ' ' || r == '(' || r == '[' })
		if (len(words) == 0 || !cell.MetricWord(words[0])) && !g.unitless[j] {
			return false
		}
	}
	return titled > 0
}

// repeatsUnderGroups reports whether a bottom title stands under more
// than one group title: then it names a quantity, and the groups are the
// variants.
func (g *gridReading) repeatsUnderGroups(own string) bool {
	groups := map[string]bool{}
	for j, fr := range g.Frags {
		if len(fr) > 1 && g.Spread[j] && fr[len(fr)-1] == own {
			groups[strings.Join(fr[:len(fr)-1], " ")] = true
		}
	}
	return len(groups) > 1
}

// measuredBy reports whether some column titled by group holds the
// quantity itself rather than a statistic of it ("Bandwidth" over
// "Bytes/sec" beside "Bandwidth" over "%Std.Dev.").
func (g *gridReading) measuredBy(group string) bool {
	for _, fr := range g.Frags {
		if len(fr) == 0 || fr[0] != group {
			continue
		}
		if _, stat := cell.StatName(fr[len(fr)-1]); !stat || len(fr) == 1 {
			return true
		}
	}
	return false
}

// metric names the field of column j when the columns are metrics (rows
// are the kernels): the title, and a statistic under a metric joined to
// it ("Bandwidth" over "%Std.Dev." is bandwidth_cv).
func (g *gridReading) metric(j int) string {
	fr := g.Frags[j]
	if len(fr) == 0 {
		return "value"
	}
	if len(fr) > 1 {
		if st, ok := cell.StatName(fr[len(fr)-1]); ok {
			return cell.MetricField(strings.Join(fr[:len(fr)-1], " ")) + "_" + st
		}
	}
	return cell.MetricField(strings.Join(fr, " "))
}

// table turns the grid into a model table: the semantics layer.
func (g *gridReading) table(b *Block, bd layout.Body) model.Table {
	if g.CasesAcross {
		return g.acrossTable(b, bd)
	}
	g.KeyedRuns()
	g.dropUnits()
	keys := g.takeKeys()
	means := make([]cell.Meaning, len(g.Titles))
	for j, t := range g.Titles {
		means[j] = cell.Title(t)
		// a statistic under a group title: "boost off" over "avg"; a
		// quantity repeated under each group: "async" over "BW"
		if fr := g.Frags[j]; len(fr) > 1 {
			group, own := strings.Join(fr[:len(fr)-1], " "), fr[len(fr)-1]
			if f, ok := cell.StatName(own); ok {
				means[j] = cell.Meaning{Variant: group, Field: f}
			} else if g.Spread[j] && g.repeatsUnderGroups(own) {
				means[j] = cell.Meaning{Variant: group, Field: cell.MetricField(own)}
			}
		}
	}
	if runs := runTitles(g.Titles); runs > 0 {
		// "1 2 3 4 5 avg": the runs of one series, then their statistic
		for j := 0; j < runs; j++ {
			means[j] = cell.Meaning{Field: "run" + g.Titles[j]}
		}
	}
	unpackSides(means, g.Titles)
	g.inheritVariants(means) // a change column of a variant is no second column of the same
	if ambiguous(means) {
		return model.Table{}
	}
	slots := g.slotRows()
	kernelRows := rowsAreKernels(g.Labels, g.Titles) || referenceRow(g.Labels, slots) && pickBaseline(g.Titles, false) == ""
	key := -1
	if kernelRows {
		key = groupKey(g, bd)
	}
	// over kernel rows, a group of columns titled by a number (a queue
	// depth, a size: "IOdepth 8 | 16" over "KIOPS BW") or over a
	// statistic ("small" over "mean stdev") is the case of the cells
	// under it, and a column of changes against the reference row is the
	// change of what its title names
	caseOf := make([]string, len(g.Titles))
	if kernelRows || g.metricColumns() {
		// the columns say what is measured, the rows who or where
		for j := range g.Titles {
			means[j] = cell.Meaning{Field: g.metric(j)}
			if !kernelRows {
				continue
			}
			fr := g.Frags[j]
			if g.Spread[j] && len(fr) == 2 {
				_, num := ReadNumber(fr[0], CommaUnknown)
				if st, stat := cell.StatName(fr[1]); num || stat {
					caseOf[j], means[j].Field = fr[0], cell.MetricField(fr[1])
					if stat {
						means[j].Field = st
					}
					continue
				}
			}
			if changeColumn(g.Labels, slots, j) && g.Titles[j] != "" {
				caseOf[j], means[j].Field = g.Titles[j], "pct"
			}
		}
	}
	bare := g.bareParens()
	tupleNames := tupleHeading(b, bd.Rows[0])
	units := unitSet{}
	pcts := pctNamer{}
	hasPct := false
	var variants []string
	addVariant := func(v string) {
		if v != "" && !containsString(variants, v) {
			variants = append(variants, v)
		}
	}
	rows := make([]model.Row, 0, len(bd.Rows))
	labelled := false // variants come from label lines over the row blocks
	stats := rowStats(g.Labels)
	for i, li := range bd.Rows {
		label := g.Labels[i]
		caseName, rowField := label, ""
		if stats != nil {
			caseName, rowField = "", stats[i] // the rows are statistics of one series
		}
		if sub := bd.Subs[i]; sub != "" {
			if f, ok := cell.StatField(strings.TrimSuffix(label, ":")); ok {
				caseName, rowField = sub, f
			} else {
				caseName = sub + " " + label
			}
		}
		variant := ""
		if lab := labelOf(bd.Subs[i]); lab != "" && !kernelRows && len(g.variantTitles(means)) == 0 {
			// a label line over each block of rows ("Kernel: 9.1-rc3")
			variant, caseName, rowField, labelled = lab, label, "", true
			addVariant(variant)
		}
		if kernelRows {
			variant = strings.TrimSuffix(label, ":")
			addVariant(variant)
			if key >= 0 {
				if c := g.Cells[i][key]; c != nil && len(c.Slots) == 1 {
					caseName = c.Slots[0].Written()
				}
			}
		}
		r := rowAt(b, li, strings.TrimSuffix(caseName, ":"))
		slots := 0
		for _, c := range g.Cells[i] {
			if c != nil {
				slots += len(c.Slots)
			}
		}
		r.Cells = make([]model.Cell, 0, 2*slots) // a value and a figure beside it, mostly
		var cellCases []string                   // the case of each cell, "" for the row's
		var cellCol []cellSpan
		for j, c := range g.Cells[i] {
			if c == nil {
				continue
			}
			for len(cellCases) < len(r.Cells) {
				cellCases = append(cellCases, caseAt(caseOf, cellCol, len(cellCases)))
			}
			cellCol = append(cellCol, cellSpan{from: len(r.Cells), col: j})
			mean := means[j]
			v, f := mean.Variant, mean.Field
			if kernelRows || variant != "" {
				v = variant
			} else {
				addVariant(v)
			}
			f = statOfRow(rowField, f)
			if c.Tuple {
				for k, s := range c.Slots {
					r.Cells = append(r.Cells, model.Cell{Variant: v, Field: cell.TupleField(tupleNames, k), Value: model.Number(s.Num), Text: s.Text})
				}
				continue
			}
			ss := c.Slots
			if keys != nil {
				if named, ok := keys[j].Pair(*c); ok {
					ss = named
				}
			}
			for _, s := range ss {
				if s.Missing {
					continue
				}
				units.add(s.Unit)
				if mean.Paren == "" {
					s = withBareParens(s, bare)
				}
				var pct bool
				r.Cells, pct = appendSlotCells(r.Cells, s, v, f, mean.Paren, pcts)
				hasPct = hasPct || pct || mean.PctMain
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
		t.Unit = titleUnit(g.Titles)
	}
	if t.Unit == "" && (len(units) == 0 || len(units) == 1 && units[""] > 0) {
		t.Unit = g.unit // "(sec)" under the titles, no number carrying its own
	}
	return t
}

// takeKeys takes a legend out of each column title that holds one and
// names the pairs under it ("before lat (avg/p99) us" is the column
// "before" whose pairs "41/230" are its lat_avg and lat_p99, in us) and
// returns each column's legend; nil when no title does.
func (g *gridReading) takeKeys() []cell.Key {
	var keys []cell.Key
	for j, t := range g.Titles {
		k, ok := cell.ReadTitleKey(t)
		if !ok || !g.pairsUnder(j, k) {
			continue
		}
		if keys == nil {
			keys = make([]cell.Key, len(g.Titles))
		}
		keys[j], g.Titles[j] = k, k.Before
	}
	return keys
}

// pairsUnder reports whether legend k names the numbers of some cell of
// column j.
func (g *gridReading) pairsUnder(j int, k cell.Key) bool {
	for _, row := range g.Cells {
		if j < len(row) && row[j] != nil {
			if _, ok := k.Pair(*row[j]); ok {
				return true
			}
		}
	}
	return false
}

// rowStats names the statistic of each row when every row label names
// one ("Average (us)", "min", "Standard deviation"): the rows are
// statistics of one series, and each names the field of its numbers. A
// change row ("diff") after a statistic row holds that statistic's
// change. nil when some label names no statistic.
func rowStats(labels []string) []string {
	out := make([]string, len(labels))
	last := ""
	for i, l := range labels {
		f, ok := cell.RowStat(l)
		switch {
		case !ok:
			return nil
		case f == "pct" && last == "":
			return nil
		case f == "pct":
			f = last + "_pct"
		default:
			last = f
		}
		out[i] = f
	}
	if last == "" {
		return nil
	}
	return out
}

// statOfRow is the field of a number of field f (as its column says) in
// a row that names statistic stat (none: ""): the main figure is the
// statistic, a change is the statistic's change ("avg_pct").
func statOfRow(stat, f string) string {
	switch {
	case stat == "":
		return f
	case f == "value":
		return stat
	case f == "pct" && !strings.HasSuffix(stat, "_pct"):
		return stat + "_pct"
	}
	return f
}

// bareParens decides what the bracketed figures written without '%' or
// '+' are, comparing each row's values across its columns.
func (g *gridReading) bareParens() string {
	series := make([][]cell.Slot, 0, len(g.Cells))
	for _, row := range g.Cells {
		sr := make([]cell.Slot, 0, len(row))
		for _, c := range row {
			if c != nil && len(c.Slots) == 1 {
				sr = append(sr, c.Slots[0])
			}
		}
		series = append(series, sr)
	}
	return bareParenField(series)
}

// ambiguous reports whether two columns say the same of their numbers
// ("min max min max" without the group titles above them): which is
// which is lost, and reading them would invent a table.
func ambiguous(means []cell.Meaning) bool {
	seen := map[cell.Meaning]bool{}
	for _, m := range means {
		if m.Field != "value" && m.Variant == "" && seen[m] {
			return true
		}
		seen[m] = true
	}
	return false
}

// acrossTable reads a grid whose titles are the cases and whose rows are
// the variants: one row per row and column, so that each number keeps
// its case.
func (g *gridReading) acrossTable(b *Block, bd layout.Body) model.Table {
	var t model.Table
	for i, li := range bd.Rows {
		variant := strings.TrimSuffix(g.Labels[i], ":")
		t.Variants = append(t.Variants, variant)
		for j, c := range g.Cells[i] {
			if c == nil || len(c.Slots) != 1 || c.Slots[0].Missing {
				continue
			}
			r := rowAt(b, li, g.Titles[j])
			s := c.Slots[0]
			r.Cells = []model.Cell{{Variant: variant, Field: "value", Value: model.Number(s.Num), Text: s.Text}}
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
func (g *gridReading) variantTitles(means []cell.Meaning) []string {
	var out []string
	for _, m := range means {
		if m.Variant != "" {
			out = append(out, m.Variant)
		}
	}
	return out
}

// inheritVariants gives an untitled column, and a change column ("delta",
// "%change"), the variant of the titled column on its left: "upstream"
// over "2533  100.00%" covers both numbers. A change column beside the
// reference of two variants ("With Patch | Without Patch | % Change")
// compares the other one with it, and is the other's.
func (g *gridReading) inheritVariants(means []cell.Meaning) {
	var titled []string
	for _, m := range means {
		if m.Variant != "" && !containsString(titled, m.Variant) {
			titled = append(titled, m.Variant)
		}
	}
	last := ""
	for j := range means {
		switch {
		case g.Titles[j] == "" && last != "":
			means[j].Variant = last
			means[j].Field = untitledField(g, j)
		case means[j].Variant == "" && means[j].Field == "pct" && last != "":
			means[j].Variant = changeOwner(titled, last)
			if strings.Trim(g.Titles[j], "% ") == "" && g.ratioColumn(j) {
				means[j].Field = "ratio" // "%" over "104%": one side over the other, no change
			}
		case means[j].Variant != "" && perTitle(g.Titles[j]) && last != "":
			// "per_vma", "per op": the figure to its left per unit
			means[j] = cell.Meaning{Variant: last, Field: cell.ColumnField(g.Titles[j])}
		case means[j].Variant != "":
			last = means[j].Variant
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
func (g *gridReading) ratioColumn(j int) bool {
	n := 0
	for _, row := range g.Cells {
		c := row[j]
		if c == nil || len(c.Slots) != 1 || c.Slots[0].Missing {
			continue
		}
		s := c.Slots[0]
		if !s.Pct || model.Number(s.Num).Float() < 80 {
			return false
		}
		n++
	}
	return n > 0
}

// unpackSides reads column titles that pack a quantity and a side of the
// comparison ("lat_new lat_old tput_new tput_old"): when two or more
// sides stand in them, the side is the variant and the quantity the
// field, and a ratio column after a pair ("r", "ratio") is the ratio of
// that quantity for the side compared with the reference.
func unpackSides(means []cell.Meaning, titles []string) {
	fields := make([]string, len(means))
	var sides []string
	for j, m := range means {
		if m.Variant == "" {
			continue
		}
		k := strings.LastIndexAny(m.Variant, "_-")
		if k <= 0 || !sideWord(strings.ToLower(m.Variant[k+1:])) {
			continue
		}
		fields[j] = m.Variant[:k]
		if side := m.Variant[k+1:]; !containsString(sides, side) {
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
			means[j] = cell.Meaning{Variant: m.Variant[len(fields[j])+1:], Field: fields[j]}
			last = fields[j]
		case last != "" && ratioTitle(titles[j]):
			means[j] = cell.Meaning{Variant: compared, Field: last + "_ratio"}
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
		if _, ok := cell.StatField(t); !ok {
			return 0
		}
	}
	return n
}

// slotRows gives each row's cells as one slot each, missing where a cell
// is empty or holds more than one number.
func (g *gridReading) slotRows() [][]cell.Slot {
	rows := make([][]cell.Slot, len(g.Cells))
	for i, row := range g.Cells {
		rows[i] = make([]cell.Slot, len(row))
		for j, c := range row {
			if c == nil || len(c.Slots) != 1 {
				rows[i][j] = cell.Slot{Missing: true}
				continue
			}
			rows[i][j] = c.Slots[0]
		}
	}
	return rows
}

// untitledField names the numbers of a column without a title beside a
// variant's values: percentages that are 100 in a "Total" row are shares
// of that total; other percentages are the change; anything else is a
// second value.
func untitledField(g *gridReading, j int) string {
	pct, share := false, false
	for i, row := range g.Cells {
		c := row[j]
		if c == nil || len(c.Slots) != 1 {
			continue
		}
		s := c.Slots[0]
		if strings.HasSuffix(s.Text, "%") || s.Unit == "%" {
			pct = true
		}
		if strings.Contains(strings.ToLower(g.Labels[i]), "total") && model.Number(s.Num).Float() == 100 {
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
func groupKey(g *gridReading, bd layout.Body) int {
	groups := map[int]bool{}
	for _, gr := range bd.Group {
		groups[gr] = true
	}
	if len(groups) < 2 {
		return -1
	}
	for j := range g.Cols {
		byGroup := map[int]string{}
		ok := true
		for i, row := range g.Cells {
			c := row[j]
			if c == nil || !c.Integer() {
				ok = false
				break
			}
			v := c.Slots[0].Num
			if w, seen := byGroup[bd.Group[i]]; seen && w != v {
				ok = false
				break
			}
			byGroup[bd.Group[i]] = v
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
