package token

import (
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The reference the token layer is checked against: the regular-expression
// lexer, participle grammar and composite-word expressions that Line
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

// refTokenize runs the column grammar over one line. The catch-all lexer rule
// makes every input lexable, so an error means a bug; it yields no tokens.
func refTokenize(s string) []Token {
	if len(s) > MaxLine {
		return nil
	}
	l, err := refColParser.ParseString("", s)
	if err != nil {
		return nil
	}
	out := make([]Token, 0, len(l.Tokens))
	for _, t := range l.Tokens {
		var k Kind
		var text string
		switch {
		case t.Paren != "":
			k, text = Paren, t.Paren
		case t.Pipe != "":
			k, text = Pipe, t.Pipe
		case t.Mark != "":
			k, text = Mark, t.Mark
		case t.Word != "":
			k, text = Word, t.Word
		case t.Num != "":
			k, text = Num, t.Num
			if OutOfRange(text) {
				k = Other // a missing value, as the scanner has read it since numbers out of range became those
			}
		case t.Percent != "":
			k, text = Percent, t.Percent
		case t.Dash != "":
			k, text = Dash, t.Dash
		default:
			k, text = Other, t.Other
		}
		out = append(out, Token{Kind: k, Text: text, Start: t.Pos.Offset, End: t.Pos.Offset + len(text)})
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
func refRefine(line string, ts []Token) []Token {
	out := make([]Token, 0, len(ts))
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch {
		case t.Kind == Num && strings.Count(t.Text, ".") >= 2:
			t.Kind = Word
			for i+1 < len(ts) && ts[i+1].Start == t.End && (ts[i+1].Kind == Dash || ts[i+1].Kind == Word || ts[i+1].Kind == Num) {
				i++
				t.End = ts[i].End
				t.Text = line[t.Start:t.End]
			}
			out = append(out, t)
		case t.Kind == Dash && t.Text == "+-":
			t.Kind = PM
			out = append(out, t)
		case t.Kind == Word && i > 0:
			out = append(out, refSplitWord(t)...)
		default:
			out = append(out, t)
		}
	}
	return foldSpreads(line, out)
}

// refSplitWord is appendWord as it was, with the regular expressions.
func refSplitWord(t Token) []Token {
	sub := func(k Kind, a, z int) Token {
		return Token{Kind: k, Text: t.Text[a:z], Start: t.Start + a, End: t.Start + z}
	}
	if m := refPM.FindStringSubmatchIndex(t.Text); m != nil {
		var out []Token
		if m[2] >= 0 {
			out = append(out, sub(Num, m[2], m[3]))
		}
		out = append(out, sub(PM, m[4], m[5]))
		if m[6] >= 0 {
			out = append(out, sub(Num, m[6], m[7]))
		}
		return out
	}
	if m := refSlash.FindStringSubmatchIndex(t.Text); m != nil {
		return []Token{sub(Num, m[2], m[3]), sub(Slash, m[3], m[4]), sub(Num, m[4], m[5])}
	}
	if m := refBrack.FindStringSubmatch(t.Text); m != nil {
		t.Kind, t.Number = Brack, m[1]
		return []Token{t}
	}
	if m := refQty.FindStringSubmatch(t.Text); m != nil {
		if k, ok := magnitudes[m[2]]; ok {
			t.Kind, t.Number, t.Mult = Num, m[1], k
			return []Token{t}
		}
		if glueUnits[m[2]] && !HexPrefix(m[1], m[2]) {
			t.Kind, t.Number, t.Unit = Num, m[1], m[2]
			return []Token{t}
		}
	}
	return []Token{t}
}
