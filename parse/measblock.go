package parse

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
)

// The measure-block family reads one measurement a line, "label : value
// unit" with what the author adds after it, in blocks a short label line
// heads:
//
//	host:
//	  BW   : 1812 MiB/s (stdev: 12.1)
//	  IOPS : 463k (stdev: 3.2k)
//	guest, polling:
//	  BW   : 1790 MiB/s (stdev: 20.4)
//	  IOPS : 458k (stdev: 5.0k)
//
//	small window off : 4410
//	small window on  : 3012, diff: -31.70%
//
// The label before the ':' (or '=') is the case; the number is value,
// the unit written after it kept in Text; a parenthesis or a ", name:"
// part adds a field by its name (stdev, sd and std read as stddev; diff,
// delta and change as pct when they end in '%'; a bare "(+3.1%)" as pct).
// A line counts as a measurement only if it says it is one: a unit of
// time, rate or throughput after the number, or such an addition; a run
// of lines is read when most of them do, so that "CPU: 64" and "Memory:
// 16 GB" listings stay out; sizes count only under a label that says
// sizes are compared ("Image size comparison:"). Blocks under two or more labels that hold the
// same cases are one table with the labels as variants, in the order
// written (SCHEMA.md's preferred reading); a lone block keeps its label as
// a heading.
func init() { Register(measureBlock{}, 54) }

type measureBlock struct{}

// Name is the format recorded for these tables.
func (measureBlock) Name() string { return "measure-block" }

var (
	// mbLine is "label : 1812 MiB/s REST", with an optional bullet.
	mbLine = regexp.MustCompile(`^(?:[-*•o+]\s+|\d{1,2}[.)]\s+)?([A-Za-z0-9][^:=()]{0,60}?(?:\([^()]{1,20}\))?)\s*[:=]\s*([-+]?\d+(?:,\d{3})*(?:\.\d+)?)(k|K|M)?(?:\s*([A-Za-zµ%][A-Za-zµ/%]*))?(.*)$`)
	// mbParen is "(stdev: 12.1)", "(sd 0.4 ms)", "(+3.1%)".
	mbParen = regexp.MustCompile(`^\s*\(\s*(?:([A-Za-z][A-Za-z ]{0,15}?)\s*[:=]?\s*)?([-+]?\d+(?:,\d{3})*(?:\.\d+)?)(k|K|M)?\s*(%|[A-Za-zµ/]+)?\s*\)`)
	// mbComma is ", diff: -31.70%".
	mbComma = regexp.MustCompile(`^\s*[,;]\s*([A-Za-z][A-Za-z ]{0,15}?)\s*[:=]\s*([-+]?\d+(?:,\d{3})*(?:\.\d+)?)(k|K|M)?\s*(%|[A-Za-zµ/]+)?`)
	// mbSize are the units of sizes: a measurement only under a label
	// that says sizes are compared ("Image size comparison:").
	mbSize = regexp.MustCompile(`^(?i:b|bytes|[kmgt]i?b|[kmgt]bytes)$`)
	// mbSizeHead is a label that says the sizes under it are measured.
	mbSizeHead = regexp.MustCompile(`(?i)\b(?:sizes?|compar\w*|footprint|consumption)\b`)
	// mbUnit are the units that say a number was measured: times, rates,
	// throughput.
	mbUnit = regexp.MustCompile(`^(?i:ns|nsecs?|us|usecs?|µs|ms|msecs?|s|secs?|seconds?|mins?|minutes?|[kmgt]i?b/s|[kmgt]i?bytes/s(?:ec)?|[kmg]bits?/s(?:ec)?|[kmg]bps|iops|ops/s(?:ec)?|op/s|req/s|tps|cycles|[kmg]?pps|fps|ops|x)$`)
)

