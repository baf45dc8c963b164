package mbox

import (
	"html"
	"strings"
)

// mimeHTMLText turns an HTML mail part into text for the table reader: tags
// are dropped, block-level tags and <br> become line breaks, script and
// style contents vanish and entities are decoded. It is deliberately
// simple: HTML-only mail is rare on kernel lists and only its text matters.
func mimeHTMLText(s string) string {
	var sb strings.Builder
	sb.Grow(len(s))
	for len(s) > 0 {
		lt := strings.IndexByte(s, '<')
		if lt < 0 {
			sb.WriteString(htmlUnescape(s))
			break
		}
		sb.WriteString(htmlUnescape(s[:lt]))
		gt := strings.IndexByte(s[lt:], '>')
		if gt < 0 {
			break
		}
		closing := strings.HasPrefix(s[lt+1:], "/")
		tag := strings.ToLower(strings.TrimLeft(s[lt+1:lt+gt], "/"))
		if i := strings.IndexAny(tag, " \t\r\n/"); i >= 0 {
			tag = tag[:i]
		}
		s = s[lt+gt+1:]
		switch tag {
		case "script", "style":
			if closing {
				break
			}
			if end := strings.Index(strings.ToLower(s), "</"+tag); end >= 0 {
				s = s[end:]
			} else {
				s = ""
			}
		case "br", "p", "div", "tr", "li", "pre", "table", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6":
			sb.WriteByte('\n')
		case "td", "th":
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}

// htmlUnescape decodes entities and turns no-break spaces into spaces so
// that column alignment reads as whitespace.
func htmlUnescape(s string) string {
	return strings.ReplaceAll(html.UnescapeString(s), "\u00a0", " ")
}
