package normalize

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/lkmlbench/lkmlbench/model"
)

// Decide sets Verdict and VerdictBasis on every compared cell of t (those
// with an ImprovementPct) and clears them on the others. A cell whose
// Noise is known keeps that judgement (the tool's significance marker or
// the spread of both sides, whichever the table gives); any other is
// beyond noise when |ImprovementPct| is at least minChange percent
// (DefaultMinChange when minChange <= 0). Where the evidence disagrees
// (tableDoubt, or the row's printed percentage not following from its
// values), where the row is a counter rather than a result
// (model.BasisCounter) or where the mail calls the change noise
// (model.BasisNoise), the cell gets no verdict and no ImprovementPct,
// and VerdictBasis says why. Table calls it; call it again to judge
// stored tables with another minChange: a withheld cell stays withheld.
func Decide(t *model.Table, minChange float64) {
	if minChange <= 0 {
		minChange = DefaultMinChange
	}
	marked := significanceMarked(t)
	doubt := tableDoubt(t)
	statedNoise := noiseStated(t)
	whole := byWholeLabel(t)
	stray := strayVariants(t)
	for ri := range t.Rows {
		r := &t.Rows[ri]
		counter := isCounterRow(t, r)
		baseRow := false
		if t.BaselineCase != "" {
			_, v := rowVariant(r.Case, whole)
			baseRow = v == t.BaselineCase
		}
		for ci := range r.Cells {
			c := &r.Cells[ci]
			if c.ImprovementPct == nil {
				switch {
				case (counter || counterCell(t, c)) && comparable(t, c, baseRow):
					// Unjudged for want of a direction, and not a result.
					c.Verdict, c.VerdictBasis = model.VerdictNone, model.BasisCounter
				case !model.Withheld(c.VerdictBasis):
					c.Verdict, c.VerdictBasis = model.VerdictNone, ""
				}
				continue
			}
			c.Verdict, c.VerdictBasis = decide(c, marked, minChange)
			if why := withhold(t, ri, c, counter, doubt, statedNoise, stray); why != "" {
				c.ImprovementPct, c.Noise = nil, ""
				c.Verdict, c.VerdictBasis = model.VerdictNone, why
			}
		}
	}
}

// comparable reports whether a cell is a reading of a variant that t
// compares with its baseline: not the baseline's own (baseRow: the cell
// is in a reference row of a table whose rows are its variants), not a
// spread or a printed change.
func comparable(t *model.Table, c *model.Cell, baseRow bool) bool {
	if t.BaselineCase != "" {
		return !baseRow && rowCompared(t, c)
	}
	return t.Baseline != "" && c.Variant != "" && c.Variant != t.Baseline && !isSpread(c.Field) && c.Field != "pct_points"
}

// counterCell reports whether a cell is a counter by its field, or, in a
// table whose columns are metrics, by its column's title ("usage",
// "Busy%").
func counterCell(t *model.Table, c *model.Cell) bool {
	return isCounterField(t, c.Field) || t.Columns == model.ColumnsMetrics && (isCounterName(c.Variant) || sysfsState.MatchString(c.Variant))
}

// withhold says why a compared cell may carry no verdict, "" when nothing
// argues against one. The reasons are tried from the strongest: a number
// that is no result, a column that is no variant, a reading in doubt, a
// change the mail calls noise.
func withhold(t *model.Table, ri int, c *model.Cell, counter bool, doubt string, statedNoise bool, stray func(*model.Row, string) bool) string {
	r := &t.Rows[ri]
	switch {
	case counter || counterCell(t, c):
		return model.BasisCounter
	case notVariant(c.Variant) || notVariant(t.Baseline) || unnamed(c.Variant) || unnamed(t.Baseline) || isSpreadLabel(r.Case) || pctColumn(t, c.Variant):
		// A column of changes or spreads, a "variant" that is no name
		// ("~", "0.90": a cell read as a title), a row of spreads.
		return model.BasisDoubtful
	case otherMetric(t, c):
		// "Wt. TEO power" beside "TEO Baseline" of a transactions table.
		return model.BasisDifferentTests
	case doubt != "":
		return doubt
	case rowMismatch(t, r, c.Variant):
		return model.BasisPctMismatch
	case stray(r, c.Variant):
		return model.BasisDifferentTests
	case statedNoise, c.Verdict.Beyond() && withinResolution(t, ri, c):
		return model.BasisNoise
	}
	return ""
}

