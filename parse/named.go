package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
)

// The named family reads runs of named-number lines (namedline.go): lines
// that name every figure they hold, by a key, a unit, a spread or a word,
// as pasted tool output and hand-written measurements do:
//
//	Ringbuf, two producers
//	bench-a nr 1  11.6 ± 0.03M/s (drops 0.000 ± 0.000M/s)
//	bench-a nr 2  15.8 ± 0.01M/s (drops 0.000 ± 0.000M/s)
//
//	udp
//	udp rx:    23 MB/s    16505 calls/s
//	udp tx:    23 MB/s    16464 calls/s    392 msg/s
//
// A run of two or more such lines is one table; a short label line inside
// the run ("udp", "with patch,") starts another block, read as a table of
// its own under that heading, so that labelled blocks become variants the
// way every family's do (semantics.go). The label before the figures is
// the case, the figure's name its field ("value" when the line measures
// one quantity, its unit's name when it measures several: "mb/s",
// "calls/s", "seconds"), the spread "stddev", a bracketed change "pct".
// A label drawn as a tree (":... v4.1 ... Uncached ...") is a path whose
// levels the lines above and to the left give; a level that names kernels
// is the variant, the others the case.
type named struct{}

func init() { Register(named{}, 55) }

// Name is the format recorded for these tables.
func (named) Name() string { return "key-value" }

// namedRow is one line read, with the index of its block line.
type namedRow struct {
	at   int
	line namedLine
	text string // the line as the block holds it (indentation kept)
}

// Read returns a table for each labelled block of each run of named lines.
func (named) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		run, end := namedRun(b, i)
		if len(run) == 0 {
			i++
			continue
		}
		out = append(out, namedTables(b, run)...)
		i = end
	}
	return out
}

// namedRun returns the run of named lines and label lines from line i on,
// and the index after it; a run holds at least one named line first.
func namedRun(b *Block, i int) ([]namedRow, int) {
	var run []namedRow
	last := i // index after the last named line
	for j := i; j < len(b.Lines); j++ {
		text := strings.TrimRight(b.Lines[j].Text, " \t")
		if strings.TrimSpace(text) == "" {
			if len(run) == 0 || j+1 < len(b.Lines) && blank(b, j+1) {
				break
			}
			continue
		}
		if l, ok := readNamedLine(text, b.Comma); ok {
			run = append(run, namedRow{at: j, line: l, text: text})
			last = j + 1
			continue
		}
		if len(run) > 0 && (toolMarker(b.trim(j)) || dotsOnly(b.trim(j))) {
			continue
		}
		if len(run) == 0 || !namedLabelLine(b.trim(j)) {
			break
		}
		run = append(run, namedRow{at: j, text: text})
	}
	for len(run) > 0 && run[len(run)-1].line.figures == nil {
		run = run[:len(run)-1]
	}
	return run, max(last, i+1)
}

// dotsOnly reports whether a line holds nothing but dots: the tail of a
// label a mailer wrapped ("suite.alpha.init" over "...").
func dotsOnly(text string) bool {
	return text != "" && strings.Trim(text, ".\u2026") == ""
}

// wrappedLabel reports whether label line i goes on on the next line: a
// label line that ends in no ':' or ',' right above another.
func wrappedLabel(b *Block, i int) bool {
	if i < 0 || i+1 >= len(b.Lines) {
		return false
	}
	t := b.trim(i)
	return namedLabelLine(t) && !strings.HasSuffix(t, ":") && !strings.HasSuffix(t, ",") && namedLabelLine(b.trim(i+1))
}

// namedLabelLine reports whether a line inside a run labels the lines
// below it: a few words, no number standing alone, no sentence.
func namedLabelLine(text string) bool {
	n := fieldCount(text)
	ended := layout.SentenceEnd(text) && !strings.HasSuffix(text, "...") // "RUN test.a ..." is under way
	if n == 0 || n > 5 || len(cleanNamedLabel(text)) > 64 || ended || !hasLetter(text) || layout.IsProse(text) {
		return false
	}
	for _, t := range scanNamed(text) {
		if t.kind == nkNum {
			return false
		}
	}
	return true
}

