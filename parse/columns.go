package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The column-layout families (ascii-grid, pipe-grid, whitespace,
// transposed) share one token grammar (lex.go): a line is a sequence of
// typed tokens with byte offsets. The families then work out the column
// geometry in plain Go from the token types and positions.
//
// tokKind classifies a token for the plain-Go geometry code.
type tokKind uint8

const (
	tWord tokKind = iota
	tNum
	tParen
	tPipe
	tMark
	tPercent
	tDash
	tOther
	tPM    // "+/-", "+-" or "±" before a spread
	tSlash // "/" between the two numbers of a "12345/23456" cell
	tBrack // a bracketed number "[0.5]": a spread
)

// tok is a token with its kind, text and byte span in the line. Number
// tokens refined from composite words ("1.5M", "12.3ms", "1.000x") keep
// their text as written and carry the numeric part, the power of ten of a
// magnitude suffix and the glued unit apart; a spread in brackets
// ("(+/-5,67 %)") is a tParen with pm set.
type tok struct {
	kind       tokKind
	text       string
	start, end int
	num        string // numeric part when it differs from text
	mult       int    // magnitude suffix as a power of ten: K 3, M 6, G 9, T 12
	unit       string // unit glued to the number ("ms", "MB/s", "x")
	pm         bool   // a tParen holding a "+/-" spread
}

// tokenize cuts one line into column tokens and reads its composite
// words; a line longer than maxColLine gives no tokens.
func tokenize(s string) []tok {
	if lexHook != nil {
		lexHook(s)
	}
	if len(s) > maxColLine {
		return nil
	}
	return refine(s, scanLine(s, make([]tok, 0, 16)))
}

// lexHook, when set (by tests), is called with every line tokenize lexes.
var lexHook func(string)

// maxColLine bounds the lines handed to the grammar: table rows are short,
// and a long line is prose or a log dump.
const maxColLine = 400

// glued reports whether token i touches the next token with no space
// between them ("0-63," lexes as two numbers glued together).
func glued(ts []tok, i int) bool {
	return i+1 < len(ts) && ts[i].end == ts[i+1].start
}

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
	if changeWord(strings.Trim(low, "%()[] ")) && strings.Contains(low, "%") {
		return "pct", true // "% Change", "diff (%)", "delta [%]"
	}
	if head, unit, ok := strings.Cut(low, "_"); ok && changeWord(head) && unit != "" && !strings.ContainsAny(unit, " _") {
		return "pct", true // "delta_ns", "diff_cpu": a change in a unit
	}
	if strings.HasPrefix(low, "vs ") || strings.HasPrefix(low, "vs. ") {
		return "pct", true
	}
	if p, ok := percentileName(low); ok {
		return p, true
	}
	return "", false
}

// changeWord reports whether a title names a relative change.
func changeWord(w string) bool {
	switch w {
	case "change", "diff", "delta", "improvement", "gain", "difference":
		return true
	}
	return false
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

// Composite cell words. Testers write a number with what qualifies it glued
// on: a magnitude suffix ("250K", "1.5M"), a unit ("12.3ms", "450MB/s"), a
// ratio mark ("1.000x"), a spread ("12.345+/-0.678", "±0.5"), a pair
// ("12345/23456") or a bracketed spread ("[0.5]"). The lexer keeps such a
// word whole so that labels stay whole; refine then reads the words that
// are cells.
// magnitudes are the suffixes read as powers of ten. They are decimal
// (1.5M is 1500000): testers use them for counts and rates, and a binary
// reading of "250K" operations would invent digits nobody wrote.
var magnitudes = map[string]int{"K": 3, "k": 3, "M": 6, "G": 9, "T": 12}

// glueUnits are the units recognised glued to a number; any other glued
// letters make the word a label ("4k-randread", "x86").
var glueUnits = map[string]bool{
	"ns": true, "us": true, "µs": true, "usec": true, "usecs": true, "ms": true, "msec": true, "msecs": true,
	"s": true, "sec": true, "secs": true, "B": true, "KB": true, "kB": true, "MB": true, "GB": true, "TB": true,
	"KiB": true, "MiB": true, "GiB": true, "TiB": true, "B/s": true, "KB/s": true, "kB/s": true, "MB/s": true,
	"GB/s": true, "KiB/s": true, "MiB/s": true, "GiB/s": true, "Kbps": true, "Mbps": true, "Gbps": true,
	"Mbit/s": true, "Gbit/s": true, "ops/s": true, "op/s": true, "ops/sec": true, "iops": true, "IOPS": true,
	"x": true, "X": true, "MHz": true, "GHz": true, "W": true, "mW": true, "lps": true, "/s": true,
}

// refine rewrites the composite words of a lexed line into number tokens
// and their qualifiers, turns version strings ("2.6.9", "2.6.10-") into
// words, and folds a bracketed spread "( +/- 0.5 % )" into one tParen.
func refine(line string, ts []tok) []tok {
	out := make([]tok, 0, len(ts)+4) // a composite word may become three tokens
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch {
		case t.kind == tNum && strings.Count(t.text, ".") >= 2:
			t.kind = tWord
			for i+1 < len(ts) && ts[i+1].start == t.end && (ts[i+1].kind == tDash || ts[i+1].kind == tWord || ts[i+1].kind == tNum) {
				i++
				t.end = ts[i].end
				t.text = line[t.start:t.end]
			}
			out = append(out, t)
		case t.kind == tDash && t.text == "+-":
			t.kind = tPM
			out = append(out, t)
		case t.kind == tWord && i > 0:
			out = appendWord(out, t)
		default:
			out = append(out, t)
		}
	}
	return foldSpreads(line, out)
}

