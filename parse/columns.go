package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// statFields maps column and row titles that name a statistic to the field
// name of the gold schema.
var statFields = map[string]string{
	"mean": "mean", "amean": "mean", "average": "avg", "avg": "avg",
	"median": "median", "med": "median",
	"stdev": "stddev", "stddev": "stddev", "std dev": "stddev", "std": "stddev", "sd": "stddev",
	"std-dev": "stddev", "std. dev.": "stddev", "std.dev": "stddev", "stdev%": "cv", "stddev%": "cv",
	"min": "min", "minimum": "min", "max": "max", "maximum": "max",
	"var": "var", "variance": "var", "cv": "cv", "coeff var": "cv", "cov": "cv",
	"diff": "pct", "delta": "pct", "change": "pct", "%change": "pct", "%diff": "pct", "improvement": "pct",
	"gain": "pct", "pct": "pct", "%": "pct",
}

// statField returns the field a column or row title names, and whether it
// names a statistic at all: "Mean" -> mean, "Std Dev" -> stddev, "90th" ->
// p90, "p99.9" -> p99.9, "vs tip" -> pct.
func statField(title string) (string, bool) {
	low := strings.ToLower(strings.Join(strings.Fields(title), " "))
	low = strings.TrimSuffix(low, ":")
	if f, ok := statFields[low]; ok {
		return f, true
	}
	if strings.HasPrefix(low, "vs ") || strings.HasPrefix(low, "vs. ") {
		return "pct", true
	}
	if p, ok := percentileName(low); ok {
		return p, true
	}
	return "", false
}

// percentileName reads "90th", "99.9th", "p99", "99%" as a percentile field.
func percentileName(s string) (string, bool) {
	num := ""
	switch {
	case strings.HasSuffix(s, "th"):
		num = strings.TrimSuffix(s, "th")
	case strings.HasPrefix(s, "p") && len(s) > 1:
		num = s[1:]
	case strings.HasSuffix(s, "%") && len(s) > 1:
		num = strings.TrimSuffix(s, "%")
	default:
		return "", false
	}
	if num == "" || !isDigit(num[0]) || strings.Count(num, ".") > 1 {
		return "", false
	}
	for i := 0; i < len(num); i++ {
		if !isDigit(num[i]) && num[i] != '.' {
			return "", false
		}
	}
	return "p" + strings.TrimSuffix(num, ".0"), true
}

// columnField names a column that is not a statistic: its title lower-cased
// with spaces joined by '_' ("fds", "tasks", "max start" -> "max_start").
func columnField(title string) string {
	if f, ok := statField(title); ok {
		return f
	}
	return strings.Join(strings.Fields(strings.ToLower(title)), "_")
}

// baselineWords mark the variant others are compared against.
var baselineWords = []string{"without", "base", "before", "vanilla", "baseline", "tip", "mainline", "unpatched", "orig", "old", "stock", "upstream"}

// pickBaseline returns the variant whose name says it is the reference; if
// none does and the table carries comparison figures (pct cells), the first
// variant; otherwise "".
func pickBaseline(variants []string, hasPct bool) string {
	for _, v := range variants {
		for _, w := range strings.FieldsFunc(strings.ToLower(v), func(r rune) bool {
			return !(r >= 'a' && r <= 'z')
		}) {
			for _, b := range baselineWords {
				if w == b {
					return v
				}
			}
		}
	}
	if hasPct && len(variants) > 0 {
		return variants[0]
	}
	return ""
}

// pctNamer names the bracketed percentages of a table: the first column
// carrying one (per variant) gets "pct", later ones "<field>_pct".
type pctNamer map[string]string

func (p pctNamer) name(variant, field string) string {
	if f, ok := p[variant]; ok {
		if f == field {
			return "pct"
		}
		return field + "_pct"
	}
	p[variant] = field
	return "pct"
}