// namedTables makes the tables of one run: a drawn tree is one table;
// otherwise each labelled block is one, and blocks under two or more
// labels that hold the same cases are one table with the labels as
// variants, in the order written (SCHEMA.md's preferred reading).
func namedTables(b *Block, run []namedRow) []Match {
	// the label of the first block stands right above the run, a blank
	// line above it, or wrapped over two lines by a mailer
	at := run[0].at - 1
	for at > 0 && dotsOnly(b.trim(at)) {
		at--
	}
	if at > 0 && blank(b, at) {
		at--
	}
	if at >= 0 && namedLabelLine(b.trim(at)) {
		head := namedRow{at: at, text: strings.TrimRight(b.Lines[at].Text, " \t")}
		if wrappedLabel(b, at-1) {
			head = namedRow{at: at - 1, text: b.trim(at-1) + " " + strings.TrimSpace(head.text)}
		}
		run = append([]namedRow{head}, run...)
	}
	if namedTree(run) {
		if m, ok := treeTable(b, run); ok {
			return []Match{m}
		}
		return nil
	}
	blocks := namedBlocks(b, run)
	var out []Match
	section := ""
	for k := 0; k < len(blocks); {
		if len(blocks[k].rows) == 0 {
			section = blocks[k].head // a label over labels: a section of its own
			k++
			continue
		}
		group := []namedBlock{blocks[k]}
		heads := map[string]bool{blocks[k].head: true}
		next := k + 1
		// later blocks under new labels with the same cases join the group,
		// past labels with nothing under them; a label met again starts
		// another group (the same comparison in another section)
		for n := k + 1; blocks[k].head != "" && n < len(blocks); n++ {
			blk := blocks[n]
			if len(blk.rows) == 0 {
				continue
			}
			if blk.head == "" || heads[blk.head] || !sameCaseSet(blocks[k], blk) {
				break
			}
			group, heads[blk.head], next = append(group, blk), true, n+1
		}
		if m, ok := namedGroup(b, group); ok {
			if section != "" {
				m.Inner = append([]string{section}, m.Inner...)
			}
			out = append(out, m)
		}
		k = next
	}
	return out
}

// namedBlock is a block of a run: its label line, if any, and its
// named lines.
type namedBlock struct {
	head   string
	headAt int
	rows   []namedRow
	cases  map[string]bool
}

// namedBlocks cuts a run at its label lines. A block under a header of
// columns is left to the grid families, and so is one whose lines are
// mostly weak (sizes, bare keyed numbers: a listing of the box); a
// label with no lines under it before the next is kept, as a section.
func namedBlocks(b *Block, run []namedRow) []namedBlock {
	var out []namedBlock
	for k := 0; k < len(run); {
		blk := namedBlock{headAt: run[k].at, cases: map[string]bool{}}
		if run[k].line.figures == nil {
			head := run[k].text
			if k+1 < len(run) && run[k+1].line.figures == nil && run[k+1].at == run[k].at+1 && wrappedLabel(b, run[k].at) {
				k++ // a label a mailer wrapped: "#  RUN" over "suite.alpha.init ..."
				head += " " + strings.TrimSpace(run[k].text)
			}
			blk.head = cleanNamedLabel(head)
			k++
		}
		j, strong := k, 0
		for ; j < len(run) && run[j].line.figures != nil; j++ {
			blk.rows = append(blk.rows, run[j])
			blk.cases[namedCase(run[j].line)] = true
			if run[j].line.strong {
				strong++
			}
		}
		switch {
		case len(blk.rows) == 0:
			out = append(out, blk)
		case (2*strong > len(blk.rows) || sizesCompared(blk)) && !columnHeader(b, blk.rows[0]):
			out = append(out, blk)
		}
		k = max(j, k+1)
	}
	return out
}

