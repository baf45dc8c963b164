package mbox

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// outlookAuthors credits the unquoted original below an Outlook-style
// reply header ("-----Original Message-----" or a "From:" / "Sent:"
// block) to the sender that header names: Outlook quotes by appending the
// original without '>' markers, so the depth alone would credit its text
// (and its tables) to the replier. Every later line at the header's depth
// takes that author, up to the next such header.
func outlookAuthors(lines []model.Line) {
	for i := 0; i < len(lines); i++ {
		if lines[i].Kind != model.KindHeader || !startsOutlookBlock(lines, i) {
			continue
		}
		d := lines[i].Depth
		name := ""
		j := i
		for ; j < len(lines) && lines[j].Kind == model.KindHeader && lines[j].Depth == d; j++ {
			if v, ok := headerValue(lines[j].Text, "from"); ok && name == "" {
				a := parseLooseAddress(v)
				name = nameOr(a.Name, a.Email)
			}
		}
		if name == "" {
			i = j
			continue
		}
		for ; j < len(lines); j++ {
			if lines[j].Kind == model.KindHeader && lines[j].Depth == d && startsOutlookBlock(lines, j) {
				break
			}
			if lines[j].Depth == d {
				lines[j].Author = name
			}
		}
		i = j - 1
	}
}

// startsOutlookBlock reports whether header line i opens a reply header:
// the "-----Original Message-----" marker, or a field run holding "Sent:"
// (Outlook's name for the date) that starts after non-header lines.
func startsOutlookBlock(lines []model.Line, i int) bool {
	if reForwardMarker.MatchString(lines[i].Text) {
		return true
	}
	if i > 0 && lines[i-1].Kind == model.KindHeader && lines[i-1].Depth == lines[i].Depth {
		return false
	}
	for j := i; j < len(lines) && lines[j].Kind == model.KindHeader; j++ {
		if _, ok := headerValue(lines[j].Text, "sent"); ok {
			return true
		}
	}
	return false
}

// headerValue returns the value of a "Key: value" line when its key is key.
func headerValue(t, key string) (string, bool) {
	k, v, ok := strings.Cut(t, ":")
	if !ok || !strings.EqualFold(strings.TrimSpace(k), key) {
		return "", false
	}
	return strings.TrimSpace(v), true
}
