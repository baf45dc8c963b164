package parse

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/shell"
)

// The histogram family reads latency distributions as two tools print them:
//
//   - cyclictest histogram summaries ("Min Latencies: 60 61",
//     "99% latencies: 19044 110", with or without cyclictest's "# "), one
//     column per variant, the variants named by the line above the rows;
//   - schbench percentile blocks ("Wakeup Latencies percentiles (usec) ...",
//     "  *99.0th: 345 (1234 samples)", "min=1, max=5678"), one row per
//     section (the section heading is the case), one or more runs side by
//     side.
//
// Without a header that names them, summary columns are numbered from 0
// (cyclictest numbers its threads so) and side-by-side schbench runs from 1.
func init() { Register(histogramFamily{}, 40) }

type histogramFamily struct{}

// Name is the gold format name.
func (histogramFamily) Name() string { return "histogram" }

var histLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Pctl", Pattern: `\d+(?:\.\d+)?th\b`},
	{Name: "Pct", Pattern: `\d+(?:\.\d+)?%`},
	{Name: "Number", Pattern: `[-+]?\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][-+]?\d+)?`},
	{Name: "Latency", Pattern: `(?i)latenc(?:y|ies)\b`},
	{Name: "Missing", Pattern: `(?i)-?nan\b|n/a\b|-{1,2}`},
	{Name: "Word", Pattern: `[A-Za-z][A-Za-z_]*`},
	{Name: "Punct", Pattern: `[:#*()=,]`},
	{Name: "Space", Pattern: `[ \t]+`},
	{Name: "Other", Pattern: `.`},
})

// histLine is one line of a histogram: a summary row, a row of percentiles
// (several when runs sit side by side) or schbench's min/max line.
type histLine struct {
	Pos     lexer.Position
	Summary *histSummary  `parser:"  @@"`
	Pctls   []*histPctl   `parser:"| @@+"`
	Bounds  []*histBounds `parser:"| @@+"`
}

// histSummary is "Min Latencies: 60 61" or "# 99% latencies: 00110 00120",
// or one of the lines cyclictest's --histfile summary prints beside them:
// "# Total: 002999812 002999733", "# Histogram Overflows: 00000 00003".
type histSummary struct {
	Pos    lexer.Position
	Label  string   `parser:"'#'? ( ( @Pct | @Word ) Latency | @'Total' | 'Histogram' @'Overflows' )"`
	Values []string `parser:"':' @( Number | Missing )+"`
}

// histPctl is "*99.0th: 345 (1234 samples)"; the sample count is not a
// result and is only matched.
type histPctl struct {
	Pos   lexer.Position
	Star  bool   `parser:"@'*'?"`
	Name  string `parser:"@Pctl ':'"`
	Value string `parser:"@( Number | Missing ) ( '(' Number Word ')' )?"`
}

// histBounds is "min=1, max=5678".
type histBounds struct {
	Pos lexer.Position
	Min string `parser:"'min' '=' @Number ','"`
	Max string `parser:"'max' '=' @Number ','?"`
}

var histParser = participle.MustBuild[histLine](
	participle.Lexer(histLexer), participle.Elide("Space"), participle.UseLookahead(8))

// histParse parses one pre-checked line; nil when it is none of the shapes.
func histParse(text string) *histLine {
	l, err := grammar.Parse(histParser, text)
	if err != nil {
		return nil
	}
	return l
}

// Read returns the summary tables and the schbench runs of the block.
func (histogramFamily) Read(b *Block) []Match {
	return append(histSummaries(b), histSchbench(b)...)
}

// histSummaryOf returns the summary row of a line that has the shape.
func histSummaryOf(text string) *histSummary {
	if !strings.Contains(text, ":") || !containsASCIIFold(text, "latenc") && !containsASCIIFold(text, "total:") && !containsASCIIFold(text, "overflows:") {
		return nil
	}
	if l := histParse(text); l != nil && l.Summary != nil {
		return l.Summary
	}
	return nil
}