// sizesCompared reports whether a block compares sizes: two or more
// lines of sizes under a label that says so ("Image size comparison:");
// "Memory: 16 GB" under "Test box:" is a description of the box.
func sizesCompared(blk namedBlock) bool {
	if len(blk.rows) < 2 || !sizeHead(blk.head) {
		return false
	}
	for _, r := range blk.rows {
		for _, f := range r.line.figures {
			if f.kind() != uSize {
				return false
			}
		}
	}
	return true
}

// sizeHead reports whether a label says the sizes under it are measured.
func sizeHead(label string) bool {
	for _, w := range strings.Fields(strings.ToLower(label)) {
		w = strings.Trim(w, ":,.()")
		if w == "size" || w == "sizes" || w == "footprint" || w == "consumption" || strings.HasPrefix(w, "compar") {
			return true
		}
	}
	return false
}

// toolMarker reports whether a line is a marker a tool prints between
// the lines of a run, which ends no block: will-it-scale's "warmup" and
// "measurement", a test harness's result lines ("ok 3 name", "not ok 4
// name", "#  OK  name", "# FAIL name").
func toolMarker(text string) bool {
	switch text {
	case "warmup", "measurement":
		return true
	}
	if rest := cutTAP(text); rest != text && !strings.HasPrefix(text, "RUN ") {
		return rest != ""
	}
	t := strings.TrimSpace(strings.TrimLeft(text, "#"))
	for _, w := range []string{"OK", "FAIL", "SKIP", "XFAIL"} {
		if t == w || strings.HasPrefix(t, w+" ") {
			return true
		}
	}
	return false
}

// sameCaseSet reports whether two blocks hold the same cases.
func sameCaseSet(a, b namedBlock) bool {
	if len(a.cases) != len(b.cases) {
		return false
	}
	for c := range a.cases {
		if !b.cases[c] {
			return false
		}
	}
	return true
}

// namedGroup makes the table of a group of blocks: a lone block keeps
// its label as a heading, several blocks give their labels as variants.
func namedGroup(b *Block, group []namedBlock) (Match, bool) {
	var rows []namedRow
	for _, g := range group {
		rows = append(rows, g.rows...)
	}
	m, ok := namedTable(b, rows)
	if !ok {
		return m, false
	}
	m.Start = group[0].headAt
	if len(group) == 1 {
		if group[0].head != "" {
			m.Inner = []string{group[0].head}
		}
		return m, true
	}
	t := &m.Table
	r := 0
	for _, g := range group {
		t.Variants = append(t.Variants, g.head)
		for range g.rows {
			for c := range t.Rows[r].Cells {
				if t.Rows[r].Cells[c].Variant == "" {
					t.Rows[r].Cells[c].Variant = g.head
				}
			}
			r++
		}
	}
	if t.Baseline = pickBaseline(t.Variants, false); t.Baseline == "" {
		t.Baseline = t.Variants[0]
	}
	return m, true
}

// namedTable makes the table of one block of named lines (two at least).
func namedTable(b *Block, rows []namedRow) (Match, bool) {
	if len(rows) < 2 {
		return Match{}, false
	}
	t := model.Table{Variants: []string{}}
	units := map[string]bool{}
	for _, r := range rows {
		row, ok := namedModelRow(b, r.at, namedCase(r.line), r.line, units)
		if !ok {
			return Match{}, false
		}
		t.Rows = append(t.Rows, row)
		for _, c := range row.Cells {
			if c.Variant != "" && !containsString(t.Variants, c.Variant) {
				t.Variants = append(t.Variants, c.Variant)
			}
		}
	}
	if len(t.Variants) > 1 {
		t.Baseline = pickBaseline(t.Variants, false)
	}
	if len(units) == 1 {
		for u := range units {
			t.Unit = u
		}
	}
	sameQuantity(&t)
	return Match{Start: rows[0].at, End: rows[len(rows)-1].at + 1, Table: t}, true
}

