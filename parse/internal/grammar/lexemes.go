package grammar

import (
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2/lexer"
)

// Lines are lexed for the grammars into lexemes: pointer-free records of a
// token's type, bytes and position, which cost the collector nothing.
// participle's tokens are only made for a shape the memo meets for the
// first time (shapememo.go).

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

// LexHook, when set (by tests), sees every line a grammar's lexer lexes,
// and how many times before the cache started again empty (a line lexed
// again after that is no second lexing of one block).
var LexHook func(def lexer.Definition, text string, clears int)

// ForgetLexemes empties the cache of lexed lines, for tests and benchmarks
// that read the same text again as if for the first time. The shape memo
// is kept: shapes do recur from message to message.
func ForgetLexemes() {
	lexemesOf.mu.Lock()
	clear(lexemesOf.m)
	lexemesOf.mu.Unlock()
}

// lexemes returns the lexemes of text under def (ending with EOF).
func (c *lexemeCache) lexemes(def lexer.Definition, text string) ([]lexeme, error) {
	k := lexKey{def, text}
	c.mu.Lock()
	l, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return l.toks, l.err
	}
	if LexHook != nil {
		c.mu.Lock()
		clears := c.clears
		c.mu.Unlock()
		LexHook(def, text, clears)
	}
	scratch := lexemeScratch.Get().(*[]lexeme)
	defer lexemeScratch.Put(scratch)
	toks, err := lexWith((*scratch)[:0], def, text)
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

// lexWith appends the tokens of text under def to out, without the Space
// tokens every grammar elides, ending with an EOF lexeme; it fails where
// def cannot lex text, as participle's lexing would.
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