// rowMismatch reports whether the row's printed percentage of a variant
// disagrees with the values (model.FlagPctMismatch); in a table whose
// rows are its variants, any printed change of the row.
func rowMismatch(t *model.Table, r *model.Row, variant string) bool {
	for _, c := range r.Cells {
		if (c.Variant == variant || t.BaselineCase != "") && slices.Contains(c.Flags, model.FlagPctMismatch) {
			return true
		}
	}
	return false
}

// tableDoubt says why no cell of t may carry a verdict, "" when nothing
// argues against them: most printed percentages disagree with the values
// (the baseline or the columns were misread), a line of the header was read
// as data, a variant holds two readings of one field in a row, or the
// columns are different tests.
func tableDoubt(t *model.Table) string {
	pcts, bad := 0, 0
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if c.Variant == t.Baseline && t.Baseline != "" || !isPctCell(t, &c) {
				continue
			}
			pcts++
			if slices.Contains(c.Flags, model.FlagPctMismatch) {
				bad++
			}
		}
	}
	switch {
	case bad > 0 && 2*bad >= pcts:
		return model.BasisPctMismatch
	case headerAsData(t) || twoReadings(t) || t.Columns == "" && derivedColumn(t):
		// Between metrics a computed column is one more metric ("% of
		// total time" beside the two times).
		return model.BasisDoubtful
	case differentTests(t):
		return model.BasisDifferentTests
	}
	return ""
}

// changeName is a column title that names a change, not a variant
// ("%delta", "diff", "ratio").
var changeName = regexp.MustCompile(`(?i)^(\W*(delta|diff|difference|change|chg|ratio|speedup|gain|improvement|imp|regression|overhead)\W*|\s*%\s*)$`)

// spreadTitle is a column title that names a spread of another column
// ("Baseline stdev %", "patched CV").
var spreadTitle = regexp.MustCompile(`(?i)\b(std\.?\s*dev|stdev|stddev|cv|coeff?\s*var|variance)\W*$`)

// notVariant reports whether a column title names a change or a spread
// rather than a variant: its numbers are not readings to compare.
func notVariant(v string) bool { return changeName.MatchString(v) || spreadTitle.MatchString(v) }

// headerAsData reports whether a row's numbers carry units that no other
// row's do ("slice 2.8ms 16ms 2.8ms 16ms" above plain readings): a header
// line of parameters read as data.
func headerAsData(t *model.Table) bool {
	if len(t.Rows) < 2 {
		return false
	}
	unitRows := 0
	for _, r := range t.Rows {
		n, withUnit := 0, 0
		for _, c := range r.Cells {
			if c.Variant == "" && len(t.Variants) > 0 {
				continue
			}
			n++
			if c.Text != "" && strings.IndexFunc(c.Text, unicode.IsLetter) >= 0 {
				withUnit++
			}
		}
		if n > 0 && withUnit == n {
			unitRows++
		}
	}
	return unitRows > 0 && unitRows < len(t.Rows)
}

// twoReadings reports whether some row holds two readings of the same
// field of one variant that are not repeated markers of one reading: the
// columns were not told apart.
func twoReadings(t *model.Table) bool {
	if len(t.Variants) < 2 {
		return false
	}
	for _, r := range t.Rows {
		seen := map[[2]string]bool{}
		for _, c := range r.Cells {
			if c.Variant == "" {
				continue
			}
			k := [2]string{c.Variant, c.Field}
			if seen[k] {
				return true
			}
			seen[k] = true
		}
	}
	return false
}

// differentTests reports whether the columns are different tests or
// metrics rather than variants of one: their titles name metrics better in
// different directions or named differently ("TPS", "Latency Avg (ms)"),
// or no name says which is the reference or which is changed and every
// row's values differ by three times or more.
func differentTests(t *model.Table) bool {
	if len(t.Variants) < 2 || t.Baseline == "" {
		return false
	}
	if metricTitles(t.Variants) || testTitles(t.Variants) {
		return true
	}
	if InferBaseline(t) != "" {
		return false
	}
	for _, v := range t.Variants {
		if referenceName.MatchString(v) || treatmentName.MatchString(v) || releaseTag.MatchString(strings.TrimSpace(v)) {
			return false
		}
	}
	rows := 0
	for _, r := range t.Rows {
		base := map[string]float64{}
		for _, c := range r.Cells {
			if c.Variant == t.Baseline && !isSpread(c.Field) {
				base[c.Field] = c.Value.Float()
			}
		}
		for _, c := range r.Cells {
			b, ok := base[c.Field]
			if c.Variant == t.Baseline || !ok || isSpread(c.Field) {
				continue
			}
			n := c.Value.Float()
			if !(b > 0 && n > 0) {
				continue
			}
			if ratio := n / b; ratio < 3 && ratio > 1.0/3 {
				return false
			}
			rows++
		}
	}
	return rows >= 2
}

