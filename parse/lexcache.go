package parse

// lineTokens holds the column tokens of a block's lines, lexed on first
// use: every family that reads a block by its tokens (the columnar layout
// reader, positional, the grids, netperf, arrow, transposed) shares them,
// so no line is lexed more than once per block. Copies of a line that a
// reader rewrote first (tabs expanded, "name=value" split) are kept apart
// by their text and lexed once too.
type lineTokens struct {
	toks    [][]tok
	texts   []string
	done    []bool
	rewrote map[string][]tok
}

func newLineTokens(n int) *lineTokens {
	return &lineTokens{toks: make([][]tok, n), texts: make([]string, n), done: make([]bool, n)}
}

// tokens returns the column tokens of line i of the block. Callers must
// not modify them; appending to them copies.
func (b *Block) tokens(i int) []tok { return b.tokensOf(i, b.Lines[i].Text) }

// tokensOf returns the column tokens of text, line i of the block or a
// rewritten copy of it.
func (b *Block) tokensOf(i int, text string) []tok {
	if b.lex == nil || len(b.lex.done) != len(b.Lines) {
		b.lex = newLineTokens(len(b.Lines))
	}
	c := b.lex
	if !c.done[i] && text == b.Lines[i].Text {
		ts := lexTokens(text)
		c.toks[i], c.texts[i], c.done[i] = ts, text, true
		return ts
	}
	if c.done[i] && c.texts[i] == text {
		return c.toks[i]
	}
	if ts, ok := c.rewrote[text]; ok {
		return ts
	}
	if c.rewrote == nil {
		c.rewrote = map[string][]tok{}
	}
	ts := lexTokens(text)
	c.rewrote[text] = ts
	return ts
}

// lexTokens tokenizes one line for the cache, with its capacity cut to its
// length so that a caller's append never writes into the cache.
func lexTokens(text string) []tok {
	ts := tokenize(text)
	return ts[:len(ts):len(ts)]
}
