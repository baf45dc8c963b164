package parse

import (
	"strings"
	"sync"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// The tokens of a named-number line (named.go): a hand-written scanner in
// the manner of lex.go, one pass over the bytes, that keeps what names a
// number apart from the number: the unit glued to it ("0.027M/s", "3%"),
// the separators of a key (':', '='), the spread mark ('±', "+-", "+/-"),
// brackets, list commas and the leader dots of a drawn tree (":...",
// "......"). A number with anything else glued to it ("6.6.0-rc3",
// "1-groups", "50.00th") is a word: it names something, it is no figure.

// nkind is the kind of a named-line token.
type nkind uint8

const (
	nkWord  nkind = iota // a run that is no number: "rb-libbpf", "MB/s", "v4.1"
	nkNum                // a number, with a unit or magnitude glued to it in suffix
	nkSep                // ':' or '='
	nkComma              // ',' or ';' between items
	nkOpen               // '(' or '['
	nkClose              // ')' or ']'
	nkPM                 // '±', "+-", "+/-": the spread of the figure before
	nkLead               // leader dots of a tree or a dotted line: "...", ":...."
	nkDash               // a lone dash, bar or '#' between items: " - ", " | ", TAP's " # "
	nkArrow              // "->", "=>", "→": two figures compared (arrow.go, measure.go)
	nkOther              // anything else, one character
)

// ntok is one token of a named-number line.
type ntok struct {
	kind nkind
	// text is the token as written; for nkNum, num is the number and
	// suffix what is glued after it ("M/s", "%", "k").
	text, num, suffix string
	start, end        int // byte range in the line
}

// namedStop are the bytes that end a word.
const namedStop = " \t:=,;()[]"

// stopByte marks the bytes of namedStop: the scan asks about every byte
// of a word, and a table answers without a search of namedStop.
var stopByte = func() (t [256]bool) {
	for i := 0; i < len(namedStop); i++ {
		t[namedStop[i]] = true
	}
	return t
}()

// plusMinusAt reports whether '±' (0xC2 0xB1 in UTF-8) starts at i.
func plusMinusAt(s string, i int) bool {
	return s[i] == 0xC2 && strings.HasPrefix(s[i:], "±")
}

// scanNamed cuts a line into named-line tokens.
func scanNamed(s string) []ntok { return scanNamedInto(make([]ntok, 0, tokensAbout(s)), s) }

// scanPool holds token scratch for the callers that scan every line of a
// block (readNamed, positionalLine) and keep no token past the call: their
// slices were most of the bytes the named readers allocated.
var scanPool = sync.Pool{New: func() any { return new([]ntok) }}

// scanNamedPooled scans s into scratch from scanPool; release gives it
// back, after which the tokens must not be used.
func scanNamedPooled(s string) (toks []ntok, release func()) {
	buf := scanPool.Get().(*[]ntok)
	toks = scanNamedInto((*buf)[:0], s)
	return toks, func() {
		*buf = toks[:0]
		scanPool.Put(buf)
	}
}

// scanNamedInto appends the tokens of s to out.
func scanNamedInto(out []ntok, s string) []ntok {
	for i := 0; i < len(s); {
		c := s[i]
		if c == ' ' || c == '\t' {
			i++
			continue
		}
		t := ntok{start: i}
		switch {
		case strings.HasPrefix(s[i:], "±"):
			t.kind, t.end = nkPM, i+len("±")
		case strings.HasPrefix(s[i:], "+/-"):
			t.kind, t.end = nkPM, i+3
		case strings.HasPrefix(s[i:], "+-") && (i+2 == len(s) || s[i+2] == ' ' || isDigit(s[i+2])):
			t.kind, t.end = nkPM, i+2
		case strings.HasPrefix(s[i:], "->") || strings.HasPrefix(s[i:], "=>") || strings.HasPrefix(s[i:], "→"):
			t.kind, t.end = nkArrow, i+2
			if c == 0xE2 {
				t.end = i + len("→")
			}
		case c == ':' || c == '.' || strings.HasPrefix(s[i:], "…"):
			if end := leaderEnd(s, i); end > 0 {
				t.kind, t.end = nkLead, end
			} else if c == ':' {
				t.kind, t.end = nkSep, i+1
			} else if e := token.NumberEnd(s, i); e > 0 {
				t = numToken(s, i, e)
			} else {
				t.kind, t.end = nkOther, i+1
			}
		case c == '=':
			t.kind, t.end = nkSep, i+1
		case c == ',' || c == ';':
			t.kind, t.end = nkComma, i+1
		case c == '(' || c == '[':
			t.kind, t.end = nkOpen, i+1
		case c == ')' || c == ']':
			t.kind, t.end = nkClose, i+1
		case c == '|' || (c == '-' || c == '~' || c == '#') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == c):
			e := i + 1
			for e < len(s) && s[e] == c {
				e++
			}
			t.kind, t.end = nkDash, e
		default:
			if e := token.NumberEnd(s, i); e > 0 && (i == 0 || !isLetter(s[i-1])) {
				t = numToken(s, i, e)
				break
			}
			e := namedWordEnd(s, i)
			if e == i {
				e = token.RuneEnd(s, i)
			}
			t.kind, t.end = nkWord, e
		}
		t.text = s[t.start:t.end]
		out = append(out, t)
		i = t.end
	}
	return out
}

