package token

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Hand-written lexers of the tool families whose grammars run on most
// lines of real result mail (perf stat, LKP, fio). Each keeps the rules of
// the regular-expression lexer it replaced (lexfamref_test.go), in order.

// isSpaceTab reports whether s holds a blank or a tab at i.
func isSpaceTab(s string, i int) bool { return i < len(s) && (s[i] == ' ' || s[i] == '\t') }

// fracEnd returns the end of an optional fraction \.\d+ at i.
func fracEnd(s string, i int) int {
	if i < len(s) && s[i] == '.' && isDigitAt(s, i+1) {
		return skipDigits(s, i+1)
	}
	return i
}

// groupsEnd returns the end of the thousands groups (?:,\d{3})* at i.
func groupsEnd(s string, i int) int {
	for i+3 < len(s) && s[i] == ',' && isDigitAt(s, i+1) && isDigitAt(s, i+2) && isDigitAt(s, i+3) {
		i += 4
	}
	return i
}

// otherEnd is the rule "." of a regular-expression lexer: one character,
// any but a newline (-1).
func otherEnd(s string, i int) int {
	if s[i] == '\n' {
		return -1
	}
	return runeEnd(s, i)
}

// Token types of PerfStatLexer, in rule order.
const (
	psTokNotCounted lexer.TokenType = lexer.EOF - 1 - iota
	psTokPlusMinus
	psTokPct
	psTokNumber
	psTokHash
	psTokParen
	psTokName
	psTokSpace
	psTokOther
)

// scanPerfStat is the perf stat lexer:
//
//	NotCounted <not (?:counted|supported)>
//	PlusMinus  \+-|±
//	Pct        [-+]?\d+(?:,\d{3})*(?:\.\d+)?\s*%
//	Number     [-+]?\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][-+]?\d+)?
//	Hash       #
//	Paren      [()]
//	Name       [A-Za-z_/][^\s#()]*
//	Space      [ \t]+
//	Other      .
func scanPerfStat(s string, i int, _ *int) (lexer.TokenType, int) {
	c := s[i]
	switch {
	case c == '<':
		if strings.HasPrefix(s[i:], "<not counted>") {
			return psTokNotCounted, i + len("<not counted>")
		}
		if strings.HasPrefix(s[i:], "<not supported>") {
			return psTokNotCounted, i + len("<not supported>")
		}
	case c == '+' && i+1 < len(s) && s[i+1] == '-', isPlusMinus(s, i):
		return psTokPlusMinus, i + 2
	}
	j := i
	if c == '-' || c == '+' {
		j++
	}
	if isDigitAt(s, j) {
		j = fracEnd(s, groupsEnd(s, skipDigits(s, j)))
		if k := spaceEnd(s, j); k < len(s) && s[k] == '%' {
			return psTokPct, k + 1
		}
		return psTokNumber, exponentEnd(s, j)
	}
	switch {
	case c == '#':
		return psTokHash, i + 1
	case c == '(' || c == ')':
		return psTokParen, i + 1
	case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || c == '/':
		j := i + 1
		for j < len(s) && byteClass[s[j]]&bSpace == 0 && s[j] != '#' && s[j] != '(' && s[j] != ')' {
			j++
		}
		return psTokName, j
	case isSpaceTab(s, i):
		j := i
		for isSpaceTab(s, j) {
			j++
		}
		return psTokSpace, j
	}
	return psTokOther, otherEnd(s, i)
}

// PerfStatLexer cuts a perf stat counter line.
var PerfStatLexer = newHandLexer(scanPerfStat, "NotCounted", "PlusMinus", "Pct", "Number", "Hash", "Paren", "Name", "Space", "Other")

// Token types of LKPLexer, in rule order.
const (
	lkpTokStddev lexer.TokenType = lexer.EOF - 1 - iota
	lkpTokChange
	lkpTokValue
	lkpTokSpace
	lkpTokMetric
)

// scanLKP is the LKP comparison-row lexer:
//
//	Stddev ±\s*\d+(?:\.\d+)?%
//	Change [-+](?:\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|Inf)%?
//	Value  \d+(?:\.\d+)?(?:[eE][-+]?\d+)?
//	Space  \s+
//	Metric \S+
func scanLKP(s string, i int, _ *int) (lexer.TokenType, int) {
	c := s[i]
	if isPlusMinus(s, i) {
		if j := spaceEnd(s, i+2); isDigitAt(s, j) {
			if j = fracEnd(s, skipDigits(s, j)); j < len(s) && s[j] == '%' {
				return lkpTokStddev, j + 1
			}
		}
	}
	if c == '-' || c == '+' {
		j := -1
		switch {
		case isDigitAt(s, i+1):
			j = exponentEnd(s, fracEnd(s, skipDigits(s, i+1)))
		case strings.HasPrefix(s[i+1:], "Inf"):
			j = i + 4
		}
		if j > 0 {
			if j < len(s) && s[j] == '%' {
				j++
			}
			return lkpTokChange, j
		}
	}
	if isDigitAt(s, i) {
		return lkpTokValue, exponentEnd(s, fracEnd(s, skipDigits(s, i)))
	}
	if byteClass[c]&bSpace != 0 {
		return lkpTokSpace, spaceEnd(s, i)
	}
	j := i
	for j < len(s) && byteClass[s[j]]&bSpace == 0 {
		j++
	}
	return lkpTokMetric, j
}

