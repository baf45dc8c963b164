package token

import "github.com/alecthomas/participle/v2/lexer"

// Token types of PartLexer, in rule order.
const (
	partNum lexer.TokenType = lexer.EOF - 1 - iota
	partMag
	partUnit
	partDur
	partMissing
	partWord
	partPct
	partPM
	partApprox
	partPunct
	partSpace
	partOther
)

// scanPart is the lexer of the cell grammar (package cell). It keeps
// apart what a cell writes beside its numbers, so that the grammar can
// name each part:
//
//	Num     [-+−]?(\d[\d,.]*|\.\d+)([eE][-+]?\d+)? with at most one '.'
//	        between digits ("2.6.9" is a word), a '.' ending it kept
//	        ("131."); glued to what follows only when that is a Mag, a
//	        Unit or a '/', '%', bracket, comma or blank
//	Mag     k K M G T glued after a number ("20.5k", "4k")
//	Unit    a unit (UnitOf) glued after a number ("1316MiB/s", "10.36s",
//	        "1.39G/s") or standing alone ("701 usec", "60.9 MB/s")
//	Dur     minutes and seconds: "1m41s", "2m03.5s", "0m3,049s"
//	Missing a mark of a value not given: "-", "--", "N/A", "nan", "TBD" (IsMissing)
//	Word    any other run of characters holding a letter, up to a blank,
//	        a bracket, ',', ';', '=', ':', '%' or '±' ("real/user/sys",
//	        "IOPS", "4k-randread", "pct")
//	Pct     %
//	PM      ±, "+/-", "+-"
//	Approx  ~, ≈
//	Punct   one of ( ) [ ] , ; / = :
//	Space   blanks
//	Other   any other character
func scanPart(s string, i int, _ *int) (lexer.TokenType, int) {
	c := s[i]
	switch {
	case byteClass[c]&bSpace != 0:
		return partSpace, spaceEnd(s, i)
	case c == '%':
		return partPct, i + 1
	case c == '~':
		return partApprox, i + 1
	case hasAt(s, i, "≈"):
		return partApprox, i + len("≈")
	case isPlusMinus(s, i):
		return partPM, i + len(plusMinus)
	case hasAt(s, i, "+/-"):
		return partPM, i + 3
	case hasAt(s, i, "+-"):
		return partPM, i + 2
	}
	switch e := partNumEnd(s, i); {
	case e == versionNum:
		return partWord, partWordEnd(s, i)
	case e > 0:
		if d := durEnd(s, i); d > 0 {
			return partDur, d
		}
		if k, _ := suffixAt(s, e); partStop(s, e) || k != 0 {
			return partNum, e
		}
		return partWord, partWordEnd(s, i)
	}
	if i > 0 && isDigitAt(s, i-1) || i > 1 && s[i-1] == '.' && isDigitAt(s, i-2) {
		// the suffix glued to a number, which ended here
		if kind, z := suffixAt(s, i); kind != 0 {
			return kind, z
		}
	}
	switch c {
	case '(', ')', '[', ']', ',', ';', '/', '=', ':':
		return partPunct, i + 1
	}
	if c == '-' || c == '\xe2' && isMinus(s, i) {
		z := i
		for z < len(s) && (s[z] == '-' || isMinus(s, z)) {
			if s[z] == '-' {
				z++
			} else {
				z += len(minus)
			}
		}
		if partStop(s, z) && IsMissing(s[i:z]) {
			return partMissing, z
		}
		if partStop(s, z) {
			return partOther, z // a rule: "---"
		}
	}
	if z := partWordEnd(s, i); z > i && hasWordLetter(s[i:z]) {
		w := s[i:z]
		switch {
		case IsMissing(w) || w == "TBD":
			return partMissing, z
		case UnitOf(w) != NoUnit && w != "x" && w != "X":
			return partUnit, z
		}
		return partWord, z
	}
	return partOther, runeEnd(s, i)
}

// hasAt reports whether s holds lit at i.
func hasAt(s string, i int, lit string) bool {
	return len(s)-i >= len(lit) && s[i:i+len(lit)] == lit
}

// versionNum is what partNumEnd returns for digits with two or more
// points: a version ("2.6.32"), which is a word.
const versionNum = -2