// histSummaries reads runs of at least two summary rows with the same
// number of values and distinct statistics.
func histSummaries(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		first := histSummaryOf(b.Lines[i].Text)
		if first == nil {
			i++
			continue
		}
		n := len(first.Values)
		seen := map[string]bool{}
		var rows []*histSummary
		j := i
		for ; j < len(b.Lines); j++ {
			r := first
			if j > i {
				r = histSummaryOf(b.Lines[j].Text)
			}
			if r == nil || len(r.Values) != n {
				break
			}
			f, ok := histField(r.Label)
			if !ok || seen[f] {
				break
			}
			seen[f] = true
			rows = append(rows, r)
		}
		if len(rows) < 2 {
			i = max(j, i+1)
			continue
		}
		start, variants := histHeader(b, i, n)
		t := model.Table{Variants: variants, Direction: "lower"}
		if histFromHistfile(b, i, len(rows)) {
			t.Benchmark = "cyclictest"
		}
		if start < i && n > 1 {
			t.Baseline = variants[0]
		}
		for k, r := range rows {
			line := b.Lines[i+k]
			f, _ := histField(r.Label)
			row := model.Row{Line: line.No, Offset: line.Offset, Cells: []model.Cell{}}
			for c, v := range r.Values {
				if num, ok := ReadNumber(v, b.Comma); ok {
					row.Cells = append(row.Cells, model.Cell{Variant: variants[c], Field: f, Value: num})
				}
			}
			t.Rows = append(t.Rows, row)
		}
		if n == 1 {
			t.Variants = []string{}
		}
		out = append(out, Match{Start: start, End: i + len(rows), Table: t})
		i = j
	}
	return out
}

// histFromHistfile reports whether the n summary rows from line i are
// cyclictest's --histfile summary: "#"-commented, or holding its total or
// overflow counts, which no other tool prints so.
func histFromHistfile(b *Block, i, n int) bool {
	for k := i; k < i+n; k++ {
		low := strings.ToLower(b.trim(k))
		if strings.HasPrefix(low, "#") || strings.Contains(low, "overflows:") || strings.HasPrefix(low, "total:") {
			return true
		}
	}
	return false
}

// histField names the statistic of a summary label: "Min" is min, "99%"
// is p99, "99.9%" is p99.9.
func histField(label string) (string, bool) {
	if p, ok := strings.CutSuffix(label, "%"); ok {
		return "p" + histTrimZeros(p), true
	}
	switch strings.ToLower(label) {
	case "min", "minimum":
		return "min", true
	case "avg", "average":
		return "avg", true
	case "mean":
		return "mean", true
	case "median":
		return "median", true
	case "max", "maximum":
		return "max", true
	case "total":
		return "total", true
	case "overflows":
		return "overflows", true
	}
	return "", false
}

// histTrimZeros writes a percentile the short way: "99.0000" is "99",
// "99.90" is "99.9".
func histTrimZeros(p string) string {
	if strings.Contains(p, ".") {
		p = strings.TrimRight(p, "0")
		p = strings.TrimSuffix(p, ".")
	}
	return p
}

// histHeader finds the line naming the n value columns of the rows
// starting at line i: the nearest line above (one blank line allowed) that
// splits into n groups. It returns the table's first line and the variants;
// without such a line the columns are numbered from 0.
func histHeader(b *Block, i, n int) (int, []string) {
	numbered := make([]string, n)
	for c := range numbered {
		numbered[c] = strconv.Itoa(c)
	}
	if n == 1 {
		numbered[0] = ""
	}
	for k, blanks := i-1, 0; k >= 0; k-- {
		text := b.trim(k)
		if text == "" {
			if blanks++; blanks > 1 {
				break
			}
			continue
		}
		if n > 1 {
			if v := histSplitHeader(text, n); v != nil {
				return k, v
			}
		}
		break
	}
	return i, numbered
}

// histSplitHeader splits a header line into n variant names: at runs of two
// or more blanks, else at each repeat of its first word ("latency 0 latency
// -20"), else one word each. Commands, prose, rules and "key: value" lines
// are not headers.
func histSplitHeader(text string, n int) []string {
	if strings.Contains(text, ":") || strings.HasPrefix(text, "#") || layout.IsRule(text) || shell.IsCommand(text) || layout.IsProse(text) {
		return nil
	}
	if parts := splitWide(text); len(parts) == n {
		return parts
	}
	words := strings.Fields(text)
	var groups []string
	for _, w := range words {
		if w == words[0] || len(groups) == 0 {
			groups = append(groups, w)
			continue
		}
		groups[len(groups)-1] += " " + w
	}
	if len(groups) == n {
		return groups
	}
	if len(words) == n {
		return words
	}
	return nil
}

