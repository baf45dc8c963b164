package parse

import (
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The families run several grammars over the same line (the cell grammars
// of value-pct, pct-imp-cv, list, mmtests and key-value all read a block's
// rows), and participle lexes and buffers the line afresh for each one. A
// line's buffered tokens (a lexer.PeekingLexer) depend only on the lexer
// and the text, and parsing never changes them, so they are kept here and
// each parse starts from a copy: a line is lexed once for all the grammars
// over one lexer.
//
// The cache is shared by concurrent readers (a crawl parses messages on
// several goroutines) and bounded: when it holds maxPeekers lines (a few
// megabytes: a line's tokens take about 64 bytes each) it starts again
// empty. Recent lines are the ones asked for again, since
// every family reads a block before the next block is read.
type peekCache struct {
	mu sync.Mutex
	m  map[peekKey]*lexer.PeekingLexer
}

type peekKey struct {
	def  *handLexer
	text string
}

const maxPeekers = 4096

var peekers = peekCache{m: map[peekKey]*lexer.PeekingLexer{}}

// peek returns the buffered tokens of text under def, without the Space
// tokens that participle's ParseString would buffer and elide.
func (c *peekCache) peek(def *handLexer, text string) (lexer.PeekingLexer, error) {
	k := peekKey{def, text}
	c.mu.Lock()
	pl, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return *pl, nil
	}
	// the tokens are cut from a copy: a line is a piece of its message's
	// body, which the cache must not keep alive
	text = strings.Clone(text)
	l, _ := def.LexString("", text) // never fails
	pl, err := lexer.Upgrade(&spaceless{l, def.symbols["Space"]})
	if err != nil {
		return lexer.PeekingLexer{}, err
	}
	k.text = text
	c.mu.Lock()
	if len(c.m) >= maxPeekers {
		clear(c.m)
	}
	c.m[k] = pl
	c.mu.Unlock()
	return *pl, nil
}

// spaceless drops the Space tokens of a lexer. The grammars elide them, so
// buffering them only costs: the tokens that remain, their positions and
// the grammars' readings are the same (TestCachedParses).
type spaceless struct {
	lexer.Lexer
	space lexer.TokenType
}

func (l *spaceless) Next() (lexer.Token, error) {
	for {
		t, err := l.Lexer.Next()
		if err != nil || t.Type != l.space {
			return t, err
		}
	}
}

// parseText is p.ParseString("", text) with the line's tokens taken from
// the cache when p runs over a hand-written lexer. Every grammar over
// those lexers elides Space and nothing else, and none captures raw
// tokens, so dropping Space changes no reading (TestCachedParses compares
// the two for every such grammar).
func parseText[T any](p *participle.Parser[T], text string) (*T, error) {
	def, ok := p.Lexer().(*handLexer)
	if !ok {
		return p.ParseString("", text)
	}
	pl, err := peekers.peek(def, text)
	if err != nil {
		return nil, err
	}
	return p.ParseFromLexer(&pl)
}