// decide is the verdict of one cell: the one place that turns an
// improvement and its noise into a verdict.
func decide(c *model.Cell, marked bool, minChange float64) (model.Verdict, string) {
	if c.ImprovementPct == nil {
		return model.VerdictNone, ""
	}
	imp := c.ImprovementPct.Float()
	if math.IsNaN(imp) {
		return model.VerdictNone, ""
	}
	basis, beyond := model.BasisMinChange, math.Abs(imp) >= minChange
	if c.Noise != "" {
		basis, beyond = model.BasisCV, c.Noise == model.NoiseBeyond
		if marked {
			basis = model.BasisSignificance
		}
	}
	switch {
	case beyond && imp < 0:
		return model.VerdictRegressed, basis
	case beyond && imp > 0:
		return model.VerdictImproved, basis
	}
	return model.VerdictWithinNoise, basis
}

// metricTitles reports whether the variants' titles name different
// metrics: at least two state a direction and they are not one metric
// under several names ("base elapsed", "RFC elapsed" share "elapsed").
func metricTitles(vs []string) bool {
	named := 0
	for _, v := range vs {
		if MetricDirection(v) != "" {
			named++
		}
	}
	return named >= 2 && sharedTitleDirection(vs) == ""
}

// operationWord names a kind of test rather than a version of the code:
// an I/O operation or pattern ("Reads", "Writes", "randrw"), a mode.
var operationWord = regexp.MustCompile(`(?i)^(reads?|writes?|rw|randrw|randreads?|randwrites?|seqreads?|seqwrites?|sequential|random|mixed|readwrite|read\+writes?|overwrites?|appends?|creates?|deletes?|unlinks?|stats?|lookups?|fsyncs?|mmap|direct|buffered|sync|async)$`)

// testTitles reports whether the variants' titles differ only in what
// test they ran, not in what code: the words that set them apart name an
// operation ("..., Reads" beside "..., Writes": sections read as
// columns) or are bare counts (a program's "filewrite 0" and "filewrite
// 100000" modes: a parameter, not a kernel). Those words may not name a
// reference or a change: "base read" beside "patched write" compares
// code; words all titles share ("Combined Read+Writes, Reads") do not
// count.
func testTitles(vs []string) bool {
	if len(vs) < 2 {
		return false
	}
	words := make([][]string, len(vs))
	shared := map[string]int{}
	for i, v := range vs {
		if releaseTag.MatchString(strings.TrimSpace(v)) {
			return false
		}
		words[i] = strings.FieldsFunc(v, func(r rune) bool {
			return unicode.IsSpace(r) || r == ',' || r == ':' || r == '/' || r == '(' || r == ')'
		})
		seen := map[string]bool{}
		for _, w := range words[i] {
			if k := strings.ToLower(w); !seen[k] {
				seen[k] = true
				shared[k]++
			}
		}
	}
	for _, ws := range words {
		own := 0
		for _, w := range ws {
			if shared[strings.ToLower(w)] == len(vs) {
				continue
			}
			own++
			if referenceName.MatchString(w) || treatmentName.MatchString(w) || !operationWord.MatchString(w) && !allDigits(w) {
				return false
			}
		}
		if own == 0 {
			return false
		}
	}
	return true
}

