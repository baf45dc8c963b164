package token

import (
	"strings"
	"sync"

	"github.com/lkmlbench/lkmlbench/model"
)

// Kind classifies a column token for the geometry code above.
type Kind uint8

// The kinds of column tokens (lex.go gives the rules of the first eight).
const (
	Word    Kind = iota // a run of non-blank characters holding a letter
	Num                 // a number, with a glued '%', unit or magnitude
	Paren               // a bracketed number: "(+3.7%)", "( +/- 0.5 % )"
	Pipe                // '|'
	Mark                // a run of '*' and '^'
	Percent             // a '%' standing apart
	Dash                // a run of '-', '+', '.', ',', 'e' or 'E'
	Other               // any other character
	PM                  // "+/-", "+-" or "±" before a spread
	Slash               // "/" between the two numbers of a "12345/23456" cell
	Brack               // a bracketed number "[0.5]": a spread
)

// Token is a column token with its kind, text and byte span in the line.
// Number tokens refined from composite words ("1.5M", "12.3ms", "1.000x")
// keep their text as written and carry the numeric part, the power of ten
// of a magnitude suffix and the glued unit apart; a spread in brackets
// ("(+/-5,67 %)") is a Paren with Spread set.
type Token struct {
	Kind       Kind
	Text       string // line[Start:End]
	Start, End int    // byte columns in the line
	Number     string // numeric part when it differs from Text
	Mult       int    // magnitude suffix as a power of ten: K 3, M 6, G 9, T 12
	Unit       string // unit glued to the number ("ms", "MB/s", "x")
	Spread     bool   // a Paren holding a "+/-" spread
}

// Line cuts one line into column tokens and reads its composite words; a
// line longer than MaxLine gives no tokens. The slice has no capacity
// beyond its length, so that appending to it never writes into a slice
// a cache holds.
func Line(s string) []Token {
	if LexHook != nil {
		LexHook(s)
	}
	if len(s) > MaxLine {
		return nil
	}
	// the raw and refined tokens go to scratch, the result to a slice of
	// its own size: a block's lines are kept lexed (Cache), and a token is
	// eighty bytes
	sc := lineScratch.Get().(*scratch)
	sc.raw = scanLine(s, sc.raw[:0])
	sc.out = refine(s, sc.raw, sc.out[:0])
	out := make([]Token, len(sc.out))
	copy(out, sc.out)
	lineScratch.Put(sc)
	return out
}

// scratch holds the token buffers of one Line call.
type scratch struct{ raw, out []Token }

// lineScratch keeps the buffers Line lexes into.
var lineScratch = sync.Pool{New: func() any { return new(scratch) }}

// LexHook, when set (by tests), is called with every line Line lexes.
var LexHook func(string)

// MaxLine bounds the lines handed to the scanner: table rows are short,
// and a long line is prose or a log dump.
const MaxLine = 400

// Glued reports whether token i touches the next token with no space
// between them ("0-63," lexes as two numbers glued together).
func Glued(ts []Token, i int) bool {
	return i+1 < len(ts) && ts[i].End == ts[i+1].Start
}

// Composite cell words. Testers write a number with what qualifies it glued
// on: a magnitude suffix ("250K", "1.5M"), a unit ("12.3ms", "450MB/s"), a
// ratio mark ("1.000x"), a spread ("12.345+/-0.678", "±0.5"), a pair
// ("12345/23456") or a bracketed spread ("[0.5]"). The lexer keeps such a
// word whole so that labels stay whole; refine then reads the words that
// are cells.

// magnitudes are the suffixes read as powers of ten. They are decimal
// (1.5M is 1500000): testers use them for counts and rates, and a binary
// reading of "250K" operations would invent digits nobody wrote.
var magnitudes = map[string]int{"K": 3, "k": 3, "M": 6, "G": 9, "T": 12}

// glueUnits are the units recognised glued to a number; any other glued
// letters make the word a label ("4k-randread", "x86").
var glueUnits = map[string]bool{
	"ns": true, "us": true, "µs": true, "usec": true, "usecs": true, "ms": true, "msec": true, "msecs": true,
	"s": true, "sec": true, "secs": true, "B": true, "KB": true, "kB": true, "MB": true, "GB": true, "TB": true,
	"KiB": true, "MiB": true, "GiB": true, "TiB": true, "B/s": true, "KB/s": true, "kB/s": true, "MB/s": true,
	"GB/s": true, "KiB/s": true, "MiB/s": true, "GiB/s": true, "Kbps": true, "Mbps": true, "Gbps": true,
	"Mbit/s": true, "Gbit/s": true, "ops/s": true, "op/s": true, "ops/sec": true, "iops": true, "IOPS": true,
	"x": true, "X": true, "MHz": true, "GHz": true, "W": true, "mW": true, "lps": true, "/s": true,
}

