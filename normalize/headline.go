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

// Headlines returns the metrics a kernel test robot report is about, each
// with the direction the robot's own word gives it: a rise called an
// improvement, or a fall called a regression, is higher-is-better. lines
// are the message's text (quoted copies included: a reply quotes the
// report). Empty when the text names none.
func Headlines(lines []string) map[string]string {
	var out map[string]string
	for _, l := range lines {
		if !strings.Contains(l, "improvement") && !strings.Contains(l, "regression") {
			continue
		}
		for _, m := range headlineSentence.FindAllStringSubmatch(l, -1) {
			pct, word, metric := m[1], m[2], m[3]
			if metric == "" {
				metric, pct, word = m[4], m[5], m[6]
			}
			rise := !strings.HasPrefix(pct, "-")
			dir := "lower"
			if rise == strings.EqualFold(word, "improvement") {
				dir = "higher"
			}
			if out == nil {
				out = map[string]string{}
			}
			if d, ok := out[metric]; ok && d != dir {
				// Two sentences that disagree say nothing.
				out[metric] = ""
				continue
			}
			out[metric] = dir
		}
	}
	for k, d := range out {
		if d == "" {
			delete(out, k)
		}
	}
	return out
}

// markHeadlines flags the cells of t's rows that are a headline metric
// (model.FlagHeadline) and gives them the robot's direction.
func markHeadlines(t *model.Table, heads map[string]string) {
	if len(heads) == 0 {
		return
	}
	for i := range t.Rows {
		r := &t.Rows[i]
		dir, ok := heads[r.Case]
		if !ok {
			continue
		}
		for j := range r.Cells {
			c := &r.Cells[j]
			c.Flags = appendFlag(c.Flags, model.FlagHeadline)
			c.Direction = dir
		}
	}
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