// namedCase is the case a line's label names: the label cleaned, with the
// key of its first figure when that key names the row ("Wall time").
func namedCase(l namedLine) string {
	label := l.label
	if f := l.figures[0]; f.labelIn {
		label += " " + f.key
	}
	return strings.TrimSpace(cleanNamedLabel(label) + " " + l.note)
}

// namedModelRow makes the row of a line under the given case; units
// collects the units of its "value" cells.
func namedModelRow(b *Block, at int, label string, l namedLine, units map[string]bool) (model.Row, bool) {
	row := rowAt(b, at, label)
	side := ""
	if sideWord(strings.ToLower(label)) {
		// "Before: 12 ms": the label names the variant; "Before patch:
		// MAP_CREATE: 40.1s": the side, then the case
		row.Case, side = "", label
		if p, rest, ok := strings.Cut(label, ": "); ok && sideWord(strings.ToLower(p)) && strings.TrimSpace(rest) != "" {
			row.Case, side = strings.TrimSpace(rest), strings.Join(strings.Fields(p), " ")
		}
	}
	names := figureFields(l)
	for k, f := range l.figures {
		variant := names[k].variant
		switch {
		case variant != "":
		case side != "":
			variant = side
		case row.Case == "" && label != "":
			variant = label
		}
		n := len(row.Cells)
		addCell(&row, b.Comma, variant, names[k].field, f.num)
		if len(row.Cells) == n {
			return row, false
		}
		if f.mag != "" || f.unit != "" && f.unit != "%" {
			row.Cells[n].Text = strings.TrimSpace(f.num + f.mag + " " + f.unit)
		}
		if names[k].field == "value" && f.unit != "" {
			units[f.unit] = true
		}
		if f.spread != "" {
			addCell(&row, b.Comma, variant, spreadField(names[k].field, f.spreadPct), f.spread)
		}
	}
	return row, true
}

// figName is the variant and field of a figure.
type figName struct{ variant, field string }

// figureFields names the figures of a line (see named).
func figureFields(l namedLine) []figName {
	out := make([]figName, len(l.figures))
	units := map[string]bool{} // units of the figures named by nothing else
	for k, f := range l.figures {
		if figureKey(l, k) == "" && f.after == "" && f.unit != "%" && f.unit != "" && !f.lo && !f.hi {
			units[strings.ToLower(f.unit)] = true
		}
	}
	for k, f := range l.figures {
		key := figureKey(l, k)
		switch {
		case key != "" && (sideWord(strings.ToLower(key)) || kernelName(key)):
			out[k].variant = key
			out[k].field = "value"
			if len(units) > 1 {
				out[k].field = unitField(f.unit)
			}
		case key == "" && f.lo:
			out[k].field = "min"
		case key == "" && f.hi:
			out[k].field = "max"
		case key != "":
			out[k].field = keyField(key, f.unit)
		case f.after != "":
			out[k].field = afterField(f)
		case f.unit == "%":
			out[k].field = "share"
			if changeSigned(f.num) || len(l.figures) == 1 {
				out[k].field = "pct"
			}
			if len(units) == 0 && !f.paren {
				out[k].field = "value"
			}
		case f.unit == "" || len(units) <= 1 && !(f.paren && k > 0):
			out[k].field = "value"
		default:
			out[k].field = unitField(f.unit)
		}
	}
	return out
}

// keyField names a figure by its key: the usual name of a spread, "pct"
// for a change in percent ("diff"), else the key in lower case.
func keyField(key, unit string) string {
	k := normKey(key)
	switch {
	case k == "stdev" || k == "std" || k == "sd" || k == "std dev" || k == "deviation":
		return "stddev"
	case changeKey(k) && unit == "%":
		return "pct"
	case changeKey(k):
		return "diff"
	}
	return k
}

