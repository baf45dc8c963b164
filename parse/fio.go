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

// The fio family reads fio's normal (human) output, one table per job:
//
//	randread: (groupid=0, jobs=4): err= 0: pid=3012: Tue Oct  3 10:11:12 2023
//	  read: IOPS=123k, BW=481MiB/s (504MB/s)(28.2GiB/60001msec)
//	    clat (usec): min=12, max=8012, avg=1038.22, stdev=211.40
//	    clat percentiles (usec):
//	     |  1.00th=[  635],  5.00th=[  734], 10.00th=[  791], ...
//	   bw (  KiB/s): min=471234, max=501234, per=100.00%, avg=492345.12, ...
//
// and the older "write: io=1024.0MB, bw=204800KB/s, iops=51200, runt=
// 5120msec". Each "label: key=value, ..." line is a row whose case is the
// label as written, prefixed by the data direction it sits under ("read
// clat (usec)"); its fields are the keys in lower case (stdev is stddev,
// runt and run are runtime, percentiles are pNN). Values keep the unit fio
// chose (Text holds the cell as written) except that magnitude suffixes are
// expanded: IOPS=123k is 123000. What fio prints beside a value is read
// too (see fioRow): a restatement in other units "(504MB/s)" is the same
// field again, the "(io/runtime)" of a direction line gives io and
// runtime, ranges give key_min and key_max, "a/b" pairs key_read and
// key_write, bucket lines ("lat (usec): 20=0.01%", "IO depths") a field
// per bucket, and "; 24 zone resets" a count. The latency target line is
// a setting and gives no cells. What fio's t/io_uring tool prints is read
// by its own family (iouring.go).
func init() { Register(fioFamily{}, 45) }

type fioFamily struct{}

// Name is the format recorded for these tables.
func (fioFamily) Name() string { return "fio" }

// fioPairs is the part of a line after its label: "min=12, max=8012,
// ...", with the note fio may add after a ';' ("; 24 zone resets").
type fioPairs struct {
	Pos   lexer.Position
	Pairs []*fioPair `parser:"@@ ( ','? @@ )*"`
	Note  *fioNote   `parser:"( ';' @@ )?"`
}

// fioNote is a count fio reports in words after a direction's figures.
type fioNote struct {
	Num   string   `parser:"@Number"`
	Words []string `parser:"@Word+"`
}

// fioPair is "key=value" with the parenthesised notes fio adds
// ("(504MB/s)(28.2GiB/60001msec)"). Keys may be bucket bounds ("500=",
// ">=64="); keyless values are the ranges of a run status line and the
// further members of a list ("total=0,65536,0,0").
type fioPair struct {
	Pos    lexer.Position
	Key    string      `parser:"( @( '>' '=' )? @( Word | Number ) '=' )?"`
	Value  *fioValue   `parser:"@@"`
	Parens []*fioParen `parser:"@@*"`
}

// fioValue is "123k", "481MiB/s", "100.00%", a range "164MiB/s-164MiB/s"
// or a pair "0/65405".
type fioValue struct {
	Pos   lexer.Position
	Num   string `parser:"@Number"`
	Unit  string `parser:"( @Word (?! '=') )? '%'?"`
	Sep   string `parser:"( @( '-' | '/' )"`
	Num2  string `parser:"  @Number"`
	Unit2 string `parser:"  @Word? )?"`
}

// fioParen is "(504MB/s)", "(172MB/s-172MB/s)" or "(28.2GiB/60001msec)":
// an amount restated in other units, a range, or an amount and the time
// it took.
type fioParen struct {
	Pos   lexer.Position
	First *fioAmount `parser:"'(' @@"`
	Then  *fioAmount `parser:"( '/' @@ )?"`
	Upto  *fioAmount `parser:"( '-' @@ )? ')'"`
}

// fioAmount is one side of a parenthesised note; unlike fioValue it stops
// at the slash.
type fioAmount struct {
	Pos  lexer.Position
	Num  string `parser:"@Number"`
	Unit string `parser:"@Word?"`
}

// fioPctls is a percentile line: "|  1.00th=[  635],  5.00th=[  734],".
type fioPctls struct {
	Pos   lexer.Position
	Pctls []*fioPctl `parser:"'|' ( @@ ','? )+"`
}

