package mbox

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/PuerkitoBio/goquery"
	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/lkmlbench/lkmlbench/model"
)

// The html form is an archive page of one message or of a thread: lore
// (public-inbox) message and thread pages, lkml.org, MHonArc/hypermail
// pages (lkml.iu.edu, spinics.net), lists.openwall.net, marc.info and
// other pages that show a message as header lines and body in <pre>.
func init() {
	Register(Form{Name: "html", Detect: detectHTML, Read: readHTML})
}

// reHTMLStart matches the opening of an HTML document.
var reHTMLStart = regexp.MustCompile(`(?i)^\s*(<!--.*?-->\s*)*(<!doctype\s+html|<html|<head|<body|<pre|<meta|<title)`)

// detectHTML accepts input that opens like an HTML document.
func detectHTML(head []byte) bool {
	if len(head) > 4096 {
		head = head[:4096]
	}
	return reHTMLStart.Match(head)
}

// errAntiBot is what lore serves instead of a page to clients that did not
// solve its proof-of-work challenge.
var errAntiBot = errors.New("this is lore's anti-bot proof-of-work page (\"making sure you're not a bot\"), not a message: " +
	"fetch the raw message (<url>/raw) or the thread mbox (<url>/t.mbox.gz) instead")

// htmlMsg is one message found on a page, before decoding its body.
type htmlMsg struct {
	fields map[string]string // lower-case header name -> value
	body   string
	// anchor is a source offset at or before the body, where locating its
	// lines starts.
	anchor int
}

// readHTML reads the messages of an archive page.
func readHTML(name string, data []byte, opts Options) (*Result, error) {
	opts = opts.withDefaults()
	data, warns := capMessage(name, data, opts)
	if isProofOfWorkPage(data) {
		return nil, &model.ParseError{File: name, Err: errAntiBot}
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(data))
	if err != nil {
		if line := htmlNestingLine(data); line > 0 {
			return nil, &model.ParseError{File: name, Pos: model.Pos{Line: line}, Err: fmt.Errorf("unreadable HTML: elements nested deeper than %d from here on; the page is not read", htmlMaxDepth)}
		}
		return nil, &model.ParseError{File: name, Err: fmt.Errorf("unreadable HTML: %w", err)}
	}
	src := string(data)
	var msgs []htmlMsg
	switch {
	case strings.Contains(src, "<!--X-Body-of-Message-->"):
		msgs = htmlHypermail(doc, src)
	case doc.Find(`pre[itemprop="articleBody"]`).Length() > 0:
		msgs = htmlLKMLOrg(doc, src)
	default:
		msgs = htmlPreMessages(doc, src)
	}
	if len(msgs) == 0 {
		return nil, &model.ParseError{File: name, Err: fmt.Errorf("HTML page without a mail message (no header lines and body found)")}
	}
	res := &Result{Kind: "html", Warnings: warns}
	loc := newHTMLLocator(src)
	for i, hm := range msgs {
		res.Messages = append(res.Messages, htmlMessage(name, i+1, hm, loc, opts))
	}
	return res, nil
}