// mbField names an addition by its label: the spreads and changes by
// their usual names, the other statistics in lower case; "" for an
// addition that is no statistic of the figure ("(tid: 1004)", "(samples:
// 112)"), which makes the line no measurement.
func mbField(label, unit string) string {
	l := strings.ToLower(strings.TrimSpace(label))
	switch l {
	case "stdev", "stddev", "std", "sd", "std dev", "deviation":
		return "stddev"
	case "diff", "delta", "change", "improvement", "gain":
		if unit == "%" {
			return "pct"
		}
		return "diff"
	case "":
		if unit == "%" {
			return "pct"
		}
	case "var", "variance", "cv", "min", "max", "avg", "mean", "median":
		return l
	default:
		if mbPercentile.MatchString(l) {
			return l
		}
	}
	return ""
}

// mbStat reports whether a label is itself a statistic's name.
func mbStat(label string) bool {
	f := mbField(label, "")
	return f != "" && f != "pct"
}

// mbPercentile is a percentile's name: "p99", "p99.9".
var mbPercentile = regexp.MustCompile(`^p\d{1,2}(?:\.\d+)?$`)

// mbRead is one measurement line read: its case, cells and whether it
// said it is a measurement.
type mbRead struct {
	label    string
	cells    []model.Cell
	measured bool
	sized    bool // the figure is a size ("9117044 KB")
}

// mbParse reads a line, or reports false.
func mbParse(text string, style CommaStyle) (mbRead, bool) {
	if !mbShaped(text) {
		return mbRead{}, false
	}
	m := mbLine.FindStringSubmatch(text)
	if m == nil {
		return mbRead{}, false
	}
	r := mbRead{label: strings.TrimSpace(m[1])}
	if !strings.ContainsFunc(r.label, unicode.IsLetter) || layout.IsProse(r.label) && len(strings.Fields(r.label)) > 6 {
		return mbRead{}, false
	}
	if mbStat(r.label) {
		return mbRead{}, false // "min=1, max=8912": a tool's statistics line, read by its family
	}
	unit, rest := m[4], m[5]
	r.sized = mbSize.MatchString(unit)
	if unit != "" && !r.sized && !mbUnit.MatchString(unit) {
		return mbRead{}, false // "CPU: 2 sockets"
	}
	r.measured = unit != "" && !r.sized
	if !mbAdd(&r, "value", m[2], m[3], unit, style) {
		return mbRead{}, false
	}
	for strings.TrimSpace(rest) != "" {
		a := mbParen.FindStringSubmatch(rest)
		if a == nil {
			a = mbComma.FindStringSubmatch(rest)
		}
		if a == nil {
			return mbRead{}, false
		}
		field := mbField(a[1], a[4])
		if field == "" || !mbAdd(&r, field, a[2], a[3], a[4], style) {
			return mbRead{}, false
		}
		r.measured = true
		rest = rest[len(a[0]):]
	}
	return r, true
}

// mbShaped is the cheap check before mbLine, which most lines fail: a ':'
// or '=' followed, after blanks, by a number (a digit, after a sign).
func mbShaped(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] != ':' && text[i] != '=' {
			continue
		}
		j := i + 1
		for j < len(text) && strings.IndexByte(" \t\n\f\r", text[j]) >= 0 {
			j++
		}
		if j < len(text) && (text[j] == '-' || text[j] == '+') {
			j++
		}
		if j < len(text) && isDigit(text[j]) {
			return true
		}
	}
	return false
}

// mbAdd adds one number, its magnitude suffix and unit kept in Text.
func mbAdd(r *mbRead, field, num, mag, unit string, style CommaStyle) bool {
	var row model.Row
	addCell(&row, style, "", field, num)
	if len(row.Cells) != 1 {
		return false
	}
	if mag != "" || unit != "" && unit != "%" {
		row.Cells[0].Text = strings.TrimSpace(num + mag + " " + strings.TrimSuffix(unit, "%"))
	}
	r.cells = append(r.cells, row.Cells[0])
	return true
}

// mbBlock is a run of measurement lines and the label line above it.
type mbBlock struct {
	head       string
	headAt     int
	start, end int
	lines      []mbRead
}

