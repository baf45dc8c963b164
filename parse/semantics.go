package parse

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/shell"
)

// Layer 4, semantics: which labels name kernels (a version, a side of a
// before/after comparison, a "Kernel: X" line), and what tables mean
// together. Testers often paste one tool output per kernel, each under a
// label line ("Before:" / "After:", "Kernel: 9.1-rc3", "**Patched**"),
// instead of one table with a column per kernel. Consecutive
// single-series tables whose labels differ and that measure the same cases
// are one comparison: they become one table whose variants are the labels,
// in the order written. Rows labelled by the variants of an earlier table
// of the message are variants too. The per-table semantics of the layout
// engine (orientation, row groups, variant columns) are in columnar.go.

// mergeLabelled merges the runs of labelled blocks among tables (in the
// order of their first line). gaps holds, by a table's first line, what
// its gap says (segment.gapAbove): the label line right above it, for
// blocks whose label names no kernel or side ("# plain ram0", "[after]",
// "Polling,"), the section label above that, an enumerated item, a
// setting, and whether discussion stands between it and the table above.
func mergeLabelled(tables []model.Table, gaps map[int]blockGap) []model.Table {
	labels := map[string]bool{} // every block label of the message
	for _, g := range gaps {
		for _, l := range []string{g.near, g.outer, g.enum.name} {
			if l != "" {
				labels[l] = true
			}
		}
	}
	for i := range tables {
		if l := blockLabel(&tables[i]); l != "" {
			labels[l] = true
		}
	}
	out := tables[:0:0]
	for i := 0; i < len(tables); {
		j := i + 1
		for j < len(tables) && similarBlocks(&tables[j-1], &tables[j], gaps, labels) {
			j++
		}
		if merged, n := mergeRun(tables[i:j], gaps, labels); n >= 2 {
			out = append(out, merged)
			i += n
			continue
		}
		if merged, n := mergeSections(tables[i:], gaps, labels); n > 0 {
			out = append(out, merged...)
			i += n
			continue
		}
		out = append(out, tables[i])
		i++
	}
	return out
}

// runReading is one way to name the blocks of a run: a label per block,
// and, where the run is made of sections that each repeat the same inner
// labels ("bs 4k" ... "bs 32k" under "Without the patch:", again under
// "With the patch:"), the inner label that joins each block's cases.
type runReading struct {
	names, cases []string
}

// mergeRun merges the longest prefix of a run of blocks of the same cases
// that one reading names, and returns the merged table and how many
// blocks it took (below 2: none). A block with nothing but blank lines
// between it and the block above continues that block (rows a mailer or
// the writer spaced apart) and takes its label. The readings, each over
// as many blocks as its labels tell apart (present and all different),
// are: the label lines right above the blocks; the kernels or sides their
// headings name; an enumeration ("1.-", "2.-"); the setting a command
// above each run made; sections that repeat the same label lines under a
// label of their own; and the sentences right above one command that
// every block ran. The reading over the most blocks wins, the earlier of
// the list on a tie.
func mergeRun(ts []model.Table, gaps map[int]blockGap, labels map[string]bool) (model.Table, int) {
	var heads []model.Table // the first block of each group of blocks spaced apart
	var first []int         // by head: the index of its block in ts
	for k := range ts {
		if k == 0 || !gaps[ts[k].StartLine].spaced {
			heads, first = append(heads, ts[k]), append(first, k)
		}
	}
	first = append(first, len(ts))
	if len(heads) < 2 {
		return model.Table{}, 0
	}
	var best runReading
	take := func(r runReading) {
		if len(r.names) > len(best.names) {
			best = r
		}
	}
	named := 0 // near labels only for blocks whose rows are named cases: per-second samples do not correspond across runs
	for named < len(heads) && namedRows(&heads[named]) {
		named++
	}
	take(runReading{names: distinctPrefix(named, func(k int) string { return gaps[heads[k].StartLine].near })})
	take(runReading{names: distinctPrefix(len(heads), func(k int) string { return blockLabel(&heads[k]) })})
	take(runReading{names: enumPrefix(heads, gaps)})
	take(runReading{names: settingPrefix(heads, gaps)})
	take(sectionReading(heads[:named], gaps))
	take(runReading{names: introPrefix(heads, gaps)})
	if len(best.names) < 2 {
		return model.Table{}, 0
	}
	var r runReading // by block of ts: each group's label for all its blocks
	for h := range best.names {
		for k := first[h]; k < first[h+1]; k++ {
			r.names = append(r.names, best.names[h])
			if h < len(best.cases) {
				r.cases = append(r.cases, best.cases[h])
			}
		}
	}
	return mergeBlocks(ts[:len(r.names)], r, labels), len(r.names)
}

// distinctPrefix returns the labels label(k) of the first blocks, up to
// the first that is missing or repeats an earlier one.
func distinctPrefix(n int, label func(int) string) []string {
	var out []string
	for k := 0; k < n; k++ {
		l := label(k)
		if l == "" || containsString(out, l) {
			break
		}
		out = append(out, l)
	}
	return out
}

