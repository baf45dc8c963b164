package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// list reads one series of named percentages:
//
//	Benchmark                   pct imp
//	ycsb-cassandra              -0.64%
//	mysql-hammerdb-64VU         -0.63%
//
// under a header whose last words name a percentage ("pct imp", "%diff",
// "change"), or, without one, three or more rows that all carry a '%'. An
// AMD framed header block above it gives benchmark, unit, direction and
// statistic, and the first variant of an earlier Case line of the block is
// the baseline the percentages compare against.
type list struct{}

func init() { Register(list{}, 12) }

// Name implements Family.
func (list) Name() string { return "list" }

// listRow is "name words value[%]".
type listRow struct {
	Label []string `parser:"@Word+ ':'?"`
	Value string   `parser:"@(Num | Sci)"`
	Pct   bool     `parser:"@'%'?"`
}

// listHeader is a words-only line ("Benchmark  pct imp", "Benchmarks:
// %diff"); its last words must name a percentage.
type listHeader struct {
	Words []string `parser:"@(Word | '%')+ (':' @(Word | '%')+)?"`
}

var (
	listRowParser    = buildCellParser[listRow]()
	listHeaderParser = buildCellParser[listHeader]()
)

// listShaped is the cheap check before the row grammar: a few words ending
// in a number or a percentage, the number after a word or a ':'.
func listShaped(text string) bool {
	if text == "" || fieldCount(text) > 8 {
		return false
	}
	return endsInNumber(text) && wordBeforeLast(text)
}

// endsInNumber reports whether a non-empty line ends in a digit or '%'.
func endsInNumber(text string) bool {
	last := text[len(text)-1]
	return isDigit(last) || last == '%'
}

// wordBeforeLast reports whether the number ending text (before a '%') may
// follow a word or a ':' as the row grammar has it: the last run of
// non-blanks or the run before it holds what every cell-lexer word holds
// (an ASCII letter, '_' or '#') or a ':'. Runs are cut at the cell lexer's
// own blanks, so every token lies in one run and the token before the
// number ends one of the two.
func wordBeforeLast(text string) bool {
	const blanks = " \t\n\f\r" // the cell lexer's Space
	t := strings.TrimRight(text, blanks)
	t = strings.TrimRight(strings.TrimSuffix(t, "%"), blanks)
	cut := strings.LastIndexAny(t, blanks)
	if wordish(t[cut+1:]) {
		return true
	}
	before := strings.TrimRight(t[:max(cut, 0)], blanks)
	return wordish(before[strings.LastIndexAny(before, blanks)+1:])
}

// wordish reports whether s holds an ASCII letter, '_', '#' or ':'.
func wordish(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; token.IsCellLetter(c) || c == ':' {
			return true
		}
	}
	return false
}

// pctEnds are the ends of the names pctHeading knows: every one of its
// names ends in one of these.
var pctEnds = []string{"imp", "pct", "%", "diff", "change", "improvement", "delta"}

// mayNamePct is the cheap check before the header grammar: a header's
// text ends with its last word, so one pctHeading takes ends with one of
// pctEnds in some case. Text beyond ASCII, which lower-casing may turn
// into those letters, always may.
func mayNamePct(text string) bool {
	if !ascii(text) {
		return true
	}
	for _, e := range pctEnds {
		if len(text) >= len(e) && strings.EqualFold(text[len(text)-len(e):], e) {
			return true
		}
	}
	return false
}

// pctHeading reports whether a header's last words name a percentage.
func pctHeading(words []string) bool {
	if len(words) < 2 {
		return false
	}
	tail := strings.ToLower(strings.Join(words[len(words)-2:], " "))
	for _, s := range []string{"pct imp", "pct", "%", "% imp", "%diff", "% diff", "%change", "% change", "improvement", "change", "delta", "diff"} {
		if strings.HasSuffix(tail, s) {
			return true
		}
	}
	return false
}

// Read implements Family.
func (list) Read(b *Block) []Match {
	var out []Match
	// a run of rows may be read again from a later line of it (after a
	// header that names no list, after the last row without '%'): read
	// each line once
	parsed := make([]*listRow, len(b.Lines))
	tried := make([]bool, len(b.Lines))
	rowOf := func(j int, t string) (*listRow, bool) {
		if !tried[j] {
			tried[j] = true
			parsed[j], _ = grammar.ParseLine(listRowParser, t)
		}
		return parsed[j], parsed[j] != nil
	}
	for i := 0; i < len(b.Lines); i++ {
		text := b.trim(i)
		// a header holds no digit and a row ends in a number: the
		// cheapest tests first
		header := false
		headerShaped := text != "" && !hasDigit(text)
		rowShaped := !headerShaped && text != "" && endsInNumber(text) && wordBeforeLast(text)
		if !headerShaped && !rowShaped || fieldCount(text) > 8 {
			continue
		}
		if headerShaped && mayNamePct(text) {
			if h, ok := grammar.ParseLine(listHeaderParser, text); ok && pctHeading(h.Words) {
				header = true
			}
		}
		first := i
		if header {
			first = i + 1
		}
		var rows []model.Row
		end := first
		// the rows after the last one without a '%': how many, and the
		// line of the first
		pctRun, pctFrom := 0, -1
		for j := first; j < len(b.Lines); j++ {
			t := b.trim(j)
			if t == "" {
				continue
			}
			if !listShaped(t) {
				break
			}
			r, ok := rowOf(j, t)
			if !ok {
				break
			}
			switch {
			case !r.Pct:
				pctRun, pctFrom = 0, -1
			case pctFrom < 0:
				pctRun, pctFrom = 1, j
			default:
				pctRun++
			}
			row := rowAt(b, j, strings.Join(r.Label, " "))
			addCell(&row, b.Comma, "", "pct", r.Value)
			rows = append(rows, row)
			end = j + 1
		}
		if len(rows) == 0 {
			continue
		}
		if !header && (len(rows) < 3 || pctRun < len(rows)) {
			// A run read from a later line of it ends where this one
			// ends, and no such line is a header: the first start that
			// can be a list is the row after the last one without '%'.
			if pctRun < 3 {
				i = end - 1
			} else {
				i = pctFrom - 1
			}
			continue
		}
		tab := model.Table{Variants: []string{}, Rows: rows}
		start := i
		if header {
			var info amdInfo
			info, start = amdMeta(b, i)
			info.apply(&tab)
			tab.Baseline = earlierBaseline(b, start)
		}
		out = append(out, Match{Start: start, End: end, Table: tab})
		i = end - 1
	}
	return out
}

// earlierBaseline returns the first variant of the nearest AMD Case line
// above line i of the block, looking back through the block's segment (the
// same quoted text), or "".
func earlierBaseline(b *Block, i int) string {
	lines, at := b.Lines, i
	if b.seg != nil {
		lines, at = b.seg.lines, b.base+i
	}
	for j := at - 1; j >= 0; j-- {
		if cols, ok := amdHeaderLine(strings.TrimSpace(lines[j].Text)); ok {
			return cols[0].name
		}
	}
	return ""
}