// fioPctl is "99.90th=[ 2606]".
type fioPctl struct {
	Pos   lexer.Position
	Name  string `parser:"@Number 'th' '='"`
	Value string `parser:"'[' @Number ']'"`
}

var (
	fioPairsParser = participle.MustBuild[fioPairs](participle.Lexer(token.FioLexer), participle.Elide("Space"), participle.UseLookahead(4))
	fioPctlsParser = participle.MustBuild[fioPctls](participle.Lexer(token.FioLexer), participle.Elide("Space"))
)

// fioJob is a job's header line: "randread: (groupid=0, jobs=4): err= 0: ...".
var fioJob = guard(containing("(groupid="), regexp.MustCompile(`^(\S[^:]*): \(groupid=\d+, jobs=\d+\): err=`))

// fioDirection is a data direction line, which opens a job's results.
var fioDirection = guard(containing(": IOPS=", ": io=", ": bw="), regexp.MustCompile(`^(?:(read|write|trim|mixed)\s*: (?:IOPS=|io=)|(READ|WRITE|TRIM|MIXED): bw=)`))

// fioSettings are labels of lines that state settings or distributions.
var fioSettings = map[string]bool{"latency": true}

// fioSubRows are the first words of the labels of lines that detail the
// data direction above them ("clat (usec)" under "read:").
var fioSubRows = map[string]bool{"slat": true, "clat": true, "lat": true, "bw": true, "iops": true}

// fioLabelSpace is the padding fio puts inside a label's parentheses.
var fioLabelSpace = regexp.MustCompile(`\(\s+|\s+\)`)

// fioFields renames fio's keys to the schema's field names.
var fioFields = map[string]string{"stdev": "stddev", "runt": "runtime", "run": "runtime"}

// fioMagnitude expands a magnitude suffix: "123", "k" is "123000".
var fioMagnitude = map[string]int{"k": 3, "K": 3, "m": 6, "M": 6, "g": 9, "G": 9}

// Read returns one table per job.
func (fioFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		text := b.trim(i)
		job := fioJob.FindStringSubmatch(text)
		if job == nil && !fioDirection.MatchString(text) && !fioFragment(text) && !fioNamedDirection(text) && !strings.HasPrefix(text, "Disk stats (") && !fioDiskLine(text) {
			i++
			continue
		}
		m, end := fioTable(b, i, job != nil)
		if m.Start > 0 && strings.HasPrefix(b.trim(m.Start-1), "Run status group") {
			m.Start-- // the section's header is fio's, no label of the writer's
		}
		if len(m.Table.Rows) > 0 {
			if job != nil {
				m.Inner = []string{job[1]}
			}
			if fioLatencies(&m.Table) {
				m.Table.Direction = "lower"
			}
			out = append(out, m)
		}
		i = max(end, i+1)
	}
	return out
}

// fioLatencies reports whether every row of a table is a completion,
// submission or total latency line ("clat (usec)", "Read Latency: clat
// (usec)"): figures where lower is better, whatever fio's benchmark
// entry says of its bandwidth.
func fioLatencies(t *model.Table) bool {
	for _, r := range t.Rows {
		words := strings.Fields(strings.ToLower(r.Case))
		lat := false
		for _, w := range words {
			lat = lat || w == "slat" || w == "clat" || w == "lat"
		}
		if !lat || strings.Contains(r.Case, "percentiles") && len(t.Rows) == 1 {
			return false
		}
		for _, c := range r.Cells {
			if c.Field != "min" && c.Field != "max" && c.Field != "avg" && c.Field != "stddev" && c.Field != "stdev" && !strings.HasPrefix(c.Field, "p") {
				return false
			}
		}
	}
	return len(t.Rows) > 0
}

