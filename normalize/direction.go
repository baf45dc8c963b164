package normalize

import (
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// Prose phrases that say which way is better. The explicit ones ("lower is
// better") decide first, whatever line they are on; the metric ones must
// describe the data ("completion time", "runtime is in seconds") and are
// ignored for tables whose rows mix metrics.
var (
	proseLowerBetter  = regexp.MustCompile(`(?i)\b(lower|less|smaller|fewer|shorter)\s*(is|are|=|the)?\s*better\b`)
	proseHigherBetter = regexp.MustCompile(`(?i)\b(higher|more|bigger|larger|greater)\s*(is|are|=|the)?\s*better\b`)
	proseLowerMetric  = regexp.MustCompile(`(?i)\b(completion time|execution time|elapsed time|wall[- ]clock time|times? (are |is )?in (seconds|secs?|msecs?|usecs?|ms|us|minutes)|(is|are) in (seconds|secs|msecs|usecs|microseconds|milliseconds)|latenc(y|ies) in (us|usecs?|ms|msecs?|ns|microseconds|milliseconds|nanoseconds)|usecs?/op)\b`)
	proseHigherMetric = regexp.MustCompile(`(?i)\b(throughput|bandwidth|(iterations|operations|ops|requests|transactions|events|records|jobs|loops) (per|/) ?(second|sec|s|minute|min)|ops/sec)\b`)
)

// proseDirection returns the direction the texts state with the given
// phrases, trying the texts in the order given (nearest first); "" when
// none or when one text says both.
func proseDirection(texts []string, lower, higher *regexp.Regexp) string {
	for _, t := range texts {
		if d := agreed(lower.MatchString(t), higher.MatchString(t)); d != "" {
			return d
		}
	}
	return ""
}

// agreed is the direction that the evidence for lower and for higher
// names when only one of them speaks, "" when neither or both do.
func agreed(lo, hi bool) string {
	switch {
	case lo && !hi:
		return "lower"
	case hi && !lo:
		return "higher"
	}
	return ""
}

// nearbyTexts lists the prose lines above the table nearest first, then
// its headings innermost first, then the lead lines that stand above
// another table (Table.LeadFar): a heading of the table's own ("energy
// comparison:") describes it better than the words about the block above.
func nearbyTexts(t *model.Table) []string {
	var out []string
	far := min(max(t.LeadFar, 0), len(t.Lead))
	for i := len(t.Lead) - 1; i >= far; i-- {
		out = append(out, t.Lead[i])
	}
	for i := len(t.Context) - 1; i >= 0; i-- {
		out = append(out, t.Context[i])
	}
	for i := far - 1; i >= 0; i-- {
		out = append(out, t.Lead[i])
	}
	return out
}

// ownTexts is nearbyTexts without the lines about another table.
func ownTexts(t *model.Table) []string {
	return nearbyTexts(t)[:len(t.Lead)-min(max(t.LeadFar, 0), len(t.Lead))+len(t.Context)]
}

// statFields are fields that describe one metric (its value, spread,
// aggregates, percentiles and printed change): a table whose cells have
// only these measures one thing.
var statFields = map[string]bool{
	"value": true, "pct": true, "cv": true, "stddev": true, "stdev": true, "var": true,
	"min": true, "max": true, "avg": true, "mean": true, "median": true,
	"amean": true, "hmean": true, "gmean": true, "bamean": true,
}

// isStatField reports whether a field describes the table's one metric.
func isStatField(f string) bool {
	if statFields[f] || strings.HasSuffix(f, "_pct") {
		return true
	}
	if strings.HasPrefix(f, "p") && len(f) > 1 {
		for _, c := range f[1:] {
			if (c < '0' || c > '9') && c != '.' {
				return false
			}
		}
		return true
	}
	return false
}

// mixedFields reports whether the table's compared cells hold several
// metrics (runtime, switches, ...), so that no one direction applies. Cells
// outside the variants (row-key columns) do not count when there are
// variants.
func mixedFields(t *model.Table) bool {
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if len(t.Variants) > 0 && c.Variant == "" {
				continue
			}
			if !isStatField(c.Field) {
				return true
			}
		}
	}
	return false
}

// rowDirections gives every row the direction its label states: the
// metric it names (MetricDirection), else the list's entry for it. byName
// says which rows their metric's name decided.
func rowDirections(t *model.Table, bl *Benchmarks) (dirs []string, byName []bool) {
	dirs, byName = make([]string, len(t.Rows)), make([]bool, len(t.Rows))
	for i, r := range t.Rows {
		if d := MetricDirection(r.Case); d != "" {
			dirs[i], byName[i] = d, true
		} else if b, ok := bl.Lookup(r.Case); ok && len(splitDotted(strings.ToLower(r.Case))) == 1 {
			dirs[i] = b.Direction
		}
	}
	return dirs, byName
}