// htmlMessage turns a found message into a Message with located lines.
func htmlMessage(name string, n int, hm htmlMsg, loc *htmlLocator, opts Options) *Message {
	f := hm.fields
	for _, k := range []string{"from", "message-id", "in-reply-to"} {
		// marc.info writes "user () example ! com" for user@example.com.
		if strings.Contains(f[k], " () ") {
			f[k] = strings.ReplaceAll(strings.ReplaceAll(f[k], " () ", "@"), " ! ", ".")
		}
	}
	subject := strings.Join(strings.Fields(f["subject"]), " ")
	from := parseLooseAddress(f["from"])
	m := &Message{Meta: model.Message{
		Source:    name,
		ID:        htmlMessageID(f["message-id"]),
		Subject:   subject,
		From:      from,
		Date:      parseLooseDate(f["date"]),
		InReplyTo: strings.Trim(strings.TrimSpace(f["in-reply-to"]), "<>"),
		Patch:     ParseSubject(subject),
	}}
	if m.Meta.ID == "" {
		m.Meta.ID = fmt.Sprintf("%s#%d", name, n)
	}
	loc.seek(hm.anchor)
	m.Meta.StartLine, m.Meta.Offset = loc.lineOf(hm.anchor), int64(hm.anchor)
	text := strings.TrimRight(hm.body, "\n ")
	if text != "" {
		raw := strings.Split(text, "\n")
		for i, l := range raw {
			if len(l) > opts.MaxLineBytes {
				raw[i] = l[:opts.MaxLineBytes]
			}
		}
		first, off := loc.locate(raw[0])
		m.Body = BodyLines(strings.Join(raw, "\n"), first, off, from.String())
		for i := 1; i < len(m.Body); i++ {
			m.Body[i].No, m.Body[i].Offset = loc.locate(raw[i])
		}
		m.Meta.EndLine = m.Body[len(m.Body)-1].No
	}
	if m.Meta.EndLine < m.Meta.StartLine {
		m.Meta.EndLine = m.Meta.StartLine
	}
	fillQuoteAuthors(m.Body, from.String(), "")
	m.Meta.Trailers = Trailers(m.Body)
	return m
}

// htmlMessageID cleans a Message-ID field ("<id> (raw)" on lore pages).
func htmlMessageID(v string) string {
	w := strings.Fields(v)
	if len(w) == 0 {
		return ""
	}
	return strings.Trim(w[0], "<>")
}

// htmlHypermail reads a MHonArc/hypermail page: header fields from the
// "<li><em>From</em>: ..." list (or the X- comments), the body between the
// X-Body-of-Message comments.
func htmlHypermail(doc *goquery.Document, src string) []htmlMsg {
	start := strings.Index(src, "<!--X-Body-of-Message-->")
	end := strings.Index(src, "<!--X-Body-of-Message-End-->")
	if end < start {
		end = len(src)
	}
	fields := map[string]string{}
	doc.Find("li").Each(func(_ int, li *goquery.Selection) {
		key := strings.ToLower(strings.TrimSpace(li.Find("em").First().Text()))
		text := strings.TrimSpace(li.Text())
		if i := strings.IndexByte(text, ':'); i > 0 && key != "" && fields[key] == "" && strings.HasPrefix(strings.ToLower(text), key) {
			fields[key] = strings.TrimSpace(text[i+1:])
		}
	})
	for _, k := range []string{"Subject", "Date", "Message-Id"} {
		if fields[strings.ToLower(k)] == "" {
			fields[strings.ToLower(k)] = htmlComment(src, "X-"+k)
		}
	}
	if fields["subject"] == "" {
		fields["subject"] = strings.TrimSpace(doc.Find("title").First().Text())
	}
	body := htmlFragmentText(src[start+len("<!--X-Body-of-Message-->") : end])
	if strings.TrimSpace(body) == "" && fields["from"] == "" {
		return nil
	}
	return []htmlMsg{{fields: fields, body: htmlTrimBlank(body), anchor: start}}
}

// htmlComment returns the decoded value of a "<!--Name: value -->" comment.
func htmlComment(src, name string) string {
	i := strings.Index(src, "<!--"+name+":")
	if i < 0 {
		return ""
	}
	rest := src[i+len(name)+5:]
	j := strings.Index(rest, "-->")
	if j < 0 {
		return ""
	}
	return strings.TrimSpace(htmlUnescapeText(rest[:j]))
}

// htmlLKMLOrg reads an lkml.org page: header cells in a table, the body in
// <pre itemprop="articleBody">.
func htmlLKMLOrg(doc *goquery.Document, src string) []htmlMsg {
	fields := map[string]string{}
	doc.Find("td").Each(func(_ int, td *goquery.Selection) {
		key := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(td.Text()), ":"))
		switch key {
		case "from", "subject", "date", "message-id", "in-reply-to":
			if fields[key] == "" {
				fields[key] = strings.TrimSpace(td.Next().Text())
			}
		}
	})
	for prop, key := range map[string]string{"author": "from", "name": "subject", "datePublished": "date"} {
		if fields[key] == "" {
			fields[key] = strings.TrimSpace(doc.Find(`[itemprop="` + prop + `"]`).First().Text())
		}
	}
	pre := doc.Find(`pre[itemprop="articleBody"]`).First()
	return []htmlMsg{{fields: fields, body: htmlTrimBlank(htmlSelText(pre)), anchor: htmlIndexFold(src, `itemprop="articleBody"`)}}
}

