package parse

import (
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The reference the token layer is checked against: the regular-expression
// lexer, participle grammar and composite-word expressions that tokenize
// used before the hand-written scanner of lex.go.

// The column-layout families (ascii-grid, pipe-grid, whitespace,
// transposed) share one token grammar: a line is a sequence of typed tokens
// with byte offsets. The families then work out the column geometry in
// plain Go from the token types and positions.
//
// Word comes before Num so that labels holding digits ("with-f4-1g",
// "1-groups", "x86_64") stay one token: a Word needs one character that
// cannot be part of a number. Exponents ("5.157e+10") hold only number
// characters and fall through to Num.
var refColLexer = lexer.MustSimple([]lexer.SimpleRule{
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

// refColLine is one line of a column table as tokens.
type refColLine struct {
	Pos    lexer.Position
	Tokens []*refColToken `parser:"@@*"`
}

// refColToken is one token of a line; exactly one field is set.
type refColToken struct {
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

var refColParser = participle.MustBuild[refColLine](
	participle.Lexer(refColLexer),
	participle.Elide("Space"),
)

// tokenize runs the column grammar over one line. The catch-all lexer rule
// makes every input lexable, so an error means a bug; it yields no tokens.
func refTokenize(s string) []tok {
	if len(s) > maxColLine {
		return nil
	}
	l, err := refColParser.ParseString("", s)
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
	return refRefine(s, out)
}

var (
	refQty   = regexp.MustCompile(`^([-+\x{2212}]?\d[\d.,]*)([A-Za-zµ]+(?:/s(?:ec)?)?|/s)$`)
	refPM    = regexp.MustCompile(`^([-+\x{2212}]?\d[\d.,]*%?)?(\+/-|\+-|±)(\d[\d.,]*%?)?$`)
	refSlash = regexp.MustCompile(`^([-+\x{2212}]?\d[\d.,]*)/(\d[\d.,]*)$`)
	refBrack = regexp.MustCompile(`^\[\s*([-+\x{2212}]?\d[\d.,]*%?)\s*\]$`)
)

// refRefine is refine with the composite words read by refSplitWord.
func refRefine(line string, ts []tok) []tok {
	out := make([]tok, 0, len(ts))
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
			out = append(out, refSplitWord(t)...)
		default:
			out = append(out, t)
		}
	}
	return foldSpreads(line, out)
}

// refSplitWord is appendWord as it was, with the regular expressions.
func refSplitWord(t tok) []tok {
	sub := func(k tokKind, a, z int) tok {
		return tok{kind: k, text: t.text[a:z], start: t.start + a, end: t.start + z}
	}
	if m := refPM.FindStringSubmatchIndex(t.text); m != nil {
		var out []tok
		if m[2] >= 0 {
			out = append(out, sub(tNum, m[2], m[3]))
		}
		out = append(out, sub(tPM, m[4], m[5]))
		if m[6] >= 0 {
			out = append(out, sub(tNum, m[6], m[7]))
		}
		return out
	}
	if m := refSlash.FindStringSubmatchIndex(t.text); m != nil {
		return []tok{sub(tNum, m[2], m[3]), sub(tSlash, m[3], m[4]), sub(tNum, m[4], m[5])}
	}
	if m := refBrack.FindStringSubmatch(t.text); m != nil {
		t.kind, t.num = tBrack, m[1]
		return []tok{t}
	}
	if m := refQty.FindStringSubmatch(t.text); m != nil {
		if k, ok := magnitudes[m[2]]; ok {
			t.kind, t.num, t.mult = tNum, m[1], k
			return []tok{t}
		}
		if glueUnits[m[2]] {
			t.kind, t.num, t.unit = tNum, m[1], m[2]
			return []tok{t}
		}
	}
	return []tok{t}
}
