package parse

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The column-layout families (ascii-grid, pipe-grid, whitespace,
// transposed) share one token grammar: a line is a sequence of typed tokens
// with byte offsets. The families then work out the column geometry in
// plain Go from the token types and positions.
//
// Word comes before Num so that labels holding digits ("with-f4-1g",
// "1-groups", "x86_64") stay one token: a Word needs one character that
// cannot be part of a number. Exponents ("5.157e+10") hold only number
// characters and fall through to Num.
var colLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Paren", Pattern: `\(\s*[-+\x{2212}]?\d[\d.,]*(?:[eE][-+]?\d+)?\s*%?\s*\)`},
	{Name: "Pipe", Pattern: `\|`},
	{Name: "Mark", Pattern: `[*^]+`},
	{Name: "Word", Pattern: `[^\s|()]*[^\s|()0-9.,%+\-eE\x{2212}][^\s|()]*`},
	{Name: "Num", Pattern: `[-+\x{2212}]?\d[\d.,]*(?:[eE][-+]?\d+)?%?`},
	{Name: "Percent", Pattern: `%`},
	{Name: "Dash", Pattern: `[-+\x{2212}.,eE]+`},
	{Name: "Space", Pattern: `\s+`},
	{Name: "Other", Pattern: `.`},
})

// colLine is one line of a column table as tokens.
type colLine struct {
	Pos    lexer.Position
	Tokens []*colToken `parser:"@@*"`
}

// colToken is one token of a line; exactly one field is set.
type colToken struct {
	Pos     lexer.Position
	Paren   string `parser:"  @Paren"`
	Pipe    string `parser:"| @Pipe"`
	Mark    string `parser:"| @Mark"`
	Word    string `parser:"| @Word"`
	Num     string `parser:"| @Num"`
	Percent string `parser:"| @Percent"`
	Dash    string `parser:"| @Dash"`
	Other   string `parser:"| @Other"`
}

var colParser = participle.MustBuild[colLine](
	participle.Lexer(colLexer),
	participle.Elide("Space"),
)

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
)

// tok is a token with its kind, text and byte span in the line.
type tok struct {
	kind       tokKind
	text       string
	start, end int
}

// tokenize runs the column grammar over one line. The catch-all lexer rule
// makes every input lexable, so an error means a bug; it yields no tokens.
func tokenize(s string) []tok {
	if len(s) > maxColLine {
		return nil
	}
	l, err := colParser.ParseString("", s)
	if err != nil {
		return nil
	}
	out := make([]tok, 0, len(l.Tokens))
	for _, t := range l.Tokens {
		var k tokKind
		var text string
		switch {
		case t.Paren != "":
			k, text = tParen, t.Paren
		case t.Pipe != "":
			k, text = tPipe, t.Pipe
		case t.Mark != "":
			k, text = tMark, t.Mark
		case t.Word != "":
			k, text = tWord, t.Word
		case t.Num != "":
			k, text = tNum, t.Num
		case t.Percent != "":
			k, text = tPercent, t.Percent
		case t.Dash != "":
			k, text = tDash, t.Dash
		default:
			k, text = tOther, t.Other
		}
		out = append(out, tok{kind: k, text: text, start: t.Pos.Offset, end: t.Pos.Offset + len(text)})
	}
	return out
}

// maxColLine bounds the lines handed to the grammar: table rows are short,
// and a long line is prose or a log dump.
const maxColLine = 400

// glued reports whether token i touches the next token with no space
// between them ("0-63," lexes as two numbers glued together).
func glued(ts []tok, i int) bool {
	return i+1 < len(ts) && ts[i].end == ts[i+1].start
}

// parenValue reads the number inside a "(+30.7%)" token.
func parenValue(text string, style CommaStyle) (string, bool) {
	inner := strings.TrimSuffix(strings.TrimPrefix(text, "("), ")")
	n, ok := ReadNumber(inner, style)
	return string(n), ok
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
