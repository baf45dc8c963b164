package parse

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
// is first used. TestCachedParses and FuzzShapeMemo compare every grammar's
// readings with participle's own ParseString.
//
// Lines are lexed by the hand-written lexers into lexemes: pointer-free
// records of a token's type, bytes and position, which cost the collector
// nothing. participle's tokens are only made for a shape met for the first
// time.

// lexeme is one token of a line: its type, its bytes text[start:end] and
// where it starts, as lexer.Position counts.
type lexeme struct {
	typ          lexer.TokenType
	start, end   int
	line, column int
}

// value returns the token's text.
func (t lexeme) value(text string) string { return text[t.start:t.end] }

// pos returns the token's position.
func (t lexeme) pos() lexer.Position {
	return lexer.Position{Offset: t.start, Line: t.line, Column: t.column}
}

// lexemeScratch holds the buffers lines are lexed into.
var lexemeScratch = sync.Pool{New: func() any { return new([]lexeme) }}

// The families run several grammars over one lexer on the same line (the
// cell grammars of value-pct, pct-imp-cv, list, mmtests and key-value all
// try a block's rows), so a line's lexemes are kept: a line is lexed once
// per lexer. The cache is shared by concurrent readers (a crawl parses
// messages on several goroutines) and bounded: when it holds maxLexed
// lines it starts again empty; the lines asked for again are recent ones,
// since every family reads a block before the next block is read. Lexemes
// hold no pointers, so the cache costs the collector nothing but its keys.
type lexemeCache struct {
	mu     sync.Mutex
	m      map[lexKey]lexedLine
	clears int // how often the cache started again empty
}

// lexedLine is a line's lexemes, or the error of a lexer that cannot lex
// it (kept too: the next grammar would fail the same way).
type lexedLine struct {
	toks []lexeme
	err  error
}

type lexKey struct {
	def  lexer.Definition
	text string
}

const maxLexed = 4096

var lexemesOf = lexemeCache{m: map[lexKey]lexedLine{}}

// grammarLexHook, when set (by tests), sees every line a grammar's lexer
// lexes.
var grammarLexHook func(def lexer.Definition, text string)

// lexemes returns the lexemes of text under def (ending with EOF).
func (c *lexemeCache) lexemes(def lexer.Definition, text string) ([]lexeme, error) {
	k := lexKey{def, text}
	c.mu.Lock()
	l, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return l.toks, l.err
	}
	if grammarLexHook != nil {
		grammarLexHook(def, text)
	}
	scratch := lexemeScratch.Get().(*[]lexeme)
	defer lexemeScratch.Put(scratch)
	var toks []lexeme
	var err error
	if hd, ok := def.(*handLexer); ok {
		toks, err = lexLexemes((*scratch)[:0], hd, text)
	} else {
		toks, err = lexWith((*scratch)[:0], def, text)
	}
	*scratch = toks
	if err == nil {
		l.toks = append([]lexeme(nil), toks...)
	}
	l.err = err
	// the key is a copy: a line is a piece of its message's body, which
	// the cache must not keep alive
	k.text = strings.Clone(text)
	c.mu.Lock()
	if len(c.m) >= maxLexed {
		clear(c.m)
		c.clears++
	}
	c.m[k] = l
	c.mu.Unlock()
	return l.toks, l.err
}

// lexLexemes appends the tokens of text under def to out, without the Space
// tokens every grammar elides, ending with an EOF lexeme; it fails where
// def cannot lex text, as participle's lexing would.
func lexLexemes(out []lexeme, def *handLexer, text string) ([]lexeme, error) {
	space := def.symbols["Space"]
	pos := lexer.Position{Line: 1, Column: 1}
	noWord := 0
	for i := 0; i < len(text); {
		typ, end := def.scan(text, i, &noWord)
		if end < 0 {
			return out, &lexer.Error{Msg: "lexer: invalid input text " + strconv.Quote(text[i:min(len(text), i+16)]), Pos: pos}
		}
		if typ != space {
			out = append(out, lexeme{typ: typ, start: i, end: end, line: pos.Line, column: pos.Column})
		}
		advance(&pos, text[i:end])
		i = end
	}
	return append(out, lexeme{typ: lexer.EOF, start: len(text), end: len(text), line: pos.Line, column: pos.Column}), nil
}

// errNoReading is the error of a line a grammar does not read. The shape
// memo answers it without parsing, so it carries no position.
var errNoReading = errors.New("parse: the grammar does not read this line")

// parseText is p.ParseString("", text), read through the shape memo. Every
// grammar of the package elides Space and nothing else, and none captures
// raw tokens, so dropping Space changes no reading. A line a grammar does
// not read gives errNoReading.
func parseText[T any](p *participle.Parser[T], text string) (*T, error) {
	toks, err := lexemesOf.lexemes(p.Lexer(), text)
	if err != nil {
		return nil, err
	}
	return memoParse(p, text, toks)
}

// lexWith lexes text as lexLexemes does, with any participle lexer (the
// regular-expression lexers of a few families).
func lexWith(out []lexeme, def lexer.Definition, text string) ([]lexeme, error) {
	var l lexer.Lexer
	var err error
	if sd, ok := def.(lexer.StringDefinition); ok {
		l, err = sd.LexString("", text)
	} else {
		l, err = def.Lex("", strings.NewReader(text))
	}
	if err != nil {
		return out, err
	}
	space, hasSpace := def.Symbols()["Space"]
	for {
		t, err := l.Next()
		if err != nil {
			return out, err
		}
		if !hasSpace || t.Type != space {
			out = append(out, lexeme{typ: t.Type, start: t.Pos.Offset, end: t.Pos.Offset + len(t.Value), line: t.Pos.Line, column: t.Pos.Column})
		}
		if t.EOF() {
			return out, nil
		}
	}
}

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

// maxShapes bounds each grammar's memo; a full memo starts again empty.
const maxShapes = 2048

// memos maps a grammar (its *participle.Parser[T]) to its *grammarMemo, or
// to nil for a grammar the memo cannot serve.
var memos sync.Map

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

// ascii reports whether s is all ASCII.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
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

// tokensOfLexemes returns the participle tokens of a line's lexemes.
func tokensOfLexemes(text string, toks []lexeme) []lexer.Token {
	out := make([]lexer.Token, len(toks))
	for i, t := range toks {
		out[i] = lexer.Token{Type: t.typ, Value: t.value(text), Pos: t.pos()}
	}
	return out
}

// sliceLexer hands participle a token slice ending in EOF.
type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	t := l.toks[l.i]
	if l.i < len(l.toks)-1 {
		l.i++
	}
	return t, nil
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
