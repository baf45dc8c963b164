package text

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// Segment is a run of body lines of kind model.KindText, of one quote depth
// and one MIME part: text of two parts or depths never forms one table, nor
// titles a table of the other.
type Segment struct {
	// Lines are the run's lines with their Text in canonical form, the
	// common indentation removed; No, Offset, Depth and the rest are the
	// source line's.
	Lines []model.Line
	// Canon holds the byte map of each line: Canon[i].Raw(k) is the byte of
	// the source line's Text that byte k of Lines[i].Text comes from.
	Canon []Line
	// Indent is the indentation removed from every non-blank line.
	Indent int
}

// Segments cuts body into segments: at quote-depth changes, at lines that
// are not text (patches, signatures, attributions, header blocks), and
// where a new MIME part starts.
func Segments(body []model.Line) []Segment {
	var out []Segment
	for k := 0; k < len(body); {
		l := body[k]
		if l.Kind != model.KindText {
			k++
			continue
		}
		n := 1
		for n < len(body)-k && body[k+n].Kind == model.KindText && body[k+n].Depth == l.Depth && !body[k+n].PartStart {
			n++
		}
		out = append(out, segment(body[k:k+n]))
		k += n
	}
	return out
}

// segment puts the lines of one segment in canonical form.
//
// Where its tabs stop depends on where the writer's margin was: the text
// after the quote markers when the author typed the tabs before the text
// was quoted, the screen's margin when an editor wrote them into a reply
// after quoting, and the end of an indentation every line shares when
// that indentation was added in front of text typed with tabs. Where these
// margins put the stops apart, the segment is read with the one that lines
// its words and bars up best, the author's when more than one do as well.
func segment(src []model.Line) Segment {
	s := Segment{Lines: make([]model.Line, len(src)), Canon: make([]Line, len(src))}
	quoted, tabs := false, false // whether another margin moves some stop
	for i, l := range src {
		s.Canon[i] = Canon(l.Text)
		if strings.IndexByte(l.Text, '\t') >= 0 {
			tabs = true
			quoted = quoted || l.Quote%TabWidth != 0
		}
	}
	if tabs {
		best := alignment(s.Canon)
		try := func(at func(model.Line) int) {
			lines := make([]Line, len(src))
			for i, l := range src {
				lines[i] = CanonAt(l.Text, at(l))
			}
			if a := alignment(lines); a > best {
				s.Canon, best = lines, a
			}
		}
		if quoted {
			try(func(l model.Line) int { return l.Quote })
		}
		if n := commonSpaces(src); n%TabWidth != 0 {
			try(func(model.Line) int { return -n })
		}
	}
	s.Indent = Dedent(s.Canon)
	for i, l := range src {
		l.Text = s.Canon[i].Text
		s.Lines[i] = l
	}
	return s
}

// commonSpaces returns the number of spaces every line of src that holds
// text starts with.
func commonSpaces(src []model.Line) int {
	common := -1
	for _, l := range src {
		n := 0
		for n < len(l.Text) && l.Text[n] == ' ' {
			n++
		}
		if strings.TrimSpace(l.Text[n:]) == "" {
			continue
		}
		if common < 0 || n < common {
			common = n
		}
	}
	return max(common, 0)
}

// alignment counts the columns at which a non-blank line and either of
// the two non-blank lines above it both start a word or draw a '|': how
// well a reading of the tabs lines up the lines (a header with its rows
// across the rule under it), the measure a reader uses to tell which
// stops the writer meant.
func alignment(lines []Line) int {
	n := 0
	var above [2][]int // the starts of the two lines above, nearest first
	var cur []int
	for _, l := range lines {
		if l.Text == "" {
			continue
		}
		cur = starts(l.Text, cur[:0])
		for _, prev := range above {
			n += common(prev, cur)
		}
		above[0], above[1], cur = cur, above[0], above[1]
	}
	return n
}

// common counts the values two ascending lists share.
func common(a, b []int) int {
	n := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}

// starts appends to out the columns of t where a word starts or a '|'
// stands, in order.
func starts(t string, out []int) []int {
	for i := 0; i < len(t); i++ {
		if t[i] == '|' || t[i] != ' ' && (i == 0 || t[i-1] == ' ') {
			out = append(out, i)
		}
	}
	return out
}
