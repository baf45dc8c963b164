package token

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// CommaStyle says how a block writes commas inside numbers.
type CommaStyle uint8

const (
	// CommaUnknown: no comma seen that decides; a lone "1,234" is read as a
	// thousands separator only when it cannot be a decimal comma.
	CommaUnknown CommaStyle = iota
	// CommaDecimal: "26311,000" and "0,15" are decimal commas.
	CommaDecimal
	// CommaThousands: "123,456,789" groups thousands.
	CommaThousands
)

// DetectCommaStyle decides the comma convention of a block from the
// number-like tokens of its lines: a comma followed by other than three
// digits, or a first group longer than three digits, is a decimal comma;
// two or more three-digit groups are thousands.
func DetectCommaStyle(lines []string) CommaStyle {
	decimal, thousands := 0, 0
	for _, l := range lines {
		for i := 0; i < len(l); i++ {
			if l[i] != ',' || i == 0 || !isDigit(l[i-1]) || i+1 >= len(l) || !isDigit(l[i+1]) {
				continue
			}
			lead := 0
			for j := i - 1; j >= 0 && isDigit(l[j]); j-- {
				lead++
			}
			if lead < i && (l[i-lead-1] == ',' || l[i-lead-1] == '.') {
				continue // a later group of the same number
			}
			groups, after := 0, i
			for after < len(l) && l[after] == ',' {
				n := 0
				for after+1+n < len(l) && isDigit(l[after+1+n]) {
					n++
				}
				if n != 3 {
					groups = -1
					break
				}
				groups++
				after += 1 + n
			}
			switch {
			case groups < 0 || lead > 3:
				decimal++
			case groups >= 2:
				thousands++
			case after < len(l) && l[after] == '.':
				thousands++ // "1,234.5"
			}
		}
	}
	switch {
	case decimal > thousands:
		return CommaDecimal
	case thousands > 0:
		return CommaThousands
	}
	return CommaUnknown
}

// isDigit reports whether b is an ASCII digit.
func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// ReadNumber reads one number token as written in a table cell and returns
// it as an exact decimal. It accepts a sign ("+30.7", "-0.00"), a trailing
// '%', decimal commas or thousands separators per style, and exponents
// ("5.157e+10", "+2.1e+05%"). Missing values ("-", "nan", "-nan", "N/A",
// "n/a") and anything else give ok false.
func ReadNumber(tok string, style CommaStyle) (n model.Number, ok bool) {
	s := strings.TrimSpace(tok)
	s = strings.TrimSuffix(s, "%")
	s = strings.TrimSpace(s)
	neg := false
	switch {
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "\u2212"): // minus sign
		neg, s = true, s[len("\u2212"):]
	}
	if s == "" || !isDigit(s[0]) {
		return "", false
	}
	mant, exp := s, ""
	if i := strings.IndexAny(s, "eE"); i > 0 {
		mant, exp = s[:i], s[i:]
	}
	if strings.Contains(mant, ",") {
		switch {
		case style == CommaDecimal && strings.Count(mant, ",") == 1 && !strings.Contains(mant, "."):
			mant = strings.Replace(mant, ",", ".", 1)
		case style != CommaDecimal && thousandsGrouped(mant):
			mant = strings.ReplaceAll(mant, ",", "")
		case style == CommaUnknown && strings.Count(mant, ",") == 1 && !strings.Contains(mant, "."):
			mant = strings.Replace(mant, ",", ".", 1)
		default:
			return "", false
		}
	}
	// Leading zeros are not JSON: "007" reads as 7, "00.5" as 0.5.
	for len(mant) > 1 && mant[0] == '0' && isDigit(mant[1]) {
		mant = mant[1:]
	}
	out := mant
	if exp != "" {
		out += "e" + exp[1:] // "5.157E+10" keeps its sign, loses the capital
	}
	if neg {
		out = "-" + out
	}
	n = model.Number(out)
	return n, n.Valid()
}

// thousandsGrouped reports whether s is digits in comma-separated groups of
// three after a first group of one to three digits ("1,234", "12,345,678",
// "1,234.56").
func thousandsGrouped(s string) bool {
	intPart := s
	if i := strings.IndexByte(s, '.'); i >= 0 {
		intPart = s[:i]
	}
	groups := strings.Split(intPart, ",")
	if len(groups) < 2 || len(groups[0]) == 0 || len(groups[0]) > 3 {
		return false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return false
		}
	}
	return true
}

// missingTokens are written in cells where a run produced no value
// (printf's "nan" and "inf" among them: a failed or empty run); they give
// no record, never a zero, and the row and table around them stand.
var missingTokens = map[string]bool{
	"-": true, "--": true, "nan": true, "-nan": true, "NaN": true, "n/a": true, "N/A": true, "NA": true, "XX": true, "x": true,
	"inf": true, "-inf": true, "+inf": true, "Inf": true, "-Inf": true, "+Inf": true, "INF": true, "-INF": true,
	"infinity": true, "-infinity": true, "Infinity": true, "-Infinity": true,
}

// IsMissing reports whether a cell token stands for "no value": one of the
// missing tokens, or a number no float64 holds (OutOfRange), which is read
// as a missing value and warned about (RangeWarnings) rather than dropped
// with its row.
func IsMissing(tok string) bool {
	tok = strings.TrimSpace(tok)
	return missingTokens[tok] || OutOfRange(tok)
}

// numberShape is a number as ReadNumber's grammar writes it once its
// commas are gone.
var numberShape = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// OutOfRange reports whether tok is written as a number (the grammar of
// ReadNumber) whose magnitude no float64 holds: "1e999", "-2E+400", a run
// of 400 digits. Such a cell is a broken counter or a typo, not a reading
// to compare; a number too small for a float64 ("1e-999") reads as itself.
func OutOfRange(tok string) bool {
	if len(tok) < 300 && !strings.ContainsAny(tok, "eE") {
		return false // under 300 digits and no exponent: within range
	}
	s := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(tok), "%"))
	s = strings.TrimPrefix(strings.TrimPrefix(s, "+"), "-")
	if s == "" || !isDigit(s[0]) {
		return false
	}
	if !numberShape.MatchString(strings.ReplaceAll(s, ",", "")) {
		return false // not written as ReadNumber reads numbers ("1.e700")
	}
	for _, st := range []CommaStyle{CommaUnknown, CommaDecimal, CommaThousands} {
		if _, ok := ReadNumber(tok, st); ok {
			return false // some reading of its commas fits
		}
	}
	_, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	return errors.Is(err, strconv.ErrRange)
}
