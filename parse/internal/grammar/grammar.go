// Package grammar runs the participle grammars of package parse over one
// line at a time, cheaply.
//
// participle's engine costs microseconds a line, and the families try
// several grammars on every line of a block, most of them failing. Two
// things make that cheap. A line is lexed once per lexer and its lexemes
// kept (lexemes.go): every grammar over the same lexer reads them again.
// And whether a grammar reads a line, and which token lands in which
// field, depends only on the line's shape, so each grammar parses a shape
// once and reads every other line of that shape from a template (the
// shape memo, shapememo.go).
//
// Parse and ParseLine are the entry points; the grammars themselves, and
// the lexers they run over (package token), belong to their readers.
package grammar

import (
	"github.com/alecthomas/participle/v2"
)

// Parse is p.ParseString("", text), read through the shape memo. p must
// elide the lexer's Space tokens and nothing else, and capture no raw
// tokens, so that dropping Space changes no reading (every grammar of
// package parse is built so). A line the memo knows the grammar does not
// read gives an error without a position.
func Parse[T any](p *participle.Parser[T], text string) (*T, error) {
	toks, err := lexemesOf.lexemes(p.Lexer(), text)
	if err != nil {
		return nil, err
	}
	return memoParse(p, text, toks)
}

// MaxLine bounds the lines ParseLine hands to a grammar: table rows are
// short, and a lexer's search for a letter in a long run of symbols is
// quadratic.
const MaxLine = 512

// ParseLine runs a grammar over one line (see Parse); ok is false when the
// line is longer than MaxLine or not of the grammar's shape.
func ParseLine[T any](p *participle.Parser[T], text string) (*T, bool) {
	if len(text) > MaxLine {
		return nil, false
	}
	v, err := Parse(p, text)
	if err != nil {
		return nil, false
	}
	return v, true
}
