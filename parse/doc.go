// Package parse finds benchmark-result tables in message bodies and reads
// them into model.Tables.
//
// Reading happens in two stages so that the costly grammars only ever see
// small pieces of text. A plain line scanner (scan.go) splits a body into
// segments of same-depth text and picks candidate blocks: runs of lines
// holding number tokens or grid rules, with the few lines above them that may
// be headers. Each registered Family then tries the block with its
// participle grammar; where the tables of two families overlap, the family
// registered with the better rank wins, then the larger table. Headings
// above a table become its context and name its benchmark (context.go).
//
// Tokens come from hand-written scanners, never from regular expressions:
// lex.go cuts the column tokens the geometry families read, lexdef.go and
// lexfam.go are the participle lexers of the cell and tool grammars. Each
// block line is lexed once (Block.tokens in lexcache.go; peekcache.go for
// the grammars), however many families read it.
//
//	tables := parse.Tables(msg.Body)
//	for _, t := range tables {
//		fmt.Println(t.Format, t.Benchmark, t.Context, len(t.Rows))
//	}
//
// Families live side by side, one file (or a few) each, and register
// themselves in init with Register. The participle types stay inside this
// package: a Family converts its parse tree to model types itself, using
// Block positions to fill input line numbers.
package parse