// enumPrefix names the first blocks by the enumerated items in their
// gaps: one style, numbers rising.
func enumPrefix(ts []model.Table, gaps map[int]blockGap) []string {
	var out []string
	var last enumLabel
	for k := range ts {
		e := gaps[ts[k].StartLine].enum
		if e.name == "" || k > 0 && (e.style != last.style || e.n <= last.n) || containsString(out, e.name) {
			break
		}
		out, last = append(out, e.name), e
	}
	return out
}

// introPrefix names the first blocks by the sentences right above the
// one command they all ran, when those differ: the command ran again
// after words on what changed.
func introPrefix(ts []model.Table, gaps map[int]blockGap) []string {
	cmd := gaps[ts[0].StartLine].command
	return distinctPrefix(len(ts), func(k int) string {
		if g := gaps[ts[k].StartLine]; cmd != "" && g.command == cmd {
			return g.intro
		}
		return ""
	})
}

// settingPrefix names the first blocks by the settings their commands
// made: one tunable, values that differ.
func settingPrefix(ts []model.Table, gaps map[int]blockGap) []string {
	var out []string
	name := ""
	for k := range ts {
		set := gaps[ts[k].StartLine].setting
		n, _, _ := strings.Cut(set, "=")
		if set == "" || k > 0 && n != name || containsString(out, set) {
			break
		}
		out, name = append(out, set), n
	}
	return out
}

// sectionReading reads a run as sections: the label lines right above
// the blocks repeat with a period p ("bs 4k" "bs 8k" "bs 4k" "bs 8k", or
// the same "read / write:" over each), and the first block of each section
// has a section label above its own that differs from every other
// section's. The section labels are the variants; with p > 1 the inner
// labels name the cases, and with p = 1 the repeated label is a heading
// the sections share.
func sectionReading(ts []model.Table, gaps map[int]blockGap) runReading {
	var best runReading
	for p := 1; 2*p <= len(ts); p++ {
		var r runReading
		for start := 0; start+p <= len(ts); start += p {
			outer := gaps[ts[start].StartLine].outer
			ok := outer != "" && !containsString(r.names, outer)
			for k := 0; k < p && ok; k++ {
				near := gaps[ts[start+k].StartLine].near
				ok = near != "" && near == gaps[ts[k].StartLine].near && (k == 0 || gaps[ts[start+k].StartLine].outer == "")
			}
			if !ok {
				break
			}
			for k := 0; k < p; k++ {
				r.names = append(r.names, outer)
				if p > 1 {
					r.cases = append(r.cases, gaps[ts[start+k].StartLine].near)
				}
			}
		}
		if len(r.names) >= 2*p && len(r.names) > len(best.names) {
			best = r
		}
	}
	return best
}

// similarBlocks reports whether b may be another block of the comparison a
// belongs to: same quote depth and format, neither names variants of its
// own, no discussion between them, the headings above them agree, and
// they hold mostly the same cases and fields. labels are the block labels
// of the message: a heading that is one is no section both blocks sit in.
func similarBlocks(a, b *model.Table, gaps map[int]blockGap, labels map[string]bool) bool {
	if !alike(a, b) {
		return false
	}
	ga, gb := gaps[a.StartLine], gaps[b.StartLine]
	if gb.talk && (gb.command == "" || gb.command != ga.command || gb.intro == "") {
		return false // discussion between, unless the same command ran again after words on what changed
	}
	if ea, eb := ga.enum, gb.enum; ea.name != "" && eb.style == ea.style && eb.n == ea.n+1 {
		// items of one enumeration are siblings, whatever headings their
		// notes hold between them ("2.- ..." / "Evidences:" / "3.- ...")
		return sameKeys(a, b)
	}
	return sameCases(a, b, labels)
}

// alike reports whether a and b are blocks of one kind: the same quote
// depth and format, and neither names variants of its own.
func alike(a, b *model.Table) bool {
	return a.QuoteDepth == b.QuoteDepth && len(a.Variants) == 0 && len(b.Variants) == 0 && a.Format == b.Format
}

// sameCases reports whether the headings above a and b agree and they
// hold mostly the same cases and fields.
func sameCases(a, b *model.Table, labels map[string]bool) bool {
	if ob := outerContext(b, labels); len(ob) > 0 && !equalStrings(outerContext(a, labels), ob) {
		return false // a later block's walk may end at its own label: no headings of its own
	}
	return sameKeys(a, b)
}

// sameKeys reports whether a and b hold mostly the same cases and fields.
func sameKeys(a, b *model.Table) bool {
	ka, kb := cellKeys(a), cellKeys(b)
	shared := 0
	for k := range ka {
		if kb[k] {
			shared++
		}
	}
	return shared*2 > len(ka) && shared*2 > len(kb)
}

