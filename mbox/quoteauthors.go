package mbox

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// fillQuoteAuthors completes the authors of quoted text in messages read
// from forms that lost their headers or line structure (damaged mbox,
// digests, web text), where BodyLines leaves some quoted text unattributed.
// Lines whose author is already known are left alone. The rules, in order:
//
//  1. An "On <date> <Name>" line right above deeper quoting names the
//     author of that quote even without "wrote:" (some mailers write it so).
//  2. Unattributed text at depth 1 was written by parent, the author of the
//     message being replied to, when the caller knows it ("" otherwise).
//  3. Unattributed text at depth d >= 2 was written by the author of the
//     text at depth d-2: a reply quoting a reply to you quotes you, as in
//     the back-and-forth of a review thread. author is the message's own.
func fillQuoteAuthors(lines []model.Line, author, parent string) {
	nameUnmarkedAttributions(lines)
	cur := []string{author} // cur[d]: author of the latest text seen at depth d
	for i := range lines {
		l := &lines[i]
		for len(cur) <= l.Depth {
			cur = append(cur, "")
		}
		if l.Author == "" {
			switch {
			case l.Depth == 1:
				l.Author = parent
			case l.Depth >= 2:
				l.Author = cur[l.Depth-2]
			}
		}
		cur[l.Depth] = l.Author
	}
}

// nameUnmarkedAttributions applies rule 1 of fillQuoteAuthors.
func nameUnmarkedAttributions(lines []model.Line) {
	for i := 0; i+1 < len(lines); i++ {
		l := lines[i]
		if l.Kind != model.KindText || lines[i+1].Depth != l.Depth+1 || !strings.HasPrefix(l.Text, "On ") || len(l.Text) > 200 {
			continue
		}
		words := strings.Fields(l.Text)[1:]
		if len(words) == 0 || !isDateWord(words[0]) {
			continue
		}
		for len(words) > 0 && isDateWord(words[0]) {
			words = words[1:]
		}
		if len(words) == 0 || len(words) > 5 {
			continue
		}
		name := strings.Join(words, " ")
		lines[i].Kind = model.KindAttribution
		for j := i + 1; j < len(lines) && lines[j].Depth > l.Depth; j++ {
			if lines[j].Depth == l.Depth+1 && lines[j].Author == "" {
				lines[j].Author = name
			}
		}
	}
}