func allDigits(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// derivedColumn reports whether a column of t is computed from two others
// in every row: UnixBench's "BASELINE RESULT INDEX" prints a reference
// machine's score, the measured one and 10 times their ratio. Such a
// table is a computation, not a comparison of variants: the "baseline"
// is a constant to normalise by.
func derivedColumn(t *model.Table) bool {
	if len(t.Variants) < 3 || len(t.Rows) < 2 {
		return false
	}
	for _, d := range t.Variants {
		for _, a := range t.Variants {
			for _, b := range t.Variants {
				if d == a || d == b || a == b {
					continue
				}
				if ratioColumn(t, d, a, b) {
					return true
				}
			}
		}
	}
	return false
}

// ratioColumn reports whether, in every row, variant d's value is k times
// a's over b's for one power of ten k.
func ratioColumn(t *model.Table, d, a, b string) bool {
	k := math.NaN()
	for _, r := range t.Rows {
		vd, va, vb := rowValue(&r, d), rowValue(&r, a), rowValue(&r, b)
		if !(vd > 0 && va > 0 && vb > 0) {
			return false
		}
		f := vd / (va / vb)
		if math.IsNaN(k) {
			k = math.Pow(10, math.Round(math.Log10(f)))
		}
		if math.Abs(f/k-1) > 0.01 {
			return false
		}
	}
	return true
}

// rowValue is a row's main value of a variant, NaN when it has none.
func rowValue(r *model.Row, v string) float64 {
	for _, c := range r.Cells {
		if c.Variant == v && c.Field == "value" {
			return c.Value.Float()
		}
	}
	return math.NaN()
}

// strayVariants returns the test of whether variant v of t (a column,
// or the variant row r holds when the rows are t's variants) is neither
// side of the change the table is about. Either the baseline names the
// code without a patch ("without patch", "unpatched") and v names no
// change, as reference engines printed beside ("without patch", "with
// patch", "libaio", "psync"); or the baseline is what the changed
// variants were made from ("Menu" for "Menu Patched", see treatedCore)
// and v is another reference ("Teo"). Set against the baseline, its
// numbers say nothing about the patch.
func strayVariants(t *model.Table) func(r *model.Row, v string) bool {
	base, names := t.Baseline, t.Variants
	whole := byWholeLabel(t)
	if t.BaselineCase != "" {
		base, names = t.BaselineCase, nil
		for _, row := range t.Rows {
			if _, x := rowVariant(row.Case, whole); !slices.Contains(names, x) {
				names = append(names, x)
			}
		}
	}
	changed := func(x string) bool { return treatmentName.MatchString(x) && !negatedName.MatchString(x) }
	fromCore := base != "" && treatedCore(names) == base
	treated := 0
	for _, o := range names {
		if o != base && changed(o) {
			treated++
		}
	}
	return func(r *model.Row, v string) bool {
		if t.BaselineCase != "" {
			_, v = rowVariant(r.Case, whole)
		}
		switch {
		case v == base || base == "":
			return false
		case fromCore:
			return !changed(v)
		}
		return negatedName.MatchString(base) && treated > 0 && !changed(v) && !referenceName.MatchString(v)
	}
}

// unnamed reports whether a column title names nothing: no letter, and no
// release ("~", "0.90", "-" are cells or rules read as titles).
func unnamed(v string) bool {
	v = strings.TrimSpace(v)
	if v == "" || strings.IndexFunc(v, unicode.IsLetter) >= 0 {
		// "" is a single series, not a title.
		return false
	}
	return !releaseTag.MatchString(v) || strings.HasPrefix(strings.TrimLeft(v, "(v"), "0.")
}

// spreadLabel is a row label naming a spread of the rows above it.
var spreadLabel = regexp.MustCompile(`(?i)^\W*(std|stdev|stddev|std\.?\s*dev(iation)?|cv|coeff?\.?\s*var(iation)?|var|variance)\W*$`)

// isSpreadLabel reports whether a row is the spread of the others (a
// "std" row under min, max and percentiles): a spread is not a result.
func isSpreadLabel(c string) bool { return spreadLabel.MatchString(c) }

// otherMetric reports whether the cell's column is titled by a metric
// better in the other direction than the one the cell is judged by,
// while the baseline's title names none: the column is another metric
// of the same kernel, not a variant ("Wt. TEO power" beside "TEO
// Baseline" in a table of transactions).
func otherMetric(t *model.Table, c *model.Cell) bool {
	d := MetricDirection(c.Variant)
	if d == "" || MetricDirection(t.Baseline) != "" {
		return false
	}
	dir := t.Direction
	if dir == "" {
		dir = c.Direction
	}
	return dir != "" && dir != d
}

// pctColumn reports whether variant v of t holds, in every row, the
// percentage change of another variant against the baseline: a column of
// changes under a name that does not say so ("vanilla optimized boost",
// boost being optimized's gain in percent).
func pctColumn(t *model.Table, v string) bool {
	if v == t.Baseline || len(t.Rows) < 2 {
		return false
	}
	for _, a := range t.Variants {
		if a == v || a == t.Baseline {
			continue
		}
		all := true
		for _, r := range t.Rows {
			vv, va, vb := rowValue(&r, v), rowValue(&r, a), rowValue(&r, t.Baseline)
			if math.IsNaN(vv) || !(va > 0 && vb > 0) {
				all = false
				break
			}
			want := 100 * (va/vb - 1)
			if math.Abs(vv-want) > math.Max(1, 0.02*math.Abs(want)) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