// LKPLexer tokenises a robot row: signed numbers are changes, unsigned ones
// values, "± N%" one stddev token, and the metric name anything else.
var LKPLexer = newHandLexer(scanLKP, "Stddev", "Change", "Value", "Space", "Metric")

// Token types of FioLexer, in rule order.
const (
	fioTokNumber lexer.TokenType = lexer.EOF - 1 - iota
	fioTokWord
	fioTokPunct
	fioTokSpace
	fioTokOther
)

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isWordStart reports whether c is [A-Za-z_].
func isWordStart(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' }

// scanFio is the fio output lexer:
//
//	Number \d+(?:\.\d+)?
//	Word   [A-Za-z_][A-Za-z_0-9]*(?:/[A-Za-z]+)?
//	Punct  [=,()\[\]|%/;-]
//	Space  [ \t]+
//	Other  .
func scanFio(s string, i int, _ *int) (lexer.TokenType, int) {
	c := s[i]
	switch {
	case isDigitAt(s, i):
		return fioTokNumber, fracEnd(s, skipDigits(s, i))
	case isWordStart(c):
		j := i + 1
		for j < len(s) && (isWordStart(s[j]) || isDigitAt(s, j)) {
			j++
		}
		if j+1 < len(s) && s[j] == '/' && isLetter(s[j+1]) {
			j += 2
			for j < len(s) && isLetter(s[j]) {
				j++
			}
		}
		return fioTokWord, j
	case strings.IndexByte("=,()[]|%/;-", c) >= 0:
		return fioTokPunct, i + 1
	case isSpaceTab(s, i):
		j := i
		for isSpaceTab(s, j) {
			j++
		}
		return fioTokSpace, j
	}
	return fioTokOther, otherEnd(s, i)
}

// FioLexer cuts the lines of fio's report.
var FioLexer = newHandLexer(scanFio, "Number", "Word", "Punct", "Space", "Other")

// Token types of PerfBenchLexer, in rule order.
const (
	pbTokNumber lexer.TokenType = lexer.EOF - 1 - iota
	pbTokRate
	pbTokWord
	pbTokPunct
	pbTokSpace
	pbTokOther
)

// Case-folded forms of 's' and 'k' outside ASCII that (?i) matches.
const (
	longS  = "\u017f" // ſ
	kelvin = "\u212a" // K
)

// foldEnd matches the lower-case ASCII literal lit at i as (?i) does and
// returns its end, or -1; wordEnd reports whether the last character
// matched is an ASCII word character (for a following \b).
func foldEnd(s string, i int, lit string) (end int, wordEnd bool) {
	for k := 0; k < len(lit); k++ {
		c := lit[k]
		switch {
		case i < len(s) && (s[i] == c || s[i] == c-'a'+'A'):
			i++
			wordEnd = true
		case c == 's' && strings.HasPrefix(s[i:], longS):
			i += len(longS)
			wordEnd = false
		case c == 'k' && strings.HasPrefix(s[i:], kelvin):
			i += len(kelvin)
			wordEnd = false
		default:
			return -1, false
		}
	}
	return i, wordEnd
}

// isWordByte reports whether c is an ASCII word character, as \b sees it.
func isWordByte(c byte) bool { return isWordStart(c) || c >= '0' && c <= '9' }

// rateEnd matches (?i)(?:usecs|nsecs|msecs|secs|ops)/(?:op|sec|s)\b at i.
func rateEnd(s string, i int) int {
	j := -1
	for _, a := range []string{"usecs", "nsecs", "msecs", "secs", "ops"} {
		if e, _ := foldEnd(s, i, a); e >= 0 {
			j = e
			break
		}
	}
	if j < 0 || j >= len(s) || s[j] != '/' {
		return -1
	}
	for _, b := range []string{"op", "sec", "s"} {
		e, w := foldEnd(s, j+1, b)
		if e < 0 {
			continue
		}
		next := e < len(s) && isWordByte(s[e])
		if w != next {
			return e
		}
	}
	return -1
}

// scanPerfBench is the perf bench lexer:
//
//	Number [-+]?\d+(?:,\d{3})*(?:\.\d+)?
//	Rate   (?i)(?:usecs|nsecs|msecs|secs|ops)/(?:op|sec|s)\b
//	Word   [A-Za-z]+
//	Punct  [:\[\]]
//	Space  [ \t]+
//	Other  .
func scanPerfBench(s string, i int, _ *int) (lexer.TokenType, int) {
	c := s[i]
	j := i
	if c == '-' || c == '+' {
		j++
	}
	if isDigitAt(s, j) {
		return pbTokNumber, fracEnd(s, groupsEnd(s, skipDigits(s, j)))
	}
	if e := rateEnd(s, i); e > 0 {
		return pbTokRate, e
	}
	switch {
	case isLetter(c):
		j := i + 1
		for j < len(s) && isLetter(s[j]) {
			j++
		}
		return pbTokWord, j
	case c == ':' || c == '[' || c == ']':
		return pbTokPunct, i + 1
	case isSpaceTab(s, i):
		j := i
		for isSpaceTab(s, j) {
			j++
		}
		return pbTokSpace, j
	}
	return pbTokOther, otherEnd(s, i)
}

// PerfBenchLexer cuts a perf bench result line.
var PerfBenchLexer = newHandLexer(scanPerfBench, "Number", "Rate", "Word", "Punct", "Space", "Other")