// appendWord appends one composite word, read, to out; a word of no
// known shape stays a word.
func appendWord(out []tok, t tok) []tok {
	sub := func(k tokKind, a, z int) tok {
		return tok{kind: k, text: t.text[a:z], start: t.start + a, end: t.start + z}
	}
	if lead, a, z, tail, ok := matchPM(t.text); ok {
		if lead >= 0 {
			out = append(out, sub(tNum, 0, lead))
		}
		out = append(out, sub(tPM, a, z))
		if tail >= 0 {
			out = append(out, sub(tNum, tail, len(t.text)))
		}
		return out
	}
	if k, ok := matchSlash(t.text); ok {
		return append(out, sub(tNum, 0, k), sub(tSlash, k, k+1), sub(tNum, k+1, len(t.text)))
	}
	if num, ok := matchBrack(t.text); ok {
		t.kind, t.num = tBrack, num
		return append(out, t)
	}
	if num, suffix, ok := matchQty(t.text); ok {
		if k, ok := magnitudes[suffix]; ok {
			t.kind, t.num, t.mult = tNum, num, k
		} else if glueUnits[suffix] {
			t.kind, t.num, t.unit = tNum, num, suffix
		}
	}
	return append(out, t)
}

// foldSpreads folds "(" [+/-] number [%] ")" into one tParen token; a
// "+/-" inside marks it a spread. It folds ts in place.
func foldSpreads(line string, ts []tok) []tok {
	out := ts[:0] // never ahead of i
	for i := 0; i < len(ts); i++ {
		if ts[i].kind != tOther || ts[i].text != "(" {
			out = append(out, ts[i])
			continue
		}
		j, pm := i+1, false
		if j < len(ts) && ts[j].kind == tPM {
			pm, j = true, j+1
		}
		if j >= len(ts) || ts[j].kind != tNum || ts[j].unit != "" || ts[j].mult != 0 {
			out = append(out, ts[i])
			continue
		}
		num := ts[j].text
		j++
		if j < len(ts) && ts[j].kind == tPercent {
			num += "%"
			j++
		}
		if j >= len(ts) || ts[j].kind != tOther || ts[j].text != ")" {
			out = append(out, ts[i])
			continue
		}
		out = append(out, tok{kind: tParen, text: line[ts[i].start:ts[j].end], start: ts[i].start, end: ts[j].end, num: num, pm: pm})
		i = j
	}
	return out
}

// tokValue reads a number token (or the number inside a tParen or tBrack)
// as an exact decimal, scaled by its magnitude suffix. A trailing '.'
// ("131." in lmbench's narrow columns) is dropped.
func tokValue(t tok, style CommaStyle) (string, bool) {
	s := t.text
	switch {
	case t.num != "":
		s = t.num
	case t.kind == tParen:
		s = strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
	}
	if len(s) > 1 && s[len(s)-1] == '.' && isDigit(s[len(s)-2]) {
		s = s[:len(s)-1]
	}
	n, ok := ReadNumber(s, style)
	if !ok {
		return "", false
	}
	if t.mult > 0 {
		return scaleDecimal(string(n), t.mult)
	}
	return string(n), true
}

// pctText reports whether a spread token was written in percent.
func pctText(t tok) bool { return strings.Contains(t.text, "%") || strings.HasSuffix(t.num, "%") }

// scaleDecimal multiplies an exact decimal by 10^k by moving its point.
func scaleDecimal(n string, k int) (string, bool) {
	if strings.ContainsAny(n, "eE") {
		return "", false
	}
	sign := ""
	if strings.HasPrefix(n, "-") {
		sign, n = "-", n[1:]
	}
	ip, fp, _ := strings.Cut(n, ".")
	for len(fp) < k {
		fp += "0"
	}
	ip, fp = ip+fp[:k], fp[k:]
	ip = strings.TrimLeft(ip, "0")
	if ip == "" {
		ip = "0"
	}
	fp = strings.TrimRight(fp, "0")
	out := sign + ip
	if fp != "" {
		out += "." + fp
	}
	return out, model.Number(out).Valid()
}