// partNumEnd returns the end of a number at i, or -1: a sign, digits with
// comma and point groups (one point at most) or a fraction, an exponent,
// and a '.' that ends it ("131."). Digits with more points give
// versionNum.
func partNumEnd(s string, i int) int {
	j := i + signLen(s, i)
	if j < len(s) && s[j] == '.' && isDigitAt(s, j+1) {
		return exponentEnd(s, skipDigits(s, j+1))
	}
	if !isDigitAt(s, j) {
		return -1
	}
	j = skipDigits(s, j)
	points := 0
	for j+1 < len(s) && (s[j] == ',' || s[j] == '.') && isDigitAt(s, j+1) {
		if s[j] == '.' {
			points++
		}
		j = skipDigits(s, j+1)
	}
	if points > 1 {
		return versionNum
	}
	j = exponentEnd(s, j)
	if j < len(s) && s[j] == '.' && points == 0 {
		if k, _ := suffixAt(s, j+1); partStop(s, j+1) || k != 0 {
			j++ // "131.": lmbench's narrow columns
		}
	}
	return j
}

// partStop reports whether a token of the cell grammar may end before
// s[i]: at the end, a blank, a bracket, a separator, a '%' or a spread
// mark.
func partStop(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	switch s[i] {
	case ' ', '\t', '\n', '\r', '\f', '(', ')', '[', ']', ',', ';', '=', ':', '%', '/':
		return true
	}
	return isPlusMinus(s, i) || hasAt(s, i, "+-") || hasAt(s, i, "+/-")
}

// suffixAt reads the suffix glued to a number at i, up to the end of
// the run of word characters: a magnitude ("20.5k", "4k") or a unit
// ("1316MiB/s", "10.36s", "1.39G/s", "5/s"). It returns the suffix's
// token type, 0 for none, and its end.
func suffixAt(s string, i int) (lexer.TokenType, int) {
	z := partWordEnd(s, i)
	if z == i && i < len(s) && s[i] == '/' {
		z = partWordEnd(s, i+1) // "5/s"
	}
	if z == i {
		return 0, i
	}
	switch w := s[i:z]; {
	case HexPrefix(zerosBefore(s, i), w):
		return 0, i
	case UnitOf(w) != NoUnit:
		return partUnit, z
	case Magnitude(w) > 0:
		return partMag, z
	}
	return 0, i
}

// zerosBefore returns the run of '0' digits that ends at i, or "" when
// another digit or a point is part of the number: HexPrefix's test.
func zerosBefore(s string, i int) string {
	j := i
	for j > 0 && s[j-1] == '0' {
		j--
	}
	if j == i || j > 0 && (s[j-1] >= '1' && s[j-1] <= '9' || s[j-1] == '.') {
		return ""
	}
	return s[j:i]
}

// partWordEnd returns the end of the run of word characters at i: up to a
// blank, a bracket, ',', ';', '=', ':', '%', '±' or a '/' that stands
// between blanks or before a digit.
func partWordEnd(s string, i int) int {
	z := i
	for z < len(s) {
		switch s[z] {
		case ' ', '\t', '\n', '\r', '\f', '(', ')', '[', ']', ',', ';', '=', ':', '%':
			return z
		case '/':
			if z == i || z+1 >= len(s) || isDigitAt(s, z+1) || s[z+1] == ' ' || s[z+1] == '-' || s[z+1] == '+' {
				return z
			}
		}
		if isPlusMinus(s, z) {
			return z
		}
		z++
	}
	return z
}

// hasWordLetter reports whether w holds a letter or a byte beyond ASCII:
// the mark of a word.
func hasWordLetter(w string) bool {
	for i := 0; i < len(w); i++ {
		if isLetter(w[i]) || w[i] >= 0x80 || w[i] == '_' || w[i] == '#' {
			return true
		}
	}
	return false
}

// durEnd returns the end of minutes and seconds written "1m41s",
// "2m03.5s" or "0m3,049s" at i, or -1.
func durEnd(s string, i int) int {
	j := skipDigits(s, i)
	if j == i || j >= len(s) || s[j] != 'm' {
		return -1
	}
	k := skipDigits(s, j+1)
	if k == j+1 || k-j-1 > 2 {
		return -1
	}
	if k < len(s) && (s[k] == '.' || s[k] == ',') && isDigitAt(s, k+1) {
		k = skipDigits(s, k+1)
	}
	if k >= len(s) || s[k] != 's' || !partStop(s, k+1) {
		return -1
	}
	return k + 1
}

// PartLexer cuts the text of one cell into the tokens the cell grammar
// reads: numbers apart from the magnitude and unit glued to them,
// durations, missing marks, words, '%', spread marks and punctuation.
var PartLexer = newHandLexer(scanPart, "Num", "Mag", "Unit", "Dur", "Missing", "Word", "Pct", "PM", "Approx", "Punct", "Space", "Other")
