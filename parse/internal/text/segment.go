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
func segment(src []model.Line) Segment {
	s := Segment{Lines: make([]model.Line, len(src)), Canon: make([]Line, len(src))}
	shifted := false // some tab stops elsewhere when counted from the margin
	for i, l := range src {
		s.Canon[i] = Canon(l.Text)
		shifted = shifted || l.Quote%TabWidth != 0 && strings.IndexByte(l.Text, '\t') >= 0
	}
	if shifted {
		screen := make([]Line, len(src))
		for i, l := range src {
			screen[i] = CanonAt(l.Text, l.Quote)
		}
		if alignment(screen) > alignment(s.Canon) {
			s.Canon = screen
		}
	}
	s.Indent = Dedent(s.Canon)
	for i, l := range src {
		l.Text = s.Canon[i].Text
		s.Lines[i] = l
	}
	return s
}

// alignment counts the columns at which consecutive non-blank lines both
// start a word or draw a '|': how well a reading of the tabs lines up the
// lines, the measure a reader uses to tell which stops the writer meant.
func alignment(lines []Line) int {
	n := 0
	var prev, cur []int
	for _, l := range lines {
		if l.Text == "" {
			continue
		}
		cur = starts(l.Text, cur[:0])
		for i, j := 0, 0; i < len(prev) && j < len(cur); {
			switch {
			case prev[i] < cur[j]:
				i++
			case prev[i] > cur[j]:
				j++
			default:
				n++
				i++
				j++
			}
		}
		prev, cur = cur, prev
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