// mbHeading returns the variant a label line names: a short line ending
// in ':' or ',', in brackets ("[after]"), between dashes ("--- patched
// ---") or stars ("**Patched**"), that is no measurement itself.
func mbHeading(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if t == "" || len(t) > 60 || len(strings.Fields(t)) > 6 || layout.SentenceEnd(t) {
		return "", false
	}
	for _, p := range [][2]string{{"[", "]"}, {"**", "**"}, {"---", "---"}, {"==", "=="}, {"<", ">"}} {
		if strings.HasPrefix(t, p[0]) && strings.HasSuffix(t, p[1]) && len(t) > len(p[0])+len(p[1]) {
			return strings.TrimSpace(t[len(p[0]) : len(t)-len(p[1])]), true
		}
	}
	if s, ok := strings.CutSuffix(t, ":"); ok && !strings.Contains(s, ":") {
		return strings.TrimSpace(s), true
	}
	if s, ok := strings.CutSuffix(t, ","); ok && !strings.Contains(s, ",") {
		return strings.TrimSpace(s), true
	}
	return "", false
}

// Read returns the blocks' tables: one per group of blocks under labels
// that share their cases, one per other block.
func (measureBlock) Read(b *Block) []Match {
	var blocks []mbBlock
	head, headAt := "", -1
	for i := 0; i < len(b.Lines); {
		text := b.trim(i)
		if _, ok := mbParse(text, b.Comma); !ok {
			if h, ok := mbHeading(text); ok {
				head, headAt = h, i
			} else if text != "" {
				head, headAt = "", -1
			}
			i++
			continue
		}
		blk := mbBlock{head: head, headAt: headAt, start: i}
		j := i
		for ; j < len(b.Lines); j++ {
			l, ok := mbParse(b.trim(j), b.Comma)
			if !ok {
				break
			}
			blk.lines = append(blk.lines, l)
		}
		blk.end = j
		if mbMeasured(blk.lines) || mbSizes(blk) {
			blocks = append(blocks, blk)
		}
		head, headAt, i = "", -1, j
	}
	return mbTables(b, blocks)
}

// mbMeasured reports whether a run has two lines or more and most of
// them say they are measurements.
func mbMeasured(lines []mbRead) bool {
	n := 0
	for _, l := range lines {
		if l.measured {
			n++
		}
	}
	return 2*n > len(lines) && len(lines) >= 2
}

// mbSizes reports whether a block is a comparison of sizes: every line a
// size, under a label that says sizes are compared ("Memory: 16 GB"
// under "Test box:" stays out).
func mbSizes(blk mbBlock) bool {
	if len(blk.lines) < 2 || !mbSizeHead.MatchString(blk.head) {
		return false
	}
	for _, l := range blk.lines {
		if !l.sized {
			return false
		}
	}
	return true
}

// mbTables groups labelled blocks that hold the same cases into one
// table, and makes one of each other block.
func mbTables(b *Block, blocks []mbBlock) []Match {
	var out []Match
	for k := 0; k < len(blocks); {
		n := 1
		for blocks[k].head != "" && k+n < len(blocks) && blocks[k+n].head != "" &&
			blocks[k+n].headAt >= blocks[k+n-1].end && mbSameCases(blocks[k], blocks[k+n]) {
			n++
		}
		group := blocks[k : k+n]
		t := model.Table{Variants: []string{}}
		if n > 1 {
			for _, g := range group {
				t.Variants = append(t.Variants, g.head)
			}
			t.Baseline = t.Variants[0]
		}
		for _, g := range group {
			for r, l := range g.lines {
				row := rowAt(b, g.start+r, l.label)
				for _, c := range l.cells {
					if n > 1 {
						c.Variant = g.head
					}
					row.Cells = append(row.Cells, c)
				}
				t.Rows = append(t.Rows, row)
			}
		}
		m := Match{Start: group[0].start, End: group[n-1].end, Table: t}
		if group[0].headAt >= 0 {
			m.Start = group[0].headAt
			if n == 1 {
				m.Inner = []string{group[0].head}
			}
		}
		out = append(out, m)
		k += n
	}
	return out
}

// mbSameCases reports whether two blocks hold the same cases in the
// same order.
func mbSameCases(a, b mbBlock) bool {
	return slices.EqualFunc(a.lines, b.lines, func(x, y mbRead) bool { return x.label == y.label })
}
