package mbox

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// altMarkers are the quote markers of old clients (Elm, some Usenet
// readers, Lotus Notes) used instead of '>'.
var altMarkers = []byte{'|', ':'}

// altQuotes turns "| " and ": " quoting into quote depth. A run of lines
// that all start with the same marker is quoting when an attribution line
// stands right above it, when most of its lines are prose holding the
// marker character nowhere else, or when the marker is a '|' that no line
// holds again: a "| a | b |" pipe grid or a ": value" list keeps its text. The marker and one space after it are dropped; '>'
// markers behind it add to the depth.
func altQuotes(lines []model.Line) {
	for i := 0; i < len(lines); {
		c, ok := altMarker(lines[i].Text)
		if !ok {
			i++
			continue
		}
		d := lines[i].Depth
		j := i
		for j < len(lines) && lines[j].Depth == d {
			if mc, ok := altMarker(lines[j].Text); !ok || mc != c {
				break
			}
			j++
		}
		if j-i >= 2 && (attributedAbove(lines, i) || proseRun(lines[i:j], c) || c == '|' && leftBarOnly(lines[i:j])) {
			for k := i; k < j; k++ {
				rest := strings.TrimPrefix(lines[k].Text[1:], " ")
				depth, t := unquote(rest)
				lines[k].Quote += len(lines[k].Text) - len(t)
				lines[k].Text, lines[k].Depth = t, d+1+depth
			}
		}
		i = j
	}
}

// indentedQuotes gives its depth to quoting indented as a whole: a reply
// pasted into an indented block, or a body every line of which a client
// or an author indented, keeps its "> " markers behind the blanks, and a
// reader sees it as quoted all the same. A run of two or more lines that
// all start with the same blanks and a '>' that is a marker (followed by a
// blank, another '>' or the line's end, never "  >10ms") is quoting; the
// blanks go with the markers.
func indentedQuotes(lines []model.Line) {
	for i := 0; i < len(lines); {
		lead, ok := indentedMarker(lines[i].Text)
		if !ok {
			i++
			continue
		}
		d := lines[i].Depth
		j := i + 1
		for j < len(lines) && lines[j].Depth == d {
			if l, ok := indentedMarker(lines[j].Text); !ok || l != lead {
				break
			}
			j++
		}
		if j-i >= 2 {
			for k := i; k < j; k++ {
				depth, t := unquote(lines[k].Text[lead:])
				lines[k].Quote += len(lines[k].Text) - len(t)
				lines[k].Text, lines[k].Depth = t, d+depth
			}
		}
		i = j
	}
}

// indentedMarker returns the length of the blanks before a quote marker
// that t starts with after one or more blanks.
func indentedMarker(t string) (int, bool) {
	n := 0
	for n < len(t) && (t[n] == ' ' || t[n] == '\t') {
		n++
	}
	if n == 0 || n >= len(t) || t[n] != '>' {
		return 0, false
	}
	if k := n + 1; k < len(t) && t[k] != ' ' && t[k] != '>' {
		return 0, false
	}
	return n, true
}

// altMarker returns the marker a line starts with: the marker alone or
// followed by a space.
func altMarker(t string) (byte, bool) {
	for _, c := range altMarkers {
		if len(t) > 0 && t[0] == c && (len(t) == 1 || t[1] == ' ') {
			return c, true
		}
	}
	return 0, false
}

// attributedAbove reports whether the nearest non-blank line above line i
// at its depth is an attribution ("Name wrote:", "On ... wrote:").
func attributedAbove(lines []model.Line, i int) bool {
	for k := i - 1; k >= 0 && lines[k].Depth == lines[i].Depth; k-- {
		t := strings.TrimSpace(lines[k].Text)
		if t == "" {
			continue
		}
		if _, ok := attribution(t); ok {
			return true
		}
		return k > 0 && isOnWrote(strings.TrimSpace(lines[k-1].Text)+" "+t)
	}
	return false
}

// proseRun reports whether most lines of a marker run (after the marker)
// are words without the marker character: quoted prose, not a grid.
func proseRun(run []model.Line, c byte) bool {
	prose, text := 0, 0
	for _, l := range run {
		rest := strings.TrimSpace(l.Text[1:])
		if rest == "" {
			continue
		}
		text++
		if strings.IndexByte(rest, c) < 0 && len(strings.Fields(rest)) >= 3 && hasLetters(rest) {
			prose++
		}
	}
	return text > 0 && 2*prose > text
}

// leftBarOnly reports whether no line of a run of "|"-marked lines holds
// a '|' after its marker: a pipe grid's rows have a bar between cells or
// at the end, so a run with the bar only at the left margin is a pasted
// or quoted block ("| real    0m0,732s"), whatever its lines hold.
func leftBarOnly(run []model.Line) bool {
	for _, l := range run {
		if strings.IndexByte(l.Text[1:], '|') >= 0 {
			return false
		}
	}
	return true
}

// hasLetters reports whether s holds at least three ASCII letters.
func hasLetters(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' {
			n++
		}
	}
	return n >= 3
}