// figureKey is the key that names figure k: none for the first figure
// when its key names the row.
func figureKey(l namedLine, k int) string {
	if k == 0 && l.figures[0].labelIn {
		return ""
	}
	return l.figures[k].key
}

// afterField names a figure by the word after its unit: "0.65 s kern" is
// kern; "3% cpu" a share of the CPU; "(12% faster)" a change.
func afterField(f figure) string {
	w := strings.ToLower(f.after)
	switch {
	case f.unit == "%" && changeWord(w):
		return "pct"
	case f.unit == "%" && (w == "cpu" || w == "util" || w == "utilization"):
		return "share"
	}
	return w
}

// changeWord reports whether a word after a percentage says it is a
// change: "faster", "improvement", "reduction".
func changeWord(w string) bool {
	switch w {
	case "faster", "slower", "better", "worse", "improvement", "regression", "reduction", "increase", "decrease",
		"gain", "loss", "drop", "speedup", "overhead", "more", "less", "higher", "lower":
		return true
	}
	return false
}

// changeSigned reports whether a number is written with its sign.
func changeSigned(num string) bool {
	return strings.HasPrefix(num, "+") || strings.HasPrefix(num, "-") || strings.HasPrefix(num, "\u2212")
}

// spreadField names the spread of a figure of field f: its standard
// deviation, or its coefficient of variation when written in percent.
func spreadField(f string, pct bool) string {
	name := "stddev"
	if pct {
		name = "cv"
	}
	if f == "value" {
		return name
	}
	return f + "_" + name
}

// cleanNamedLabel strips what frames a label but names nothing: list
// bullets, TAP result words ("ok 3", "not ok 4", "# "), a log's time
// stamp ("[17:55:51]"), tree drawing and leader dots, a trailing ':', '='
// or ',' and filler words at its end.
func cleanNamedLabel(s string) string {
	s = strings.TrimSpace(s)
	for {
		t := strings.TrimSpace(strings.TrimLeft(s, "#:.|`+\u2026\u251c\u2514\u2502\u2500"))
		t = cutStamp(cutTAP(cutBullet(t)))
		if t == s {
			break
		}
		s = t
	}
	s = unframe(s)
	for {
		t := strings.TrimSpace(strings.TrimRight(s, ":=,.-#\u2026 "))
		if k := strings.LastIndexByte(t, ' '); k > 0 && danglingWord(t[k+1:]) {
			t = strings.TrimSpace(t[:k])
		}
		if t == s {
			break
		}
		s = t
	}
	if m, ok := strings.CutSuffix(s, ")"); ok && len(m) <= 4 && !strings.Contains(m, "(") {
		s = m // an item's mark alone: "1.a)", "b)"
	}
	return strings.Join(strings.Fields(s), " ")
}

// danglingWord reports whether a label's last word leads to the figure
// rather than naming anything ("10000 entries in").
func danglingWord(w string) bool {
	switch strings.ToLower(w) {
	case "in", "of", "at", "to", "for", "from", "and", "by", "about", "took", "is", "was":
		return true
	}
	return false
}

// cutTAP drops a TAP result ("ok 12", "not ok 3") or a test harness's
// "RUN" from the start of a label.
func cutTAP(s string) string {
	if rest, ok := strings.CutPrefix(s, "RUN "); ok {
		return strings.TrimSpace(rest)
	}
	rest, ok := strings.CutPrefix(s, "not ok ")
	if !ok {
		if rest, ok = strings.CutPrefix(s, "ok "); !ok {
			return s
		}
	}
	k := 0
	for k < len(rest) && isDigit(rest[k]) {
		k++
	}
	if k == 0 {
		return s
	}
	return strings.TrimSpace(rest[k:])
}