// namedDirection is the direction the names of the table's metrics state,
// tried after the unit and before the benchmark: rows naming their metric
// (all that name one must agree; when only some do, the rows are separate
// metrics and the table gets none, DirMixed, so that the others stay
// unknown), else a word all the variants' titles share ("base elapsed",
// "RFC elapsed"), else a short heading or title line ("Latency (usec)").
// ok is false
// when no name says anything.
func namedDirection(t *model.Table, rowDirs []string, byName []bool) (dir, source string, ok bool) {
	named, all := 0, true
	for i := range t.Rows {
		if byName[i] {
			named++
			if dir == "" {
				dir = rowDirs[i]
			}
		} else {
			all = false
		}
	}
	switch {
	case named > 0 && all:
		return dir, model.DirFromMetric, true
	case named > 0:
		return "", model.DirMixed, true
	}
	if d := sharedTitleDirection(t.Variants); d != "" {
		return d, model.DirFromMetric, true
	}
	// Headings, innermost first, and the one line just above the table:
	// only short ones, which title the data rather than discuss it.
	var titles []string
	if len(t.Lead) > 0 {
		titles = append(titles, t.Lead[len(t.Lead)-1])
	}
	for i := len(t.Context) - 1; i >= 0; i-- {
		titles = append(titles, t.Context[i])
	}
	for _, h := range titles {
		if len(strings.Fields(h)) <= 6 {
			if d := MetricDirection(h); d != "" {
				return d, model.DirFromMetric, true
			}
		}
	}
	return "", "", false
}

// sharedTitleDirection is the direction of a metric word every variant's
// title holds, "" when they share none or there is only one.
func sharedTitleDirection(variants []string) string {
	if len(variants) < 2 {
		return ""
	}
	dir := ""
	for _, v := range variants {
		d := ""
		for _, w := range metricWord.FindAllString(notMetric.ReplaceAllString(strings.ToLower(v), " "), -1) {
			if x := plainDirection([]string{w}); x != "" {
				if d != "" && d != x {
					return ""
				}
				d = x
			}
		}
		if d == "" || (dir != "" && d != dir) {
			return ""
		}
		dir = d
	}
	return dir
}

// titleDirection is the direction the table's innermost heading names
// when it stands apart from the prose above it (a short title, not a
// sentence), "" otherwise.
func titleDirection(t *model.Table) string {
	if t.LeadFar == 0 || len(t.Context) == 0 {
		return ""
	}
	h := t.Context[len(t.Context)-1]
	if len(strings.Fields(h)) > 6 {
		return ""
	}
	return MetricDirection(h)
}

// disagree reports whether the directions hold both "lower" and "higher".
func disagree(dirs []string) bool {
	lo, hi := false, false
	for _, d := range dirs {
		lo = lo || d == "lower"
		hi = hi || d == "higher"
	}
	return lo && hi
}

// direction decides the table's direction and its source. It keeps a
// direction the table's header set; then tries the prose's explicit
// "lower/higher is better", and, unless the rows mix metrics, the prose's
// metric words, the unit, the metrics' names and the benchmark list. rowDirs are the
// directions the row labels imply.
func direction(t *model.Table, unit Unit, rowDirs []string, byName []bool, bl *Benchmarks) (dir, source string) {
	if d := strings.ToLower(t.Direction); d == "lower" || d == "higher" {
		return d, model.DirFromHeader
	}
	if t.Format == "lkp" {
		// A robot block holds the benchmark's metrics beside its
		// monitors: each row keeps the direction its own name (or the
		// robot's headline) gives it, none inherits the benchmark's.
		return "", model.DirMixed
	}
	near, own := nearbyTexts(t), ownTexts(t)
	if d := proseDirection(own, proseLowerBetter, proseHigherBetter); d != "" {
		return d, model.DirFromProse
	}
	if d := proseDirection([]string{strings.Join(t.Variants, "\n")}, proseLowerBetter, proseHigherBetter); d != "" {
		// A column title says it: "% Improvement (lower the better)"
		// beside "Base (s)" and "Base + Patch (s)".
		return d, model.DirFromHeader
	}
	if mixedFields(t) || disagree(rowDirs) {
		return "", model.DirMixed
	}
	if d := titleDirection(t); d != "" {
		// The table's own heading names its metric ("energy comparison"):
		// it outranks words about the block above.
		return d, model.DirFromMetric
	}
	if d := proseDirection(own, proseLowerMetric, proseHigherMetric); d != "" {
		return d, model.DirFromProse
	}
	if len(own) < len(near) {
		// Words above an earlier table still speak for this one when
		// nothing of its own does ("The following tables are ... run
		// times in seconds").
		far := near[len(own):]
		if d := proseDirection(far, proseLowerBetter, proseHigherBetter); d != "" {
			return d, model.DirFromProse
		}
		if d := proseDirection(far, proseLowerMetric, proseHigherMetric); d != "" {
			return d, model.DirFromProse
		}
	}
	if unit.Direction != "" {
		return unit.Direction, model.DirFromUnit
	}
	if d, src, ok := namedDirection(t, rowDirs, byName); ok {
		return d, src
	}
	if b, ok := bl.Lookup(t.Benchmark); ok {
		return b.Direction, model.DirFromList
	}
	for _, d := range rowDirs {
		if d != "" {
			return d, model.DirFromList
		}
	}
	return "", ""
}
