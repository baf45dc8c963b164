package normalize

import (
	"regexp"
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// headlineSentence is the kernel test robot's sentence naming the metric
// its report is about: "kernel test robot noticed a -8.1% regression of
// vm-scalability.throughput on:", "FYI, we noticed a 12.3% improvement of
// aim7.jobs-per-min due to commit:", and the rows of its "also has
// significant impact" table, "| testcase: change | stress-ng:
// stress-ng.fork.ops_per_sec -10.0% regression |".
var headlineSentence = regexp.MustCompile(`(?i)(?:noticed\s+an?\s+([+-]?[0-9]+(?:\.[0-9]+)?)%\s+(improvement|regression)\s+of\s+([a-z0-9][a-z0-9_.%/-]*[a-z0-9_%])|\s([a-z0-9][a-z0-9_-]*\.[a-z0-9_.%/-]*[a-z0-9_%])\s+([+-]?[0-9]+(?:\.[0-9]+)?)%\s+(improvement|regression)\b)`)

// Headline is what a kernel test robot's sentence says of the metric its
// report is about.
type Headline struct {
	// Word is the robot's own judgement: "improvement" or "regression".
	Word string
	// Rise tells which way the robot says the metric went, when Signed:
	// "a -8.1% regression" fell. Older reports write no sign ("a 12.9%
	// regression of X.ops_per_sec" for a metric that fell), and then only
	// the table's own change says which way it went.
	Rise, Signed bool
}

// direction is the direction the robot's word gives a metric that rose
// or fell as the headline, or the table's change when the sentence has
// no sign, says: a rise called an improvement, or a fall called a
// regression, is higher-is-better. Empty when neither says which way the
// metric went.
func (h Headline) direction(change float64) string {
	rise := h.Rise
	if !h.Signed {
		if change == 0 {
			return ""
		}
		rise = change > 0
	}
	if rise == strings.EqualFold(h.Word, "improvement") {
		return "higher"
	}
	return "lower"
}

// Headlines returns the metrics a kernel test robot report is about, each
// with what the robot's sentence says of it. lines are the message's text
// (quoted copies included: a reply quotes the report). Empty when the text
// names none; a metric two sentences judge apart is left out.
func Headlines(lines []string) map[string]Headline {
	var out map[string]Headline
	disputed := map[string]bool{}
	for _, l := range lines {
		if !strings.Contains(l, "improvement") && !strings.Contains(l, "regression") {
			continue
		}
		for _, m := range headlineSentence.FindAllStringSubmatch(l, -1) {
			pct, word, metric := m[1], m[2], m[3]
			if metric == "" {
				metric, pct, word = m[4], m[5], m[6]
			}
			signed := pct[0] == '+' || pct[0] == '-'
			h := Headline{Word: strings.ToLower(word), Signed: signed, Rise: signed && pct[0] == '+'}
			if out == nil {
				out = map[string]Headline{}
			}
			if old, ok := out[metric]; ok && old != h {
				disputed[metric] = true // two sentences that disagree say nothing
				continue
			}
			out[metric] = h
		}
	}
	for k := range disputed {
		delete(out, k)
	}
	return out
}

// markHeadlines flags the cells of t's rows that are a headline metric
// (model.FlagHeadline) and gives them the direction the robot's sentence
// and the row's own change give.
func markHeadlines(t *model.Table, heads map[string]Headline) {
	if len(heads) == 0 {
		return
	}
	for i := range t.Rows {
		r := &t.Rows[i]
		h, ok := heads[r.Case]
		if !ok {
			continue
		}
		dir := h.direction(rowChange(r))
		for j := range r.Cells {
			c := &r.Cells[j]
			c.Flags = appendFlag(c.Flags, model.FlagHeadline)
			c.Direction = dir
		}
	}
}

// rowChange is the change a robot's row shows: its printed %change, or
// else its last value against its first (the parent commit's column comes
// first in the robot's tables). Zero when the row shows neither.
func rowChange(r *model.Row) float64 {
	var first, last *model.Cell
	for j := range r.Cells {
		c := &r.Cells[j]
		if !c.Value.Valid() {
			continue
		}
		switch c.Field {
		case "pct":
			return c.Value.Float()
		case "value":
			if first == nil {
				first = c
			}
			last = c
		}
	}
	if first == nil || last == first {
		return 0
	}
	return last.Value.Float() - first.Value.Float()
}

// headlineDirections gives the rows flagged as a headline the robot's
// direction, ahead of what their names say.
func headlineDirections(t *model.Table, dirs []string, byName []bool) {
	for i, r := range t.Rows {
		for _, c := range r.Cells {
			if slices.Contains(c.Flags, model.FlagHeadline) && c.Direction != "" {
				dirs[i], byName[i] = c.Direction, true
				break
			}
		}
	}
}
