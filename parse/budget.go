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

// budgetRun cuts a run of table-like lines (first and last index into
// s.lines) to the block budgets and notes the cut.
func (s *segment) budgetRun(r [2]int) [2]int {
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

// TablesBudgeted is Tables with the budget cuts: a warning (Line and
// Offset set, Source left to the caller) for every run of table-like lines
// cut to MaxBlockLines or MaxBlockBytes.
func TablesBudgeted(body []model.Line) ([]model.Table, []model.Warning) {
	var cuts []model.Warning
	tables, _ := readSegments(segments(body), false, func(s *segment) { cuts = append(cuts, s.cuts...) })
	return tables, cuts
}
