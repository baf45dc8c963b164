package grammar

import (
	"encoding"
	"encoding/binary"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The shape memo. participle's engine costs microseconds a line, most of it
// reflection and the copies of its lookahead, and the families try several
// grammars on every line of a block, most of them failing. Yet whether a
// grammar reads a line, and which token lands in which field, depends only
// on the line's shape: the token types, and the text of the tokens that
// spell one of the grammar's literals ("pct", "(", "%"). The rows of one
// table share a shape, and so do the lines a grammar rejects, so each
// grammar runs once per shape: the reading of a shape is kept as a
// template whose captured text names token indices, and a line of a known
// shape is read by filling the template with its own tokens.
//
// That holds only for grammars whose fields take any text: strings, string
// slices, flags, positions and nested rules, none with its own Capture or
// UnmarshalText (which may refuse a value). Grammars with other fields are
// parsed every time; memoFor tells them apart by reflection when a grammar
// is first used. FuzzShapeMemo compares the memo's readings with
// participle's own ParseString, and so do the tests of package parse for
// every grammar of its families.
//
// The lines come to the memo as lexemes (lexemes.go).

// errNoReading is the error of a line a grammar does not read. The shape
// memo answers it without parsing, so it carries no position.
var errNoReading = errors.New("grammar: the grammar does not read this line")

// grammarMemo is the memo of one grammar.
type grammarMemo struct {
	literals map[int][]string // the grammar's ASCII literal strings by length
	wide     []string         // its literals beyond ASCII, whose folds may differ in length
	initial  [256]bool        // the first bytes of the literals and of what folds to them

	mu     sync.Mutex
	shapes map[string]*shapeReading
}

// shapeReading is what a grammar made of one shape: nothing (ok false), or
// a template of its result (a *T) whose strings hold token markers.
type shapeReading struct {
	ok       bool
	template reflect.Value
}

// maxShapes bounds each grammar's memo (a shape and its template take a
// few hundred bytes); a full memo starts again empty.
const maxShapes = 1024

// memos maps a grammar (its *participle.Parser[T]) to its *grammarMemo, or
// to nil for a grammar the memo cannot serve.
var memos sync.Map

// memoFor returns the memo of p, nil when p's readings may depend on more
// than the shape.
func memoFor[T any](p *participle.Parser[T]) *grammarMemo {
	if g, ok := memos.Load(p); ok {
		return g.(*grammarMemo)
	}
	var g *grammarMemo
	if memoable(reflect.TypeFor[T](), map[reflect.Type]bool{}) {
		g = newGrammarMemo(p.String())
	}
	memos.Store(p, g)
	return g
}

// newGrammarMemo is the empty memo of the grammar written ebnf.
func newGrammarMemo(ebnf string) *grammarMemo {
	g := &grammarMemo{literals: map[int][]string{}, shapes: map[string]*shapeReading{}}
	for _, l := range grammarLiterals(ebnf) {
		if l == "" {
			continue
		}
		if ascii(l) {
			g.literals[len(l)] = append(g.literals[len(l)], l)
		} else {
			g.wide = append(g.wide, l)
		}
		g.initial[l[0]] = true
		// the ASCII runes equal to the first one under folding ("k" for
		// the Kelvin sign, "S" for "s")
		r, _ := utf8.DecodeRuneInString(l)
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < utf8.RuneSelf {
				g.initial[f] = true
			}
		}
	}
	return g
}

// memoParse reads a line's tokens (ending in EOF) with p.
func memoParse[T any](p *participle.Parser[T], text string, toks []lexeme) (*T, error) {
	g := memoFor(p)
	var buf [512]byte
	var key []byte
	if g != nil {
		key = g.shapeKey(buf[:0], text, toks)
	}
	if key == nil {
		pl, err := lexer.Upgrade(&sliceLexer{toks: tokensOfLexemes(text, toks)})
		if err != nil {
			return nil, err
		}
		return p.ParseFromLexer(pl)
	}
	g.mu.Lock()
	r, ok := g.shapes[string(key)]
	g.mu.Unlock()
	if !ok {
		r = readShape(g, p, text, toks)
		g.mu.Lock()
		if len(g.shapes) >= maxShapes {
			clear(g.shapes)
		}
		g.shapes[string(key)] = r
		g.mu.Unlock()
	}
	if !r.ok {
		return nil, errNoReading
	}
	out := new(T)
	fillReading(reflect.ValueOf(out).Elem(), r.template.Elem(), text, toks)
	return out, nil
}

// readShape parses a shape met for the first time: the line's tokens, with
// every text that spells no literal of the grammar replaced by a marker of
// its index and every position by the index too.
func readShape[T any](g *grammarMemo, p *participle.Parser[T], text string, toks []lexeme) *shapeReading {
	pl, err := lexer.Upgrade(&sliceLexer{toks: g.marked(text, toks)})
	if err != nil {
		return &shapeReading{}
	}
	v, err := p.ParseFromLexer(pl)
	if err != nil {
		return &shapeReading{}
	}
	return &shapeReading{ok: true, template: reflect.ValueOf(v)}
}

