package token

// Every table line is cut into column tokens by one hand-written scanner:
// a single pass over the bytes, no regular expression and no allocation
// but the token slice. It is the column grammar the readers share (Paren, Pipe, Mark, Word, Num, Percent, Dash, Other, with white
// space between) with the same rules, in the same order of preference, as
// the regular-expression lexer it replaced (kept in lexref_test.go as the
// reference the fuzz targets compare it with):
//
//	Paren   \(\s*[-+−]?\d[\d.,]*(?:[eE][-+]?\d+)?\s*%?\s*\)
//	Pipe    \|
//	Mark    [*^]+
//	Word    a run of [^\s|()] holding one byte that cannot be part of a
//	        number ([^\s|()0-9.,%+\-eE−])
//	Num     [-+−]?\d[\d.,]*(?:[eE][-+]?\d+)?%?
//	Percent %
//	Dash    [-+−.,eE]+
//	Space   \s+ (dropped)
//	Other   any one character
//
// \s and \d are ASCII, as in RE2: white space is tab, newline, form feed,
// carriage return and space; a vertical tab is a word character.

// Byte classes of the scanner.
const (
	bSpace    = 1 << iota // \t \n \f \r ' '
	bDigit                // 0-9
	bNumChar              // may be part of a number: 0-9 . , % + - e E
	bWordStop             // ends a word: white space, '|', '(', ')'
)

var byteClass = func() (c [256]uint8) {
	for _, b := range []byte("\t\n\f\r ") {
		c[b] |= bSpace | bWordStop
	}
	for _, b := range []byte("|()") {
		c[b] |= bWordStop
	}
	for b := '0'; b <= '9'; b++ {
		c[b] |= bDigit | bNumChar
	}
	for _, b := range []byte(".,%+-eE") {
		c[b] |= bNumChar
	}
	return c
}()

// minus is U+2212, the minus sign some mailers and tools write.
const minus = "\u2212"

// isMinus reports whether s holds U+2212 at i.
func isMinus(s string, i int) bool {
	return i+2 < len(s) && s[i] == minus[0] && s[i+1] == minus[1] && s[i+2] == minus[2]
}

// signLen returns the length of a sign at i: '-', '+' or U+2212; 0 if none.
func signLen(s string, i int) int {
	switch {
	case i >= len(s):
		return 0
	case s[i] == '-' || s[i] == '+':
		return 1
	case isMinus(s, i):
		return len(minus)
	}
	return 0
}

// digitsEnd returns the end of \d[\d.,]* at i, or -1.
func digitsEnd(s string, i int) int {
	if i >= len(s) || byteClass[s[i]]&bDigit == 0 {
		return -1
	}
	for i++; i < len(s) && (byteClass[s[i]]&bDigit != 0 || s[i] == '.' || s[i] == ','); i++ {
	}
	return i
}

// numberEnd returns the end of [-+−]?\d[\d.,]* at i, or -1.
func numberEnd(s string, i int) int {
	return digitsEnd(s, i+signLen(s, i))
}

// exponentEnd returns the end of an exponent [eE][-+]?\d+ at i, or i when
// there is none.
func exponentEnd(s string, i int) int {
	if i >= len(s) || s[i] != 'e' && s[i] != 'E' {
		return i
	}
	j := i + 1
	if j < len(s) && (s[j] == '-' || s[j] == '+') {
		j++
	}
	if j >= len(s) || byteClass[s[j]]&bDigit == 0 {
		return i
	}
	for j < len(s) && byteClass[s[j]]&bDigit != 0 {
		j++
	}
	return j
}

// spaceEnd returns the end of the white space at i.
func spaceEnd(s string, i int) int {
	for i < len(s) && byteClass[s[i]]&bSpace != 0 {
		i++
	}
	return i
}

// parenEnd returns the end of a bracketed number at s[i] == '(', or -1.
func parenEnd(s string, i int) int {
	j := numberEnd(s, spaceEnd(s, i+1))
	if j < 0 {
		return -1
	}
	j = spaceEnd(s, exponentEnd(s, j))
	if j < len(s) && s[j] == '%' {
		j++
	}
	j = spaceEnd(s, j)
	if j < len(s) && s[j] == ')' {
		return j + 1
	}
	return -1
}

// wordEnd returns the end of the run of word characters at i and whether
// the run holds a character that cannot be part of a number.
func wordEnd(s string, i int) (int, bool) {
	letter := false
	for i < len(s) {
		c := s[i]
		if byteClass[c]&bWordStop != 0 {
			break
		}
		if isMinus(s, i) {
			i += len(minus)
			continue
		}
		if byteClass[c]&bNumChar == 0 {
			letter = true
		}
		i++
	}
	return i, letter
}

// runeEnd returns the end of the character at i: one byte for ASCII and
// for a byte that starts no valid UTF-8 sequence.
func runeEnd(s string, i int) int {
	c := s[i]
	n := 1
	switch {
	case c < 0x80:
		return i + 1
	case c >= 0xC2 && c < 0xE0:
		n = 2
	case c >= 0xE0 && c < 0xF0:
		n = 3
	case c >= 0xF0 && c < 0xF5:
		n = 4
	default:
		return i + 1
	}
	if i+n > len(s) {
		return i + 1
	}
	lo, hi := byte(0x80), byte(0xBF)
	switch c {
	case 0xE0:
		lo = 0xA0
	case 0xED:
		hi = 0x9F
	case 0xF0:
		lo = 0x90
	case 0xF4:
		hi = 0x8F
	}
	if s[i+1] < lo || s[i+1] > hi {
		return i + 1
	}
	for k := 2; k < n; k++ {
		if s[i+k] < 0x80 || s[i+k] > 0xBF {
			return i + 1
		}
	}
	return i + n
}