// reHTMLField matches a header line at the top of a <pre>; lore's thread
// view writes "From: Name @ 2022-11-28 11:52 UTC (permalink / raw)".
var reHTMLField = regexp.MustCompile(`^(?i)(from|to|cc|subject|date|message-id|in-reply-to|references|list|reply-to)\s*:\s*(.*)$`)

// reLoreFrom splits lore's thread-view author line at its " @ " date.
var reLoreFrom = regexp.MustCompile(`^(.*?)\s+@\s+(\d{4}-\d\d-\d\d\s+\d\d:\d\d(?::\d\d)?)(?:\s+UTC)?`)

// htmlPreMessages reads pages that show messages in <pre> blocks: a block
// that opens with header lines starts a message (its body is the rest of
// the block, or the next header-less block); a page with only header-less
// blocks is one message whose body is the largest block.
func htmlPreMessages(doc *goquery.Document, src string) []htmlMsg {
	var msgs []htmlMsg
	var loose []htmlMsg
	lower := strings.ToLower(src)
	pos := 0
	doc.Find("pre").Each(func(_ int, pre *goquery.Selection) {
		if i := strings.Index(lower[pos:], "<pre"); i >= 0 {
			pos += i
		}
		text := htmlSelText(pre)
		fields, body, ok := htmlHeaderBlock(text)
		switch {
		case ok:
			if fields["message-id"] == "" {
				fields["message-id"] = htmlPermalinkID(pre)
			}
			msgs = append(msgs, htmlMsg{fields: fields, body: body, anchor: pos})
		case len(msgs) > 0 && strings.TrimSpace(msgs[len(msgs)-1].body) == "":
			msgs[len(msgs)-1].body = text
		default:
			loose = append(loose, htmlMsg{body: text, anchor: pos})
		}
		pos++
	})
	if len(msgs) > 0 || len(loose) == 0 {
		for i := range msgs {
			msgs[i].body = htmlTrimBlank(msgs[i].body)
		}
		return msgs
	}
	best := loose[0]
	for _, l := range loose[1:] {
		if len(l.body) > len(best.body) {
			best = l
		}
	}
	if strings.TrimSpace(best.body) == "" {
		return nil
	}
	best.fields = map[string]string{"subject": strings.TrimSpace(doc.Find("title").First().Text())}
	best.body = htmlTrimBlank(best.body)
	return []htmlMsg{best}
}

// htmlNavLines bounds the navigation lines skipped before header fields.
const htmlNavLines = 4

// htmlPermalinkID takes a message id from lore's "permalink" link
// ("../<message-id>/"), "" when there is none.
func htmlPermalinkID(pre *goquery.Selection) string {
	id := ""
	pre.Find("a").EachWithBreak(func(_ int, a *goquery.Selection) bool {
		if strings.TrimSpace(a.Text()) != "permalink" {
			return true
		}
		href, _ := a.Attr("href")
		href = strings.Trim(strings.TrimPrefix(href, "../"), "/")
		if i := strings.LastIndexByte(href, '/'); i >= 0 {
			href = href[i+1:]
		}
		if unescaped, err := url.PathUnescape(href); err == nil && strings.Contains(unescaped, "@") {
			id = unescaped
		}
		return false
	})
	return id
}