// namedWordEnd returns the end of the word at i: up to a stop, or through a
// comma that joins the names of one rate ("err,drop/s").
func namedWordEnd(s string, i int) int {
	e := i
	for e < len(s) && !stopByte[s[e]] && !plusMinusAt(s, e) {
		e++
	}
	if e > i && e+1 < len(s) && s[e] == ',' && isLetter(s[e+1]) {
		z := e + 1
		for z < len(s) && !stopByte[s[z]] {
			z++
		}
		if unitOf(s[i:z]) == uRate {
			return z
		}
	}
	return e
}

// leaderEnd returns the end of a leader at i: three or more dots, an
// ellipsis, or ':' followed by dots (":...", ":......."); -1 if none.
func leaderEnd(s string, i int) int {
	j := i
	if s[j] == ':' {
		j++
	}
	k := j
	for k < len(s) {
		switch {
		case s[k] == '.':
			k++
			continue
		case strings.HasPrefix(s[k:], "…"):
			k += len("…")
			continue
		}
		break
	}
	if dots := s[j:k]; dots == "…" || strings.Count(dots, ".") >= 3 || strings.Contains(dots, "…") && k > j {
		if k < len(s) && isDigit(s[k]) {
			return -1 // ".5" after dots is a number
		}
		return k
	}
	return -1
}

// tokensAbout bounds roughly how many tokens scanNamed cuts s into: the
// runs of non-blanks and the stops inside them. Sizing the slice once
// saves the copies of growing it, which were two thirds of the scan.
func tokensAbout(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' || c == '\t':
			in = false
		case stopByte[c]:
			n, in = n+1, false
		case !in:
			n, in = n+1, true
		}
	}
	return n
}

// numToken makes the number token that ends at e, with what is glued to
// it up to the next stop as its suffix. A suffix that is neither a unit
// nor a magnitude makes the token a word ("6.6.0-rc3", "1-groups").
func numToken(s string, i, e int) ntok {
	end := e
	for end < len(s) && !stopByte[s[end]] && !plusMinusAt(s, end) {
		end++
	}
	t := ntok{kind: nkNum, start: i, end: end, num: s[i:e], suffix: s[e:end]}
	if t.suffix != "" {
		if _, ok := splitSuffix(t.suffix); !ok || token.HexPrefix(t.num, t.suffix) {
			t.kind = nkWord
		}
	}
	return t
}

// splitSuffix reads what is glued to a number: a unit ("ms", "MB/s",
// "%"), a magnitude ("k", "M"), or a magnitude before a unit the unit
// table knows whole ("Mpps" is a unit; "2.5Gops/s" a rate).
func splitSuffix(suf string) (magnitude bool, ok bool) {
	if unitOf(suf) != uNone {
		return false, true
	}
	if magnitudeSuffix(suf) {
		return true, true
	}
	return false, false
}

// magnitudeSuffix reports whether s is a magnitude written after a number.
func magnitudeSuffix(s string) bool {
	switch s {
	case "k", "K", "M", "G", "T", "m":
		return s != "m" // "m" is minutes or metres as often as milli
	}
	return false
}