// splitTitle splits a column title line whose alignment may have been lost
// into at most n chunks (n <= 0: as many as it naturally has). Runs of two
// or more spaces split first when the line has them. Otherwise a title
// whose first word repeats ("latency 0 latency -20", "sorted by x sorted
// by y") splits before every repetition; failing that, the first repeated
// word that yields exactly n chunks splits ("2 rbtrees augmented rbtree
// augmented rbtree"); failing that, so do words starting with a digit. A
// line with no natural split is one chunk.
func splitTitle(line string, n int) []string {
	if chunks := spaceChunks(line); len(chunks) > 1 && (n <= 0 || len(chunks) <= n) {
		out := make([]string, len(chunks))
		for i, c := range chunks {
			out[i] = c.text
		}
		return out
	}
	words := strings.Fields(line)
	if len(words) == 0 {
		return nil
	}
	if c := splitBefore(words, func(w string) bool { return w == words[0] }); len(c) > 1 && (n <= 0 || len(c) <= n) {
		return c
	}
	seen := map[string]bool{}
	for _, w := range words {
		if seen[w] || strings.Count(" "+strings.Join(words, " ")+" ", " "+w+" ") < 2 {
			continue
		}
		seen[w] = true
		if c := splitBefore(words, func(x string) bool { return x == w }); len(c) == n {
			return c
		}
	}
	if c := splitBefore(words, func(x string) bool { return isDigit(x[0]) }); len(c) == n {
		return c
	}
	return []string{strings.Join(words, " ")}
}

// splitBefore cuts words into chunks, starting a new chunk before every
// word (but the first) for which cut is true.
func splitBefore(words []string, cut func(string) bool) []string {
	var out []string
	cur := []string{words[0]}
	for _, w := range words[1:] {
		if cut(w) {
			out = append(out, strings.Join(cur, " "))
			cur = nil
		}
		cur = append(cur, w)
	}
	return append(out, strings.Join(cur, " "))
}

// chunk is a piece of a line with its byte span.
type chunk struct {
	text       string
	start, end int
}

// spaceChunks splits a line at runs of two or more blanks (a tab counts as
// a run), keeping positions; single spaces stay inside a chunk.
func spaceChunks(line string) []chunk {
	var out []chunk
	start := -1
	for i := 0; i <= len(line); i++ {
		if i < len(line) && line[i] != ' ' && line[i] != '\t' {
			if start < 0 {
				start = i
			}
			continue
		}
		single := i+1 < len(line) && line[i] == ' ' && line[i+1] != ' ' && line[i+1] != '\t'
		if start >= 0 && !single {
			out = append(out, chunk{text: line[start:i], start: start, end: i})
			start = -1
		}
	}
	return out
}

// slot is one value of a row or grid cell: the main number and what is
// written beside it.
type slot struct {
	num        string
	text       string // the number as written, when it differs from num
	unit       string
	extras     []extra
	missing    bool
	start, end int
}

// extra is a number written beside a cell's main number. Kind is "paren"
// (a bracketed figure, by default the change in percent), "cv" or
// "stddev" (a spread: "[0.5]", "+/-0.3", "(+/-5 %)"), or "second" (the
// other half of a "12345/23456" pair).
type extra struct {
	kind, val string
	raw       string // the figure as written, for its '%' or '+'
}

// readSlot reads the value starting at ts[i] (a number token): the number,
// a '%' after it, then up to three qualifiers. It returns the index after
// the slot; the slot must not be glued to what follows.
func readSlot(ts []token.Token, i int, style CommaStyle) (slot, int, bool) {
	t := ts[i]
	v, ok := token.Value(t, style)
	if !ok || t.Kind != token.Num {
		return slot{}, i, false
	}
	s := slot{num: v, unit: t.Unit, start: t.Start, end: t.End}
	if t.Mult > 0 || t.Unit != "" {
		s.text = t.Text
	}
	j := i + 1
	if j < len(ts) && ts[j].Kind == token.Percent {
		j++
	}
	for n := 0; n < 3 && j < len(ts); n++ {
		x := ts[j]
		switch {
		case x.Kind == token.Brack:
			v, ok := token.Value(x, style)
			if !ok {
				return slot{}, i, false
			}
			s.extras = append(s.extras, extra{kind: "cv", val: v, raw: x.Text})
			j++
		case x.Kind == token.Paren:
			v, ok := token.Value(x, style)
			if !ok {
				return slot{}, i, false
			}
			kind := "paren"
			if x.Spread {
				kind = spreadKind(token.InPercent(x))
			}
			s.extras = append(s.extras, extra{kind: kind, val: v, raw: x.Text})
			j++
		case (x.Kind == token.PM || x.Kind == token.Slash) && j+1 < len(ts) && ts[j+1].Kind == token.Num:
			v, ok := token.Value(ts[j+1], style)
			if !ok {
				return slot{}, i, false
			}
			pct := token.InPercent(ts[j+1])
			j += 2
			if j < len(ts) && ts[j].Kind == token.Percent {
				pct = true
				j++
			}
			kind := "second"
			if x.Kind == token.PM {
				kind = spreadKind(pct)
			}
			s.extras = append(s.extras, extra{kind: kind, val: v, raw: ts[j-1].Text})
		default:
			n = 3
		}
	}
	s.end = ts[j-1].End
	if token.Glued(ts, j-1) {
		return slot{}, i, false
	}
	return s, j, true
}

