package mbox

import (
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// reTrailer matches the trailers that credit people in kernel patches.
var reTrailer = regexp.MustCompile(`^\s*((?i:tested|reviewed|acked|reported|signed-off|suggested|co-developed|reported-and-tested)-by):\s*(.+?)\s*$`)

// Trailers returns the message's own "Key-by: Name <addr>" lines: only
// unquoted text lines count, so trailers of a quoted patch are not credited
// to the reply.
func Trailers(lines []model.Line) []model.Trailer {
	var out []model.Trailer
	for _, l := range lines {
		if l.Depth != 0 || l.Kind != model.KindText || !strings.Contains(l.Text, "-by:") {
			continue
		}
		m := reTrailer.FindStringSubmatch(l.Text)
		if m == nil {
			continue
		}
		out = append(out, model.Trailer{Key: m[1], Who: parseLooseAddress(m[2]), Line: l.No})
	}
	return out
}
