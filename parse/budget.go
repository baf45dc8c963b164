package parse

import (
	"fmt"

	"github.com/lkmlbench/lkmlbench/model"
)

// Budgets of one candidate block. A table written by hand has tens or
// hundreds of rows; a run of table-like lines far longer than that is a
// generated dump or a hostile input, and the families' cost grows faster
// than its length. Lines past a budget are not handed to the families,
// and the cut is a warning naming the first line left out.
const (
	// MaxBlockLines bounds the lines of one candidate block.
	MaxBlockLines = 5000
	// MaxBlockBytes bounds the text of one candidate block.
	MaxBlockBytes = 1 << 20
)

// budgetRun appends to out the run of table-like lines r (first and last
// index into s.lines) cut to the block budgets, and notes the cuts. A line
// that alone exceeds the byte budget is left out with a warning naming it,
// and the lines on either side of it are runs of their own: a megabyte of
// "=" or one generated line must not cost the table below it.
func (s *segment) budgetRun(out [][2]int, r [2]int) [][2]int {
	start := r[0]
	for i := r[0]; i <= r[1]; i++ {
		l := s.lines[i]
		if len(l.Text)+1 <= MaxBlockBytes {
			continue
		}
		s.cuts = append(s.cuts, model.Warning{Line: l.No, Offset: l.Offset,
			Message: fmt.Sprintf("table-like line %d alone is %d bytes, over the budget of one block (%d bytes): not read as a table", l.No, len(l.Text), MaxBlockBytes)})
		if i > start {
			out = append(out, s.cutRun([2]int{start, i - 1}))
		}
		start = i + 1
	}
	if start <= r[1] {
		out = append(out, s.cutRun([2]int{start, r[1]}))
	}
	return out
}

// cutRun cuts a run none of whose lines alone exceeds the byte budget to
// the block budgets, keeping at least its first line, and notes the cut.
func (s *segment) cutRun(r [2]int) [2]int {
	size := 0
	for i := r[0]; i <= r[1]; i++ {
		size += len(s.lines[i].Text) + 1
		if i-r[0] < MaxBlockLines && size <= MaxBlockBytes {
			continue
		}
		first, last := s.lines[i], s.lines[r[1]]
		s.cuts = append(s.cuts, model.Warning{Line: first.No, Offset: first.Offset,
			Message: fmt.Sprintf("table-like lines %d-%d exceed the budget of one block (%d lines, %d bytes): not read as tables", first.No, last.No, MaxBlockLines, MaxBlockBytes)})
		return [2]int{r[0], i - 1}
	}
	return r
}

// blockStart is the first line index of the block of the run that starts
// at first: up to headerReach lines above it that may be headers, stopping
// below a line that alone exceeds the byte budget (a line of megabytes is
// no header, and would cost the families what the run's budget saves).
func (s *segment) blockStart(first int) int {
	start := first
	for start > 0 && first-start < headerReach && len(s.lines[start-1].Text)+1 <= MaxBlockBytes {
		start--
	}
	return start
}

// TablesBudgeted is Tables with the budget cuts: a warning (Line and
// Offset set, Source left to the caller) for every run of table-like lines
// cut to MaxBlockLines or MaxBlockBytes, and for every number of the body
// that no float64 holds (OutOfRange).
func TablesBudgeted(body []model.Line) ([]model.Table, []model.Warning) {
	var cuts []model.Warning
	tables, _ := readSegments(segments(body), false, func(s *segment) { cuts = append(cuts, s.cuts...) })
	return tables, append(cuts, rangeWarnings(body)...)
}