// shapeKey appends the shape of toks to key: each token's type, and its
// text where it may spell a literal. It returns nil for a line holding the
// bytes of a marker, which a template could not tell from one.
func (g *grammarMemo) shapeKey(key []byte, text string, toks []lexeme) []byte {
	if strings.IndexByte(text, 0) >= 0 || strings.IndexByte(text, 1) >= 0 {
		return nil
	}
	for _, t := range toks {
		v := t.value(text)
		key = binary.AppendVarint(key, int64(t.typ))
		if g.literal(v) {
			key = binary.AppendUvarint(key, uint64(len(v))+1)
			key = append(key, v...)
		} else {
			key = append(key, 0)
		}
	}
	return key
}

// literal reports whether s may match a literal of the grammar. Matching
// may ignore case (participle.CaseInsensitive), so any literal equal under
// simple folding counts, and text beyond ASCII always does.
func (g *grammarMemo) literal(s string) bool {
	if s == "" || s[0] < utf8.RuneSelf && !g.initial[s[0]] {
		return false
	}
	if !ascii(s) {
		return true
	}
	for _, l := range g.literals[len(s)] {
		if strings.EqualFold(l, s) {
			return true
		}
	}
	for _, l := range g.wide {
		if strings.EqualFold(l, s) {
			return true
		}
	}
	return false
}

// marked returns toks with the marker of each token's index as the text of
// every token that spells no literal, and the index (from 1) as every
// token's offset.
func (g *grammarMemo) marked(text string, toks []lexeme) []lexer.Token {
	out := make([]lexer.Token, len(toks))
	for i, t := range toks {
		v := t.value(text)
		if t.typ != lexer.EOF && !g.literal(v) {
			v = marker(i)
		}
		out[i] = lexer.Token{Type: t.typ, Value: v, Pos: lexer.Position{Offset: i + 1, Line: 1, Column: i + 1}}
	}
	return out
}

// marker is the text standing for token i in a template. No literal holds
// NUL or SOH, and lines holding them are not memoised (shapeKey), so a
// template's NUL always begins a marker.
func marker(i int) string { return "\x00" + strconv.Itoa(i) + "\x01" }

// unmark replaces the markers in a template's text by the tokens' texts.
func unmark(s, text string, toks []lexeme) string {
	if strings.IndexByte(s, 0) < 0 {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		at := strings.IndexByte(s, 0)
		if at < 0 {
			b.WriteString(s)
			break
		}
		end := strings.IndexByte(s[at:], 1) + at
		i, _ := strconv.Atoi(s[at+1 : end])
		if at == 0 && end == len(s)-1 && b.Len() == 0 {
			return toks[i].value(text) // the common case: one token, no copy
		}
		b.WriteString(s[:at])
		b.WriteString(toks[i].value(text))
		s = s[end+1:]
	}
	return b.String()
}

var positionType = reflect.TypeFor[lexer.Position]()

// fillReading sets dst to the template t read with the line's tokens.
func fillReading(dst, t reflect.Value, text string, toks []lexeme) {
	switch t.Kind() {
	case reflect.String:
		dst.SetString(unmark(t.String(), text, toks))
	case reflect.Bool:
		dst.SetBool(t.Bool())
	case reflect.Struct:
		if t.Type() == positionType {
			if at := t.Interface().(lexer.Position).Offset; at > 0 {
				dst.Set(reflect.ValueOf(toks[at-1].pos()))
			}
			return
		}
		typ := t.Type()
		for i := 0; i < t.NumField(); i++ {
			if f := typ.Field(i); f.IsExported() || f.Anonymous { // participle fills embedded rules too
				fillReading(dst.Field(i), t.Field(i), text, toks)
			}
		}
	case reflect.Pointer:
		if t.IsNil() {
			return
		}
		n := reflect.New(t.Type().Elem())
		fillReading(n.Elem(), t.Elem(), text, toks)
		dst.Set(n)
	case reflect.Slice:
		if t.IsNil() {
			return
		}
		n := reflect.MakeSlice(t.Type(), t.Len(), t.Len())
		for i := 0; i < t.Len(); i++ {
			fillReading(n.Index(i), t.Index(i), text, toks)
		}
		dst.Set(n)
	}
}

var (
	captureType     = reflect.TypeFor[participle.Capture]()
	unmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	parseableType   = reflect.TypeFor[participle.Parseable]()
)

// memoable reports whether every field of t takes any text, so that its
// readings depend on nothing but the shape.
func memoable(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	for _, i := range []reflect.Type{captureType, unmarshalerType, parseableType} {
		if t.Implements(i) || reflect.PointerTo(t).Implements(i) {
			return false
		}
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool:
		return true
	case reflect.Pointer, reflect.Slice:
		return memoable(t.Elem(), seen)
	case reflect.Struct:
		if t == positionType {
			return true
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if (f.IsExported() || f.Anonymous) && !memoable(f.Type, seen) {
				return false
			}
		}
		return true
	}
	return false
}

// grammarLiterals collects the quoted literals of a grammar's EBNF
// (participle's Parser.String).
func grammarLiterals(ebnf string) []string {
	var out []string
	for i := 0; i < len(ebnf); i++ {
		if ebnf[i] != '"' {
			continue
		}
		q, err := strconv.QuotedPrefix(ebnf[i:])
		if err != nil {
			continue
		}
		if s, err := strconv.Unquote(q); err == nil {
			out = append(out, s)
		}
		i += len(q) - 1
	}
	return out
}

// ascii reports whether s is all ASCII.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