// mergeSections merges labelled sections that each hold several tables
// (a tool's metrics and its summary under "Before:", the same two under
// "After:"): the first section is the run of tables from ts[0] on under
// one label, each later section as many tables under another label, table
// k of every section another block of table k of the first. It returns
// one table per position and how many tables it used; 0 when ts does not
// start such sections.
func mergeSections(ts []model.Table, gaps map[int]blockGap, labels map[string]bool) ([]model.Table, int) {
	// a section's label heads the tables under it up to the next label
	eff := make([]string, len(ts))
	for k := range ts {
		if eff[k] = blockOrNearLabel(&ts[k], gaps); eff[k] == "" && k > 0 && ts[k].QuoteDepth == ts[k-1].QuoteDepth {
			eff[k] = eff[k-1]
		}
	}
	label := blockOrNearLabel(&ts[0], gaps)
	n := 1
	for n < len(ts) && label != "" && eff[n] == label {
		n++
	}
	if label == "" || n < 2 {
		return nil, 0
	}
	sections := 1
	for start := n; start+n <= len(ts); start += n {
		next := blockOrNearLabel(&ts[start], gaps)
		same := next != "" && next != label
		for k := 0; k < n && same; k++ {
			a, b := &ts[k], &ts[start+k]
			same = eff[start+k] == next && namedRows(a) && namedRows(b) && alike(a, b) && sameCases(a, b, labels)
		}
		if !same {
			break
		}
		sections++
	}
	if sections < 2 {
		return nil, 0
	}
	out := make([]model.Table, 0, n)
	for k := 0; k < n; k++ {
		blocks := make([]model.Table, 0, sections)
		names := make([]string, 0, sections)
		for s := 0; s < sections; s++ {
			blocks = append(blocks, ts[s*n+k])
			names = append(names, eff[s*n])
		}
		out = append(out, mergeBlocks(blocks, runReading{names: names}, labels))
	}
	return out, n * sections
}

// namedRows reports whether every row of t has a case: rows that can
// correspond to the rows of another block.
func namedRows(t *model.Table) bool {
	for _, r := range t.Rows {
		if r.Case == "" {
			return false
		}
	}
	return len(t.Rows) > 0
}

// nearLabel returns the line right above line i of the segment (blank
// lines between allowed), cleaned of its markers, when it may name the
// block below as a variant: a short line of words that no table holds and
// that ends no sentence ("# eram0 (current dm-crypt)", "[before]",
// "Interrupts,", "--- Kernel: 6.1 ---", "**Patched**", "1) After the
// series:"), or a sentence ending in ':' that names a side of a
// comparison ("On the test box, fio reports this with the patch:"). ""
// when there is none.
//
// The command that ran the block may stand between the label and the
// block ("Raw IO on the second SSD" / "fio --rw=randwrite ..." /
// "-name=t1"): up to three command lines are passed over, and a block
// with no label above its command is labelled by none.
func (s *segment) nearLabel(i int) string {
	l, _ := s.nearLabelAt(i)
	return l
}

// nearLabelAt is nearLabel with the index of the label's line (its first
// line, for a sentence), -1 when there is none.
func (s *segment) nearLabelAt(i int) (string, int) {
	cmds := 0
	for j, blanks := i-1, 0; j >= 0 && blanks <= 1; j-- {
		if s.covered != nil && s.covered[j] {
			return "", -1
		}
		text := strings.TrimSpace(s.lines[j].Text)
		if text == "" {
			blanks++
			continue
		}
		if commandLine(text) || optionLine(text) || !strings.HasPrefix(text, "#") && assignments(text) {
			if cmds++; cmds > 3 {
				return "", -1
			}
			continue
		}
		if j > 0 && strings.Count(text, ")") > strings.Count(text, "(") {
			// a remark in brackets the mailer wrapped: "- At commit 1a2b3c4d
			// (\"blk: make" / "queues per node\")"
			above := strings.TrimSpace(s.lines[j-1].Text)
			if strings.Count(above, "(") > strings.Count(above, ")") && (s.covered == nil || !s.covered[j-1]) {
				return cleanLabel(above + " " + text), j - 1
			}
		}
		if top, sentence := s.sentenceAbove(j); top < j || layout.IsProse(text) {
			if head, _, ok := strings.Cut(sentence, ","); ok && labelOf(head) != "" {
				return labelOf(head), top // "With the patch reverted, the numbers go back to:"
			}
			if strings.HasSuffix(text, ":") && sideMentioned(sentence) {
				return strings.TrimSuffix(sentence, ":"), top
			}
			if top < j {
				return "", -1 // the end of a sentence, no label
			}
		}
		return cleanLabel(text), j
	}
	return "", -1
}

// sentenceAbove joins line j of the segment with the lines above it up to
// a blank line, a table or a line that ends a sentence, while each goes
// on with the one above: the sentence line j ends, and the index of its
// first line.
func (s *segment) sentenceAbove(j int) (int, string) {
	top := j
	for top > 0 && j-top < 3 && lowerStart(s.lines[top].Text) {
		prev := strings.TrimSpace(s.lines[top-1].Text)
		if prev == "" || s.covered != nil && s.covered[top-1] || layout.SentenceEnd(prev) || strings.HasSuffix(prev, ":") || !proseLine(prev) {
			break
		}
		top--
	}
	parts := make([]string, 0, j-top+1)
	for k := top; k <= j; k++ {
		parts = append(parts, strings.TrimSpace(s.lines[k].Text))
	}
	return top, strings.Join(parts, " ")
}

