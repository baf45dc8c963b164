package parse

import (
	"regexp"
	"sort"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
)

// mmtests reads mmtests compare-kernels output, plain and with leading
// name columns:
//
//	                       tip             latency_nice
//	Hmean     tput-1     123.45 (   0.00%)   130.10 *   5.39%*
//	Stddev    tput-1       1.23 (   0.00%)     2.34 ( -90.24%)
//	Test Metric Parallelism tip latency_nice
//	unixbench-syscall Amean unixbench-syscall-1 2994319.73 ( 0.00%) 3008596.83 * -0.48%*
//
// A row names its statistic (Amean, Hmean, Stddev, CoeffVar, BAmean-95, Ops,
// ...): the words after it are the case, words before it a benchmark
// prefix. Fields: the central statistics (Amean, Hmean, Gmean, Median,
// Mean, Ops) give "value" and "pct"; another statistic gives its own field
// ("stddev", "cv" for CoeffVar, "min", "max", "bamean-95") and
// "<field>_pct" for its percentage. A pct written "* x%*" is flagged
// "significant"; a trailing "(0.67% vs 0.93% - CoEff var)" gives "cv"
// cells. Variants are the last words of the header line above the rows.
type mmtests struct{}

func init() { Register(mmtests{}, 15) }

// Name implements Family.
func (mmtests) Name() string { return "mmtests" }

// mmRow is the words and numbers of a row and an optional remark.
type mmRow struct {
	Items  []*mmItem `parser:"@@+"`
	Remark *mmRemark `parser:"@@?"`
}

// mmItem is a label word, or a number (or "NA" where a run gave none) with
// its percentage.
type mmItem struct {
	Missing bool   `parser:"(  @('NA' | 'NaN' | 'nan' | '-nan')"`
	Word    string `parser:" | @Word"`
	Value   string `parser:" | @(Num | Sci) )"`
	Pct     *mmPct `parser:"@@?"`
}

// mmPct is "( x%)" or, when significant, "* x%*"; "(     NA)" gives none.
type mmPct struct {
	Plain string `parser:"  '(' ( @(Num | Sci) '%' | ('NA' | 'NaN' | 'nan' | '-nan') '%'? ) ')'"`
	Sig   string `parser:"| '*' @(Num | Sci) '%' '*'"`
}

// mmRemark is "(0.67% vs 0.93% - CoEff var)".
type mmRemark struct {
	A    string   `parser:"'(' @(Num | Sci) '%' 'vs'"`
	B    string   `parser:"@(Num | Sci) '%'"`
	What []string `parser:"@(~')')* ')'"`
}

var mmParser = buildCellParser[mmRow]()

// mmStat matches the statistic names of mmtests rows.
var mmStat = guard(mayBeMMStat, regexp.MustCompile(`^(?i:amean|hmean|gmean|median|mean|stddev|coeffvar|min|max|range|ops|duration|b[ahg]mean-\d+|[ahg]mean-\d+|(?:min|max)-\d+|\d(?:st|nd|rd|th)-qrtle|p\d+(\.\d+)?)$`))

// mmCentral are the statistics whose numbers are the table's main values.
var mmCentral = map[string]bool{"amean": true, "hmean": true, "gmean": true, "median": true, "mean": true, "ops": true, "duration": true}

// mmReading are row heads that name a kind of reading, not a statistic
// ("Ops Minor Faults", "Duration Elapsed"): they stay part of the case.
var mmReading = map[string]bool{"ops": true, "duration": true}

// mmReadRow is one row split into its parts.
type mmReadRow struct {
	prefix, stat, label string
	nums                []*mmItem
	remark              *mmRemark
}

// mmLine reads a row: a statistic word, a case, then numbers only.
func mmLine(text string) (mmReadRow, bool) {
	if !mmShaped(text) {
		return mmReadRow{}, false
	}
	r, ok := grammar.ParseLine(mmParser, text)
	if !ok {
		return mmReadRow{}, false
	}
	var out mmReadRow
	var words []string
	i := 0
	for ; i < len(r.Items) && r.Items[i].Word != ""; i++ {
		words = append(words, r.Items[i].Word)
	}
	at := -1
	for k, w := range words {
		if mmStat.MatchString(w) {
			at = k
			break
		}
	}
	if at < 0 {
		return out, false
	}
	out.prefix, out.stat = strings.Join(words[:at], " "), words[at]
	out.label = strings.Join(words[at+1:], " ")
	if mmReading[strings.ToLower(out.stat)] && out.label != "" {
		out.label = out.stat + " " + out.label
	}
	nums := r.Items[i:]
	hasPct := false
	for _, it := range nums {
		if it.Word != "" {
			return out, false
		}
		hasPct = hasPct || it.Pct != nil
	}
	// "Amean 1 0.4060 ( 0.00%) ...": a bare number before the first
	// percentage-carrying one is the case.
	if hasPct && len(nums) > 1 && nums[0].Pct == nil && nums[1].Pct != nil && out.label == "" {
		out.label, nums = nums[0].Value, nums[1:]
	}
	if out.label == "" || len(nums) == 0 {
		return out, false
	}
	out.nums, out.remark = nums, r.Remark
	return out, true
}

// mmHeaderShaped rejects header candidates that hold cells: a row the
// grammar could not read ("NA (  NA)", a statistic it does not know) must
// not name the columns of the rows below it.
func mmHeaderShaped(text string) bool {
	return !strings.Contains(text, "%)") && !strings.Contains(text, "%*") && !strings.Contains(text, "( ")
}

