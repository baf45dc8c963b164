package parse

import (
	"strings"
	"unicode"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
)

// keyValue reads "key: value (label: x%) (pct)" lines, grouped under
// sub-headings:
//
//	o NPS1
//	tip:          131244.00 (var: 2.67%)
//	latency_nice: 132118.00 (var: 3.62%) (+0.66%)
//	o NPS2
//	...
//
// All groups make one table: the heading is the case ("" without one), the
// key the variant, the number "value", a labelled parenthesis its label's
// field ("var") and a bare percentage "pct". To keep machine descriptions
// ("CPU: 64") out, a table needs an annotated line or two groups that
// repeat a key.
type keyValue struct{}

func init() { Register(keyValue{}, 25) }

// Name implements Family.
func (keyValue) Name() string { return "key-value" }

// kvLine is "key: value [unit] (label: x%) (x%)".
type kvLine struct {
	Key    []string   `parser:"@Word @(Word | Num)* ':'"`
	Value  string     `parser:"@(Num | Sci)"`
	Unit   string     `parser:"@Word?"`
	Parens []*kvParen `parser:"@@*"`
}

// kvParen is "(label: x%)" or "(x%)".
type kvParen struct {
	Label []string `parser:"'(' (@Word+ ':')?"`
	Value string   `parser:"@(Num | Sci)"`
	Pct   bool     `parser:"@'%'? ')'"`
}

var kvParser = buildCellParser[kvLine]()

// kvShaped is the cheap check before the grammar: a ':' and, after blanks,
// what begins a number (a digit, a sign, '.', or the minus sign U+2212).
func kvShaped(text string) bool {
	for k := strings.IndexByte(text, ':'); k >= 0; {
		v := strings.TrimLeft(text[k+1:], " \t\n\f\r\v")
		if v != "" && (isDigit(v[0]) || v[0] == '-' || v[0] == '+' || v[0] == '.' || strings.HasPrefix(v, "\u2212")) {
			return true
		}
		next := strings.IndexByte(text[k+1:], ':')
		if next < 0 {
			break
		}
		k += 1 + next
	}
	return false
}

// kvRead reads a key-value line; a bare parenthesis must be a percentage.
func kvRead(text string) (*kvLine, bool) {
	if !kvShaped(text) {
		return nil, false
	}
	kv, ok := grammar.ParseLine(kvParser, text)
	if !ok || !unicode.IsLetter([]rune(kv.Key[0])[0]) {
		return nil, false // "50.0000th: 21" is a percentile line
	}
	for _, p := range kv.Parens {
		if len(p.Label) == 0 && !p.Pct {
			return nil, false
		}
	}
	return kv, true
}

// kvHeading returns the case a sub-heading line names: a bullet item
// ("o NPS1", "- NPS2") or a short title ("NPS4", "Run 2:").
func kvHeading(text string) (string, bool) {
	n, first := 0, ""
	for w := range strings.FieldsSeq(text) {
		if n == 0 {
			first = w
		}
		if n++; n > 6 {
			return "", false
		}
	}
	if n == 0 || layout.SentenceEnd(text) || strings.ContainsAny(text, "=,;") ||
		strings.Contains(strings.TrimSuffix(text, ":"), ":") {
		return "", false
	}
	switch first {
	case "o", "-", "*", "•", "+":
		if n < 2 {
			return "", false
		}
		text = strings.TrimSpace(text[len(first):])
	}
	return strings.TrimSpace(strings.TrimSuffix(text, ":")), true
}

type kvTable struct {
	start, end int
	variants   []string
	seen       map[string]bool
	pct        map[string]bool // keys that carry a bare percentage
	units      map[string]bool
	rows       []model.Row
	groups     int
	annotated  bool
}

// Read implements Family.
func (keyValue) Read(b *Block) []Match {
	return append(annotatedKV(b), devBlocks(b)...)
}

// annotatedKV reads the "key: value (label: x%)" groups.
func annotatedKV(b *Block) []Match {
	var out []Match
	var cur *kvTable
	headAt, head := -1, ""
	flush := func() {
		if cur != nil && len(cur.rows) >= 2 && (cur.annotated || cur.groups >= 2 && len(cur.variants) < len(cur.rows)) {
			out = append(out, cur.match())
		}
		cur = nil
	}
	for i, l := range b.Lines {
		text := strings.TrimSpace(l.Text)
		if text == "" {
			continue
		}
		kv, ok := kvRead(text)
		if !ok {
			h, isHead := kvHeading(text)
			if !isHead || layout.IsProse(text) {
				flush()
				headAt = -1
				continue
			}
			if cur != nil && !cur.continuesAfter(b, i) {
				flush()
			}
			headAt, head = i, h
			continue
		}
		if cur == nil {
			cur = &kvTable{start: i, seen: map[string]bool{}, pct: map[string]bool{}, units: map[string]bool{}}
			if headAt >= 0 {
				cur.start = headAt
			}
		}
		if headAt >= 0 {
			cur.groups++
		} else if cur.groups == 0 {
			head = ""
		}
		headAt = -1
		cur.add(b, i, head, kv)
	}
	flush()
	return out
}

