package token

// Cache holds the column tokens of a block's lines, lexed on first use:
// every reader of a block's tokens (the layout reader, positional, the
// grids, netperf, arrow, transposed) shares them, so no line is lexed more
// than once per block. Copies of a line that a
// reader rewrote first (tabs expanded, "name=value" split) are kept apart
// by their text and lexed once too.
type Cache struct {
	toks    [][]Token
	texts   []string
	done    []bool
	rewrote map[string][]Token
}

// NewCache is the empty cache of a block of n lines.
func NewCache(n int) *Cache {
	return &Cache{toks: make([][]Token, n), texts: make([]string, n), done: make([]bool, n)}
}

// Len is the number of lines the cache holds.
func (c *Cache) Len() int { return len(c.done) }

// Of returns the column tokens of text, which is line i of the block
// (whose text is line) or a copy of it a reader rewrote first. Callers
// must not modify them; appending to them copies.
func (c *Cache) Of(i int, line, text string) []Token {
	if !c.done[i] && text == line {
		ts := Line(text)
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
		c.rewrote = map[string][]Token{}
	}
	ts := Line(text)
	c.rewrote[text] = ts
	return ts
}
