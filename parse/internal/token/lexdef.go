package token

import (
	"fmt"
	"io"

	"github.com/alecthomas/participle/v2/lexer"
)

// Hand-written participle lexers. The grammars of the families run over
// token streams that regular-expression lexers (lexer.MustSimple) used to
// cut; a handLexer cuts the same tokens with a scan function, one pass over
// the bytes with no backtracking. Each scan function keeps the rules of the
// lexer it replaced, in the same order of preference, and lexdef_test.go
// checks token for token (type, text and position) that the two agree.

// scanFunc returns the type and end of the token at s[i] (i < len(s)),
// or an end of -1 where no rule matches (a lexing error). noWord is scratch state of one line: scan functions that try a word rule
// over a run of characters record there where a run without a letter
// ends, so that no run is searched twice.
type scanFunc func(s string, i int, noWord *int) (lexer.TokenType, int)

// handLexer is a lexer.Definition over a scanFunc. Token types are numbered
// as lexer.MustSimple numbers its rules: EOF -1, then -2, -3, ... in rule
// order, so symbols and types are those of the lexer it replaced.
type handLexer struct {
	symbols map[string]lexer.TokenType
	scan    scanFunc
}

// newHandLexer names the rules of scan in their order of preference.
func newHandLexer(scan scanFunc, rules ...string) *handLexer {
	syms := map[string]lexer.TokenType{"EOF": lexer.EOF}
	for i, r := range rules {
		syms[r] = lexer.EOF - 1 - lexer.TokenType(i)
	}
	return &handLexer{symbols: syms, scan: scan}
}

// Symbols implements lexer.Definition.
func (d *handLexer) Symbols() map[string]lexer.TokenType { return d.symbols }

