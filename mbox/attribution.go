package mbox

import (
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

var (
	// reStar: "* Name <addr> [date]:" (mutt's and Ingo's style).
	reStar = regexp.MustCompile(`^\*\s+([^<\[(]+?)\s*(<[^>]*>|\([^)]*@[^)]*\))?\s*(\[[^\]]*\])?\s*:\s*$`)
	// reWrites: "Name <addr> writes:" / "Name wrote:" (gnus, short forms).
	reWrites = regexp.MustCompile(`^([^<>:]+?)\s*(<[^>]*>)?\s+(?:writes|wrote)\s?:\s*$`)
	// reQuoting: "Quoting Name (date):" (IMP webmail).
	reQuoting = regexp.MustCompile(`^Quoting\s+([^(]+?)\s*(\([^)]*\))?\s*:\s*$`)
	// reSchrieb and reEcrit: German and French client defaults.
	reSchrieb = regexp.MustCompile(`^Am\s.+\sschrieb\s+(.+?)\s*:?\s*$`)
	reEcrit   = regexp.MustCompile(`^Le\s.+,\s*(.+?)\s+a\s+écrit\s*:?\s*$`)
)

// markAttributions marks the attribution lines (including a two-line "On
// ..., Name\n<addr> wrote:" wrap) and returns, by the index of each
// attribution's last line, the author it names ("" when it names none).
func markAttributions(lines []model.Line) map[int]string {
	names := map[int]string{}
	for i := 0; i < len(lines); i++ {
		l := &lines[i]
		if len(l.Text) > 300 {
			continue
		}
		t := strings.TrimSpace(l.Text)
		if name, ok := attribution(t); ok {
			l.Kind = model.KindAttribution
			names[i] = name
			continue
		}
		if !strings.HasPrefix(t, "On ") || i+1 >= len(lines) || lines[i+1].Depth != l.Depth || len(lines[i+1].Text) > 120 {
			continue
		}
		joined := t + " " + strings.TrimSpace(lines[i+1].Text)
		if isOnWrote(joined) {
			l.Kind = model.KindAttribution
			lines[i+1].Kind = model.KindAttribution
			names[i+1] = onWroteName(joined)
			i++
		}
	}
	return names
}

// isOnWrote reports whether t is "On <date>, <name> [<addr>] wrote:" (the
// colon is optional, some clients put a space before it).
func isOnWrote(t string) bool {
	if !strings.HasPrefix(t, "On ") || len(t) > 250 {
		return false
	}
	t = strings.TrimRight(t, " \t:")
	return len(t) > 12 && strings.HasSuffix(t, " wrote")
}

// attribution reports whether t is a one-line attribution and the name in it.
func attribution(t string) (string, bool) {
	switch {
	case isOnWrote(t):
		return onWroteName(t), true
	case strings.HasPrefix(t, "* "):
		m := reStar.FindStringSubmatch(t)
		if m == nil || (m[2] == "" && m[3] == "") {
			return "", false
		}
		return nameOr(m[1], m[2]), true
	case strings.HasPrefix(t, "Quoting "):
		if m := reQuoting.FindStringSubmatch(t); m != nil {
			return nameOr(m[1], ""), true
		}
	case strings.HasPrefix(t, "Am "):
		if m := reSchrieb.FindStringSubmatch(t); m != nil {
			return nameOr(m[1], ""), true
		}
	case strings.HasPrefix(t, "Le "):
		if m := reEcrit.FindStringSubmatch(t); m != nil {
			return nameOr(m[1], ""), true
		}
	}
	if !strings.Contains(t, " wr") {
		return "", false
	}
	if m := reWrites.FindStringSubmatch(t); m != nil && len(m[1]) <= 80 && len(strings.Fields(m[1])) <= 6 {
		return nameOr(m[1], m[2]), true
	}
	return "", false
}

// nameOr returns the cleaned name, or the address when the name is empty.
func nameOr(name, addr string) string {
	if n := strings.Join(strings.Fields(strings.Trim(name, `"' `)), " "); n != "" {
		return n
	}
	return strings.Trim(addr, "<>() ")
}

// onWroteName finds the author in "On <date>, <name> [<addr>] wrote:": the
// quoted name or the part after the last comma, with leading date words
// dropped ("On 7 Oct 2022 20:04:51 -0500 Youssef Esmat wrote").
func onWroteName(t string) string {
	t = strings.TrimSpace(strings.TrimPrefix(t, "On"))
	t = strings.TrimRight(t, ": \t")
	t = strings.TrimSpace(strings.TrimSuffix(t, "wrote"))
	if i := strings.Index(t, " via "); i >= 0 {
		t = t[:i]
	}
	addr := ""
	if i := strings.LastIndexByte(t, '<'); i >= 0 {
		addr = strings.Trim(t[i:], "<> ")
		t = strings.TrimSpace(t[:i])
	}
	if strings.HasSuffix(t, `"`) {
		if i := strings.LastIndexByte(t[:len(t)-1], '"'); i >= 0 {
			return nameOr(t[i+1:len(t)-1], addr)
		}
	}
	if i := strings.LastIndexByte(t, ','); i >= 0 {
		t = t[i+1:]
	}
	words := strings.Fields(t)
	for len(words) > 0 && isDateWord(words[0]) {
		words = words[1:]
	}
	name := strings.Join(words, " ")
	if addr == "" && strings.Contains(name, "@") && !strings.Contains(name, " ") {
		return name
	}
	return nameOr(name, addr)
}

// dateWords are the non-numeric words of dates in attribution lines.
var dateWords = map[string]bool{
	"mon": true, "tue": true, "wed": true, "thu": true, "fri": true, "sat": true, "sun": true,
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "may": true, "jun": true, "jul": true, "aug": true,
	"sep": true, "sept": true, "oct": true, "nov": true, "dec": true,
	"january": true, "february": true, "march": true, "april": true, "june": true, "july": true, "august": true,
	"september": true, "october": true, "november": true, "december": true,
	"at": true, "am": true, "pm": true, "a.m.": true, "p.m.": true,
	"utc": true, "gmt": true, "est": true, "edt": true, "cst": true, "cdt": true, "pst": true, "pdt": true,
	"cet": true, "cest": true, "ist": true, "jst": true, "bst": true, "mst": true, "mdt": true,
}

// isDateWord reports whether w is part of a date: it has a digit, is a
// weekday, month, time-of-day or time-zone word, or is parenthesised.
func isDateWord(w string) bool {
	if strings.ContainsAny(w, "0123456789") || strings.HasPrefix(w, "(") {
		return true
	}
	return dateWords[strings.ToLower(strings.Trim(w, ",."))]
}