// mmShaped is the cheap check before the row grammar: one of the first
// words names a statistic.
func mmShaped(text string) bool {
	i := 0
	for f := range strings.FieldsSeq(text) {
		if i >= 4 {
			break
		}
		if mmStat.MatchString(f) {
			return true
		}
		i++
	}
	return false
}

// mmField names the fields of a statistic's value and percentage.
func mmField(stat string) (value, pct string) {
	low := strings.ToLower(stat)
	switch {
	case mmCentral[low]:
		return "value", "pct"
	case low == "coeffvar":
		return "cv", "cv_pct"
	}
	return low, low + "_pct"
}

// Read implements Family.
func (mmtests) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); i++ {
		first, ok := mmLine(b.trim(i))
		if !ok {
			continue
		}
		n := len(first.nums)
		variants, h := mmHeader(b, i, n)
		var rows []mmReadRow
		var at []int
		end := i
		for j := i; j < len(b.Lines); j++ {
			text := b.trim(j)
			if text == "" {
				continue
			}
			r, ok := mmLine(text)
			if !ok || len(r.nums) != n {
				break
			}
			rows, at, end = append(rows, r), append(at, j), j+1
		}
		i = end - 1
		if variants == nil {
			// quoted without its header: the columns are unnamed, and
			// one row alone is too little to call it an mmtests block
			if len(rows) < 2 {
				continue
			}
			variants = make([]string, n)
		}
		tab := mmTable(b, variants, rows, at)
		if len(tab.Rows) == 0 {
			continue // every value missing: no table to report
		}
		info, start := amdMeta(b, h)
		info.applyUnset(&tab)
		out = append(out, Match{Start: start, End: end, Table: tab})
	}
	return out
}

// mmHeader reads the kernel names above the first row (line i) of an
// mmtests block with n columns: the last n words of the line above, with
// the line above that when it holds the upper half of each name ("6.8-rc1"
// over "vanilla"). It returns nil variants and h = i when there is no
// header: a reply that quoted the rows alone.
func mmHeader(b *Block, i, n int) ([]string, int) {
	h := prevText(b, i, 0)
	if h < 0 {
		return nil, i
	}
	w, ok := headerWords(b.trim(h))
	if !ok || len(w.Words) < n || !plausibleHeader(w) || !mmHeaderShaped(b.Lines[h].Text) {
		return nil, i
	}
	if _, isRow := mmLine(b.trim(h)); isRow {
		return nil, i
	}
	variants := append([]string{}, w.Words[len(w.Words)-n:]...)
	if ps := gapPieces(b.trim(h)); len(ps) > n && len(ps) < len(w.Words) {
		// names of several words stand apart by wider gaps than their
		// words: "read / 1 job    original    after  this commit"
		variants = ps[len(ps)-n:]
	}
	if up := prevText(b, h, 0); up >= 0 && h-up == 1 {
		if uw, ok := headerWords(b.trim(up)); ok && uw.Key == "" && len(uw.Words) == n && len(w.Words) == n {
			for k := range variants {
				variants[k] = uw.Words[k] + " " + variants[k]
			}
			h = up
		}
	}
	return variants, h
}

// gapPieces splits a line at runs of two or more blanks.
func gapPieces(text string) []string {
	var out []string
	for _, p := range strings.Split(text, "  ") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// mmTable converts read rows into a table. Unnamed columns (variants
// "") give a table without variants or baseline.
func mmTable(b *Block, variants []string, rows []mmReadRow, at []int) model.Table {
	tab := model.Table{Variants: variants, Baseline: variants[0]}
	if variants[0] == "" {
		tab.Variants, tab.Baseline = nil, ""
	}
	stats := map[string]bool{}
	prefixes := map[string]int{}
	for k, r := range rows {
		row := rowAt(b, at[k], r.label)
		vf, pf := mmField(r.stat)
		if vf == "value" && !mmReading[strings.ToLower(r.stat)] {
			stats[r.stat] = true
		}
		for v, it := range r.nums {
			addCell(&row, b.Comma, variants[v], vf, it.Value)
			if it.Pct != nil && it.Pct.Sig != "" {
				addCell(&row, b.Comma, variants[v], pf, it.Pct.Sig, "significant")
			} else if it.Pct != nil {
				addCell(&row, b.Comma, variants[v], pf, it.Pct.Plain)
			}
		}
		if r.remark != nil && len(variants) >= 2 {
			addCell(&row, b.Comma, variants[0], "cv", r.remark.A)
			addCell(&row, b.Comma, variants[1], "cv", r.remark.B)
		}
		if r.prefix != "" {
			prefixes[r.prefix]++
		}
		if len(row.Cells) == 0 {
			continue // "Ops Swap Ins  NA  NA"
		}
		tab.Rows = append(tab.Rows, row)
	}
	if len(stats) == 1 {
		for s := range stats {
			tab.Statistic = s
		}
	}
	tab.Benchmark = commonBenchmark(prefixes)
	return tab
}

// commonBenchmark names the known benchmark of the most frequent prefix.
func commonBenchmark(prefixes map[string]int) string {
	names := make([]string, 0, len(prefixes))
	for p := range prefixes {
		names = append(names, p)
	}
	sort.Slice(names, func(i, j int) bool {
		if prefixes[names[i]] != prefixes[names[j]] {
			return prefixes[names[i]] > prefixes[names[j]]
		}
		return names[i] < names[j]
	})
	for _, p := range names {
		if bench := findBenchmark(p); bench != "" {
			return bench
		}
	}
	return ""
}
