package cell

import (
	"strconv"
	"strings"
)

// FieldName turns a column title into a field: lower case, words joined
// by '_', punctuation dropped ("Trans. Rate" -> "trans_rate").
func FieldName(title string) string {
	var b strings.Builder
	for _, w := range strings.Fields(strings.ToLower(title)) {
		w = strings.Trim(w, ".,:;()/")
		if w == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('_')
		}
		b.WriteString(w)
	}
	return b.String()
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

// StatField returns the field a column or row title names, and whether it
// names a statistic at all: "Mean" -> mean, "Std Dev" -> stddev, "90th" ->
// p90, "p99.9" -> p99.9, "vs tip" -> pct.
func StatField(title string) (string, bool) {
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
	if p, ok := PercentileName(low); ok {
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

// PercentileName reads "90th", "99.9th", "p99", "99%" as a percentile field.
func PercentileName(s string) (string, bool) {
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

// ColumnField names a column that is not a statistic: its title lower-cased
// with spaces joined by '_' ("fds", "tasks", "max start" -> "max_start").
func ColumnField(title string) string {
	if f, ok := StatField(title); ok {
		return f
	}
	return strings.Join(strings.Fields(strings.ToLower(title)), "_")
}

// SplitTitle splits a column title line whose alignment may have been lost
// into at most n chunks (n <= 0: as many as it naturally has). Runs of two
// or more spaces split first when the line has them. Otherwise a title
// whose first word repeats ("latency 0 latency -20", "sorted by x sorted
// by y") splits before every repetition; failing that, the first repeated
// word that yields exactly n chunks splits ("2 rbtrees augmented rbtree
// augmented rbtree"); failing that, so do words starting with a digit. A
// line with no natural split is one chunk.
func SplitTitle(line string, n int) []string {
	if chunks := SpaceChunks(line); len(chunks) > 1 && (n <= 0 || len(chunks) <= n) {
		out := make([]string, len(chunks))
		for i, c := range chunks {
			out[i] = c.Text
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
	// A word is repeated when it comes again after some other word ("a b
	// a", not "a a b"), and splitting before it gives one chunk more than
	// it comes after the first word. Counting once keeps a line of many
	// words linear.
	first, last, later := map[string]int{}, map[string]int{}, map[string]int{}
	for i, w := range words {
		if _, ok := first[w]; !ok {
			first[w] = i
		}
		last[w] = i
		if i > 0 {
			later[w]++
		}
	}
	seen := map[string]bool{}
	for _, w := range words {
		if seen[w] || last[w] < first[w]+2 {
			continue
		}
		seen[w] = true
		if later[w]+1 == n {
			return splitBefore(words, func(x string) bool { return x == w })
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

// Chunk is a piece of a line with its byte span.
type Chunk struct {
	Text       string
	Start, End int
}

// SpaceChunks splits a line at runs of two or more blanks (a tab counts as
// a run), keeping positions; single spaces stay inside a chunk.
func SpaceChunks(line string) []Chunk {
	var out []Chunk
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
			out = append(out, Chunk{Text: line[start:i], Start: start, End: i})
			start = -1
		}
	}
	return out
}

// Annotated splits a column title with a bracketed note, Intel style:
// "baseline(std%)" is the variant "baseline" with its bracketed figures
// the relative spread; "compare%( std%)" is a change in percent with its
// spread. It returns the title without the note, the field the bracketed
// figures get ("" when the note names none) and whether the main figures
// are changes in percent.
func Annotated(title string) (base, paren string, pct bool) {
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

// PairFields names the two numbers of a "12345/23456" cell: a title word
// "read/write" gives the fields and the rest of the title the variant;
// otherwise the first is the column's field and the second field_2.
func PairFields(variant, field string) (string, string, string) {
	for _, src := range []*string{&field, &variant} {
		words := strings.Fields(*src)
		for k, w := range words {
			a, z, ok := strings.Cut(w, "/")
			if !ok || a == "" || z == "" || strings.Contains(z, "/") || isDigit(a[0]) || isDigit(z[0]) {
				continue
			}
			rest := strings.Join(append(append([]string{}, words[:k]...), words[k+1:]...), " ")
			if src == &field {
				return variant, ColumnField(a), ColumnField(z)
			}
			return rest, ColumnField(a), ColumnField(z)
		}
	}
	return variant, field, field + "_2"
}

// Meaning is what a column title says its numbers are.
type Meaning struct {
	Variant string // the variant the column belongs to, "" for none
	Field   string // the field of its main figures ("value", "p99", "pct")
	Paren   string // field of bracketed figures, "" for the table's change
	PctMain bool   // the main figures are changes in percent
}

// Title reads a column title: a statistic or percentile names a field
// ("Mean", "p99"); an annotated title ("baseline(std%)") a variant with
// its bracketed figures; a metric with a unit ("BW(MiB/s)") a field;
// anything else a variant.
func Title(title string) Meaning {
	if title == "" {
		return Meaning{Field: "value"}
	}
	if f, ok := StatField(title); ok {
		return Meaning{Field: f}
	}
	// "p50 latency", "99th lat": a percentile of the quantity named after it
	if words := strings.Fields(title); len(words) == 2 && MetricWord(words[1]) {
		if p, ok := PercentileName(strings.ToLower(words[0])); ok {
			return Meaning{Field: p}
		}
	}
	if base, paren, pct := Annotated(title); paren != "" {
		m := Meaning{Variant: base, Field: "value", Paren: paren, PctMain: pct}
		if pct {
			m.Field = "pct"
		}
		return m
	}
	return Meaning{Variant: title, Field: "value"}
}

// UnitFragment reports whether a header fragment names only a unit.
func UnitFragment(f string) bool {
	t := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(f), "("), ")")
	if spacedUnits[t] && !strings.EqualFold(t, "iops") {
		return true
	}
	switch strings.ToLower(t) {
	case "bytes/sec", "bytes/s", "per sec", "per second", "/sec", "/s", "nanosecs", "nsecs", "microsecs",
		"millisecs", "nanoseconds", "microseconds", "milliseconds", "bytes", "kib", "mib", "gib":
		return true
	}
	return false
}

// dotsAndBlanks deletes the dots and blanks of a statistic's name.
var dotsAndBlanks = strings.NewReplacer(".", "", " ", "")

// StatName reads a header fragment that names a statistic, as StatField
// does, also where it is written with dots or a '%' ("%Std.Dev." is the
// relative standard deviation, cv).
func StatName(f string) (string, bool) {
	if s, ok := StatField(f); ok {
		return s, true
	}
	t := strings.ToLower(dotsAndBlanks.Replace(f))
	rel := strings.HasPrefix(t, "%") || strings.HasSuffix(t, "%")
	switch strings.Trim(t, "%") {
	case "stddev", "stdev", "std", "sd", "stddeviation", "standarddeviation":
		if rel {
			return "cv", true
		}
		return "stddev", true
	}
	return "", false
}

// RowStat reads a row label that names a statistic, its unit in
// brackets dropped ("Average (us)" -> avg, "Standard deviation" ->
// stddev, "p99 [ms]" -> p99).
func RowStat(label string) (string, bool) {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(label), ":"))
	if i := strings.LastIndexAny(t, "(["); i > 0 && (strings.HasSuffix(t, ")") || strings.HasSuffix(t, "]")) && UnitFragment(t[i+1:len(t)-1]) {
		t = strings.TrimSpace(t[:i])
	}
	if t == "" {
		return "", false
	}
	return StatName(t)
}

// metricWords are the first words of column titles that name a quantity
// rather than a kernel or configuration.
var metricWords = map[string]bool{
	"bandwidth": true, "bw": true, "latency": true, "lat": true, "iops": true, "io-ops": true,
	"throughput": true, "tput": true, "ops": true, "time": true, "runtime": true, "rate": true,
	"util": true, "utilization": true, "usage": true, "ipc": true, "cycles": true, "instructions": true,
	"power": true, "energy": true, "score": true, "duration": true, "elapsed": true, "wall": true,
	"clat": true, "slat": true, "transactions": true, "requests": true, "errors": true, "size": true,
	"cpu": true, "cpu%": true, "%cpu": true,
}

// MetricWord reports whether w, in any case, is one of metricWords.
func MetricWord(w string) bool { return metricWords[strings.ToLower(w)] }

// MetricField turns a metric title into a field: a unit in brackets
// dropped ("BW(MiB/s)" -> "bw", "clat p99(us)" -> "clat_p99"), then a
// statistic's name or the title as FieldName writes it.
func MetricField(title string) string {
	t := strings.TrimSuffix(strings.TrimPrefix(title, "["), "]")
	t = strings.ReplaceAll(t, " %", " percent") // "OU %": ou_percent
	if i := strings.IndexAny(t, "(["); i > 0 && strings.HasSuffix(t, ")") || i > 0 && strings.HasSuffix(t, "]") {
		t = t[:i]
	}
	if f, ok := StatField(t); ok {
		return f
	}
	return FieldName(t)
}

// TupleField names member k of a tuple cell: by the tuple heading when
// there is one, else value, value_2, ...
func TupleField(names []string, k int) string {
	if k < len(names) {
		return names[k]
	}
	if k == 0 {
		return "value"
	}
	return "value_" + strconv.Itoa(k+1)
}
