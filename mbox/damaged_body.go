package mbox

import "strings"

// dmgSpan is one rebuilt line: the bytes data[s:e] of the collapsed input.
type dmgSpan struct{ s, e int32 }

// dmgSeg is a stretch of collapsed body text: the quote-marker tokens that
// opened it (none for unquoted text) and the text tokens up to the next
// marker. In a quoted stretch every original line began with markers, so a
// run of markers holds the prefixes of zero or more empty quoted lines and
// of the line that carries the text.
type dmgSeg struct {
	run         []dmgTok
	text        []dmgTok
	attribution bool
	// continues is set when the text goes on a sentence that the previous
	// stretch left open: it starts in lower case after no sentence end.
	continues bool
}

// dmgQuoteWidth is the widest a quoted line is taken to be when a quoted
// stretch runs on into unquoted text: mailers wrap at 72-76 columns.
const dmgQuoteWidth = 76

// dmgBody rebuilds the lines of a collapsed body from its tokens.
func dmgBody(data []byte, toks []dmgTok) []dmgSpan {
	segs := dmgSegments(data, toks)
	depths := dmgChooseDepths(segs)
	b := &dmgBreaker{data: data, text: string(data)}
	var out []dmgSpan
	for k, sg := range segs {
		if len(sg.run) == 0 {
			out = append(out, b.unquoted(sg.text)...)
			continue
		}
		groups := depths[k]
		for _, g := range groups[:len(groups)-1] {
			out = append(out, dmgSpan{g[0].s, g[len(g)-1].e})
		}
		last := groups[len(groups)-1]
		if len(sg.text) == 0 {
			out = append(out, dmgSpan{last[0].s, last[len(last)-1].e})
			continue
		}
		cut := dmgQuoteEnd(data, sg.text)
		out = append(out, dmgSpan{last[0].s, sg.text[cut-1].e})
		if cut < len(sg.text) {
			out = append(out, b.unquoted(sg.text[cut:])...)
		}
	}
	return out
}

// dmgSegments cuts the body tokens into stretches at quote markers. Inside
// an unquoted patch a '>' is an operator, not a marker, until the
// signature; a quoted stretch that runs into a patch, an attribution or a
// signature separator not at its start ends there (the rest is unquoted).
func dmgSegments(data []byte, toks []dmgTok) []dmgSeg {
	var segs []dmgSeg
	inPatch := false
	i := 0
	for i < len(toks) {
		start := i
		if !inPatch {
			for i < len(toks) && isQuoteMarker(toks[i].in(data)) {
				i++
			}
		}
		sg := dmgSeg{run: toks[start:i]}
		from := i
		for ; i < len(toks); i++ {
			w := toks[i].in(data)
			if !inPatch && isQuoteMarker(w) {
				break
			}
			switch {
			case w == "--":
				inPatch = false
			case dmgPatchStart(data, toks, i):
				inPatch = true
			default:
				if len(sg.run) == 0 || i == from || w != "On" || !dmgWroteAt(data, toks, i) {
					continue
				}
			}
			if len(sg.run) > 0 && i > from {
				break
			}
		}
		sg.text = toks[from:i]
		segs = append(segs, sg)
	}
	dmgMarkAttributions(data, segs)
	for k := 1; k < len(segs); k++ {
		prev, cur := segs[k-1].text, segs[k].text
		if len(prev) == 0 || len(cur) == 0 {
			continue
		}
		last := data[prev[len(prev)-1].e-1]
		first := data[cur[0].s]
		segs[k].continues = first >= 'a' && first <= 'z' && !strings.ContainsRune(".!?:;", rune(last))
	}
	return segs
}

// dmgWroteAt reports an "On ... wrote:" attribution starting at i.
func dmgWroteAt(data []byte, toks []dmgTok, i int) bool {
	end := dmgAttributionAt(toks, data, i)
	return end > i && strings.HasSuffix(toks[end-1].in(data), ":")
}

// dmgPatchStart reports whether a patch begins at token i: "diff --git",
// "--- a/x" / "+++ b/x", or a hunk header "@@ -a,b +c,d @@".
func dmgPatchStart(data []byte, toks []dmgTok, i int) bool {
	if i+1 >= len(toks) {
		return false
	}
	w := toks[i].in(data)
	next := toks[i+1].in(data)
	switch w {
	case "diff":
		return next == "--git"
	case "---", "+++":
		return strings.HasPrefix(next, "a/") || strings.HasPrefix(next, "b/") || next == "/dev/null"
	case "@@":
		return len(next) > 1 && next[0] == '-' && next[1] >= '0' && next[1] <= '9'
	}
	return false
}

// dmgMarkAttributions flags the stretches that are attribution lines, so
// that depth choice can expect deeper quoting right after them. A wrapped
// attribution ("On ..., Name" / "<addr> wrote:") is flagged on its last part.
func dmgMarkAttributions(data []byte, segs []dmgSeg) {
	for k := range segs {
		t := segs[k].text
		if len(t) < 2 || t[0].in(data) != "On" || !dateLike(t[1].in(data)) {
			continue
		}
		lastWord := t[len(t)-1].in(data)
		switch {
		case isWroteWord(lastWord):
			segs[k].attribution = true
		case k+1 < len(segs) && dmgEndsWrote(data, segs[k+1].text):
			segs[k+1].attribution = true
		case len(t) <= 16:
			segs[k].attribution = true
		}
	}
}

// dmgEndsWrote reports whether t is the short last part of a wrapped
// attribution: a few words ending in "wrote:".
func dmgEndsWrote(data []byte, t []dmgTok) bool {
	return len(t) > 0 && len(t) <= 4 && isWroteWord(t[len(t)-1].in(data))
}

// dmgQuoteEnd returns how many text tokens of a quoted stretch belong to
// the quoted line. A stretch longer than a mail line ran on into unquoted
// text: it is cut at the last sentence end within the quote width that is
// followed by a capitalised word. Table rows and long quoted lines without
// such a break stay whole.
func dmgQuoteEnd(data []byte, t []dmgTok) int {
	if t[len(t)-1].e-t[0].s <= dmgQuoteWidth {
		return len(t)
	}
	cut := len(t)
	for k := 1; k < len(t); k++ {
		if int(t[k-1].e-t[0].s) > dmgQuoteWidth {
			break
		}
		prev := t[k-1].in(data)
		c := data[t[k].s]
		if (strings.HasSuffix(prev, ".") || strings.HasSuffix(prev, "?") || strings.HasSuffix(prev, "!") || prev == ":)") && c >= 'A' && c <= 'Z' {
			cut = k
		}
	}
	return cut
}