// sameQuantity gives the figures named by one unit written with several
// prefixes ("105 MB/s" on most lines, "2.5 GB/s" on one) the field of the
// prefix most lines use.
func sameQuantity(t *model.Table) {
	count := map[string]int{}
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if unitBase(c.Field) != "" {
				count[c.Field]++
			}
		}
	}
	best := map[string]string{} // base unit: the field most cells use
	for f, n := range count {
		base := unitBase(f)
		if b, ok := best[base]; !ok || n > count[b] || n == count[b] && f < b {
			best[base] = f
		}
	}
	for i := range t.Rows {
		for k := range t.Rows[i].Cells {
			c := &t.Rows[i].Cells[k]
			if base := unitBase(c.Field); base != "" {
				c.Field = best[base]
			}
		}
	}
}

// columnHeader reports whether a header of columns stands over a block's
// first line (blank lines and rules between allowed): short titles apart
// by wide gaps, none of them a number, two of them over figures
// ("usecs/op   %stdev" over "base   13.48   +- 5.19%"). Such a block is a
// grid, which the grid families read.
func columnHeader(b *Block, first namedRow) bool {
	at := first.at - 1
	for at >= 0 && at >= first.at-3 && (blank(b, at) || layout.IsRule(b.trim(at))) {
		at--
	}
	if at < 0 {
		return false
	}
	header := strings.ReplaceAll(b.Lines[at].Text, "|", " ") // "a | b": bars part titles as gaps do
	titles := gapFragments(header)
	if len(titles) < 2 {
		return false
	}
	for _, t := range titles {
		if _, isNum := ReadNumber(header[t.Start:t.End], b.Comma); isNum || t.End-t.Start > 24 {
			return false // a number, or a run of words no column is titled with
		}
	}
	toks := scanNamed(first.text)
	over := 0 // titles over a figure
	for _, t := range titles {
		for _, f := range first.line.figures {
			lo, hi := toks[f.endAt-1].start, toks[f.endAt-1].end
			for k := f.keyAt; k < f.endAt; k++ {
				if toks[k].kind == nkNum {
					lo = toks[k].start
					break
				}
			}
			if t.Start < hi+headerSlack && t.End > lo-headerSlack {
				over++
				break
			}
		}
	}
	return over >= 2
}

// headerSlack is how far a column's title may stand from the figures
// under it: a mailer or an editor that widens the gaps of the rows and
// not of the header moves right-aligned numbers a few columns.
const headerSlack = 4

// gapFragments cuts a line at runs of two or more blanks.
func gapFragments(s string) []layout.Span {
	var out []layout.Span
	for i := 0; i < len(s); {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i == len(s) {
			break
		}
		j := i
		for j < len(s) && !(s[j] == ' ' && (j+1 == len(s) || s[j+1] == ' ')) {
			j++
		}
		out = append(out, layout.Span{Start: i, End: j})
		i = j
	}
	return out
}

// cutStamp drops a bracketed time stamp ("[17:55:51]", "[  12.345678]")
// from the start of a label.
func cutStamp(s string) string {
	if !strings.HasPrefix(s, "[") {
		return s
	}
	k := strings.IndexByte(s, ']')
	if k < 2 || strings.Trim(s[1:k], " 0123456789:.") != "" || !hasDigit(s[1:k]) {
		return s
	}
	return strings.TrimSpace(s[k+1:])
}

// unframe drops the marks that frame a label: "[after]", "**Patched**",
// "--- base ---", "== run 2 ==", "<old>".
func unframe(s string) string {
	for _, p := range [][2]string{{"[", "]"}, {"**", "**"}, {"--", "--"}, {"==", "=="}, {"<", ">"}} {
		t := strings.TrimSuffix(strings.TrimSpace(s), ":")
		if len(t) > len(p[0])+len(p[1]) && strings.HasPrefix(t, p[0]) && strings.HasSuffix(t, p[1]) {
			inner := strings.Trim(t[len(p[0]):len(t)-len(p[1])], p[0][:1]+p[1][:1]+" ")
			if inner != "" && !strings.ContainsAny(inner, p[0][:1]+p[1][:1]) {
				return inner
			}
		}
	}
	return s
}
