package model

import (
	"fmt"
	"strconv"
	"strings"
)

// Number is a numeric reading kept as the exact decimal text it was read
// from, so that 4.14 is exported as 4.14 and never as 4.1399999999999997.
// Text is normalised to a JSON number: decimal commas become points, a
// leading '+' and thousands separators are dropped, exponents are kept.
type Number string

// Float returns the number as a float64 for arithmetic; it is NaN when the
// text is not a number.
func (n Number) Float() float64 {
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return nan
	}
	return f
}

var nan = func() float64 { var z float64; return z / z }()

// Valid reports whether the text is a JSON number.
func (n Number) Valid() bool {
	if !isJSONNumber(string(n)) {
		return false // checked first: a failing ParseFloat allocates its error
	}
	if len(n) < 300 && !strings.ContainsAny(string(n), "eE") {
		return true // no exponent and under 300 digits: within float64's range
	}
	_, err := strconv.ParseFloat(string(n), 64)
	return err == nil
}

// MarshalJSON writes the number as a bare JSON number.
func (n Number) MarshalJSON() ([]byte, error) {
	if !isJSONNumber(string(n)) {
		return nil, fmt.Errorf("model: %q is not a JSON number", string(n))
	}
	return []byte(n), nil
}

// UnmarshalJSON reads a bare JSON number without passing it through float64.
func (n *Number) UnmarshalJSON(b []byte) error {
	if !isJSONNumber(string(b)) {
		return fmt.Errorf("model: %s is not a JSON number", b)
	}
	*n = Number(b)
	return nil
}

// isJSONNumber checks the JSON number grammar (RFC 8259 section 6).
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i >= len(s) {
		return false
	}
	switch {
	case s[i] == '0':
		i++
	case s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(s)
}