// lowerStart reports whether a line may go on with the sentence of the
// line above: it starts with a lower-case word ("this patch:"), where a
// label, a harness's line or a new sentence starts otherwise.
func lowerStart(line string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimSpace(line))
	return unicode.IsLower(r)
}

// proseLine reports whether a line reads as words of a sentence: three or
// more, most of them starting with a letter ("fio reports these numbers
// on mainline with", not "(2616MB/s-2616MB/s), io=753GiB (808GB)").
func proseLine(s string) bool {
	words, alpha := 0, 0
	for w := range strings.FieldsSeq(s) {
		words++
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsLetter(r) {
			alpha++
		}
	}
	return words >= 3 && alpha*3 >= words*2
}

// sideMentioned reports whether a sentence names a side of a comparison:
// with or without a patch or series, before or after it, a kernel
// version.
func sideMentioned(sentence string) bool {
	words := strings.Fields(strings.ToLower(sentence))
	if len(words) > 30 {
		return false
	}
	for k, w := range words {
		w = strings.Trim(w, "()[],:;.*")
		switch w {
		case "before", "after", "patched", "unpatched", "baseline", "vanilla", "reverted":
			return true
		case "with", "without", "w/", "w/o":
			if k+2 < len(words) && strings.Trim(words[k+2], ",:.") == "patch" || k+1 < len(words) && strings.Trim(words[k+1], ",:.") == "patch" {
				return true
			}
		}
		if kernelName(w) && !refName(w) {
			return true
		}
	}
	return false
}

// commandLine reports whether a line shows a command typed at a named
// prompt or a command with its options; a "# " line is one only when a
// command follows the '#' ("# plain ram0" and "## dd if=/dev/zero ..."
// title the run below).
func commandLine(text string) bool {
	if ps := shell.Find(text); len(ps) > 0 && ps[0].Start == 0 && ps[0].Named {
		return true // "[root@box ~]# fio --rw=read": typed at a named prompt
	}
	if rest, ok := strings.CutPrefix(text, "# "); ok {
		return shell.IsCommand(strings.TrimSpace(rest))
	}
	return shell.IsCommand(text)
}

// optionLine reports whether a line holds only the options of a command
// wrapped onto it: "-numjobs=1 -size=100G", "--runtime=60".
func optionLine(text string) bool {
	for _, w := range strings.Fields(text) {
		o := strings.TrimPrefix(strings.TrimPrefix(w, "-"), "-")
		if o == w || o == "" || !isLetter(o[0]) {
			return false // "--------" is a rule, not options
		}
	}
	return text != ""
}

// cleanLabel strips a label line's markers: heading hashes, bold stars,
// brackets, rules, a list number and the closing ':' or ','; "" when what
// is left is no label (long, a sentence, a row of numbers).
func cleanLabel(text string) string {
	if head, _, ok := strings.Cut(text, ","); ok && labelOf(head) != "" {
		return labelOf(head) // "Before change, the latency is:"
	}
	if name, ok := runningName(text); ok {
		return name // "#  RUN   suite.case ...": the test each block is the output of
	}
	text = stripRemark(strings.TrimRight(text, ":, \t"))
	if len(text) > 80 || strings.HasSuffix(text, ".") || strings.Contains(text, "|") {
		return ""
	}
	h := strings.TrimSpace(strings.Trim(text, "#*=~-_ \t"))
	if len(h) > 2 && h[0] == '[' && h[len(h)-1] == ']' {
		h = strings.TrimSpace(h[1 : len(h)-1])
	}
	if e, ok := enumerated(h); ok {
		h = e.name // "1) Before ...", "2.- dd on the sync mount", "TEST 2: in-kernel client"
	}
	h = strings.TrimSpace(strings.TrimRight(h, ":,*"))
	if l := labelOf(h); l != "" {
		return l
	}
	if head, _, ok := strings.Cut(h, ": "); ok {
		if l := labelOf(head); l != "" {
			return l // "with patch: read throughput 39 MB/s": the side, then what was seen
		}
		return "" // "Total bandwidth: 0.95 Gbits/sec", "ls: cannot access ...": a line of output, no label
	}
	words := strings.Fields(h)
	if len(words) >= 1 && len(words) <= 2 && runWord(words[0]) {
		return "" // "RUN 2", "Iteration 3": a repeat of the same comparison, no side of it
	}
	if len(words) == 0 || len(words) > 8 || numberTokens(h) > 2 || digitRuns(h) > 3 || !hasLetter(h) || strings.Contains(h, "][") {
		return "" // a tool's progress or status line is no label
	}
	return h
}

// runningName reads a harness's line announcing the test whose output
// follows ("#  RUN  suite.fixture.case ...", "=== RUN   TestOpen",
// "Running write_test..."): the test's name. A run number ("RUN 2") is
// no name.
func runningName(text string) (string, bool) {
	words := strings.Fields(strings.Trim(text, "#=*- \t"))
	if len(words) < 2 || len(words) > 3 {
		return "", false
	}
	switch strings.ToLower(words[0]) {
	case "run", "running", "testing":
	default:
		return "", false
	}
	name := strings.TrimRight(words[1], ".:")
	if len(words) == 3 && strings.Trim(words[2], ".") != "" || name == "" || !isLetter(name[0]) {
		return "", false
	}
	return name, true
}