// refine rewrites the composite words of a lexed line into number tokens
// and their qualifiers, turns version strings ("2.6.9", "2.6.10-") into
// words, and folds a bracketed spread "( +/- 0.5 % )" into one Paren; it
// appends the result to out.
func refine(line string, ts, out []Token) []Token {
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
			out = AppendWord(out, t)
		default:
			out = append(out, t)
		}
	}
	return foldSpreads(line, out)
}

// AppendWord appends one composite word, read, to out: a number with its
// spread ("12.3+/-0.5"), a pair ("12345/23456"), a bracketed spread
// ("[0.5]"), a number with a magnitude suffix or a unit glued on ("1.5M",
// "12.3ms"); a word of no known shape stays a word.
func AppendWord(out []Token, t Token) []Token {
	sub := func(k Kind, a, z int) Token {
		return Token{Kind: k, Text: t.Text[a:z], Start: t.Start + a, End: t.Start + z}
	}
	if lead, a, z, tail, ok := matchPM(t.Text); ok {
		if lead >= 0 {
			out = append(out, sub(Num, 0, lead))
		}
		out = append(out, sub(PM, a, z))
		if tail >= 0 {
			out = append(out, sub(Num, tail, len(t.Text)))
		}
		return out
	}
	if k, ok := matchSlash(t.Text); ok {
		return append(out, sub(Num, 0, k), sub(Slash, k, k+1), sub(Num, k+1, len(t.Text)))
	}
	if num, ok := matchBrack(t.Text); ok {
		t.Kind, t.Number = Brack, num
		return append(out, t)
	}
	if num, suffix, ok := matchQty(t.Text); ok {
		if k, ok := magnitudes[suffix]; ok {
			t.Kind, t.Number, t.Mult = Num, num, k
		} else if glueUnits[suffix] && !HexPrefix(num, suffix) {
			t.Kind, t.Number, t.Unit = Num, num, suffix
		}
	}
	return append(out, t)
}

// HexPrefix reports whether a number and the letters glued to it are the
// "0x" that starts a C hex literal cut short ("mask=0x"), not a ratio:
// nobody writes a speed-up of zero times.
func HexPrefix(num, suffix string) bool {
	return num != "" && (suffix == "x" || suffix == "X") && strings.Trim(num, "0") == ""
}

// foldSpreads folds "(" [+/-] number [%] ")" into one Paren token; a
// "+/-" inside marks it a spread. It folds ts in place.
func foldSpreads(line string, ts []Token) []Token {
	out := ts[:0] // never ahead of i
	for i := 0; i < len(ts); i++ {
		if ts[i].Kind != Other || ts[i].Text != "(" {
			out = append(out, ts[i])
			continue
		}
		j, pm := i+1, false
		if j < len(ts) && ts[j].Kind == PM {
			pm, j = true, j+1
		}
		if j >= len(ts) || ts[j].Kind != Num || ts[j].Unit != "" || ts[j].Mult != 0 {
			out = append(out, ts[i])
			continue
		}
		num := ts[j].Text
		j++
		if j < len(ts) && ts[j].Kind == Percent {
			num += "%"
			j++
		}
		if j >= len(ts) || ts[j].Kind != Other || ts[j].Text != ")" {
			out = append(out, ts[i])
			continue
		}
		out = append(out, Token{Kind: Paren, Text: line[ts[i].Start:ts[j].End], Start: ts[i].Start, End: ts[j].End, Number: num, Spread: pm})
		i = j
	}
	return out
}

// Value reads a number token (or the number inside a Paren or Brack)
// as an exact decimal, scaled by its magnitude suffix. A trailing '.'
// ("131." in lmbench's narrow columns) is dropped.
func Value(t Token, style CommaStyle) (string, bool) {
	s := t.Text
	switch {
	case t.Number != "":
		s = t.Number
	case t.Kind == Paren:
		s = strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
	}
	if len(s) > 1 && s[len(s)-1] == '.' && isDigit(s[len(s)-2]) {
		s = s[:len(s)-1]
	}
	n, ok := ReadNumber(s, style)
	if !ok {
		return "", false
	}
	if t.Mult > 0 {
		return scaleDecimal(string(n), t.Mult)
	}
	return string(n), true
}

// InPercent reports whether a bracketed or spread figure was written in
// percent.
func InPercent(t Token) bool {
	return strings.Contains(t.Text, "%") || strings.HasSuffix(t.Number, "%")
}

// scaleDecimal multiplies an exact decimal by 10^k by moving its point.
func scaleDecimal(n string, k int) (string, bool) {
	if strings.ContainsAny(n, "eE") {
		return "", false
	}
	sign := ""
	if strings.HasPrefix(n, "-") {
		sign, n = "-", n[1:]
	}
	ip, fp, _ := strings.Cut(n, ".")
	for len(fp) < k {
		fp += "0"
	}
	ip, fp = ip+fp[:k], fp[k:]
	ip = strings.TrimLeft(ip, "0")
	if ip == "" {
		ip = "0"
	}
	fp = strings.TrimRight(fp, "0")
	out := sign + ip
	if fp != "" {
		out += "." + fp
	}
	return out, model.Number(out).Valid()
}