// scanLine appends the raw tokens of s (before refine) to out.
func scanLine(s string, out []Token) []Token {
	noWord := 0 // the run of word characters before this has no letter
	for i := 0; i < len(s); {
		c := s[i]
		k, end := Other, -1
		switch {
		case byteClass[c]&bSpace != 0:
			i = spaceEnd(s, i)
			continue
		case c == '(':
			if end = parenEnd(s, i); end > 0 {
				k = Paren
			}
		case c == ')':
		case c == '|':
			k, end = Pipe, i+1
		case c == '*' || c == '^':
			for end = i + 1; end < len(s) && (s[end] == '*' || s[end] == '^'); end++ {
			}
			k = Mark
		default:
			if i >= noWord {
				if z, letter := wordEnd(s, i); letter {
					k, end = Word, z
				} else {
					noWord = z
				}
			}
			if end >= 0 {
				break
			}
			if z := numberEnd(s, i); z >= 0 {
				end = exponentEnd(s, z)
				if end < len(s) && s[end] == '%' {
					end++
				}
				k = Num
				if OutOfRange(s[i:end]) {
					k = Other // a missing value (IsMissing), not a number
				}
				break
			}
			if c == '%' {
				k, end = Percent, i+1
				break
			}
			for end = i; end < len(s); {
				if isMinus(s, end) {
					end += len(minus)
				} else if isDashByte(s[end]) {
					end++
				} else {
					break
				}
			}
			if end > i {
				k = Dash
			} else {
				end = -1
			}
		}
		if end < 0 {
			k, end = Other, runeEnd(s, i)
		}
		out = append(out, Token{Kind: k, Text: s[i:end], Start: i, End: end})
		i = end
	}
	return out
}

// isDashByte reports whether c is one of the ASCII characters of a Dash
// token.
func isDashByte(c byte) bool {
	switch c {
	case '-', '+', '.', ',', 'e', 'E':
		return true
	}
	return false
}

// Composite words (see refine): the shapes appendWord reads, each matched
// over the whole word.

// matchPM matches [-+−]?\d[\d.,]*%? (optional), then "+/-", "+-" or "±",
// then \d[\d.,]*%? (optional). a and z bound the spread mark; lead and
// tail are -1 when the number before or after is absent.
func matchPM(w string) (lead, a, z, tail int, ok bool) {
	lead, a = -1, 0
	if e := numberEnd(w, 0); e > 0 {
		if e < len(w) && w[e] == '%' {
			e++
		}
		lead, a = e, e
	}
	switch {
	case len(w)-a >= 3 && w[a:a+3] == "+/-":
		z = a + 3
	case len(w)-a >= 2 && (w[a:a+2] == "+-" || w[a:a+2] == "±"):
		z = a + 2
	default:
		return 0, 0, 0, 0, false
	}
	if z == len(w) {
		return lead, a, z, -1, true
	}
	e := digitsEnd(w, z)
	if e < 0 {
		return 0, 0, 0, 0, false
	}
	if e < len(w) && w[e] == '%' {
		e++
	}
	if e != len(w) {
		return 0, 0, 0, 0, false
	}
	return lead, a, z, z, true
}

// matchSlash matches [-+−]?\d[\d.,]*/\d[\d.,]*; slash is the index of
// the '/'.
func matchSlash(w string) (slash int, ok bool) {
	e := numberEnd(w, 0)
	if e < 0 || e >= len(w) || w[e] != '/' {
		return 0, false
	}
	return e, digitsEnd(w, e+1) == len(w)
}

// matchBrack matches \[\s*([-+−]?\d[\d.,]*%?)\s*\] and returns the number.
func matchBrack(w string) (string, bool) {
	if len(w) < 3 || w[0] != '[' || w[len(w)-1] != ']' {
		return "", false
	}
	a := spaceEnd(w, 1)
	e := numberEnd(w, a)
	if e < 0 {
		return "", false
	}
	if e < len(w) && w[e] == '%' {
		e++
	}
	if spaceEnd(w, e) != len(w)-1 {
		return "", false
	}
	return w[a:e], true
}

// matchQty matches a number with a suffix glued on:
// ([-+−]?\d[\d.,]*)([A-Za-zµ]+(?:/s(?:ec)?)?|/s).
func matchQty(w string) (num, suffix string, ok bool) {
	e := numberEnd(w, 0)
	if e < 0 || e == len(w) {
		return "", "", false
	}
	rest := w[e:]
	if rest == "/s" {
		return w[:e], rest, true
	}
	j := e
	for j < len(w) {
		c := w[j]
		switch {
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			j++
			continue
		case c == 0xC2 && j+1 < len(w) && w[j+1] == 0xB5: // µ
			j += 2
			continue
		}
		break
	}
	if j == e {
		return "", "", false
	}
	if tail := w[j:]; tail != "" && tail != "/s" && tail != "/sec" {
		return "", "", false
	}
	return w[:e], rest, true
}

// NumberEnd returns the end of the number at i, or -1: an optional sign or
// minus sign, digits with comma groups and a decimal part, or a fraction
// ".5", then an exponent. Readers with a scanner of their own (the
// named-number lines of package parse) take their numbers from it, so
// they and the cell lexer agree on what a number is.
func NumberEnd(s string, i int) int {
	e := cellNumEnd(s, i)
	if e < 0 {
		return -1
	}
	return exponentEnd(s, e)
}

// RuneEnd returns the end of the character at i: one byte for ASCII and
// for a byte that starts no valid UTF-8 sequence.
func RuneEnd(s string, i int) int { return runeEnd(s, i) }
