package parse

import (
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// The perf-bench family reads the raw output of `perf bench sched pipe`,
// `perf bench sched messaging` and their kin:
//
//	# Running 'sched/pipe' benchmark:
//	# Executed 1000000 pipe operations between two processes
//
//	     Total time: 12.345 [sec]
//
//	      12.345678 usecs/op
//	          81000 ops/sec
//
// One table per run; a row per result line, the case being what the line
// measures as written ("Total time", "usecs/op", "ops/sec"), the field
// value. The "# Running" header names the benchmark ("perf bench sched
// pipe") and its "# ..." notes are settings, not results. Without the
// header a run is a table only when it shows two of the result lines.
func init() { Register(perfBenchFamily{}, 45) }

type perfBenchFamily struct{}

// Name is the format recorded for these tables.
func (perfBenchFamily) Name() string { return "perf-bench" }

// perfBenchLine is "Total time: 12.345 [sec]" or "12.345678 usecs/op".
type perfBenchLine struct {
	Pos   lexer.Position
	Total *perfBenchTotal `parser:"  @@"`
	Rate  *perfBenchRate  `parser:"| @@"`
}

// perfBenchTotal is "Total time: 12.345 [sec]".
type perfBenchTotal struct {
	Pos   lexer.Position
	Label []string `parser:"@'Total' @'time' ':'"`
	Value string   `parser:"@Number"`
	Unit  string   `parser:"( '[' @Word ']' )?"`
}

// perfBenchRate is "12.345678 usecs/op" or "81000 ops/sec".
type perfBenchRate struct {
	Pos   lexer.Position
	Value string `parser:"@Number"`
	Unit  string `parser:"@Rate"`
}

var perfBenchParser = participle.MustBuild[perfBenchLine](
	participle.Lexer(token.PerfBenchLexer), participle.Elide("Space"), participle.CaseInsensitive("Word"))

// perfBenchRunning is "# Running 'sched/pipe' benchmark:".
var perfBenchRunning = guard(containing("Running"), regexp.MustCompile(`^#\s*Running\s+'([\w/-]+)'\s+benchmark`))

// perfBenchShaped is the cheap check before the grammar: "Total time:", or
// a '/' and a first token that may be a number or "total" in any case.
func perfBenchShaped(text string) bool {
	if strings.HasPrefix(text, "Total time:") {
		return true
	}
	if text == "" || !strings.Contains(text, "/") {
		return false
	}
	c := text[0]
	return isDigit(c) || c == '-' || c == '+' || c == 't' || c == 'T'
}

// perfBenchRow reads line i as a result line.
func perfBenchRow(b *Block, i int) (model.Row, bool) {
	text := b.trim(i)
	if !perfBenchShaped(text) {
		return model.Row{}, false
	}
	l, ok := grammar.ParseLine(perfBenchParser, text)
	if !ok {
		return model.Row{}, false
	}
	var row model.Row
	switch {
	case l.Total != nil:
		row = rowAt(b, i, "Total time")
		addCell(&row, b.Comma, "", "value", l.Total.Value)
	default:
		row = rowAt(b, i, l.Rate.Unit)
		addCell(&row, b.Comma, "", "value", l.Rate.Value)
	}
	return row, len(row.Cells) > 0
}

// Read returns one table per run: the "# Running" header and its notes,
// then result lines with blank lines between them.
func (perfBenchFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		start, bench := i, ""
		j := i
		if m := perfBenchRunning.FindStringSubmatch(b.trim(i)); m != nil {
			bench = "perf bench " + strings.ReplaceAll(m[1], "/", " ")
			for j = i + 1; j < len(b.Lines) && strings.HasPrefix(b.trim(j), "#"); j++ {
			}
		}
		t := model.Table{Benchmark: bench}
		end := j
		for ; j < len(b.Lines); j++ {
			if blank(b, j) {
				continue
			}
			row, ok := perfBenchRow(b, j)
			if !ok {
				break
			}
			t.Rows = append(t.Rows, row)
			end = j + 1
		}
		if len(t.Rows) == 0 || bench == "" && len(t.Rows) < 2 {
			i = max(end, i+1)
			continue
		}
		out = append(out, Match{Start: start, End: end, Table: t})
		i = end
	}
	return out
}
