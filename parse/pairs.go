package parse

import (
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The pairs family reads lists of one figure per label, the label and the
// figure apart by a gap (tabs or a run of blanks) and no column header:
//
//	[with dedupe]
//	 16k chunks + lz4         512M
//	 64k chunks + lz4         471M
//	128k chunks + lz4hc,9     455M
//
// Each line is a row: the label as written (numbers in it are part of the
// name), field value, the number as written with its magnitude or unit
// glued to it in Text. A list is three or more such lines; a label line
// above ("[with dedupe]") names it, and lists under different labels that
// hold the same labels become one table (semantics.go). It runs after
// every other family, so it takes only lines no grid or tool reads.
// A label has two words or more (one word is a field of a dump: lsusb's
// "bLength 18"); labels that look like settings or code (CONFIG_FOO,
// key=value, "#define X", diff lines) or that end in ':' (a state file's
// "MemTotal:") are left out.
type pairs struct{}

func init() { Register(pairs{}, 90) }

// Name implements Family.
func (pairs) Name() string { return "label-value" }

// pairLine is one label and its figure.
type pairLine struct {
	label, num, suffix string
}

// readPair reads "label<gap>figure"; ok is false for anything else.
func readPair(text string) (pairLine, bool) {
	var p pairLine
	k := strings.LastIndexAny(text, " \t")
	if k <= 0 {
		return p, false
	}
	fig := text[k+1:]
	gap := k
	for gap > 0 && (text[gap-1] == ' ' || text[gap-1] == '\t') {
		gap--
	}
	if text[k] != '\t' && k-gap < 1 {
		return p, false // one blank: words of a sentence
	}
	p.label = strings.TrimSpace(text[:gap])
	words := strings.Fields(p.label)
	if len(words) < 2 || len(words) > 10 || !hasLetter(p.label) || strings.HasSuffix(p.label, ":") ||
		strings.ContainsAny(p.label, "=|#;{}") || strings.ContainsAny(p.label[:1], "+-") {
		return p, false // one word is a field of a dump ("bLength 18"); code and diff lines
	}
	for _, w := range words {
		if strings.Contains(w, "_") && strings.ToUpper(w) == w {
			return p, false // a macro or setting name: CONFIG_HZ, MAX_RETRIES
		}
	}
	if strings.Contains(text[:gap], "  ") || strings.Contains(text[:gap], "\t") {
		return p, false // more columns than a label and a figure
	}
	j := 0
	for j < len(fig) && (isDigit(fig[j]) || fig[j] == '.') {
		j++
	}
	p.num, p.suffix = fig[:j], fig[j:]
	if _, ok := ReadNumber(p.num, CommaUnknown); !ok || len(p.suffix) > 3 {
		return p, false
	}
	for i := 0; i < len(p.suffix); i++ {
		if !isLetter(p.suffix[i]) && p.suffix[i] != '%' {
			return p, false
		}
	}
	return p, true
}

// Read returns each run of three or more pair lines.
func (pairs) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		j := i
		var run []pairLine
		for ; j < len(b.Lines); j++ {
			p, ok := readPair(strings.TrimSpace(b.Lines[j].Text))
			if !ok {
				break
			}
			run = append(run, p)
		}
		if len(run) >= 3 {
			t := model.Table{}
			for k, p := range run {
				row := rowAt(b, i+k, p.label)
				addCell(&row, b.Comma, "", "value", p.num)
				if p.suffix != "" {
					row.Cells[len(row.Cells)-1].Text = p.num + p.suffix
				}
				t.Rows = append(t.Rows, row)
			}
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}

// The shares form reads a distribution written one bucket a line, each a
// label, a ':' and its share of the whole:
//
//	< 1ms:   81.5%;
//	1ms~5ms: 15.0%;
//	>5ms:     3.5%;
//
// Rows by bucket label, field share (a part of a total, not a change). A
// run of two or more lines whose shares add up to 100% (within the
// rounding of the figures) is one table; other percentages are left to
// the families that read changes.
type shares struct{}

func init() { Register(shares{}, 53) }

// Name implements Family.
func (shares) Name() string { return "key-value" }

// shareLine reads "label: 81.5%;".
func shareLine(text string) (string, string, bool) {
	text = strings.TrimRight(text, ";,. ")
	k := strings.LastIndexByte(text, ':')
	if k <= 0 || !strings.HasSuffix(text, "%") {
		return "", "", false
	}
	label := strings.TrimSpace(text[:k])
	v := strings.TrimSpace(strings.TrimSuffix(text[k+1:], "%"))
	if len(strings.Fields(label)) > 4 || label == "" || strings.ContainsAny(v, " \t") {
		return "", "", false
	}
	if _, ok := ReadNumber(v, CommaUnknown); !ok {
		return "", "", false
	}
	return label, v, true
}

// Read returns each run of share lines that adds up to the whole.
func (shares) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		t := model.Table{}
		total := 0.0
		j := i
		for ; j < len(b.Lines); j++ {
			label, v, ok := shareLine(b.trim(j))
			if !ok {
				break
			}
			row := rowAt(b, j, label)
			addCell(&row, b.Comma, "", "share", v)
			if len(row.Cells) == 0 {
				break
			}
			f, _ := strconv.ParseFloat(string(row.Cells[0].Value), 64)
			total += f
			t.Rows = append(t.Rows, row)
		}
		if len(t.Rows) >= 2 && total >= 98.5 && total <= 101.5 {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}