// runWord reports whether a word names a repeat of a measurement.
func runWord(w string) bool {
	switch strings.ToLower(strings.TrimRight(w, "#:0123456789")) {
	case "run", "iteration", "trial", "pass", "round", "attempt", "try":
		return true
	}
	return false
}

// digitRuns counts the runs of digits in s, but for those of commit ids
// ("1a2b3c4d5e6f" names a kernel, as a label may).
func digitRuns(s string) int {
	n := 0
	for w := range strings.FieldsSeq(s) {
		if commitID(strings.Trim(w, "()[],:")) {
			continue
		}
		for i := 0; i < len(w); i++ {
			if isDigit(w[i]) && (i == 0 || !isDigit(w[i-1])) {
				n++
			}
		}
	}
	return n
}

// commitID reports whether a word is an abbreviated or full git commit
// id: 7 to 15 or 40 hexadecimal digits, letters and digits mixed. 8 and
// 16 digits are a 32 or 64 bit word of a dump ("ffff888109760900").
func commitID(w string) bool {
	if n := len(w); n < 7 || n > 15 && n != 40 || n == 8 || strings.Trim(w, "0123456789abcdef") != "" {
		return false
	}
	return strings.Trim(w, "0123456789") != "" && strings.Trim(w, "abcdef") != ""
}

// labelPrefixes introduce a block's kernel or configuration:
// "Kernel: 9.1-rc3".
var labelPrefixes = []string{"kernel:", "tree:", "config:", "build:"}

// blockLabel returns the variant name the innermost heading of t gives,
// or "" when that heading is no such label.
func blockLabel(t *model.Table) string {
	if len(t.Lead) > 0 {
		// the line right above: "Result before applying the patchset:"
		if l := labelOf(t.Lead[len(t.Lead)-1]); l != "" && strings.HasSuffix(strings.TrimSpace(t.Lead[len(t.Lead)-1]), ":") {
			return l
		}
	}
	if len(t.Context) == 0 {
		return ""
	}
	if l := labelOf(t.Context[len(t.Context)-1]); l != "" {
		return l
	}
	for k := len(t.Context) - 2; k >= 0; k-- {
		if sideMention(t.Context[k]) {
			return strings.TrimSpace(strings.Trim(t.Context[k], "*_:"))
		}
	}
	return ""
}

// sideMention reports whether a section heading names a side of a
// before/after comparison among a few words: "Correct values after the
// fix", "Numbers before the series".
func sideMention(h string) bool {
	words := strings.Fields(strings.ToLower(h))
	if len(words) > 6 {
		return false
	}
	for _, w := range words {
		switch strings.Trim(w, "()[],:*") {
		case "before", "after", "patched", "unpatched", "baseline", "vanilla":
			return true
		}
	}
	return false
}

// labelOf returns the variant a label line names ("Kernel: 9.1-rc3" is
// 9.1-rc3, "**Patched**" Patched, "Before:" Before), or "" when the line
// names no kernel or side of a comparison.
func labelOf(line string) string {
	h := strings.Trim(strings.TrimSpace(line), "*_:")
	if k := strings.IndexAny(h, ".)"); k > 0 && k <= 2 && allDigits(h[:k]) && k+1 < len(h) && h[k+1] == ' ' {
		h = strings.TrimSpace(h[k+1:]) // "1) Before applying the series", "2. After"
	}
	for _, lead := range []string{"results ", "result "} {
		// "Result before applying the patchset:"
		if len(h) > len(lead) && strings.EqualFold(h[:len(lead)], lead) && sideWord(strings.ToLower(h[len(lead):])) {
			h = h[len(lead):]
		}
	}
	for _, p := range labelPrefixes {
		if len(h) > len(p) && strings.EqualFold(h[:len(p)], p) {
			return strings.TrimSpace(h[len(p):])
		}
	}
	if kernelName(h) || sideWord(strings.ToLower(h)) {
		return h
	}
	return ""
}

// sideWord reports whether a label names a side of a before/after
// comparison: "Before", "after the patch", "Unpatched", "with series".
func sideWord(low string) bool {
	words := strings.Fields(low)
	if len(words) == 0 || len(words) > 4 {
		return false
	}
	switch words[0] {
	case "before", "after", "patch", "patched", "unpatched", "baseline", "base", "vanilla", "with", "without",
		"old", "new", "mainline", "upstream":
		return true
	}
	return false
}

// variantWord reports whether a cell names a kernel or a side of a
// comparison ("patch", "base", "6.14-rc5"), as a variant column holds.
func variantWord(s string) bool {
	if _, isNum := ReadNumber(s, CommaUnknown); isNum || s == "" {
		return false
	}
	return kernelName(s) || sideWord(strings.ToLower(s))
}

