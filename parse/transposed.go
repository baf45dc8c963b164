package parse

import (
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// transposed reads tables with one row per statistic and one column per
// variant, often in groups under sub-benchmark headings, with the column
// titles above the first group (wrapped over two lines when long):
//
//	2 rbtrees   augmented rbtree     augmented rbtree
//	            sorted by vruntime   sorted by wakeup_vruntime
//	sched pipe
//	avg         26311,000            25976,667
//	stdev       0,15 %               0,28 %
//	vs tip      0,50 %               -0,78 %
//
// The whole block is one table; a heading is the Case of the rows under it.
type transposed struct{}

func init() { Register(transposed{}, 60) }

// Name is the gold format name.
func (transposed) Name() string { return "transposed" }

// statRow is a line read as "<statistic> v1 v2 ...".
type statRow struct {
	idx    int
	field  string
	label  string
	values []string
	units  unitSet
}

// Read returns the transposed tables of the block.
func (transposed) Read(b *Block) []Match {
	var out []Match
	rows := make([]*statRow, len(b.Lines))
	for i := range b.Lines {
		if r, ok := readStatRow(b, i); ok {
			r.idx = i
			rows[i] = &r
		}
	}
	for i := 0; i < len(b.Lines); i++ {
		if rows[i] == nil {
			continue
		}
		m, ok := readTransposed(b, rows, i)
		if ok {
			out = append(out, m)
			i = m.End - 1
		}
	}
	return out
}

// statLead are the first words a statistic row may start with; a cheap
// check before the grammar runs.
var statLead = map[string]bool{
	"avg": true, "average": true, "mean": true, "amean": true, "median": true, "med": true,
	"stdev": true, "stddev": true, "std": true, "sd": true, "min": true, "minimum": true,
	"max": true, "maximum": true, "var": true, "variance": true, "cv": true, "vs": true,
	"vs.": true, "diff": true, "delta": true, "change": true, "%change": true, "%diff": true,
}

// readStatRow reads "<statistic> n n n" with optional '%' after each
// number. A standard deviation written in percent is the relative "cv".
func readStatRow(b *Block, i int) (statRow, bool) {
	text, style := b.Lines[i].Text, b.Comma
	if len(text) > token.MaxLine {
		return statRow{}, false
	}
	n, first := 0, ""
	for w := range strings.FieldsSeq(text) {
		if n == 0 {
			first = w
		}
		if n++; n == 3 {
			break
		}
	}
	if n < 3 {
		return statRow{}, false
	}
	lead := strings.ToLower(strings.TrimSuffix(first, ":"))
	if _, pc := cell.PercentileName(lead); !statLead[lead] && !pc {
		return statRow{}, false
	}
	ts := b.tokens(i)
	k := 0
	for k < len(ts) && ts[k].Kind == token.Word && k < 3 {
		k++
	}
	if k == 0 || k == len(ts) {
		return statRow{}, false
	}
	label := strings.TrimSuffix(text[ts[0].Start:ts[k-1].End], ":")
	field, ok := cell.StatField(label)
	if !ok {
		return statRow{}, false
	}
	r := statRow{field: field, label: label, units: unitSet{}}
	pct := false
	for i := k; i < len(ts); i++ {
		if ts[i].Kind != token.Num {
			return statRow{}, false
		}
		n, ok := token.Value(ts[i], style)
		if !ok {
			return statRow{}, false
		}
		r.units.add(ts[i].Unit)
		pct = pct || strings.HasSuffix(ts[i].Text, "%")
		if i+1 < len(ts) && ts[i+1].Kind == token.Percent {
			pct = true
			i++
		}
		if token.Glued(ts, i) {
			return statRow{}, false
		}
		r.values = append(r.values, string(n))
	}
	if len(r.values) < 2 {
		return statRow{}, false
	}
	if r.field == "stddev" && pct {
		r.field = "cv"
	}
	return r, true
}

// tHeading is a sub-benchmark heading between groups of statistic rows: a
// short line that is not a sentence.
func tHeading(s string) bool {
	t := strings.TrimSpace(s)
	w := strings.Fields(t)
	return len(w) > 0 && len(w) <= 8 && len(t) <= 60 && !layout.SentenceEnd(t) && !strings.HasSuffix(t, ":") &&
		!strings.ContainsAny(t, "|=")
}

// readTransposed reads the table whose first statistic row is line i:
// groups of statistic rows with the same number of values, each group
// under an optional heading line, and the column titles above.
func readTransposed(b *Block, rows []*statRow, i int) (Match, bool) {
	width := len(rows[i].values)
	type group struct {
		heading string
		rows    []*statRow
	}
	var groups []group
	cur := group{}
	end := i
scan:
	for j := i; j < len(b.Lines); j++ {
		text := b.trim(j)
		switch {
		case rows[j] != nil && len(rows[j].values) == width:
			cur.rows = append(cur.rows, rows[j])
			end = j + 1
			continue
		case text == "":
			continue
		case tHeading(text) && j+1 < len(b.Lines) && rows[j+1] != nil && len(rows[j+1].values) == width && len(cur.rows) > 0:
			groups = append(groups, cur)
			cur = group{heading: text}
			continue
		}
		break scan
	}
	groups = append(groups, cur)
	fields := map[string]bool{}
	for _, g := range groups {
		for _, r := range g.rows {
			fields[r.field] = true
		}
	}
	if len(fields) < 2 {
		return Match{}, false
	}
	start := i
	if len(groups) > 1 && i > 0 && tHeading(b.Lines[i-1].Text) && rows[i-1] == nil {
		groups[0].heading = b.trim(i - 1)
		start = i - 1
	}
	var titles []string
	for j := start - 1; j >= 0 && j >= start-2; j-- {
		text := b.trim(j)
		if text == "" || layout.SentenceEnd(text) || strings.HasSuffix(text, ":") || rows[j] != nil || len(text) > 120 {
			break
		}
		titles = append([]string{b.Lines[j].Text}, titles...)
	}
	start -= len(titles)
	unit := ""
	if len(titles) == 2 {
		// "next  next + series" over "(ms)  (ms)": the second line
		// states the unit of the numbers, no part of the titles
		if u, ok := unitLine(titles[1]); ok {
			titles, unit = titles[:1], u
		}
	}
	variants := transposedVariants(titles, width)
	t := model.Table{Variants: variants}
	var pctRows []*statRow
	for _, g := range groups {
		for _, r := range g.rows {
			line := b.Lines[r.idx]
			row := model.Row{Case: g.heading, Line: line.No, Offset: line.Offset}
			for k, v := range r.values {
				row.Cells = append(row.Cells, model.Cell{Variant: variants[k], Field: r.field, Value: model.Number(v)})
			}
			t.Rows = append(t.Rows, row)
			if r.field == "pct" {
				t.Baseline = vsBaseline(r.label, variants, t.Baseline)
				pctRows = append(pctRows, r)
			}
		}
	}
	if t.Baseline == "" {
		t.Baseline = zeroColumn(pctRows, variants)
	}
	units := unitSet{}
	for _, g := range groups {
		for _, r := range g.rows {
			for u, k := range r.units {
				units[u] += k
			}
		}
	}
	t.Unit = units.common()
	if len(units) == 0 || len(units) == 1 && units[""] > 0 {
		t.Unit = unit // no number carries its own
	}
	return Match{Start: start, End: end, Table: t}, true
}

// unitLine reads a title line that states only one unit, once or over
// every column ("(ms)   (ms)"), and returns the unit.
func unitLine(text string) (string, bool) {
	unit := ""
	for _, f := range strings.Fields(text) {
		u := strings.Trim(f, "()[]")
		if !cell.UnitFragment(f) || unit != "" && u != unit {
			return "", false
		}
		unit = u
	}
	return unit, unit != ""
}

// zeroColumn returns the variant whose change figure is zero in every
// change row while the others' are not: the column the others are
// compared against.
func zeroColumn(pctRows []*statRow, variants []string) string {
	found := -1
	for k := range variants {
		zero := len(pctRows) > 0
		for _, r := range pctRows {
			zero = zero && model.Number(r.values[k]).Float() == 0
		}
		if zero {
			if found >= 0 {
				return ""
			}
			found = k
		}
	}
	if found < 0 {
		return ""
	}
	return variants[found]
}

// vsBaseline returns the variant a "vs <x>" row names, if it is a column.
func vsBaseline(label string, variants []string, cur string) string {
	_, x, ok := strings.Cut(label, " ")
	if !ok {
		return cur
	}
	for _, v := range variants {
		if strings.EqualFold(v, strings.TrimSpace(x)) {
			return v
		}
	}
	return cur
}

// transposedVariants reads the n column titles from the title lines above
// the table. Each line splits into chunks (cell.SplitTitle); when the first
// gives all n titles, the chunks of a second, shorter line continue the
// last titles ("augmented rbtree" / "sorted by vruntime"), or, when the
// alignment is intact, the titles they sit under. Titles that cannot be
// read number the columns "1", "2", ...
func transposedVariants(titles []string, n int) []string {
	out := make([]string, n)
	for k := range out {
		out[k] = strconv.Itoa(k + 1)
	}
	if len(titles) == 0 {
		return out
	}
	top := cell.SplitTitle(titles[0], n)
	if wide := cell.SplitTitle(titles[0], n+1); len(top) != n && len(wide) == n+1 {
		top = wide[1:] // the first title heads the statistic column
	}
	if w := strings.Fields(titles[0]); len(top) != n && len(titles) == 1 && (len(w) == n || len(w) == n+1) {
		// alignment collapsed to single spaces: one word per column,
		// the first heading the statistic column when there is one more
		top = w[len(w)-n:]
	}
	if len(titles) == 1 {
		if len(top) == n {
			return top
		}
		return out
	}
	bottom := cell.SplitTitle(titles[1], n)
	if len(top) != n {
		if len(bottom) == n && len(top) == 1 {
			return bottom
		}
		return out
	}
	copy(out, top)
	tc, bc := cell.SpaceChunks(titles[0]), cell.SpaceChunks(titles[1])
	if len(tc) == n && len(bc) == len(bottom) && len(bc) > 1 {
		for _, c := range bc {
			best, dist := 0, -1
			for k, t := range tc {
				d := abs((c.Start+c.End)/2 - (t.Start+t.End)/2)
				if dist < 0 || d < dist {
					best, dist = k, d
				}
			}
			out[best] = joinText(out[best], c.Text)
		}
		return out
	}
	if len(bottom) > n {
		return out
	}
	for k, c := range bottom {
		j := n - len(bottom) + k
		out[j] = joinText(out[j], c)
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