// continuesAfter reports whether the next non-blank line after heading i
// is a key-value line, so the heading opens another group of the table.
func (t *kvTable) continuesAfter(b *Block, i int) bool {
	for j := i + 1; j < len(b.Lines); j++ {
		if !blank(b, j) {
			_, ok := kvRead(b.trim(j))
			return ok
		}
	}
	return false
}

func (t *kvTable) add(b *Block, i int, head string, kv *kvLine) {
	key := strings.Join(kv.Key, " ")
	if !t.seen[key] {
		t.seen[key] = true
		t.variants = append(t.variants, key)
	}
	t.units[kv.Unit] = true
	r := rowAt(b, i, head)
	addCell(&r, b.Comma, key, "value", kv.Value)
	for _, p := range kv.Parens {
		t.annotated = true
		field := "pct"
		if len(p.Label) > 0 {
			field = strings.ToLower(strings.Join(p.Label, "_"))
		} else {
			t.pct[key] = true
		}
		addCell(&r, b.Comma, key, field, p.Value)
	}
	t.rows = append(t.rows, r)
	t.end = i + 1
}

// match builds the table; the baseline is the only key without a bare
// percentage (the others compare against it), else the first key.
func (t *kvTable) match() Match {
	tab := model.Table{Variants: t.variants, Rows: t.rows, Baseline: t.variants[0]}
	var plain []string
	for _, v := range t.variants {
		if !t.pct[v] {
			plain = append(plain, v)
		}
	}
	if len(plain) == 1 {
		tab.Baseline = plain[0]
	}
	if len(t.units) == 1 {
		for u := range t.units {
			tab.Unit = u
		}
	}
	return Match{Start: t.start, End: t.end, Table: tab}
}

// devLine is a kernbench-style "Elapsed Time 58.692 (0.236157)" or
// "Elapsed Time: 58.69 s (0.24)" line: a metric, its value and the
// standard deviation in parentheses.
type devLine struct {
	Key   []string `parser:"@Word+ ':'?"`
	Value string   `parser:"@(Num | Sci)"`
	Unit  string   `parser:"@Word?"`
	Dev   string   `parser:"'(' @(Num | Sci) ')'"`
}

var devParser = buildCellParser[devLine]()

// devRead reads a devLine after a cheap check for its closing ')'.
func devRead(text string) (*devLine, bool) {
	if !strings.HasSuffix(text, ")") || !unicode.IsLetter([]rune(text)[0]) || len(text) > grammar.MaxLine {
		return nil, false
	}
	return grammar.ParseLine(devParser, text)
}

// kernbenchStats are the statistics kernbench itself prints; the kernbench
// family reads its blocks, so a run naming one is left to it.
var kernbenchStats = map[string]bool{
	"elapsed time": true, "user time": true, "system time": true, "percent cpu": true,
	"context switches": true, "sleeps": true,
}

// devBlocks reads runs of two or more devLines (one series of metrics, as
// kernbench-like tools print them): the metric is the case, the
// parenthesis "stddev". A blank or any other line ends a run; a line of
// another layout inside it (a value without a deviation) ends it too, so
// that "CPU: 64"-style machine lists never read.
func devBlocks(b *Block) []Match {
	var out []Match
	var rows []model.Row
	first, theirs := -1, false
	flush := func(end int) {
		if len(rows) >= 2 && !theirs {
			out = append(out, Match{Start: first, End: end, Table: model.Table{Variants: []string{}, Rows: rows}})
		}
		rows, first, theirs = nil, -1, false
	}
	for i, l := range b.Lines {
		text := strings.TrimSpace(l.Text)
		dl, ok := devRead(text)
		if !ok {
			if first >= 0 {
				flush(i)
			}
			continue
		}
		if first < 0 {
			first = i
		}
		r := rowAt(b, i, strings.Join(dl.Key, " "))
		theirs = theirs || kernbenchStats[strings.ToLower(r.Case)]
		addCell(&r, b.Comma, "", "value", dl.Value)
		addCell(&r, b.Comma, "", "stddev", dl.Dev)
		rows = append(rows, r)
	}
	if first >= 0 {
		flush(len(b.Lines))
	}
	return out
}
