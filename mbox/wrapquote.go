package mbox

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// wrapColumn is the narrowest width mail clients hard-wrap at.
const wrapColumn = 66

// rejoinWrappedQuotes gives back its quote depth to the wrapped rest of a
// quoted table row. When a client re-wraps a long "> > row" line, the
// rest lands on a line of its own with fewer markers (or none); it then
// splits the quoted table in two. A line is such a rest when it holds only
// values (numbers, percentages, brackets, signs), the line above is deeper
// and long enough to have been wrapped before the rest's first word, and
// the line below is back at the deeper level (or blank). The table reader
// then joins the rest to its row (parse/unwrap.go).
func rejoinWrappedQuotes(lines []model.Line) {
	for i := 1; i < len(lines); i++ {
		prev, l := lines[i-1], &lines[i]
		if l.Depth >= prev.Depth || !valuesOnly(l.Text) {
			continue
		}
		if i+1 < len(lines) && lines[i+1].Depth != prev.Depth && strings.TrimSpace(lines[i+1].Text) != "" {
			continue
		}
		first := strings.Fields(l.Text)[0]
		if len(strings.TrimRight(prev.Text, " \t"))+2*prev.Depth+1+len(first) <= wrapColumn {
			continue
		}
		l.Depth = prev.Depth
	}
}

// valuesOnly reports whether t holds at least one digit and nothing but
// number characters, brackets, signs and blanks.
func valuesOnly(t string) bool {
	digits := false
	for _, r := range t {
		switch {
		case r >= '0' && r <= '9':
			digits = true
		case strings.ContainsRune(" \t.,%()[]+-*±~", r):
		default:
			return false
		}
	}
	return digits
}
