package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/shell"
)

// finish completes a family's match with provenance, the headings above it
// and, when the family did not name it, the benchmark.
func (b *Block) finish(m Match) model.Table {
	t := m.Table
	if marks := b.seg.marks; marks != nil {
		for i := range t.Rows {
			r := &t.Rows[i]
			if mk := marks[r.Line]; mk != "" && !containsString(r.Flags, mk) {
				r.Flags = append(r.Flags, mk)
			}
		}
	}
	first, last := b.Lines[m.Start], b.Lines[m.End-1]
	t.StartLine, t.EndLine, t.Offset = first.No, last.No, first.Offset
	t.QuoteDepth, t.Author = first.Depth, first.Author
	if t.Variants == nil {
		t.Variants = []string{}
	}
	a := b.seg.above(b.base + m.Start)
	if t.Context == nil {
		t.Context = []string{}
		for _, h := range a.heads {
			t.Context = append(t.Context, h.text)
		}
		t.Context = append(t.Context, m.Inner...)
	}
	t.Lead, t.LeadFar = a.lead, a.far
	if t.Benchmark == "" {
		t.Benchmark = nameBenchmark(&t, b.headerLines(m), &a)
	}
	return t
}

// leadLines is how many prose lines above a table are kept: enough for the
// sentence that introduces it ("completion time in seconds, lower is
// better"), which may sit above the table's heading.
const leadLines = 6

// headerLines returns the text of a match's lines that hold none of its
// rows: its titles and column headers.
func (b *Block) headerLines(m Match) []string {
	rows := map[int]bool{}
	for _, r := range m.Table.Rows {
		rows[r.Line] = true
	}
	var out []string
	for _, l := range b.Lines[m.Start:m.End] {
		if !rows[l.No] {
			out = append(out, l.Text)
		}
	}
	return out
}

// cover marks the lines of a kept table in its segment.
func (b *Block) cover(m Match) {
	if b.seg.covered == nil {
		b.seg.covered = make([]bool, len(b.seg.lines))
	}
	for i := b.base + m.Start; i < b.base+m.End; i++ {
		b.seg.covered[i] = true
	}
}

// heading is a line that titles what follows it.
type heading struct {
	text  string
	style string // "banner", "underline", "o", "-", "*", "num", "colon", "bare"
	bench string // for banners "<bench> - <config>": the benchmark part
}

// surroundings is what stands above a table in its segment.
type surroundings struct {
	// heads are the headings the table sits under, outermost first.
	heads []heading
	// intro is the paragraph right above the table (nearest last), the
	// sentence that usually introduces it ("Below are some hackbench
	// results:"), when no heading or other table comes between.
	intro []string
	// lead holds up to leadLines prose lines above the table, nearest last.
	lead []string
	// far counts the lead's first lines that stand above another table:
	// words about that table, not this one.
	far int
	// cmds are the command lines shown above the table, nearest last.
	cmds []string
}

// above walks up from line i of the segment and collects what stands above
// it.
//
// Heading levels are not fixed by their markers: the nearest heading is the
// innermost, and going up, a heading is a parent only if its style differs
// from every style already taken (a same-style heading is a sibling). A
// banner ends the walk, and so does the first prose paragraph above a
// heading: its text is still kept as lead, since authors often introduce a
// section ("data is completion time in seconds") before its heading.
func (s *segment) above(i int) surroundings {
	var a surroundings
	seen := map[string]bool{}
	prose := 0       // prose lines passed above the nearest heading
	inIntro := true  // still in the paragraph right above the table
	crossed := false // passed another table's lines
	for j := i - 1; j >= 0; j-- {
		if s.covered != nil && s.covered[j] {
			inIntro, crossed = false, true
			continue
		}
		text := strings.TrimSpace(s.lines[j].Text)
		if text == "" {
			if len(a.intro) > 0 {
				inIntro = false
			}
			if prose > 0 && len(a.heads) > 0 {
				break // a paragraph above a heading closes the section
			}
			continue
		}
		if shell.IsCommand(text) {
			if len(a.heads) == 0 && len(a.cmds) < 4 {
				a.cmds = append([]string{text}, a.cmds...)
			}
			continue
		}
		var next string
		if j+1 < len(s.lines) {
			next = strings.TrimSpace(s.lines[j+1].Text)
		}
		var prev string
		if j > 0 {
			prev = strings.TrimSpace(s.lines[j-1].Text)
		}
		if h, ok := headingOf(text, prev, next); ok {
			inIntro = false
			if !seen[h.style] {
				seen[h.style] = true
				a.heads = append([]heading{h}, a.heads...)
			}
			if h.style == "banner" {
				break
			}
			continue
		}
		if s.tableish[j] && (layout.IsRule(text) || numberTokens(text) > 0) && !layout.IsProse(text) {
			inIntro = false
			continue // a row of some table, not words about this one
		}
		if len(a.heads) > 0 {
			prose++
		}
		if inIntro {
			a.intro = append([]string{text}, a.intro...)
		}
		if len(a.lead) < leadLines {
			a.lead = append([]string{text}, a.lead...)
			if crossed {
				a.far++
			}
		}
	}
	return a
}

