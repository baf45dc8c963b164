package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The legend family reads lines of bare numbers whose meaning a list
// above them gives, one item per column:
//
//	Each entry prints three values:
//	- number of times the path ran;
//	- total time spent in it, in ns;
//	- longest single pass, in ns;
//
//	Before:
//	  path_enter: 4100 930112 8120
//	  path_exit:  4100 120044 950
//
// A person reads the positions by the list: the numbers of a line are as
// many as its items, in order. Each item names its column: by the
// statistic it describes (a number of times is "count", a total "total",
// the shortest "min", the longest "max", an average "avg"), else by its
// first words. The label before the numbers is the case; a unit the items
// share ("in ns") is the table's. A label line inside the run starts a
// block of its own, as in named.go.
type legendFamily struct{}

func init() { Register(legendFamily{}, 56) }

// Name is the format recorded for these tables.
func (legendFamily) Name() string { return "key-value" }

// legendReach is how many lines above a run its legend may stand.
const legendReach = 30

// positionalLine reads "label: n1 n2 ... nN" (the ':' optional): a label,
// then two or more bare numbers and nothing else.
func positionalLine(text string, comma CommaStyle) (label string, nums []string, ok bool) {
	toks, release := scanNamedPooled(text)
	defer release()
	k := 0
	for k < len(toks) && toks[k].kind == nkWord {
		k++
	}
	if k == 0 || k > 4 {
		return "", nil, false
	}
	end := toks[k-1].end
	if k < len(toks) && toks[k].kind == nkSep && toks[k].text == ":" {
		k++
	}
	for ; k < len(toks); k++ {
		t := toks[k]
		if t.kind != nkNum || t.suffix != "" {
			return "", nil, false
		}
		if _, isNum := ReadNumber(t.num, comma); !isNum {
			return "", nil, false
		}
		nums = append(nums, t.num)
	}
	return strings.TrimSpace(text[:end]), nums, len(nums) >= 2
}

// Read returns a table for each labelled block of each run of positional
// lines that a legend above explains.
func (legendFamily) Read(b *Block) []Match {
	if !listNear(b) {
		return nil
	}
	var out []Match
	for i := 0; i < len(b.Lines); {
		_, nums, ok := positionalLine(b.trim(i), b.Comma)
		if !ok {
			i++
			continue
		}
		fields, unit := legendAbove(b, i, len(nums))
		j := i
		var blocks [][2]int // first and end line of each block
		start := i
		for ; j < len(b.Lines); j++ {
			text := b.trim(j)
			if _, ns, ok := positionalLine(text, b.Comma); ok && len(ns) == len(nums) {
				continue
			}
			if text == "" || namedLabelLine(text) {
				if start < j {
					blocks = append(blocks, [2]int{start, j})
				}
				start = j + 1
				continue
			}
			break
		}
		if start < j {
			blocks = append(blocks, [2]int{start, j})
		}
		if fields != nil {
			for _, blk := range blocks {
				if m, ok := legendTable(b, blk[0], blk[1], fields, unit); ok {
					out = append(out, m)
				}
			}
		}
		i = max(j, i+1)
	}
	return out
}

// legendTable makes the table of the positional lines from first to end
// (label lines excluded); the label line above names the block.
func legendTable(b *Block, first, end int, fields []string, unit string) (Match, bool) {
	t := model.Table{Variants: []string{}, Unit: unit}
	for i := first; i < end; i++ {
		label, nums, ok := positionalLine(b.trim(i), b.Comma)
		if !ok {
			continue
		}
		row := rowAt(b, i, label)
		for k, n := range nums {
			addCell(&row, b.Comma, "", fields[k], n)
		}
		t.Rows = append(t.Rows, row)
	}
	if len(t.Rows) < 2 {
		return Match{}, false
	}
	m := Match{Start: first, End: end, Table: t}
	if at := prevText(b, first, 0); at >= 0 && namedLabelLine(b.trim(at)) {
		m.Start, m.Inner = at, []string{cleanNamedLabel(b.trim(at))}
	}
	return m, true
}

// legendAbove finds the list of n items that stands nearest above line i
// (within legendReach lines of the segment) and names its columns; nil
// when there is none.
func legendAbove(b *Block, i, n int) ([]string, string) {
	if b.seg == nil {
		return nil, ""
	}
	lines := b.seg.lines
	at := b.base + i
	for j := at - 1; j >= 0 && j >= at-legendReach; j-- {
		if !listItem(lines[j].Text) {
			continue
		}
		last := j
		for j > 0 && listItem(lines[j-1].Text) {
			j--
		}
		if last-j+1 != n {
			return nil, "" // the nearest list is of another length
		}
		var fields, items []string
		seen := map[string]bool{}
		for k := j; k <= last; k++ {
			item := cutBullet(strings.TrimSpace(lines[k].Text))
			f := legendField(item)
			if seen[f] {
				return nil, ""
			}
			seen[f] = true
			fields, items = append(fields, f), append(items, item)
		}
		return fields, legendUnit(items)
	}
	return nil, ""
}

// listNear reports whether a list item stands where legendAbove looks
// for one, within legendReach lines above some line of the block: the
// cheap check that spares a block with no legend the scan of its lines.
func listNear(b *Block) bool {
	if b.seg == nil {
		return false
	}
	lines := b.seg.lines
	for j := max(0, b.base-legendReach); j < b.base+len(b.Lines)-1 && j < len(lines); j++ {
		if listItem(lines[j].Text) {
			return true
		}
	}
	return false
}

// listItem reports whether a line is an item of a bulleted or numbered
// list.
func listItem(text string) bool {
	t := strings.TrimSpace(text)
	return t != "" && cutBullet(t) != t && hasLetter(t)
}

// legendWords are the words by which an item names a statistic, in the
// order they are tried at each position of the item.
var legendWords = []struct{ word, field string }{
	{"number of", "count"}, {"occurrences", "count"}, {"count", "count"},
	{"total", "total"}, {"sum", "total"}, {"accumulated", "total"},
	{"shortest", "min"}, {"minimum", "min"}, {"lowest", "min"}, {"smallest", "min"}, {"min ", "min"},
	{"longest", "max"}, {"maximum", "max"}, {"highest", "max"}, {"largest", "max"}, {"max ", "max"},
	{"average", "avg"}, {"mean", "avg"}, {"avg", "avg"},
	{"median", "median"}, {"standard deviation", "stddev"}, {"stddev", "stddev"},
}

// legendField names a column by its item: the statistic the item
// describes first, else its first three words.
func legendField(item string) string {
	low := " " + strings.ToLower(strings.TrimRight(item, ";.,")) + " "
	best, field := len(low), ""
	for _, w := range legendWords {
		if k := strings.Index(low, " "+w.word); k >= 0 && k < best {
			best, field = k, w.field
		}
	}
	if field != "" {
		return field
	}
	words := strings.Fields(strings.Trim(low, " "))
	return strings.Join(words[:min(3, len(words))], "_")
}

// legendUnit returns the unit most items name at their end ("in ns",
// "(us)"), "" when they name none.
func legendUnit(items []string) string {
	count := map[string]int{}
	for _, it := range items {
		w := strings.Fields(strings.Trim(strings.TrimRight(it, ";.,"), " ()"))
		if len(w) == 0 {
			continue
		}
		if u := strings.Trim(w[len(w)-1], "()"); unitOf(u) == uTime {
			count[u]++
		}
	}
	for u, c := range count {
		if 2*c >= len(items) {
			return u
		}
	}
	return ""
}
