package parse

import (
	"fmt"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// Numbers as a table cell writes them, read by package token; the names
// below are this package's API for them.

// CommaStyle says how a block writes commas inside numbers.
type CommaStyle = token.CommaStyle

// The comma conventions (see token.CommaStyle).
const (
	// CommaUnknown: no comma seen that decides; a lone "1,234" is read as a
	// thousands separator only when it cannot be a decimal comma.
	CommaUnknown = token.CommaUnknown
	// CommaDecimal: "26311,000" and "0,15" are decimal commas.
	CommaDecimal = token.CommaDecimal
	// CommaThousands: "123,456,789" groups thousands.
	CommaThousands = token.CommaThousands
)

// DetectCommaStyle decides the comma convention of a block from the
// number-like tokens of its lines (see token.DetectCommaStyle).
func DetectCommaStyle(lines []string) CommaStyle { return token.DetectCommaStyle(lines) }

// ReadNumber reads one number token as written in a table cell and returns
// it as an exact decimal (see token.ReadNumber): a sign, a trailing '%',
// decimal commas or thousands separators per style, and exponents are
// read; missing values and anything else give ok false.
func ReadNumber(tok string, style CommaStyle) (model.Number, bool) {
	return token.ReadNumber(tok, style)
}

// IsMissing reports whether a cell token stands for "no value": a missing
// mark ("-", "nan", "N/A") or a number no float64 holds (see
// token.IsMissing).
func IsMissing(tok string) bool { return token.IsMissing(tok) }

// OutOfRange reports whether tok is written as a number whose magnitude no
// float64 holds: "1e999", a run of 400 digits (see token.OutOfRange).
func OutOfRange(tok string) bool { return token.OutOfRange(tok) }

// rangeWarnings names every number no float64 holds in the body, one
// warning per cell with its line and offset: in a table row it is read as
// a missing value (see IsMissing), elsewhere it breaks the columns of the
// table it stands in; either way no such cell vanishes unsaid.
func rangeWarnings(body []model.Line) []model.Warning {
	var out []model.Warning
	for _, l := range body {
		if !mayOverflow(l.Text) {
			continue
		}
		for _, f := range strings.FieldsFunc(l.Text, isCellBreak) {
			if f = strings.TrimRight(f, "*^"); OutOfRange(f) {
				if len(f) > 40 {
					f = fmt.Sprintf("%s... (%d characters)", f[:40], len(f))
				}
				out = append(out, model.Warning{Line: l.No, Offset: l.Offset,
					Message: fmt.Sprintf("%q is a number no float64 holds: no record (read as a missing value)", f)})
			}
		}
	}
	return out
}

// mayOverflow is the cheap check before rangeWarnings splits a line: a
// run of 300 digits, or a digit followed by an exponent of three digits.
func mayOverflow(s string) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isDigit(c) {
			if run++; run >= 300 {
				return true
			}
			continue
		}
		if (c == 'e' || c == 'E') && run > 0 {
			j := i + 1
			if j < len(s) && (s[j] == '+' || s[j] == '-') {
				j++
			}
			k := j
			for k < len(s) && isDigit(s[k]) {
				k++
			}
			if k-j >= 3 {
				return true
			}
		}
		if c != '.' && c != ',' {
			run = 0
		}
	}
	return false
}

// isCellBreak reports whether r separates the cells rangeWarnings looks at.
func isCellBreak(r rune) bool {
	switch r {
	case ' ', '\t', '|', '(', ')', '[', ']', ';':
		return true
	}
	return false
}