// fioTable reads the job starting at line i: its indented lines and the
// run status and disk stats sections after them.
func fioTable(b *Block, i int, header bool) (Match, int) {
	t := model.Table{Benchmark: "fio"}
	dir, pctlCase, pctlRow := "", "", -1 // pctlRow: the row the percentile lines extend
	end := i + 1
	j := i
	if header {
		j++
	}
	tail := fioSectionLine(b.trim(i))
	for blanks := 0; j < len(b.Lines); j++ {
		text := b.trim(j)
		if text == "" {
			if blanks++; blanks > 3 {
				return Match{Start: i, End: end, Table: t}, end
			}
			continue
		}
		section := strings.HasPrefix(text, "Run status group") || strings.HasPrefix(text, "Disk stats")
		if blanks > 1 && !section {
			// a paragraph ends the job; the run status and disk stats
			// sections follow it after a blank line (three when the
			// mailer double-spaced the report)
			return Match{Start: i, End: end, Table: t}, end
		}
		first := j
		text, j = fioJoin(b, j)
		switch {
		case first > i && fioJob.MatchString(text):
			return Match{Start: i, End: end, Table: t}, end
		case section && tail && first > i:
			// read from a section on, without the job: the sections
			// stand apart, so that the disk stats of a report's tail
			// (a block that starts at its run status) do not fall with a
			// run status line another table holds already
			return Match{Start: i, End: end, Table: t}, first
		case section:
			dir = ""
		case strings.HasPrefix(text, "|"):
			row, ok := fioPctlRow(b, first, text, pctlCase)
			switch {
			case ok && pctlRow >= 0:
				t.Rows[pctlRow].Cells = append(t.Rows[pctlRow].Cells, row.Cells...)
			case ok:
				pctlRow = len(t.Rows)
				t.Rows = append(t.Rows, row)
			}
		default:
			label, rest, ok := fioCut(text)
			if !ok || strings.TrimSpace(label) == "" {
				return Match{Start: i, End: end, Table: t}, end
			}
			label = fioLabelSpace.ReplaceAllStringFunc(strings.Join(strings.Fields(label), " "), strings.TrimSpace)
			if fioDirection.MatchString(text) || fioNamedDirection(text) {
				dir = label
			}
			name := label
			if dir != "" && name != dir && fioSubRows[strings.Fields(label)[0]] && !fioBucketLine(rest) {
				name = dir + " " + label
			}
			pctlCase, pctlRow = "", -1
			if strings.Contains(label, "percentiles") {
				pctlCase = name
			}
			row, ok := fioRow(b, first, name, rest)
			switch {
			case fioSettings[strings.ToLower(label)]:
			case ok:
				t.Rows = append(t.Rows, row)
			case first > i && (strings.TrimSpace(rest) != "" || pctlCase == ""):
				// words after a label that hold no figures of fio's, or
				// a title that heads no percentiles: the text after the
				// report, however it is indented
				return Match{Start: i, End: end, Table: t}, end
			}
		}
		blanks, end = 0, j+1
	}
	return Match{Start: i, End: end, Table: t}, end
}

// fioSectionLine reports whether a line opens or belongs to the run status
// or disk stats section: "Run status group 0", "READ: bw=...", "Disk
// stats (read/write):".
func fioSectionLine(text string) bool {
	if strings.HasPrefix(text, "Run status group") || strings.HasPrefix(text, "Disk stats") {
		return true
	}
	for _, d := range []string{"READ: ", "WRITE: ", "TRIM: ", "MIXED: "} {
		if strings.HasPrefix(text, d) {
			return true
		}
	}
	return false
}

// fioJoin returns line j's text with the lines a mail client wrapped it
// onto joined to it ("... 20.00th=[" / "437],", "... (16.5MB/s-26.1MB/s)," /
// "io=9093MiB ..."), and the index of its last line.
func fioJoin(b *Block, j int) (string, int) {
	text := b.trim(j)
	for j+1 < len(b.Lines) && fioWrapped(text, b.trim(j+1)) {
		j++
		text += " " + b.trim(j)
	}
	return text, j
}

// fioWrapped reports whether next continues text: text stops after a
// separator fio never ends a line with but a percentile list (',' or '[')
// and next opens with a pair ("io=", ">=64=") or the rest of a percentile
// ("437],"), never with a label or a '|'; or a group status line stops
// after its rates in binary units and next opens with their decimal
// restatement ("... 173MiB/s-174MiB/s" / "(181MB/s-183MB/s), io=...").
func fioWrapped(text, next string) bool {
	if text == "" || next == "" || strings.HasPrefix(text, "|") && strings.HasSuffix(text, "],") {
		return false
	}
	if strings.Contains(text, "bw=") && strings.HasSuffix(text, "B/s") && strings.HasPrefix(next, "(") &&
		strings.Contains(next, "B/s") {
		return true
	}
	if last := text[len(text)-1]; last != ',' && last != '[' {
		return false
	}
	k := 0
	for k < len(next) && (isDigit(next[k]) || isLetter(next[k]) || next[k] == '_' || next[k] == '.' || next[k] == '>') {
		k++
	}
	if k == 0 || k == len(next) {
		return false
	}
	if next[k] == '=' {
		return true
	}
	return text[len(text)-1] == '[' && next[k] == ']' && isDigit(next[0])
}

