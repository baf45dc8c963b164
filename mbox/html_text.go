package mbox

import (
	"html"
	"sort"
	"strings"

	xhtml "golang.org/x/net/html"
)

// htmlBlocks are the elements that start a new line in rendered text.
var htmlBlocks = map[string]bool{
	"p": true, "div": true, "li": true, "tr": true, "table": true, "ul": true, "ol": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"blockquote": true, "hr": true, "pre": true, "dt": true, "dd": true, "body": true,
}

// htmlNodeText renders the text of n as mail text: entities decoded, tags
// dropped (links and spans inside <pre> included), line breaks of <pre>
// kept, <br> and block elements as line breaks. A <br> directly followed by
// a newline in a <pre> counts once.
func htmlNodeText(n *xhtml.Node) string {
	var b strings.Builder
	skipNL := false
	var walk func(n *xhtml.Node, pre bool)
	walk = func(n *xhtml.Node, pre bool) {
		switch n.Type {
		case xhtml.TextNode:
			t := n.Data
			if skipNL && strings.HasPrefix(t, "\n") {
				t = t[1:]
			}
			skipNL = false
			if !pre {
				t = strings.Join(strings.Fields(t), " ")
				if t == "" {
					return
				}
				if b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") && !strings.HasSuffix(b.String(), " ") {
					b.WriteByte(' ')
				}
			}
			b.WriteString(t)
			return
		case xhtml.ElementNode:
			switch n.Data {
			case "script", "style", "head", "title":
				return
			case "br":
				b.WriteByte('\n')
				skipNL = pre
				return
			case "pre":
				pre = true
			}
		}
		block := n.Type == xhtml.ElementNode && htmlBlocks[n.Data] && !pre
		if block {
			htmlNewline(&b)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, pre)
		}
		if block {
			htmlNewline(&b)
		}
	}
	walk(n, false)
	return b.String()
}

// htmlNewline ends the current line unless it is already ended.
func htmlNewline(b *strings.Builder) {
	if b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") {
		b.WriteByte('\n')
	}
}

// htmlLocator finds rendered lines in the page source, in order, so that
// body lines carry the line number and offset of their text in the HTML
// file. Lines whose text cannot be found (split by tags) take the line
// after the previous one.
type htmlLocator struct {
	src    string
	starts []int // byte offset of each source line
	cursor int
}

func newHTMLLocator(src string) *htmlLocator {
	l := &htmlLocator{src: src, starts: []int{0}}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

// seek moves the cursor to off when it is ahead.
func (l *htmlLocator) seek(off int) {
	// Offsets found in a re-encoded copy of the page (Latin-1 read as
	// UTF-8 grows) may pass its end.
	if off > l.cursor {
		l.cursor = min(off, len(l.src))
	}
}

// locate returns the 1-based line and the offset of text at or after the
// cursor, and advances the cursor past it. A blank line, or text not
// found, is placed at the cursor: several rendered lines may share one
// source line (<br> separated bodies).
func (l *htmlLocator) locate(text string) (int, int64) {
	t := strings.TrimSpace(text)
	if t != "" {
		// A line's text follows the previous one closely; looking no
		// further than locateWindow keeps a page of many lines that are
		// not found (split by tags) from costing its size per line.
		window := l.src[l.cursor:min(len(l.src), l.cursor+locateWindow)]
		for _, needle := range []string{html.EscapeString(t), t, strings.ReplaceAll(html.EscapeString(t), "&#39;", "&#x27;")} {
			needle = htmlNeedle(needle)
			if i := strings.Index(window, needle); i >= 0 && needle != "" {
				pos := l.cursor + i
				l.cursor = pos + len(needle)
				// Point at the line's leading blanks too when the source has them.
				if lead := text[:len(text)-len(strings.TrimLeft(text, " \t"))]; pos >= len(lead) && l.src[pos-len(lead):pos] == lead {
					pos -= len(lead)
				}
				return l.lineOf(pos), int64(pos)
			}
		}
	}
	if t == "" {
		// A blank line is the next source line, unless lines are
		// separated by <br> on this one.
		rest := l.src[l.cursor:]
		nl := strings.IndexByte(rest, '\n')
		line := rest
		if nl >= 0 {
			line = rest[:nl]
		}
		if br := htmlIndexFold(line, "<br"); br >= 0 {
			l.cursor += br + 3
		} else if nl >= 0 {
			l.cursor += nl + 1
		}
	}
	return l.lineOf(l.cursor), int64(l.cursor)
}

// locateWindow is how far past the cursor locate looks for a line's text.
const locateWindow = 64 << 10

// htmlNeedle keeps the first words of s, short enough not to span a tag.
func htmlNeedle(s string) string {
	if i := strings.IndexAny(s, "<"); i >= 0 {
		s = s[:i]
	}
	if len(s) > 40 {
		s = s[:40]
	}
	return s
}

func (l *htmlLocator) lineOf(off int) int {
	return sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off })
}
