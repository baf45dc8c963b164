package parse

import (
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// lkp reads the comparison blocks of kernel test robot reports:
//
//	ec81deb6b769dc1b 6e553c6bcb7746abad29ce63e0c
//	---------------- ---------------------------
//	         %stddev     %change         %stddev
//	             \          |                \
//	 1.234e+08 ±  2%     +12.3%  1.386e+08 ±  3%  will-it-scale.per_process_ops
//	      2.35 ±  4%      -1.2        1.15 ±  3%  perf-profile.calltrace.cycles-pp.x
//
// The commit line above the dashed rule names the variants (2 to 4). Each
// row is the base value with its relative stddev ("± 2%", field "cv"), then
// per further commit a change and a value; the change is "pct" when written
// with '%' and "pct_points" without (perf-profile and mpstat rows). The
// metric name closing the row is the case.
type lkp struct{}

func init() { Register(lkp{}, 18) }

// Name implements Family.
func (lkp) Name() string { return "lkp" }

// lkpRow is "base [± s%] (change value [± s%])+ metric".
type lkpRow struct {
	Base   *lkpValue `parser:"@@"`
	Cols   []*lkpCol `parser:"@@+"`
	Metric string    `parser:"@Metric"`
}

// lkpValue is a value with its optional relative stddev. A metric that
// can go negative (sched_debug nr_uninterruptible) writes its value with
// a sign, which the lexer takes for a change.
type lkpValue struct {
	Value  string `parser:"@(Value | Change)"`
	Stddev string `parser:"@Stddev?"`
}

// lkpCol is one further commit's change and value.
type lkpCol struct {
	Change string    `parser:"@Change?"`
	Value  *lkpValue `parser:"@@"`
}

var lkpParser = participle.MustBuild[lkpRow](participle.Lexer(token.LKPLexer), participle.Elide("Space"), participle.UseLookahead(4))

// lkpRule is the dashed rule under the commit line.
var lkpRule = guard(containing("--------"), regexp.MustCompile(`^-{8,}(?:\s+-{8,}){1,3}$`))

// lkpMonitors are metric prefixes that name a monitor, not the benchmark.
var lkpMonitors = map[string]bool{
	"perf-profile": true, "perf-stat": true, "perf-sched": true, "perf-c2c": true, "proc-vmstat": true,
	"vmstat": true, "meminfo": true, "numa-meminfo": true, "numa-vmstat": true, "mpstat": true,
	"time": true, "sched_debug": true, "softirqs": true, "interrupts": true, "slabinfo": true,
	"cpuidle": true, "turbostat": true, "latency_stats": true, "lock_stat": true, "iostat": true,
	"boot-time": true, "uptime": true, "pmeter": true, "sched_debug.cpu": true, "numa-numastat": true,
}

// Read implements Family.
func (lkp) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); i++ {
		rule := b.trim(i)
		if !lkpRule.MatchString(rule) {
			continue
		}
		h := prevText(b, i, 0)
		if h < 0 {
			continue
		}
		w, ok := headerWords(b.trim(h))
		cols := len(strings.Fields(rule))
		if !ok || w.Key != "" || len(w.Words) != cols {
			continue
		}
		if m, ok := lkpTable(b, h, i+1, w.Words); ok {
			out = append(out, m)
			i = m.End - 1
		}
	}
	return out
}

// lkpTable reads the rows below the rule at line from.
func lkpTable(b *Block, start, from int, variants []string) (Match, bool) {
	// The lines above a robot table ("commit:", the parameter rule) are
	// never section headings.
	tab := model.Table{Variants: variants, Baseline: variants[0], Context: []string{}}
	prefixes := map[string]int{}
	end := from
	for j := from; j < len(b.Lines); j++ {
		text := b.trim(j)
		if text == "" || strings.HasPrefix(text, "%stddev") || strings.Trim(text, `\| `) == "" {
			continue
		}
		r, ok := grammar.ParseLine(lkpParser, text)
		at, wrapped := j, false
		if !ok {
			// A quoting mail client moved the long metric name onto the
			// next line: "   12.50   -2.1   10.40" / "perf-profile.x.y".
			r, ok = lkpWrapped(b, j, text)
			wrapped = ok
		}
		if !ok || len(r.Cols) != len(variants)-1 {
			break
		}
		if wrapped && j+1 < len(b.Lines) {
			j++
		}
		row := rowAt(b, at, r.Metric)
		addCell(&row, b.Comma, variants[0], "value", r.Base.Value)
		addCell(&row, b.Comma, variants[0], "cv", lkpStddev(r.Base.Stddev))
		for k, c := range r.Cols {
			field := "pct"
			if c.Change != "" && !strings.HasSuffix(c.Change, "%") {
				field = "pct_points"
			}
			addCell(&row, b.Comma, variants[k+1], field, c.Change)
			addCell(&row, b.Comma, variants[k+1], "value", c.Value.Value)
			addCell(&row, b.Comma, variants[k+1], "cv", lkpStddev(c.Value.Stddev))
		}
		if p, _, ok := strings.Cut(r.Metric, "."); ok && !lkpMonitors[p] {
			prefixes[strings.ToLower(p)]++
		}
		tab.Rows = append(tab.Rows, row)
		end = j + 1
	}
	if len(tab.Rows) == 0 {
		return Match{}, false
	}
	best := 0
	for p, n := range prefixes {
		if n > best || n == best && p < tab.Benchmark {
			tab.Benchmark, best = p, n
		}
	}
	return Match{Start: start, End: end, Table: tab}, true
}

// lkpWrapped reads line j joined with the line below when that holds one
// word only: the metric name a hard wrap pushed down. The line below may lie
// past the block's end, since a line without numbers ends a block.
func lkpWrapped(b *Block, j int, text string) (*lkpRow, bool) {
	next, ok := lineAfter(b, j)
	if !ok || next == "" || strings.ContainsAny(next, " \t") {
		return nil, false
	}
	return grammar.ParseLine(lkpParser, text+" "+next)
}

// lkpStddev returns the number of a "± 2%" token.
func lkpStddev(tok string) string {
	return strings.TrimSpace(strings.TrimPrefix(tok, "±"))
}
