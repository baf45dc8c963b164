package text

import "github.com/lkmlbench/lkmlbench/model"

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
	for i, l := range src {
		s.Canon[i] = Canon(l.Text)
	}
	s.Indent = Dedent(s.Canon)
	for i, l := range src {
		l.Text = s.Canon[i].Text
		s.Lines[i] = l
	}
	return s
}
