package parse

import (
	"sort"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// Family reads one layout of benchmark table.
//
// Read is given a candidate block and returns every table of its layout that
// it reads in full there; it returns nothing when the block is not of its
// layout. It must be safe for concurrent use and must not panic on any
// input: the grammars are built once in package-level vars.
type Family interface {
	// Name is the format recorded in model.Table.Format ("value-pct", ...).
	Name() string
	// Read returns the tables found in b.
	Read(b *Block) []Match
}

// Block is a candidate region of one body segment (lines of one quote depth
// and kind): the lines that hold number tokens or grid rules, and up to
// headerReach lines above them that may be headers.
type Block struct {
	// Lines are the block's lines; Match indices refer to them.
	Lines []model.Line
	// Comma is the comma convention of the block's numbers.
	Comma CommaStyle

	seg   *segment
	base  int           // index of Lines[0] in seg.lines
	lex   *token.Cache  // tokens of Lines, lexed once
	grids *[]gridRegion // the grid regions, found once for both grid families
	trims []string      // the lines without surrounding blanks (trim)
	// joined is the text of the block's lines, each ended by a newline,
	// built once for the families' word checks (mentions)
	joined string
}

// trim returns line i's text without its surrounding blanks, the form the
// families' line checks read; the block trims its lines once for all.
func (b *Block) trim(i int) string {
	if b.trims == nil {
		b.trims = make([]string, len(b.Lines))
		for k, l := range b.Lines {
			b.trims[k] = strings.TrimSpace(l.Text)
		}
	}
	return b.trims[i]
}

// tokens returns the column tokens of line i of the block. Callers must
// not modify them; appending to them copies.
func (b *Block) tokens(i int) []token.Token { return b.tokensOf(i, b.Lines[i].Text) }

// tokensOf returns the column tokens of text, line i of the block or a
// rewritten copy of it.
func (b *Block) tokensOf(i int, text string) []token.Token {
	if b.lex == nil || b.lex.Len() != len(b.Lines) {
		b.lex = token.NewCache(len(b.Lines))
	}
	return b.lex.Of(i, b.Lines[i].Text, text)
}

// Texts returns the text of every line of the block.
func (b *Block) Texts() []string {
	out := make([]string, len(b.Lines))
	for i, l := range b.Lines {
		out[i] = l.Text
	}
	return out
}

// Match is one table a Family read in a block.
type Match struct {
	// Start and End delimit the table's lines in Block.Lines, headers
	// included, End exclusive.
	Start, End int
	// Inner are headings inside the match's own lines (a job name, a load
	// level, a section title) that the family read; they go after the
	// headings found above the match, innermost last.
	Inner []string
	// Table holds what the family read: Format, Variants, Baseline, Rows
	// (with Line and Offset from the block's lines), and Benchmark, Unit,
	// Direction, Statistic or Context when the table's own header states
	// them. Provenance, context headings and the benchmark name when unset
	// are filled in by Tables.
	Table model.Table
}

// vocabulary is implemented by a family whose every table holds one of a
// few words of its tool's own output ("PBKDF2", "bogo ops", "Elapsed
// time:"): resolve does not ask it to read a block none of whose lines
// holds one, which saves a pass of its line checks over most blocks.
// TestFamilyWords and FuzzFamilyWords hold each family to its words.
type vocabulary interface {
	// words are literals one of which some line of a block holds whenever
	// the family reads a table there.
	words() []string
}

// mentions reports whether some line of the block holds one of words
// (none holds a newline): one search of the block's text per word.
func (b *Block) mentions(words []string) bool {
	if b.joined == "" {
		var sb strings.Builder
		for _, l := range b.Lines {
			sb.WriteString(l.Text)
			sb.WriteByte('\n')
		}
		b.joined = sb.String()
	}
	for _, w := range words {
		if strings.Contains(b.joined, w) {
			return true
		}
	}
	return false
}

type registered struct {
	family Family
	rank   int
}

var families []registered

// Register adds a family. Where tables of two families overlap, the one of
// lower rank wins; rank orders specific layouts (grids, AMD blocks, mmtests)
// before generic ones (whitespace columns). Call it from init.
func Register(f Family, rank int) {
	families = append(families, registered{f, rank})
	sort.SliceStable(families, func(i, j int) bool { return families[i].rank < families[j].rank })
}

// Families lists the registered format names in rank order.
func Families() []string {
	out := make([]string, len(families))
	for i, f := range families {
		out[i] = f.family.Name()
	}
	return out
}

// Tables finds every table in a message body. Tables come back in the order
// of their first line, with Format, Rows, QuoteDepth, Author, StartLine,
// EndLine, Offset, Context, Lead and Benchmark set; the caller sets Source,
// MessageID and ID.
func Tables(body []model.Line) []model.Table {
	tables, _ := read(body, false)
	return tables
}

// Candidate is one candidate block as --explain lists it.
type Candidate struct {
	// StartLine and EndLine are the block's input lines.
	StartLine, EndLine int
	// Verdicts say, per family that read something there, which lines it
	// claimed and whether the table was kept.
	Verdicts []Verdict
}

// Verdict is one family's reading of a candidate block.
type Verdict struct {
	Family             string
	StartLine, EndLine int
	Cells              int
	Kept               bool
	Why                string
}

// dropped marks the kept verdict of the lines start to end as dropped,
// saying why.
func (c *Candidate) dropped(start, end int, why string) {
	for i, v := range c.Verdicts {
		if v.Kept && v.StartLine == start && v.EndLine == end {
			c.Verdicts[i].Kept, c.Verdicts[i].Why = false, why
			return
		}
	}
}

// Explain lists the candidate blocks of a body and what each family made of
// them, for the CLI's --explain listing.
func Explain(body []model.Line) []Candidate {
	_, cands := read(body, true)
	return cands
}

func read(body []model.Line, explain bool) ([]model.Table, []Candidate) {
	return readSegments(segments(body), explain, nil)
}

// readSegments reads the tables of segments; done, when set, sees each
// segment once its blocks are read.
func readSegments(segs []*segment, explain bool, done func(*segment)) ([]model.Table, []Candidate) {
	var tables []model.Table
	var cands []Candidate
	dumped := map[int]int{}    // lines of the tables dropped as system state: their column counts
	gaps := map[int]blockGap{} // by first line: what stands between a table and the one above
	for _, seg := range segs {
		blocks := seg.blocks()
		if done != nil {
			done(seg)
		}
		for _, b := range blocks {
			kept, cand := b.resolve(explain)
			for _, m := range kept {
				b.cover(m)
			}
			for _, m := range kept {
				t := b.finish(m)
				if why := b.evidence(m, &t, dumped); why == "" {
					gaps[t.StartLine] = b.seg.gapAbove(b.base + m.Start)
					tables = append(tables, t)
				} else if explain {
					cand.dropped(b.Lines[m.Start].No, b.Lines[m.End-1].No, why)
				}
			}
			if explain {
				cands = append(cands, cand)
			}
		}
	}
	sort.SliceStable(tables, func(i, j int) bool { return tables[i].StartLine < tables[j].StartLine })
	tables = dropListings(tables)
	splitLabelPrefixes(tables)
	tables = mergeLabelled(tables, gaps)
	orientByEarlier(tables)
	return tables, cands
}

// resolve runs every family on the block and keeps non-overlapping tables:
// lower rank first, then more cells.
//
// Families run in groups of one rank, lowest first, and a group's tables
// are kept or dropped before the next group runs, as one sort of all
// tables by rank and cells would decide. Once every line of the block that
// holds a digit lies on a row of a kept table, every number of the block
// has been read: a later family could only read the same numbers again
// (rows anchored on a heading, as schbench's are, or tables overlapping
// the kept ones), so none is asked to read the block (unless explain wants
// their verdicts).
func (b *Block) resolve(explain bool) ([]Match, Candidate) {
	type found struct {
		m     Match
		cells int
	}
	// input lines holding rows of kept tables, and the lines of tables an
	// earlier block of the segment kept (blocks overlap by headerReach)
	rowLines := map[int]bool{}
	if cov := b.seg.covered; cov != nil {
		for i, l := range b.Lines {
			if cov[b.base+i] {
				rowLines[l.No] = true
			}
		}
	}
	var kept []Match
	cand := Candidate{StartLine: b.Lines[0].No, EndLine: b.Lines[len(b.Lines)-1].No}
	read := false
	grew := len(rowLines) > 0 // rowLines grew since the block was last checked
	for start := 0; start < len(families); {
		end := start + 1
		for end < len(families) && families[end].rank == families[start].rank {
			end++
		}
		if !explain && grew && b.allDigitLinesIn(rowLines) {
			break
		}
		grew = false
		var group []found
		for _, f := range families[start:end] {
			if v, ok := f.family.(vocabulary); ok && !b.mentions(v.words()) {
				continue
			}
			for _, m := range f.family.Read(b) {
				if m.Start < 0 || m.End > len(b.Lines) || m.Start >= m.End || len(m.Table.Rows) == 0 {
					continue
				}
				if m.Table.Format == "" { // a family may name the format per table
					m.Table.Format = f.family.Name()
				}
				group = append(group, found{m, cellCount(&m.Table)})
			}
		}
		start = end
		sort.SliceStable(group, func(i, j int) bool { return group[i].cells > group[j].cells })
		for _, f := range group {
			read = true
			overlap := false
			for _, r := range f.m.Table.Rows {
				if rowLines[r.Line] {
					overlap = true
					break
				}
			}
			v := Verdict{Family: f.m.Table.Format, StartLine: b.Lines[f.m.Start].No, EndLine: b.Lines[f.m.End-1].No, Cells: f.cells}
			if overlap {
				v.Why = "overlaps a table already kept"
			} else {
				v.Kept, v.Why = true, "kept"
				b.markBody(f.m, rowLines)
				grew = true
				kept = append(kept, f.m)
			}
			if explain {
				cand.Verdicts = append(cand.Verdicts, v)
			}
		}
	}
	if explain && !read {
		cand.Verdicts = append(cand.Verdicts, Verdict{Why: "no family read this block"})
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].Start < kept[j].Start })
	return kept, cand
}

// markBody marks the input lines of a kept table's body in lines: its
// rows, and the lines from its first row to its end, which a row read
// over several lines (a histogram, a wrapped record) holds numbers of.
func (b *Block) markBody(m Match, lines map[int]bool) {
	first := -1
	for _, r := range m.Table.Rows {
		lines[r.Line] = true
		if first < 0 || r.Line < first {
			first = r.Line
		}
	}
	for i := m.Start; i < m.End; i++ {
		if no := b.Lines[i].No; no > first {
			lines[no] = true
		}
	}
}

// allDigitLinesIn reports whether every line of the block that holds a
// digit is in lines (by input line number); false while lines is empty.
func (b *Block) allDigitLinesIn(lines map[int]bool) bool {
	if len(lines) == 0 {
		return false
	}
	for _, l := range b.Lines {
		if !lines[l.No] && hasDigit(l.Text) {
			return false
		}
	}
	return true
}

func cellCount(t *model.Table) int {
	n := 0
	for _, r := range t.Rows {
		n += len(r.Cells)
	}
	return n
}