// spreadKind names a "+/-" spread: relative (cv) when written in percent.
func spreadKind(pct bool) string {
	if pct {
		return "cv"
	}
	return "stddev"
}

// annotated splits a column title with a bracketed note, Intel style:
// "baseline(std%)" is the variant "baseline" with its bracketed figures
// the relative spread; "compare%( std%)" is a change in percent with its
// spread. It returns the title without the note, the field the bracketed
// figures get ("" when the note names none) and whether the main figures
// are changes in percent.
func annotated(title string) (base, paren string, pct bool) {
	i := strings.IndexByte(title, '(')
	if i <= 0 || !strings.HasSuffix(title, ")") {
		return title, "", false
	}
	base = strings.TrimSpace(title[:i])
	note := strings.ToLower(strings.Join(strings.Fields(title[i+1:len(title)-1]), ""))
	switch note {
	case "std%", "stdev%", "stddev%", "cv", "%cv", "cv%", "rsd", "%rsd":
		paren = "cv"
	case "std", "stdev", "stddev", "sd":
		paren = "stddev"
	case "%", "pct", "%diff", "diff", "pctimp", "%change", "change":
		paren = "pct"
	default:
		return title, "", false
	}
	if strings.HasSuffix(base, "%") && len(base) > 1 {
		return strings.TrimSuffix(base, "%"), paren, true
	}
	return base, paren, false
}

// pairFields names the two numbers of a "12345/23456" cell: a title word
// "read/write" gives the fields and the rest of the title the variant;
// otherwise the first is the column's field and the second field_2.
func pairFields(variant, field string) (string, string, string) {
	for _, src := range []*string{&field, &variant} {
		words := strings.Fields(*src)
		for k, w := range words {
			a, z, ok := strings.Cut(w, "/")
			if !ok || a == "" || z == "" || strings.Contains(z, "/") || isDigit(a[0]) || isDigit(z[0]) {
				continue
			}
			rest := strings.Join(append(append([]string{}, words[:k]...), words[k+1:]...), " ")
			if src == &field {
				return variant, columnField(a), columnField(z)
			}
			return rest, columnField(a), columnField(z)
		}
	}
	return variant, field, field + "_2"
}

// appendSlotCells appends the cells of one column that a slot holds to
// cells. parenField names bracketed figures when the column title says
// what they are; otherwise they are the table's change figures (pctNamer).
func appendSlotCells(cells []model.Cell, s slot, variant, field, parenField string, pcts pctNamer) (_ []model.Cell, hasPct bool) {
	v, f1, f2 := variant, field, ""
	for _, e := range s.extras {
		if e.kind == "second" {
			v, f1, f2 = pairFields(variant, field)
		}
	}
	cells = append(cells, model.Cell{Variant: v, Field: f1, Value: model.Number(s.num), Text: s.text})
	for _, e := range s.extras {
		f := e.kind
		switch e.kind {
		case "second":
			f = f2
		case "paren":
			switch {
			case parenField != "":
				f = parenField
			default:
				f = pcts.name(v, f1)
			}
		}
		if f == "pct" || strings.HasSuffix(f, "_pct") {
			hasPct = true
		}
		cells = append(cells, model.Cell{Variant: v, Field: f, Value: model.Number(e.val)})
	}
	return cells, hasPct
}

// unitSet collects the units glued to a table's numbers; the table's unit
// is the one unit every number carries.
type unitSet map[string]int

func (u unitSet) add(unit string) { u[unit]++ }

// common returns the unit when all numbers carry the same one ("ms" under
// every value), else "". A ratio mark "x" is no unit.
func (u unitSet) common() string {
	if len(u) != 1 {
		return ""
	}
	for k := range u {
		if k != "x" && k != "X" {
			return k
		}
	}
	return ""
}