// buildTitles reports whether column titles name the builds being
// compared rather than quantities: two or more of them, and at least half
// of those given, name a kernel, a commit or a side of a comparison
// ("v6.8", "base", "9f3c2a1d") or are another title plus a qualifier
// ("next" beside "next + series", "base" beside "base+patch", "v6.8"
// beside "v6.8 w/ fix"). A row of units under such titles says how the
// builds' numbers are measured; it never makes the builds quantities.
func buildTitles(titles []string) bool {
	given, builds := 0, 0
	for i, t := range titles {
		if t == "" {
			continue
		}
		given++
		build := variantWord(t) || commitName(t)
		for k, o := range titles {
			build = build || k != i && (qualifies(o, t) || qualifies(t, o))
		}
		if build {
			builds++
		}
	}
	return builds >= 2 && builds*2 >= given
}

// commitName reports whether a title is a commit id: seven to forty hex
// digits with a letter and a digit among them.
func commitName(s string) bool {
	return len(s) >= 7 && len(s) <= 40 && strings.Trim(s, "0123456789abcdef") == "" &&
		strings.Trim(s, "0123456789") != "" && strings.Trim(s, "abcdef") != ""
}

// qualifies reports whether title y is title x with a qualifier after it
// ("+ series", "+patch", "w/ fix", "-dirty"): the same build changed.
// A quantity's title with more words after it ("lat" and "lat p99",
// "ops" and "ops/sec") names another quantity, not a build.
func qualifies(x, y string) bool {
	if len(y) <= len(x) || !strings.EqualFold(y[:len(x)], x) || x == "" {
		return false
	}
	rest := y[len(x):]
	if !strings.ContainsRune(" +-_", rune(rest[0])) {
		return false // "next" and "nextgen": another word
	}
	q := strings.TrimLeft(rest, " +-_")
	for _, w := range []string{"w/o ", "w/ ", "with ", "without "} {
		q = strings.TrimPrefix(q, w)
	}
	words := strings.Fields(q)
	if len(words) == 0 || !hasLetter(q) {
		return false
	}
	base := strings.Fields(x)
	if cell.MetricWord(base[0]) || cell.MetricWord(words[0]) || cell.UnitFragment(q) {
		return false
	}
	if _, stat := cell.StatName(x); stat {
		return false
	}
	_, stat := cell.StatName(q)
	return !stat && cell.Title(q).Variant != ""
}

// cellKeys is the set of case and field pairs of a table.
func cellKeys(t *model.Table) map[string]bool {
	out := map[string]bool{}
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			out[r.Case+"\x00"+c.Field] = true
		}
	}
	return out
}

// mergeBlocks makes one table of labelled blocks: their rows in order,
// each cell given its block's label (r.names, by block) as variant, and
// each row's case joined to its block's inner label where r names cases.
func mergeBlocks(ts []model.Table, r runReading, labels map[string]bool) model.Table {
	out := ts[0]
	out.Context = outerContext(&ts[0], labels)
	out.Rows = nil
	out.Variants = nil
	for k, t := range ts {
		label := r.names[k]
		if !containsString(out.Variants, label) {
			out.Variants = append(out.Variants, label)
		}
		for _, row := range t.Rows {
			row.Cells = append([]model.Cell(nil), row.Cells...)
			for c := range row.Cells {
				row.Cells[c].Variant = label
			}
			if k < len(r.cases) {
				row.Case = strings.TrimSpace(r.cases[k] + " " + row.Case)
			}
			out.Rows = append(out.Rows, row)
		}
		out.EndLine = t.EndLine
	}
	out.Baseline = pickBaseline(out.Variants, false)
	if out.Baseline == "" {
		out.Baseline = out.Variants[0]
	}
	return out
}

// blockOrNearLabel is the label a section goes by: the kernel or side
// the headings name, else the label line right above.
func blockOrNearLabel(t *model.Table, gaps map[int]blockGap) string {
	if l := blockLabel(t); l != "" {
		return l
	}
	return gaps[t.StartLine].near
}

