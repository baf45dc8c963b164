package parse

import (
	"errors"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The families run several grammars over the same line (the cell grammars
// of value-pct, pct-imp-cv, list, mmtests and key-value all read a block's
// rows), and participle would lex the line afresh for each one. A line's
// tokens depend only on the lexer and the text, so they are kept here: a
// line is lexed once for all the grammars over one lexer. The grammars
// themselves are memoised by the shape of those tokens (shapememo.go).
//
// The cache is shared by concurrent readers (a crawl parses messages on
// several goroutines) and bounded: when it holds maxPeekers lines (a few
// megabytes: a line's tokens take about 64 bytes each) it starts again
// empty. Recent lines are the ones asked for again, since
// every family reads a block before the next block is read.
type peekCache struct {
	mu sync.Mutex
	m  map[peekKey][]lexer.Token
}

type peekKey struct {
	def  *handLexer
	text string
}

const maxPeekers = 4096

var peekers = peekCache{m: map[peekKey][]lexer.Token{}}

// lexScratch holds the token buffers lines are lexed into before the
// cache keeps a copy of the exact size.
var lexScratch = sync.Pool{New: func() any { return new([]lexer.Token) }}

// tokens returns the tokens of text under def without the Space tokens
// every grammar elides, ending with the EOF token; it fails where def
// cannot lex text.
func (c *peekCache) tokens(def *handLexer, text string) ([]lexer.Token, error) {
	k := peekKey{def, text}
	c.mu.Lock()
	toks, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return toks, nil
	}
	// the tokens are cut from a copy: a line is a piece of its message's
	// body, which the cache must not keep alive
	text = strings.Clone(text)
	l, _ := def.LexString("", text) // never fails
	space := def.symbols["Space"]
	scratch := lexScratch.Get().(*[]lexer.Token)
	buf := (*scratch)[:0]
	for {
		t, err := l.Next()
		if err != nil {
			lexScratch.Put(scratch)
			return nil, err
		}
		if t.Type != space {
			buf = append(buf, t)
		}
		if t.EOF() {
			break
		}
	}
	toks = append([]lexer.Token(nil), buf...) // one allocation of the exact size
	*scratch = buf
	lexScratch.Put(scratch)
	k.text = text
	c.mu.Lock()
	if len(c.m) >= maxPeekers {
		clear(c.m)
	}
	c.m[k] = toks
	c.mu.Unlock()
	return toks, nil
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

// errNoReading is the error of a line a grammar does not read. The shape
// memo answers it without parsing, so it carries no position.
var errNoReading = errors.New("parse: the grammar does not read this line")

// parseText is p.ParseString("", text) with the line's tokens taken from
// the cache and the reading from the shape memo when p runs over a
// hand-written lexer. Every grammar over those lexers elides Space and
// nothing else, and none captures raw tokens, so dropping Space changes no
// reading (TestCachedParses compares the two for every such grammar). A
// line a grammar does not read gives errNoReading.
func parseText[T any](p *participle.Parser[T], text string) (*T, error) {
	def, ok := p.Lexer().(*handLexer)
	if !ok {
		return p.ParseString("", text)
	}
	toks, err := peekers.tokens(def, text)
	if err != nil {
		return nil, err
	}
	return memoParse(p, toks)
}