// bareParen returns the figure a slot has in brackets with neither '%' nor
// a '+' written ("2310.55 (12.3)"), which may be a change or a spread.
func bareParen(s slot) (float64, bool) {
	for _, e := range s.extras {
		if e.kind == "paren" && !strings.ContainsAny(e.raw, "%+") {
			return model.Number(e.val).Float(), true
		}
	}
	return 0, false
}

// bareParenField decides what bare bracketed figures are: the change in
// percent against the first value of their series when they work as one,
// else a spread ("value (stddev)" side by side, kernbench style). A
// change against itself is zero, so a non-zero figure beside the first
// value is a spread; otherwise the figures are changes when the first is
// zero beside a non-zero one, or when each is within rounding of the
// change its value shows. series are the slots compared with each other
// (a row's variant columns, or a column's kernel rows), in order.
func bareParenField(series [][]slot) string {
	checked, agree := 0, 0
	for _, sr := range series {
		if len(sr) < 2 || sr[0].missing {
			continue
		}
		base := model.Number(sr[0].num).Float()
		p0, has0 := bareParen(sr[0])
		if has0 && p0 != 0 {
			return "stddev"
		}
		for _, s := range sr[1:] {
			p, ok := bareParen(s)
			if !ok || s.missing {
				continue
			}
			if has0 && p != 0 {
				return "pct"
			}
			if base == 0 {
				continue
			}
			c := (model.Number(s.num).Float() - base) / base * 100
			checked++
			if d := abs64(abs64(p) - abs64(c)); d <= 0.6 || d <= 0.05*abs64(c) {
				agree++
			}
		}
	}
	if checked > 0 && agree == checked {
		return "pct"
	}
	return "stddev"
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// withBareParens renames the bare bracketed figures of a slot to field
// ("stddev"); figures written with '%' or '+' stay changes.
func withBareParens(s slot, field string) slot {
	if field == "pct" {
		return s
	}
	out := s
	out.extras = make([]extra, len(s.extras))
	for i, e := range s.extras {
		if e.kind == "paren" && !strings.ContainsAny(e.raw, "%+") {
			e.kind = field
		}
		out.extras[i] = e
	}
	return out
}

// changeColumns gives a change column ("delta", "%change", "vs base")
// that has no variant of its own the variant of the last value column
// before it: "before  after  delta" compares after with before, so its
// delta is after's pct.
func changeColumns(variants, fields []string) {
	last := ""
	for j := range fields {
		switch {
		case variants[j] != "" && fields[j] == "value":
			last = variants[j]
		case variants[j] == "" && fields[j] == "pct" && last != "":
			variants[j] = last
		}
	}
}

// rowHeads are label-column titles that say the rows are the compared
// kernels or machines.
var rowHeads = map[string]bool{
	"kernel": true, "kernels": true, "kernel version": true, "host": true, "machine": true,
	"identifier": true, "tree": true, "version": true, "branch": true, "variant": true,
}

// rowsAreVariants reports whether the rows of a table are the compared
// kernels: the label column is titled so ("Kernel", "Host"), or, in a
// table of plain value columns (no statistics), a row label is a
// reference name ("base", "vanilla", "before") while no column title
// holds one. Such a table keeps the row label as its case (the schema's
// rule) and gives the kernel as the variant too, so that the compared
// kernels appear as variants; each column title, lower-cased, is a field
// ("run1", "throughput", "time"). Rows of configurations beside statistic
// columns ("with-f4-1g  Mean  Stddev") stay a single series.
func rowsAreVariants(head string, labels, titles, fields []string) bool {
	if rowHeads[strings.ToLower(strings.Join(strings.Fields(head), " "))] {
		return true
	}
	for _, f := range fields {
		if f != "value" {
			return false
		}
	}
	ref := false
	for _, l := range labels {
		ref = ref || refName(l)
	}
	return len(labels) >= 2 && ref && pickBaseline(titles, false) == ""
}

// refName reports whether a row label as a whole names a reference or its
// counterpart: "base", "vanilla", "before", "patched", "after".
func refName(label string) bool {
	same := strings.EqualFold // on ASCII, lower-casing compared in place
	if !ascii(label) {
		label = strings.ToLower(label)
		same = func(a, b string) bool { return a == b }
	}
	for _, w := range refWords {
		if same(label, w) {
			return true
		}
	}
	for _, w := range baselineWords {
		if same(label, w) {
			return true
		}
	}
	return false
}

// refWords name the variant a reference is compared with.
var refWords = []string{"patched", "after", "new", "with patch", "without patch"}