// fioFragment reports whether a line is a latency line pasted without
// the job around it: "clat (usec): min=12, max=801, avg=40.12", also
// under a label of the writer's ("Read Latency: clat (usec): min=...").
func fioFragment(text string) bool {
	label, rest, ok := fioCut(text)
	if !ok || !strings.HasPrefix(strings.TrimSpace(rest), "min=") {
		return false
	}
	words := strings.Fields(label)
	return len(words) >= 2 && strings.HasSuffix(words[len(words)-2], "lat") && strings.HasSuffix(label, "sec)")
}

// fioNamedDirection reports whether a line is a data direction line
// under a name of the writer's: "fio(-numjobs=4) WRITE: bw=1512MiB/s".
func fioNamedDirection(text string) bool {
	label, rest, ok := fioCut(text)
	words := strings.Fields(label)
	if !ok || len(words) < 2 || len(words) > 4 {
		return false
	}
	switch words[len(words)-1] {
	case "READ", "WRITE", "TRIM", "MIXED", "read", "write", "trim", "mixed":
	default:
		return false
	}
	rest = strings.TrimSpace(rest)
	return strings.HasPrefix(rest, "bw=") || strings.HasPrefix(rest, "IOPS=") || strings.HasPrefix(rest, "io=")
}

// fioDiskLine reports whether a line is a device's disk stats, "vdb:
// ios=5120/0, merge=0/0, ...", which may stand apart from its job.
func fioDiskLine(text string) bool {
	label, rest, ok := strings.Cut(text, ":")
	return ok && !strings.ContainsAny(label, " \t") && strings.HasPrefix(strings.TrimSpace(rest), "ios=") && strings.Contains(rest, "util=")
}

// fioCut splits a line into its label and its pairs at the last ':'
// before the first '=': "Read Latency: clat (usec): min=32" is the label
// "Read Latency: clat (usec)". Lines without pairs are cut at the first
// ':'.
func fioCut(text string) (string, string, bool) {
	eq := strings.IndexByte(text, '=')
	if eq < 0 {
		return strings.Cut(text, ":")
	}
	k := strings.LastIndexByte(text[:eq], ':')
	if k < 0 {
		return strings.Cut(text, ":")
	}
	return text[:k], text[k+1:], true
}

// fioBuckets name the distributions whose keys are bucket bounds
// ("lat (usec)   : 500=0.02%, 750=17.85%"): field prefix_bound.
var fioBuckets = map[string]string{"lat": "lat", "io depths": "depth", "submit": "submit", "complete": "complete"}

// fioBucketLine reports whether the pairs after a label are keyed by
// bucket bounds ("500=0.02%", ">=64=0.0%"): a distribution of the whole
// job, not a detail of the direction above it.
func fioBucketLine(rest string) bool {
	t := strings.TrimSpace(rest)
	return t != "" && (isDigit(t[0]) || t[0] == '>')
}

// fioRow reads the "key=value" pairs of line j. A range ("run=a-b", or
// the keyless "164MiB/s-164MiB/s" after bw=) gives key_min and key_max; a
// pair ("ios=0/65405") key_read and key_write; a restatement in brackets
// ("(172MB/s)") the same field again; a list ("total=0,65536,0,0" of
// "issued rwts") one field per letter of the label's last word; bucket
// bounds a field per bucket.
func fioRow(b *Block, j int, name, rest string) (model.Row, bool) {
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return model.Row{}, false
	}
	l, ok := grammar.ParseLine(fioPairsParser, rest)
	if !ok {
		return model.Row{}, false
	}
	row := rowAt(b, j, name)
	label := strings.ToLower(name)
	words := strings.Fields(label)
	bucket := fioBuckets[label]
	if bucket == "" {
		bucket = fioBuckets[words[len(words)-1]]
	}
	if bucket == "" && len(words) > 0 {
		bucket = fioBuckets[words[0]]
	}
	letters := ""
	if last := words[len(words)-1]; strings.HasPrefix(label, "issued") {
		letters = last // "rwts": read, write, trim, sync
	}
	key, member := "", 0
	for _, p := range l.Pairs {
		if p.Key != "" {
			key, member = strings.ToLower(p.Key), 0
		} else {
			member++
		}
		switch {
		case key == "":
			continue
		case p.Key != "" && (isDigit(p.Key[0]) || p.Key[0] == '>'):
			if bucket != "" {
				fioAdd(&row, b, bucket+"_"+p.Key, p.Value)
			}
			continue
		case letters != "":
			if member < len(letters) {
				fioAdd(&row, b, key+"_"+letters[member:member+1], p.Value)
			}
			continue
		case member > 0 && p.Value.Sep != "-":
			continue // a list the label does not name
		}
		fioValueCells(&row, b, key, p)
	}
	if n := l.Note; n != nil {
		addCell(&row, b.Comma, "", strings.ToLower(strings.Join(n.Words, "_")), n.Num)
	}
	return row, len(row.Cells) > 0
}