// htmlHeaderBlock reads header lines at the top of a <pre> (after blank
// lines and a lore "* Subject" line). It needs a From field and either a
// second field or lore's "From: Name @ date" form.
func htmlHeaderBlock(text string) (map[string]string, string, bool) {
	lines := strings.Split(text, "\n")
	fields := map[string]string{}
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "* ") {
		fields["subject"] = strings.TrimSpace(strings.TrimSpace(lines[i])[2:])
		i++
	}
	// Navigation lines may precede the fields (marc.info's "[prev in list]").
	for k := i; k < len(lines) && k < i+htmlNavLines; k++ {
		if reHTMLField.MatchString(lines[k]) {
			i = k
			break
		}
	}
	n := 0
	for ; i < len(lines); i++ {
		m := reHTMLField.FindStringSubmatch(strings.TrimRight(lines[i], " \t"))
		if m == nil {
			if n > 0 && (strings.HasPrefix(lines[i], " ") || strings.HasPrefix(lines[i], "\t")) && strings.TrimSpace(lines[i]) != "" {
				continue // a folded continuation
			}
			break
		}
		key := strings.ToLower(m[1])
		val := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(m[2]), "[thread overview]"))
		if key == "from" {
			if lm := reLoreFrom.FindStringSubmatch(val); lm != nil {
				val = lm[1]
				fields["date"] = lm[2]
				if strings.Count(lm[2], ":") == 1 {
					fields["date"] += ":00"
				}
				n++
			}
		}
		if fields[key] == "" {
			fields[key] = val
		}
		n++
	}
	if fields["from"] == "" || n < 2 {
		return nil, "", false
	}
	// A line or two of links may follow the fields before the blank line
	// that opens the body (marc.info's "[Download RAW message or body]").
	for k := i; k < len(lines) && k <= i+2; k++ {
		if strings.TrimSpace(lines[k]) == "" {
			i = k + 1
			break
		}
	}
	return fields, strings.Join(lines[i:], "\n"), true
}

// htmlSelText renders a selection's first node.
func htmlSelText(s *goquery.Selection) string {
	if s.Length() == 0 {
		return ""
	}
	return htmlNodeText(s.Nodes[0])
}

// htmlFragmentText renders an HTML fragment.
func htmlFragmentText(fragment string) string {
	nodes, err := xhtml.ParseFragment(strings.NewReader(fragment), &xhtml.Node{Type: xhtml.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		return ""
	}
	root := &xhtml.Node{Type: xhtml.ElementNode, Data: "div"}
	for _, n := range nodes {
		root.AppendChild(n)
	}
	return htmlNodeText(root)
}

// htmlUnescapeText decodes entities of a comment or attribute value.
func htmlUnescapeText(s string) string { return htmlFragmentText("<span>" + s + "</span>") }

// htmlTrimBlank drops blank lines at both ends of a body.
func htmlTrimBlank(s string) string {
	lines := strings.Split(s, "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// htmlIndexFold is strings.Index ignoring ASCII case; -1 when absent.
func htmlIndexFold(s, sub string) int {
	return strings.Index(strings.ToLower(s), strings.ToLower(sub))
}

// htmlMaxDepth is the nesting the HTML parser accepts: deeper pages fail
// to parse as a whole.
const htmlMaxDepth = 512

// htmlNestingLine returns the 1-based line where the elements of a page
// nest deeper than the parser accepts, or 0. Elements are counted as
// opened and closed by their tags, void elements aside, which is close
// enough to the parser's stack to point at the culprit.
func htmlNestingLine(data []byte) int {
	z := xhtml.NewTokenizer(bytes.NewReader(data))
	var open []string
	off := 0
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			return 0
		}
		raw := len(z.Raw())
		switch tt {
		case xhtml.StartTagToken:
			name, _ := z.TagName()
			if !htmlVoid[string(name)] {
				open = append(open, string(name))
			}
			if len(open) > htmlMaxDepth {
				return 1 + bytes.Count(data[:min(off, len(data))], []byte("\n"))
			}
		case xhtml.EndTagToken:
			name, _ := z.TagName()
			for i := len(open) - 1; i >= 0; i-- {
				if open[i] == string(name) {
					open = open[:i]
					break
				}
			}
		}
		off += raw
	}
}

// htmlVoid are the elements without an end tag.
var htmlVoid = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "param": true, "source": true, "track": true, "wbr": true,
}
