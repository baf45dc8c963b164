package normalize

import (
	"slices"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// Options tune the normalisation.
type Options struct {
	// Benchmarks is the better-direction list; nil means Default().
	Benchmarks *Benchmarks
	// Headlines are the metrics the message's robot report is about, with
	// what the robot says of each (see Headlines); nil when none.
	Headlines map[string]Headline
	// MinChange is the |improvement| in percent that counts as beyond
	// noise for a cell whose table gives no spread and marks no
	// significance; 0 means DefaultMinChange.
	MinChange float64
}

// Table adds the normalised readings to a table in place: the Baseline
// when the layout named none (InferBaseline), Direction (when
// the table has none and the text or the benchmark makes it plain),
// DirectionSource, PctConvention, UnitNorm, Normalized, Samples, a
// canonical Statistic, and per compared cell ImprovementPct, Noise, the
// Verdict (see Decide) and, in mixed tables, the cell's own Direction. Printed percentages that
// disagree with their values are flagged model.FlagPctMismatch. What the
// author wrote is never changed.
func Table(t *model.Table, opts Options) {
	readings(t, opts)
	Decide(t, opts.MinChange)
}

// readings adds every normalised reading of Table but the verdicts:
// Rebase clears the flags that do not apply to its new baseline before
// Decide withholds anything.
func readings(t *model.Table, opts Options) {
	bl := opts.Benchmarks
	if bl == nil {
		bl = Default()
	}
	unit := ParseUnit(t.Unit)
	t.UnitNorm, t.Normalized = unit.Symbol, unit.Normalized
	t.Statistic = Statistic(t.Statistic)
	t.Samples = Samples(nearbyTexts(t)...)

	if t.Columns == "" && t.BaselineCase == "" {
		rowsOrColumns(t)
	}
	if t.Baseline == "" && t.Columns == "" {
		t.Baseline = InferBaseline(t)
	}
	markHeadlines(t, opts.Headlines)
	rowDirs, byName := rowDirections(t, bl)
	headlineDirections(t, rowDirs, byName)
	if d, src, ok := columnsDirection(t); ok {
		t.Direction, t.DirectionSource = d, src
	} else {
		t.Direction, t.DirectionSource = direction(t, unit, rowDirs, byName, bl)
	}

	cmps := comparisons(t)
	if d := signedPctDirection(t, cmps); d != "" {
		t.Direction, t.DirectionSource = d, model.DirFromPct
	}
	dirOf := func(c *comparison) string {
		if t.Direction != "" {
			return t.Direction
		}
		if d := fieldDirection(c.field); d != "" {
			return d
		}
		return rowDirs[c.row]
	}
	conv := convention(t, cmps, dirOf)
	t.PctConvention = conv
	if t.Direction == "" && conv == model.PctImprovement {
		// An improvement-signed percentage shows each row's direction.
		for _, c := range cmps {
			if rowDirs[c.row] == "" {
				rowDirs[c.row] = pctDirection(c.fit)
			}
		}
	}
	form := pctForm(cmps)
	marked := significanceMarked(t)
	for _, c := range cmps {
		dir := dirOf(c)
		if c.pct != nil && !fitsConvention(c.fit, conv, dir) {
			c.pct.Flags = appendFlag(c.pct.Flags, model.FlagPctMismatch)
		}
		imp, ok := improvement(c, conv, dir, form)
		if !ok {
			continue
		}
		target := c.cell
		if target == nil {
			target = c.pct
		}
		target.ImprovementPct = pctNumber(imp)
		target.Noise = noise(t, c, imp, marked)
	}
	cellDirections(t, rowDirs)
	if t.BaselineCase != "" {
		rowReadings(t)
	} else {
		foldRuns(t)
	}
}

// cellDirections gives the cells of a table without a direction their
// own: the metric their field names, else their row's, else their
// column title's ("resume time (s)"). Counters get none (counter.go).
func cellDirections(t *model.Table, rowDirs []string) {
	if t.Direction != "" {
		return
	}
	byTitle := map[string]string{}
	for _, v := range t.Variants {
		byTitle[v] = MetricDirection(v)
	}
	for i := range t.Rows {
		if isCounterRow(t, &t.Rows[i]) {
			continue
		}
		for j := range t.Rows[i].Cells {
			c := &t.Rows[i].Cells[j]
			if c.Direction != "" {
				// The robot's headline direction (markHeadlines).
				continue
			}
			if counterCell(t, c) {
				continue
			}
			if d := fieldDirection(c.Field); d != "" {
				c.Direction = d
			} else if rowDirs[i] != "" && t.Columns == "" {
				c.Direction = rowDirs[i]
			} else if d := byTitle[c.Variant]; d != "" && !isSpread(c.Field) && !isPctColumn(t, c.Variant) {
				c.Direction = d
			}
		}
	}
}

// columnsDirection is the direction of a table whose columns are metrics
// (model.ColumnsMetrics) when some column's title names one: only the
// header's or the prose's own "lower is better" then speaks for all
// columns, and only when no title names the other direction; else the
// table has none (DirMixed), and each column's title gives its cells
// theirs (cellDirections). ok is false for other tables, and when no
// title names a direction: the columns are then tests or statistics of
// one metric ("kmalloc", "pgalloc"; "value", "perc_diff"), whose
// direction is found as any table's.
func columnsDirection(t *model.Table) (dir, source string, ok bool) {
	if t.Columns != model.ColumnsMetrics {
		return "", "", false
	}
	var dirs []string
	for _, v := range t.Variants {
		if d := MetricDirection(v); d != "" && !isPctColumn(t, v) {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 0 {
		return "", "", false
	}
	d, src := "", ""
	if x := strings.ToLower(t.Direction); x == "lower" || x == "higher" {
		d, src = x, model.DirFromHeader
	} else if x := proseDirection(ownTexts(t), proseLowerBetter, proseHigherBetter); x != "" {
		d, src = x, model.DirFromProse
	}
	if d != "" && !disagree(append(dirs, d)) {
		return d, src, true
	}
	return "", model.DirMixed, true
}

// signedPctDirection is the direction a table's own improvement-signed
// percentages show (mmtests and AMD's "[pct imp]" print +x% for a change
// for the better): a higher value printed with a positive percentage is
// higher-is-better. Only a stated direction (header, "lower is better")
// outranks it; every informative row must agree, "" otherwise.
func signedPctDirection(t *model.Table, cmps []*comparison) string {
	if formatConvention[t.Format] != model.PctImprovement || t.DirectionSource == model.DirFromHeader || t.DirectionSource == model.DirFromProse {
		return ""
	}
	dir := ""
	for _, c := range cmps {
		d := pctDirection(c.fit)
		if d == "" {
			continue
		}
		if dir != "" && d != dir {
			return ""
		}
		dir = d
	}
	return dir
}

// fieldDirection is the direction a cell's field names when it is a
// metric of its own (perf sched's runtime beside its switches, fio's iops
// beside lat_avg), "" for the table's one metric and its statistics.
func fieldDirection(field string) string {
	if isStatField(field) || isSpread(field) {
		return ""
	}
	return MetricDirection(field)
}

// pctForm says which improvement formula the author used for lower-is-
// better rows: "speedup" (base/new-1) when more rows fit it than 1-new/base.
func pctForm(cmps []*comparison) string {
	down, speedup := 0, 0
	for _, c := range cmps {
		if c.fit.down && !c.fit.speedup {
			down++
		}
		if c.fit.speedup && !c.fit.down {
			speedup++
		}
	}
	if speedup > down {
		return "speedup"
	}
	return "down"
}

func appendFlag(flags []string, f string) []string {
	if slices.Contains(flags, f) {
		return flags
	}
	return append(flags, f)
}
