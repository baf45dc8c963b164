// Package token cuts a table line into tokens, once per line, for every
// reader above it.
//
// Line gives a line's column tokens: each Token has a Kind, its text and
// its byte columns. It is the grammar the layout reader and the column
// families share: numbers with their exact text, magnitude suffixes and
// glued units read apart ("1.5M", "12.3ms"), bracketed figures and
// spreads ("(+3.7%)", "[0.5]", "+/- 0.5"), pipes, row marks and words.
// Cache keeps the tokens of a block's lines so that no reader lexes a line
// twice.
//
// ReadNumber and Value read a number token as an exact decimal under a
// block's comma convention (CommaStyle, DetectCommaStyle); IsMissing tells
// the marks of a value a run did not give ("-", "nan", "N/A").
//
// The participle grammars of package parse run over the hand-written
// lexers here: CellLexer and WordLexer for bracketed cells and header
// words, PerfStatLexer, LKPLexer, FioLexer and PerfBenchLexer for the
// tools' own lines. Each is a scan function over bytes, checked token for
// token against the regular-expression lexer it replaced.
package token