// outerContext is a labelled block's context without the block labels
// among its innermost headings (its own, or the label of a block above it
// that the heading walk passed).
func outerContext(t *model.Table, labels map[string]bool) []string {
	n := len(t.Context)
	for n > 0 && (labels[labelOf(t.Context[n-1])] || labels[cleanLabel(t.Context[n-1])]) {
		n--
	}
	out := make([]string, 0, n)
	for _, c := range t.Context[:n] {
		if !sideMention(c) || !labels[strings.TrimSpace(strings.Trim(c, "*_:"))] {
			out = append(out, c) // a section that names the side is the label
		}
	}
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// orientByEarlier turns tables whose row labels are the variants of an
// earlier table of the same message ("async" and "sync" titling dbench's
// columns, then labelling fsmark's rows) so that those labels stay
// variants and the column titles become the cases.
func orientByEarlier(tables []model.Table) {
	known := map[string]bool{}
	for i := range tables {
		t := &tables[i]
		if len(t.Rows) >= 2 && len(t.Variants) > 0 && rowsNameKnown(t, known) {
			transposeTable(t)
		}
		for _, v := range t.Variants {
			known[v] = true
		}
	}
}

// rowsNameKnown reports whether every row label of t is a known variant
// and no column of t is.
func rowsNameKnown(t *model.Table, known map[string]bool) bool {
	for _, v := range t.Variants {
		if known[v] {
			return false
		}
	}
	for _, r := range t.Rows {
		if !known[r.Case] {
			return false
		}
	}
	return true
}

// transposeTable swaps the case and variant of every cell: one row per
// cell, each keeping its input line.
func transposeTable(t *model.Table) {
	var rows []model.Row
	var variants []string
	for _, r := range t.Rows {
		if !containsString(variants, r.Case) {
			variants = append(variants, r.Case)
		}
		for _, c := range r.Cells {
			nr := r
			nr.Case, c.Variant = c.Variant, r.Case
			nr.Cells = []model.Cell{c}
			rows = append(rows, nr)
		}
	}
	t.Rows, t.Variants = rows, variants
	t.Baseline = pickBaseline(variants, false)
}

// rowsAreKernels reports whether the row labels name the compared kernels
// while the column titles name metrics: labels that read as kernel
// versions or as a reference and its counterpart ("9.1-base",
// "Baseline:", "patched"), and no title that does.
func rowsAreKernels(labels, titles []string) bool {
	kern := 0
	for _, l := range labels {
		if kernelName(l) {
			kern++
		}
	}
	if kern == 0 || kern*2 < len(labels) {
		return false
	}
	for _, t := range titles {
		if kernelName(t) {
			return false
		}
	}
	return true
}

// kernelName reports whether a label names a kernel build: a version
// ("9.1-rc3", "v6.10", "6.14-rc5+"), a commit id or a reference word
// ("base", "patched", "Baseline:").
func kernelName(s string) bool {
	s = strings.TrimSuffix(strings.TrimSpace(s), ":")
	if s == "" {
		return false
	}
	if refName(s) || commitID(s) {
		return true // a reference word, or the commit a kernel was built from ("08605b27815e")
	}
	first := s // the first word, without strings.Fields' slice on ASCII
	if !ascii(s) {
		first = strings.Fields(s)[0]
	} else if k := strings.IndexAny(s, " \t\n\v\f\r"); k >= 0 {
		first = s[:k]
	}
	f := strings.TrimPrefix(first, "v")
	// major.minor, then the end, another ".N", "-rc3", "-base", "+v3"
	i := 0
	for i < len(f) && isDigit(f[i]) {
		i++
	}
	if i == 0 || i > 2 || i >= len(f)-1 || f[i] != '.' || !isDigit(f[i+1]) {
		return false // no major.minor, or a major of three digits: a number
	}
	j := i + 1
	for i++; i < len(f) && isDigit(f[i]); i++ {
	}
	if i-j > 2 {
		return false // "0.7293": a fraction, no minor version
	}
	return i == len(f) || strings.ContainsRune(".-+_", rune(f[i]))
}

// dropListings removes the tables that are no benchmark results whatever
// family read them: most rows named by file paths (a diffstat, "...
// /atmel-flexcom.txt | 1 +"), hex identifiers in the labels or titles (a
// descriptor or register dump), or nearly every number a round multiple of
// a thousand of at least ten thousand (frequency and limit listings:
// "cur_freq 165000000"). System state pasted as evidence is dropped as
// each table is read (Block.evidence in evidence.go).
func dropListings(tables []model.Table) []model.Table {
	out := tables[:0]
	for _, t := range tables {
		if !listing(&t) {
			out = append(out, t)
		}
	}
	return out
}

// listing reports whether a table is one of the listings dropListings
// names.
func listing(t *model.Table) bool {
	rows, paths, hex := len(t.Rows), 0, 0
	numbers, round := 0, 0
	for _, r := range t.Rows {
		if filePath(r.Case) || testID(r.Case) {
			paths++
		}
		if hexWord(r.Case) || logStamp(r.Case) || syslogStamp(r.Case) {
			hex++
		}
		if r.Case == "Mem" || r.Case == "Mem:" || r.Case == "Swap" || r.Case == "Swap:" {
			return true // free(1): the memory of the box, no result
		}
		for _, c := range r.Cells {
			numbers++
			if v := string(c.Value); c.Text == "" && len(v) >= 5 && strings.HasSuffix(v, "000") && !strings.ContainsAny(v, ".eE") {
				round++
			}
		}
	}
	for _, v := range t.Variants {
		if hexWord(v) || logStamp(v) || diffstatBar(v) {
			return true
		}
	}
	if bucketRanges(t) {
		return true // "from to extents": a histogram of free space, state
	}
	for _, r := range t.Rows {
		if r.Case == "boot_successes" || r.Case == "boot_failures" {
			return true // a robot's boot test counts, no benchmark
		}
	}
	for _, h := range t.Context {
		if logStamp(h) {
			return true // rows cut from a kernel log
		}
	}
	return rows > 0 && (paths*2 > rows || hex*2 > rows || numbers >= 3 && round*5 >= numbers*4)
}

// filePath reports whether a label is a file path: a '/' inside and a
// file name with an extension, or a path cut short with "...".
func filePath(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, ".../") {
		return true
	}
	if strings.ContainsAny(s, " \t") {
		return false
	}
	slash := strings.LastIndexByte(s, '/')
	if slash > 0 && strings.IndexByte(s[slash:], '.') > 0 {
		return true
	}
	// "drivers/thermal/qcom/Makefile": a file of the kernel tree
	top, _, ok := strings.Cut(s, "/")
	return ok && slash > len(top) && kernelDirs[top]
}

