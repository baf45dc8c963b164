package mbox

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// unflow joins the soft line breaks of a format=flowed body (RFC 3676): a
// line ending in a space continues on the next line of the same quote
// depth; with delsp=yes that space was added by the client and goes. A
// space-stuffed line (one the client prefixed with a space because it
// started with a space, "From " or '>') loses the stuffing. The signature
// separator "-- " is never flowed. The joined line keeps the first line's
// number and offset, so a table row the client wrapped becomes one line
// again before tables are read.
func unflow(lines []model.Line, delsp bool) []model.Line {
	out := lines[:0:0]
	flowing := false
	for _, l := range lines {
		if l.Depth == 0 && strings.HasPrefix(l.Text, " ") {
			l.Text = l.Text[1:]
		}
		if flowing && out[len(out)-1].Depth == l.Depth {
			p := &out[len(out)-1]
			if delsp {
				p.Text = p.Text[:len(p.Text)-1]
			}
			p.Text += l.Text
		} else {
			out = append(out, l)
		}
		last := out[len(out)-1].Text
		flowing = strings.HasSuffix(last, " ") && last != "-- "
	}
	return out
}