// fioValueCells adds the cells of one value of field key and its notes.
func fioValueCells(row *model.Row, b *Block, key string, p *fioPair) {
	v := p.Value
	switch v.Sep {
	case "-":
		fioAdd(row, b, key+"_min", &fioValue{Num: v.Num, Unit: v.Unit})
		fioAdd(row, b, key+"_max", &fioValue{Num: v.Num2, Unit: v.Unit2})
	case "/":
		fioAdd(row, b, key+"_read", &fioValue{Num: v.Num, Unit: v.Unit})
		fioAdd(row, b, key+"_write", &fioValue{Num: v.Num2, Unit: v.Unit2})
	default:
		field := key
		if f, ok := fioFields[key]; ok {
			field = f
		}
		fioAdd(row, b, field, v)
	}
	for k, pr := range p.Parens {
		switch {
		case pr.Then != nil && k == len(p.Parens)-1 && key != "iops":
			// "BW=481MiB/s (504MB/s)(28.2GiB/60001msec)": io and runtime
			fioAdd(row, b, "io", &fioValue{Num: pr.First.Num, Unit: pr.First.Unit})
			fioAdd(row, b, "runtime", &fioValue{Num: pr.Then.Num, Unit: pr.Then.Unit})
		case pr.Upto != nil:
			fioAdd(row, b, key+"_min", &fioValue{Num: pr.First.Num, Unit: pr.First.Unit})
			fioAdd(row, b, key+"_max", &fioValue{Num: pr.Upto.Num, Unit: pr.Upto.Unit})
		case pr.Then == nil:
			fioAdd(row, b, key, &fioValue{Num: pr.First.Num, Unit: pr.First.Unit})
		}
	}
}

// fioAdd adds one value, expanding a magnitude suffix.
func fioAdd(row *model.Row, b *Block, field string, v *fioValue) {
	if v == nil || v.Sep != "" {
		return
	}
	n, ok := ReadNumber(v.Num, b.Comma)
	if !ok {
		return
	}
	c := model.Cell{Field: field, Value: n}
	if zeros, ok := fioMagnitude[v.Unit]; ok {
		c.Value = shiftDecimal(n, zeros)
	}
	if v.Unit != "" {
		c.Text = v.Num + v.Unit
	}
	row.Cells = append(row.Cells, c)
}

// shiftDecimal multiplies a plain decimal by 10^zeros exactly.
func shiftDecimal(n model.Number, zeros int) model.Number {
	s := string(n)
	intPart, frac, _ := strings.Cut(s, ".")
	for ; zeros > 0; zeros-- {
		if frac == "" {
			intPart += "0"
			continue
		}
		intPart, frac = intPart+frac[:1], frac[1:]
	}
	intPart = strings.TrimLeft(intPart, "0")
	if intPart == "" {
		intPart = "0"
	}
	if frac != "" {
		return model.Number(intPart + "." + frac)
	}
	return model.Number(intPart)
}

// fioPctlRow reads a percentile line (line j of the block, text with its
// wrapped tail) under the "clat percentiles (usec):" heading named name.
func fioPctlRow(b *Block, j int, text, name string) (model.Row, bool) {
	if name == "" {
		return model.Row{}, false
	}
	l, ok := grammar.ParseLine(fioPctlsParser, text)
	if !ok {
		return model.Row{}, false
	}
	row := rowAt(b, j, name)
	for _, p := range l.Pctls {
		addCell(&row, b.Comma, "", "p"+histTrimZeros(p.Name), p.Value)
	}
	return row, len(row.Cells) > 0
}
