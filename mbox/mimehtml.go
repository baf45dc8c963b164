package mbox

import (
	"strings"

	xhtml "golang.org/x/net/html"
)

// mimeHTMLText turns an HTML mail part (Outlook, gmail) into text for the
// table reader: script, style and head vanish, entities are decoded and
// no-break spaces become spaces, block elements and <br> break lines,
// <pre> keeps its lines, <blockquote> becomes "> " quoting, and each row
// of a <table> becomes one "| cell | cell |" line that the pipe-grid family
// reads. A row holding a nested table (a layout table) is rendered as
// ordinary blocks instead.
func mimeHTMLText(s string) string {
	doc, err := xhtml.Parse(strings.NewReader(s))
	if err != nil {
		return s
	}
	var r htmlRenderer
	r.walk(doc, false)
	return strings.ReplaceAll(r.b.String(), "\u00a0", " ")
}

// htmlRenderer writes the text of a parsed HTML part.
type htmlRenderer struct {
	b strings.Builder
	// space: white space seen after the last word written, owed before
	// the next word on the same line.
	space bool
}

// mimeBlocks are the elements that start and end a line.
var mimeBlocks = map[string]bool{
	"p": true, "div": true, "li": true, "table": true, "ul": true, "ol": true, "tr": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"hr": true, "pre": true, "dt": true, "dd": true, "body": true, "center": true,
}

func (r *htmlRenderer) walk(n *xhtml.Node, pre bool) {
	switch n.Type {
	case xhtml.TextNode:
		r.text(n.Data, pre)
		return
	case xhtml.ElementNode:
		switch n.Data {
		case "script", "style", "head", "title":
			return
		case "br":
			r.b.WriteByte('\n')
			r.space = false
			return
		case "pre":
			pre = true
		case "tr":
			if !hasDescendant(n, "table") {
				r.row(n)
				return
			}
		case "blockquote":
			r.quote(n, pre)
			return
		}
	}
	block := n.Type == xhtml.ElementNode && mimeBlocks[n.Data]
	if block {
		r.newline()
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		r.walk(c, pre)
	}
	if block {
		r.newline()
	}
}

// text writes a text node: as is inside <pre>, else with its white space
// collapsed to single spaces between words, also across inline tags. Only
// HTML's white space collapses: a run of no-break spaces (&nbsp;) is what
// an HTML mailer writes to keep a table's columns aligned, and stays as
// wide as it is.
func (r *htmlRenderer) text(t string, pre bool) {
	if pre {
		r.b.WriteString(t)
		r.space = false
		return
	}
	words := strings.FieldsFunc(t, func(c rune) bool { return c < 0x80 && isHTMLSpace(byte(c)) })
	if t != "" && isHTMLSpace(t[0]) {
		r.space = true
	}
	if len(words) == 0 {
		return
	}
	if r.space && r.b.Len() > 0 && !strings.HasSuffix(r.b.String(), "\n") {
		r.b.WriteByte(' ')
	}
	r.b.WriteString(strings.Join(words, " "))
	r.space = isHTMLSpace(t[len(t)-1])
}

// row writes a table row as "| a | b |".
func (r *htmlRenderer) row(tr *xhtml.Node) {
	var cells []string
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != xhtml.ElementNode || c.Data != "td" && c.Data != "th" {
			continue
		}
		var sub htmlRenderer
		for k := c.FirstChild; k != nil; k = k.NextSibling {
			sub.walk(k, false)
		}
		cells = append(cells, strings.Join(strings.Fields(strings.ReplaceAll(sub.b.String(), "\u00a0", " ")), " "))
	}
	if len(cells) == 0 {
		return
	}
	r.newline()
	r.b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
}

// quote writes a blockquote's text with "> " before each line.
func (r *htmlRenderer) quote(n *xhtml.Node, pre bool) {
	var sub htmlRenderer
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		sub.walk(c, pre)
	}
	r.newline()
	for _, l := range strings.Split(strings.Trim(sub.b.String(), "\n"), "\n") {
		if strings.HasPrefix(l, ">") {
			r.b.WriteString(">" + l + "\n")
		} else {
			r.b.WriteString("> " + l + "\n")
		}
	}
}

// newline ends the current line unless it is already ended.
func (r *htmlRenderer) newline() {
	htmlNewline(&r.b)
	r.space = false
}

// hasDescendant reports whether an element named tag lies below n.
func hasDescendant(n *xhtml.Node, tag string) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == xhtml.ElementNode && c.Data == tag || hasDescendant(c, tag) {
			return true
		}
	}
	return false
}

func isHTMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