// Lex implements lexer.Definition.
func (d *handLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

// LexString implements lexer.StringDefinition, the path participle's
// ParseString takes.
func (d *handLexer) LexString(filename, s string) (lexer.Lexer, error) {
	return &handLex{s: s, scan: d.scan, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}, nil
}

// LexBytes implements lexer.BytesDefinition.
func (d *handLexer) LexBytes(filename string, b []byte) (lexer.Lexer, error) {
	return d.LexString(filename, string(b))
}

// handLex is the lexer of one input.
type handLex struct {
	s      string
	i      int
	noWord int
	scan   scanFunc
	pos    lexer.Position
}

// Next implements lexer.Lexer.
func (l *handLex) Next() (lexer.Token, error) {
	if l.i >= len(l.s) {
		return lexer.EOFToken(l.pos), nil
	}
	typ, end := l.scan(l.s, l.i, &l.noWord)
	if end < 0 {
		return lexer.Token{}, &lexer.Error{Msg: fmt.Sprintf("lexer: invalid input text %q", l.s[l.i:min(len(l.s), l.i+16)]), Pos: l.pos}
	}
	span := l.s[l.i:end]
	pos := l.pos
	advance(&l.pos, span)
	l.i = end
	return lexer.Token{Type: typ, Value: span, Pos: pos}, nil
}

// advance moves a position over span as lexer.Position.Advance does,
// without its rune counting for the usual case of ASCII on one line.
func advance(p *lexer.Position, span string) {
	for i := 0; i < len(span); i++ {
		if span[i] == '\n' || span[i] >= 0x80 {
			p.Advance(span)
			return
		}
	}
	p.Offset += len(span)
	p.Column += len(span)
}

// Byte classes of the cell lexer.
const (
	cStop   = 1 << iota // ends a word: white space ( ) [ ] : % * ^ | (and ±)
	cLetter             // A-Z a-z _ #
	cDigit              // 0-9
)

var cellClass = func() (c [256]uint8) {
	for _, b := range []byte("\t\n\f\r ()[]:%*^|") {
		c[b] |= cStop
	}
	for b := 'A'; b <= 'Z'; b++ {
		c[b] |= cLetter
		c[b+'a'-'A'] |= cLetter
	}
	c['_'] |= cLetter
	c['#'] |= cLetter
	for b := '0'; b <= '9'; b++ {
		c[b] |= cDigit
	}
	return c
}()

// plusMinus is '±', a cell punctuation mark.
const plusMinus = "±"

// isPlusMinus reports whether s holds '±' at i.
func isPlusMinus(s string, i int) bool {
	return i+1 < len(s) && s[i] == plusMinus[0] && s[i+1] == plusMinus[1]
}

// isDigitAt reports whether s holds an ASCII digit at i.
func isDigitAt(s string, i int) bool { return i < len(s) && s[i] >= '0' && s[i] <= '9' }

// skipDigits returns the end of the digits at i.
func skipDigits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// IsCellWord reports whether every character of s may stand in a word of
// the cell lexer (none of white space, ()[]:%*^| and '±') and one of them
// is a letter, '_' or '#': the shape of a Word.
func IsCellWord(s string) bool {
	letter := false
	for i := 0; i < len(s); i++ {
		if cellClass[s[i]]&cStop != 0 || isPlusMinus(s, i) {
			return false
		}
		letter = letter || cellClass[s[i]]&cLetter != 0
	}
	return letter
}

// IsCellLetter reports whether c makes a run of word characters a Word of
// the cell lexer: an ASCII letter, '_' or '#'.
func IsCellLetter(c byte) bool { return cellClass[c]&cLetter != 0 }

// Token types of CellLexer, in rule order.
const (
	cellSci lexer.TokenType = lexer.EOF - 1 - iota
	cellWord
	cellNum
	cellPunct
	cellSpace
	cellOther
)

// scanCell is the cell grammar's lexer:
//
//	Sci   [-+]?\d+(?:\.\d+)?[eE][-+]?\d+
//	Word  a run of characters other than white space and ()[]:%*^|± that
//	      holds a letter, '_' or '#'
//	Num   [-+−]?(?:\d+(?:,\d{3})*(?:[.,]\d+)?|\.\d+)
//	Punct one of ()[]:%*^|±
//	Space \s+
//	Other a run of characters that are none of those, or any one character
func scanCell(s string, i int, noWord *int) (lexer.TokenType, int) {
	if end := sciEnd(s, i); end > 0 {
		return cellSci, end
	}
	if i >= *noWord {
		z, letter := i, false
		for z < len(s) && cellClass[s[z]]&cStop == 0 && !isPlusMinus(s, z) {
			letter = letter || cellClass[s[z]]&cLetter != 0
			z++
		}
		if letter {
			return cellWord, z
		}
		*noWord = z
	}
	if end := cellNumEnd(s, i); end > 0 {
		return cellNum, end
	}
	c := s[i]
	switch {
	case isPlusMinus(s, i):
		return cellPunct, i + len(plusMinus)
	case byteClass[c]&bSpace != 0:
		return cellSpace, spaceEnd(s, i)
	case cellClass[c]&cStop != 0:
		return cellPunct, i + 1
	}
	z := i
	for z < len(s) && cellClass[s[z]] == 0 && !isPlusMinus(s, z) {
		z++
	}
	if z > i {
		return cellOther, z
	}
	return cellOther, runeEnd(s, i)
}

// sciEnd returns the end of [-+]?\d+(?:\.\d+)?[eE][-+]?\d+ at i, or -1.
func sciEnd(s string, i int) int {
	j := i
	if j < len(s) && (s[j] == '-' || s[j] == '+') {
		j++
	}
	if !isDigitAt(s, j) {
		return -1
	}
	j = skipDigits(s, j)
	if j < len(s) && s[j] == '.' && isDigitAt(s, j+1) {
		j = skipDigits(s, j+1)
	}
	if j >= len(s) || s[j] != 'e' && s[j] != 'E' {
		return -1
	}
	j++
	if j < len(s) && (s[j] == '-' || s[j] == '+') {
		j++
	}
	if !isDigitAt(s, j) {
		return -1
	}
	return skipDigits(s, j)
}

// cellNumEnd returns the end of [-+−]?(?:\d+(?:,\d{3})*(?:[.,]\d+)?|\.\d+)
// at i, or -1.
func cellNumEnd(s string, i int) int {
	j := i + signLen(s, i)
	switch {
	case isDigitAt(s, j):
		j = skipDigits(s, j)
		for j+3 < len(s) && s[j] == ',' && isDigitAt(s, j+1) && isDigitAt(s, j+2) && isDigitAt(s, j+3) {
			j += 4
		}
		if j < len(s) && (s[j] == '.' || s[j] == ',') && isDigitAt(s, j+1) {
			j = skipDigits(s, j+1)
		}
		return j
	case j < len(s) && s[j] == '.' && isDigitAt(s, j+1):
		return skipDigits(s, j+1)
	}
	return -1
}

// CellLexer cuts one table line into the tokens that the bracketed-cell
// grammars (value-pct, pct-imp-cv, list, mmtests, key-value) read. A token
// holding a letter is a Word ("1-groups", "latency_nice", "64VU"), so row
// labels stay whole; brackets, colons, '%', '*' and '^' stand alone so that
// cells are found by their bracket structure, never by column position.
var CellLexer = newHandLexer(scanCell, "Sci", "Word", "Num", "Punct", "Space", "Other")

// Token types of WordLexer, in rule order.
const (
	wordKey lexer.TokenType = lexer.EOF - 1 - iota
	wordName
	wordSpace
)

// scanWord is the header lexer: Key [^\s:]+: , Name \S+ , Space \s+.
func scanWord(s string, i int, _ *int) (lexer.TokenType, int) {
	if byteClass[s[i]]&bSpace != 0 {
		return wordSpace, spaceEnd(s, i)
	}
	z := i
	for z < len(s) && s[z] != ':' && byteClass[s[z]]&bSpace == 0 {
		z++
	}
	if z > i && z < len(s) && s[z] == ':' {
		return wordKey, z + 1
	}
	for z < len(s) && byteClass[s[z]]&bSpace == 0 {
		z++
	}
	return wordName, z
}

// WordLexer splits a header line at white space; a word ending in ':' is a
// Key ("Test:", "#workers:", "LN:").
var WordLexer = newHandLexer(scanWord, "Key", "Name", "Space")