// splitWide splits a canonical line at runs of two or more blanks.
func splitWide(text string) []string {
	var out []string
	for _, p := range strings.Split(text, "  ") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// histSection is one schbench "... percentiles (unit)" block: its heading
// line, the columns side by side, and the row it makes.
type histSection struct {
	name, unit string
	n          int
	head, end  int // line indices: heading, one past the last line
	row        model.Row
}

// histSectionHead reads a schbench section heading: "Wakeup Latencies
// percentiles (usec) runtime 30 (s) (12345 total samples)", repeated once
// per run when runs sit side by side. The case is the text before
// "percentiles".
func histSectionHead(text string) (name, unit string, n int, ok bool) {
	found := histPercentiles.FindAllStringIndex(text, -1)
	n = len(found)
	if n == 0 {
		return "", "", 0, false
	}
	at, after := found[0][0], found[0][1]
	name = strings.TrimSpace(text[:at])
	if name == "" || len(strings.Fields(name)) > 3 {
		return "", "", 0, false
	}
	for _, r := range name {
		if !(r == ' ' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return "", "", 0, false
		}
	}
	rest := strings.TrimSpace(text[after:])
	if u, ok := strings.CutPrefix(rest, "("); ok {
		if end := strings.IndexByte(u, ')'); end > 0 {
			unit = u[:end]
		}
	}
	return name, unit, n, true
}

var histPercentiles = guard(containingFold("ercentile"), regexp.MustCompile(`(?i)percentiles`))

// histReadSection reads the section whose heading is line i; ok is false
// when fewer than two percentile rows follow it.
func histReadSection(b *Block, i int) (histSection, bool) {
	name, unit, n, ok := histSectionHead(b.Lines[i].Text)
	if !ok {
		return histSection{}, false
	}
	s := histSection{name: name, unit: unit, n: n, head: i}
	s.row = model.Row{Case: name, Line: b.Lines[i].No, Offset: b.Lines[i].Offset, Cells: []model.Cell{}}
	pctls := 0
	j := i + 1
	for ; j < len(b.Lines); j++ {
		text := b.Lines[j].Text
		if !strings.Contains(text, "th:") && !strings.Contains(text, "min=") {
			break
		}
		l := histParse(text)
		switch {
		case l != nil && len(l.Pctls) == n:
			pctls++
			for c, p := range l.Pctls {
				num, ok := ReadNumber(p.Value, b.Comma)
				if !ok {
					continue
				}
				cell := model.Cell{Variant: strconv.Itoa(c), Field: "p" + histTrimZeros(strings.TrimSuffix(p.Name, "th")), Value: num}
				if p.Star {
					cell.Flags = []string{"*"}
				}
				s.row.Cells = append(s.row.Cells, cell)
			}
			continue
		case l != nil && len(l.Bounds) == n:
			for c, m := range l.Bounds {
				for _, f := range [][2]string{{"min", m.Min}, {"max", m.Max}} {
					if num, ok := ReadNumber(f[1], b.Comma); ok {
						s.row.Cells = append(s.row.Cells, model.Cell{Variant: strconv.Itoa(c), Field: f[0], Value: num})
					}
				}
			}
			j++
		}
		break
	}
	s.end = j
	return s, pctls >= 2
}

// histSchbench groups schbench sections into runs: sections follow each
// other (blank lines and schbench's "average rps:" line between them) until
// a section repeats, another line intervenes or the column count changes.
func histSchbench(b *Block) []Match {
	var out []Match
	var run []histSection
	flush := func() {
		if len(run) > 0 {
			out = append(out, histRun(b, run))
			run = nil
		}
	}
	for i := 0; i < len(b.Lines); {
		s, ok := histReadSection(b, i)
		if !ok {
			i++
			continue
		}
		if len(run) > 0 {
			last := run[len(run)-1]
			if last.n != s.n || !histOnlyGlue(b, last.end, s.head) || histHasCase(run, s.name) {
				flush()
			}
		}
		run = append(run, s)
		i = s.end
	}
	flush()
	return out
}

// histOnlyGlue reports whether lines [from, to) only separate two sections
// of one run: blank lines and "average rps:" lines.
func histOnlyGlue(b *Block, from, to int) bool {
	for k := from; k < to; k++ {
		text := b.trim(k)
		if text != "" && !strings.HasPrefix(strings.ToLower(text), "average rps:") {
			return false
		}
	}
	return true
}

func histHasCase(run []histSection, name string) bool {
	for _, s := range run {
		if s.name == name {
			return true
		}
	}
	return false
}

// histRun makes the table of one schbench run. Side-by-side columns take
// their names from the line above the first heading; a short line there
// such as "Groups: 4" or "16 Threads" titles the run and joins its context.
func histRun(b *Block, run []histSection) Match {
	var inner []string
	n := run[0].n
	start := run[0].head
	t := model.Table{Benchmark: "schbench"}
	variants := make([]string, n)
	for c := range variants {
		variants[c] = strconv.Itoa(c + 1)
	}
	above := -1
	for k := start - 1; k >= 0 && k >= start-2; k-- {
		if b.trim(k) != "" {
			above = k
			break
		}
	}
	if above >= 0 && histSectionAbove(b, above) {
		above = -1
	}
	switch {
	case above >= 0 && n > 1:
		if v := histSplitHeader(b.trim(above), n); v != nil {
			variants, start = v, above
		}
	case above >= 0 && histRunTitle(b.Lines[above].Text):
		start = above
		inner = []string{strings.TrimSuffix(b.trim(above), ":")}
	}
	if n == 1 {
		variants = []string{""}
		t.Variants = []string{}
	} else {
		t.Variants, t.Baseline = variants, variants[0]
	}
	units, dirs := map[string]bool{}, map[string]bool{}
	end := run[len(run)-1].end
	for _, s := range run {
		units[s.unit] = true
		if strings.Contains(strings.ToLower(s.name+" "+s.unit), "rps") || s.unit == "requests" {
			dirs["higher"] = true
		} else {
			dirs["lower"] = true
		}
		row := s.row
		for c := range row.Cells {
			row.Cells[c].Variant = variants[histColumn(row.Cells[c].Variant)]
		}
		t.Rows = append(t.Rows, row)
	}
	if avg, ok := histAverageRPS(b, end); ok && n == 1 {
		line := b.Lines[end]
		t.Rows = append(t.Rows, model.Row{Case: "average rps", Line: line.No, Offset: line.Offset,
			Cells: []model.Cell{{Variant: variants[0], Field: "value", Value: avg}}})
		end++
	}
	if len(units) == 1 {
		t.Unit = run[0].unit
	}
	if len(dirs) == 1 {
		for d := range dirs {
			t.Direction = d
		}
	}
	return Match{Start: start, End: end, Table: t, Inner: inner}
}

// histAverageRPS reads schbench's closing "average rps: 1234.56" line at
// index i, if there is one.
func histAverageRPS(b *Block, i int) (model.Number, bool) {
	if i >= len(b.Lines) {
		return "", false
	}
	v, ok := strings.CutPrefix(strings.ToLower(b.trim(i)), "average rps:")
	if !ok {
		return "", false
	}
	return ReadNumber(v, b.Comma)
}

// histSectionAbove reports whether line k belongs to a section (a
// percentile or min/max line), so it cannot title the next run.
func histSectionAbove(b *Block, k int) bool { return histSectionLine(b.Lines[k].Text) }

// histSectionLine reports whether text is a percentile, min/max or
// "average rps:" line of a schbench section.
func histSectionLine(text string) bool {
	return strings.Contains(text, "th:") || strings.Contains(text, "min=") ||
		strings.HasPrefix(strings.ToLower(strings.TrimSpace(text)), "average rps:")
}

// histRunTitle reports whether a line titles a schbench run: a short line
// holding a count ("Groups: 4", "16 Threads", "workers 8"), not a command
// or a sentence.
func histRunTitle(text string) bool {
	text = strings.TrimSpace(text)
	words := strings.Fields(text)
	return len(words) >= 1 && len(words) <= 4 && len(text) <= 40 && hasNumberToken(text) &&
		!layout.SentenceEnd(text) && !shell.IsCommand(text)
}

// histColumn reads back the column index histReadSection kept in a cell's
// Variant until the run's variants are known.
func histColumn(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