// slot is one value of a row or grid cell: the main number and what is
// written beside it.
type slot struct {
	num        string
	text       string // the number as written, when it differs from num
	unit       string
	percent    bool // a '%' follows the number, glued or not
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
func readSlot(ts []tok, i int, style CommaStyle) (slot, int, bool) {
	t := ts[i]
	v, ok := tokValue(t, style)
	if !ok || t.kind != tNum {
		return slot{}, i, false
	}
	s := slot{num: v, unit: t.unit, start: t.start, end: t.end, percent: strings.HasSuffix(t.text, "%")}
	if t.mult > 0 || t.unit != "" {
		s.text = t.text
	}
	j := i + 1
	if j < len(ts) && ts[j].kind == tPercent {
		s.percent = true
		j++
	}
	for n := 0; n < 3 && j < len(ts); n++ {
		x := ts[j]
		switch {
		case x.kind == tBrack:
			v, ok := tokValue(x, style)
			if !ok {
				return slot{}, i, false
			}
			s.extras = append(s.extras, extra{kind: "cv", val: v, raw: x.text})
			j++
		case x.kind == tParen:
			v, ok := tokValue(x, style)
			if !ok {
				return slot{}, i, false
			}
			kind := "paren"
			if x.pm {
				kind = spreadKind(pctText(x))
			}
			s.extras = append(s.extras, extra{kind: kind, val: v, raw: x.text})
			j++
		case (x.kind == tPM || x.kind == tSlash) && j+1 < len(ts) && ts[j+1].kind == tNum:
			v, ok := tokValue(ts[j+1], style)
			if !ok {
				return slot{}, i, false
			}
			pct := pctText(ts[j+1])
			j += 2
			if j < len(ts) && ts[j].kind == tPercent {
				pct = true
				j++
			}
			kind := "second"
			if x.kind == tPM {
				kind = spreadKind(pct)
			}
			s.extras = append(s.extras, extra{kind: kind, val: v, raw: ts[j-1].text})
		default:
			n = 3
		}
	}
	s.end = ts[j-1].end
	if glued(ts, j-1) {
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
	var titled []string
	for j, v := range variants {
		if v != "" && fields[j] == "value" && !containsString(titled, v) {
			titled = append(titled, v)
		}
	}
	last := ""
	for j := range fields {
		switch {
		case variants[j] != "" && fields[j] == "value":
			last = variants[j]
		case variants[j] == "" && fields[j] == "pct" && last != "":
			variants[j] = changeOwner(titled, last)
		}
	}
}

// referenceRow reports whether a row is the reference the other rows are
// measured against: a reference word for its label ("baseline",
// "vanilla") and a zero change or a unit ratio among its numbers ("0.0%",
// "100%", "1.00x"). Then the rows are the compared kernels, whatever the
// columns hold. rows[i] holds the numbers of the row labelled labels[i].
func referenceRow(labels []string, rows [][]slot) bool {
	for i := range labels {
		for j := range rows[i] {
			if unitChange(labels, rows, i, j) {
				return true
			}
		}
	}
	return false
}

// unitChange reports whether row i is labelled as a reference and its
// number in column j is a zero change or a unit ratio.
func unitChange(labels []string, rows [][]slot, i, j int) bool {
	if i >= len(rows) || j >= len(rows[i]) || !refName(strings.TrimSuffix(labels[i], ":")) {
		return false
	}
	s := rows[i][j]
	if s.missing {
		return false
	}
	v := model.Number(s.num).Float()
	return s.percent && (v == 0 || v == 100) || s.unit == "x" && v == 1
}

// changeColumn reports whether column j of rows holds changes against the
// reference row: percentages, the reference's a zero change or 100%.
func changeColumn(labels []string, rows [][]slot, j int) bool {
	ref := false
	for i, r := range rows {
		if j >= len(r) || r[j].missing {
			continue
		}
		if !r[j].percent {
			return false
		}
		ref = ref || unitChange(labels, rows, i, j)
	}
	return ref
}

// changeOwner returns the variant a change column belongs to: that of the
// titled column on its left (last), but the other of two variants when
// last is their reference: "With Patch | Without Patch | % Change"
// compares the patch with its absence.
func changeOwner(titled []string, last string) string {
	if len(titled) != 2 || pickBaseline(titled, false) != last {
		return last
	}
	if titled[0] == last {
		return titled[1]
	}
	return titled[0]
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