// kernelDirs are the top directories of the kernel tree, whose paths a
// diffstat lists.
var kernelDirs = map[string]bool{"arch": true, "block": true, "crypto": true, "drivers": true, "fs": true,
	"include": true, "kernel": true, "lib": true, "mm": true, "net": true, "scripts": true, "security": true,
	"sound": true, "tools": true, "Documentation": true, "virt": true, "samples": true, "rust": true}

// logStamp reports whether s holds a kernel log timestamp ("[   88.593830]",
// "<4>[").
func logStamp(s string) bool {
	if strings.Contains(s, ">[") {
		return true
	}
	i := strings.IndexByte(s, '[')
	if i < 0 {
		return false
	}
	j := strings.IndexByte(s[i:], ']')
	if j < 0 {
		return false
	}
	stamp := strings.TrimSpace(s[i+1 : i+j])
	whole, frac, ok := strings.Cut(stamp, ".")
	if !ok || len(frac) != 6 || whole == "" {
		return false
	}
	for _, part := range []string{whole, frac} {
		for k := 0; k < len(part); k++ {
			if !isDigit(part[k]) {
				return false
			}
		}
	}
	return true
}

// hexWord reports whether s holds a hexadecimal literal ("0x0009") or
// two words of a hex dump ("8e690000 66c0000": hex digits, letters and
// digits mixed). One such word alone is a commit id, as LKP's variants.
func hexWord(s string) bool {
	bare, bytes, lettered, words := 0, 0, false, strings.Fields(s)
	for _, w := range words {
		if len(w) > 2 && (strings.HasPrefix(w, "0x") || strings.HasPrefix(w, "0X")) || strings.Contains(w, "+0x") {
			return true // a literal, or a stack frame "drain_stock+0x620/0xa48"
		}
		if len(w) >= 6 && strings.Trim(w, "0123456789abcdef") == "" && strings.Trim(w, "0123456789") != "" &&
			(strings.Trim(w, "abcdef") != "" || len(w) == 8 || len(w) == 16) {
			bare++ // digits and letters mixed, or a whole 32 or 64 bit word ("ffffffff")
		}
		if w = strings.Trim(w, "<>"); len(w) == 2 && strings.Trim(w, "0123456789abcdef") == "" {
			bytes++ // "f3 48 ab 89": the Code: line of an oops
			lettered = lettered || strings.Trim(w, "0123456789") != ""
		}
	}
	return bare >= 2 || lettered && bytes >= 4 && bytes*4 >= len(words)*3
}

// testID reports whether a label names an fstests test ("generic/068",
// "xfs/122"): rows of a test run's log.
func testID(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	dir, num, ok := strings.Cut(f[0], "/")
	if !ok || dir == "" || num == "" {
		return false
	}
	for i := 0; i < len(num); i++ {
		if !isDigit(num[i]) {
			return false
		}
	}
	return strings.Trim(dir, "abcdefghijklmnopqrstuvwxyz") == ""
}

// syslogStamp reports whether s starts with a syslog time ("May 30
// 14:08:26 host kernel: ...").
func syslogStamp(s string) bool {
	f := strings.Fields(s)
	if len(f) < 3 || len(f[0]) != 3 || len(f[2]) != 8 || f[2][2] != ':' || f[2][5] != ':' {
		return false
	}
	return strings.Contains("JanFebMarAprMayJunJulAugSepOctNovDec", f[0])
}

// diffstatBar reports whether s holds a diffstat's bar ("6 +-----"): a
// run of '+' and '-' with a '+', of three or more, or after a count when
// the change is small ("7 ++", "26 +-").
func diffstatBar(s string) bool {
	words := strings.Fields(s)
	for i, w := range words {
		if len(w) < 2 || strings.Trim(w, "+-") != "" || !strings.Contains(w, "+") {
			continue
		}
		if len(w) >= 3 || i > 0 && strings.Trim(words[i-1], "0123456789") == "" {
			return true
		}
	}
	return false
}

// bucketRanges reports whether the rows are power-of-two buckets: each
// labelled by its lower bound with the upper bound first ("2  3 ...",
// "4  7 ...", "8  15 ..."), as free-space and size histograms print them.
func bucketRanges(t *model.Table) bool {
	n, hits, wide := 0, 0, true
	for _, r := range t.Rows {
		if len(r.Cells) == 0 {
			continue
		}
		lo, err1 := strconv.Atoi(r.Case)
		hi, err2 := strconv.Atoi(string(r.Cells[0].Value))
		n++
		if err1 == nil && err2 == nil && lo > 0 && (hi == 2*lo-1 || lo == 1 && hi == 1) {
			hits++
			wide = wide && len(r.Cells) >= 4
		}
	}
	// a short report still has xfs_db's columns: to, extents, blocks, pct
	return n >= 3 && hits*5 >= n*4 || n >= 2 && hits == n && wide
}