// headingOf decides whether a line is a heading, given its neighbours.
func headingOf(text, prev, next string) (heading, bool) {
	if layout.IsRule(text) || strings.Contains(text, "|") {
		return heading{}, false
	}
	// "~ hackbench - DEFAULT_LATENCY_NICE ~", "=== stream ===", "## tbench"
	for _, m := range []string{"~", "=", "*"} {
		inner := strings.Trim(text, m+" ")
		if strings.HasPrefix(text, m+" ") && strings.HasSuffix(text, " "+m) && inner != "" {
			return bannerHeading(inner), true
		}
	}
	if strings.HasPrefix(text, "# ") || strings.HasPrefix(text, "## ") {
		return bannerHeading(strings.TrimLeft(text, "# ")), true
	}
	words := strings.Fields(text)
	if underlined(text, prev, next) && !bulleted(words) {
		return heading{text: strings.TrimSuffix(text, ":"), style: "underline"}, true
	}
	switch {
	case bulleted(words):
		body := strings.TrimSuffix(strings.TrimSpace(text[len(words[0]):]), ":")
		if len(words) <= 12 && !layout.SentenceEnd(body) && !keyValueLine(body) {
			return heading{text: body, style: words[0]}, true
		}
	case numberedHeading(words):
		if len(text) <= 100 && !layout.SentenceEnd(text) {
			return heading{text: strings.TrimSuffix(text, ":"), style: "num"}, true
		}
	case strings.HasSuffix(text, ":") && len(words) <= 4 && !strings.Contains(strings.TrimSuffix(text, ":"), ":") && startsLine(prev) && !continuesSentence(words[0]):
		return heading{text: strings.TrimSuffix(text, ":"), style: "colon"}, true
	case len(words) <= 4 && len(text) <= 40 && !layout.SentenceEnd(text) && !strings.HasSuffix(text, ",") &&
		!strings.Contains(text, ":") && numberTokens(text) <= 1 && standsAlone(prev) && namesSomething(words) && !assignsNumber(text):
		return heading{text: text, style: "bare"}, true
	}
	return heading{}, false
}

// namesSomething reports whether some word starts with a letter: a title names
// something, while "(77.1MB/s-91.5MB/s)", the tail of a wrapped line of
// figures, does not.
func namesSomething(words []string) bool {
	for _, w := range words {
		if r, _ := utf8.DecodeRuneInString(strings.TrimLeft(w, "([{<\"'")); unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// assignsNumber reports whether a line sets two or more names to numbers
// ("min=0, max=10007"): a line of output, no title, where one setting
// ("CONFIG_HZ=250") may title what follows.
func assignsNumber(text string) bool {
	n := 0
	for k := 0; k+1 < len(text); k++ {
		if text[k] == '=' && isDigit(text[k+1]) {
			n++
		}
	}
	return n >= 2
}

// bannerHeading splits "<bench> - <config>" banners: a one-word first part
// names the benchmark and the rest is the context; otherwise the whole
// banner is the context ("Hackbench + Cyclictest - Various Latency Nice
// Values" names a load mix, not one benchmark).
func bannerHeading(inner string) heading {
	if a, b, ok := strings.Cut(inner, " - "); ok {
		a, b = strings.TrimSpace(a), strings.TrimSpace(b)
		if a != "" && b != "" && !strings.ContainsAny(a, " \t") {
			return heading{text: b, style: "banner", bench: strings.ToLower(a)}
		}
	}
	return heading{text: inner, style: "banner"}
}

// underlined reports whether the line under text is a rule of about the
// same length: a heading's underline, not the top border of a grid below.
func underlined(text, prev, next string) bool {
	if !layout.IsRule(next) || layout.IsRule(prev) || len(text) > 100 {
		return false
	}
	// An underline repeats one character; "+---+---+" is a grid's border.
	rule := strings.TrimSpace(next)
	if strings.Trim(rule, rule[:1]) != "" || !strings.ContainsAny(rule[:1], "-=~") {
		return false
	}
	n, t := len(next), len(text)
	return n >= 3 && n*2 >= t && n <= t*3/2+4
}

// startsLine reports whether a line after prev begins a new unit of text
// rather than ending a sentence or a greeting that prev began.
func startsLine(prev string) bool {
	if strings.HasSuffix(prev, ",") {
		return false // "Thanks," then a name: a sign-off, not a title
	}
	return prev == "" || layout.IsRule(prev) || !layout.IsProse(prev)
}

// continuesSentence reports whether a line's first word joins it to the
// text before it ("and netperf on loopback:"), which a title never does.
func continuesSentence(first string) bool {
	switch first {
	case "and", "or", "but", "then", "so", "also", "while", "plus":
		return true
	}
	return false
}

// standsAlone reports whether a short line after prev can be a title of
// its own: after a blank line, a rule or the last row of a table ("NPS2"
// between two tables), not inside a run of short text lines (the stacked
// column titles of tool output, an address block).
func standsAlone(prev string) bool {
	return prev == "" || layout.IsRule(prev) || hasNumberToken(prev) && !layout.IsProse(prev)
}

// numberTokens counts the tokens of s that are numbers.
func numberTokens(s string) int {
	n := 0
	for w := range strings.FieldsSeq(s) {
		if _, ok := ReadNumber(strings.Trim(w, "()[],;"), CommaUnknown); ok {
			n++
		}
	}
	return n
}

func bulleted(words []string) bool {
	if len(words) < 2 {
		return false
	}
	switch words[0] {
	case "o", "-", "*", "•":
		return true
	}
	return false
}

func numberedHeading(words []string) bool {
	if len(words) < 2 {
		return false
	}
	w := words[0]
	if len(w) < 2 || (w[len(w)-1] != ')' && w[len(w)-1] != '.') {
		return false
	}
	for i := 0; i < len(w)-1; i++ {
		if !isDigit(w[i]) && !(len(w) == 2 && unicode.IsLetter(rune(w[i]))) {
			return false
		}
	}
	return true
}

// keyValueLine is "tip: 6.1.0 tip sched/core": a list item, not a title.
func keyValueLine(s string) bool {
	k, v, ok := strings.Cut(s, ":")
	return ok && strings.TrimSpace(v) != "" && !strings.Contains(k, " ") && hasNumberToken(v)
}
