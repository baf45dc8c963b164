package parse

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// buildCellParser builds a grammar over token.CellLexer. Lines are short, so a
// generous lookahead lets optional labels back off from a value cell.
func buildCellParser[T any]() *participle.Parser[T] {
	return participle.MustBuild[T](participle.Lexer(token.CellLexer), participle.Elide("Space"), participle.UseLookahead(8))
}

// wordsLine is a header line of column names, with the row-label key that
// heads it when there is one ("Test: tip latency_nice").
type wordsLine struct {
	Key   string   `parser:"(@Key (?= (Key | Name)))?"`
	Words []string `parser:"@(Key | Name)+"`
}

var wordsParser = participle.MustBuild[wordsLine](participle.Lexer(token.WordLexer), participle.Elide("Space"), participle.UseLookahead(2))

// headerWords reads a header line; ok is false for an empty line.
func headerWords(text string) (wordsLine, bool) {
	if len(text) > grammar.MaxLine {
		return wordsLine{}, false
	}
	w, err := grammar.Parse(wordsParser, text)
	if err != nil || len(w.Words) == 0 {
		return wordsLine{}, false
	}
	return *w, true
}

// plausibleHeader rejects lines that read as sub-headings rather than
// column names: bullets ("- pipe (thread)", "o NPS1"), a trailing colon
// ("10 Runs:") or a sentence.
func plausibleHeader(h wordsLine) bool {
	first, last := h.Words[0], h.Words[len(h.Words)-1]
	switch first {
	case "-", "o", "*", "•", "+":
		return false
	}
	if strings.HasSuffix(last, ":") || layout.SentenceEnd(last) || strings.HasPrefix(last, "(") {
		return false
	}
	return len(h.Words) <= 16
}

// groupVariants fits the words of a header to n columns: one word per
// column; a leading key word when there is one word too many; equal chunks
// ("LN: 0 LN: 19 LN: -20" for three columns); or chunks that start at each
// repetition of the first word.
func groupVariants(h wordsLine, n int) ([]string, bool) {
	words := h.Words
	if n <= 0 || len(words) < n || !plausibleHeader(h) {
		return nil, false
	}
	if len(words) == n {
		return words, true
	}
	if h.Key == "" && len(words) == n+1 {
		return words[1:], true
	}
	if len(words)%n == 0 {
		size := len(words) / n
		out := make([]string, n)
		for i := range out {
			out[i] = strings.Join(words[i*size:(i+1)*size], " ")
		}
		return out, true
	}
	var out []string
	for i, w := range words {
		if w == words[0] || i == 0 {
			out = append(out, w)
			continue
		}
		out[len(out)-1] += " " + w
	}
	if len(out) == n {
		return out, true
	}
	return nil, false
}

// rowAt starts a row for line i of the block.
func rowAt(b *Block, i int, label string) model.Row {
	return model.Row{Case: label, Line: b.Lines[i].No, Offset: b.Lines[i].Offset}
}

// addCell appends one number to a row. Missing tokens ("-", "nan") and
// tokens that do not read as numbers give no cell.
func addCell(r *model.Row, style CommaStyle, variant, field, tok string, flags ...string) {
	if tok == "" || IsMissing(tok) {
		return
	}
	n, ok := ReadNumber(tok, style)
	if !ok {
		return
	}
	c := model.Cell{Variant: variant, Field: field, Value: n, Flags: flags}
	if t := strings.TrimSuffix(tok, "%"); t != string(n) {
		c.Text = tok
	}
	r.Cells = append(r.Cells, c)
}

// lineAfter returns the trimmed text of the line after line i of the block,
// looking past the block's end into its segment: the tail of a wrapped row
// may hold no number, and a line without numbers can end a block.
func lineAfter(b *Block, i int) (string, bool) {
	if i+1 < len(b.Lines) {
		return b.trim(i + 1), true
	}
	if b.seg == nil || b.base+i+1 >= len(b.seg.lines) {
		return "", false
	}
	return strings.TrimSpace(b.seg.lines[b.base+i+1].Text), true
}

// blank reports whether line i of the block is empty.
func blank(b *Block, i int) bool { return b.trim(i) == "" }

// prevText returns the index of the nearest non-blank line above i that is
// at or after lo, or -1.
func prevText(b *Block, i, lo int) int {
	for j := i - 1; j >= lo; j-- {
		if !blank(b, j) {
			return j
		}
	}
	return -1
}
