package parse

import (
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/lkmlbench/lkmlbench/model"
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
// expanded: IOPS=123k is 123000. Ranges ("run=60001-60001msec"), pairs
// ("ios=7371/12") and latency buckets ("lat (usec): 20=0.01%") are shapes
// fio prints next to its results; they give no cells, nor do the queue
// depth and submission lines. The parenthesised "(io/runtime)" of a
// direction line gives io and runtime.
func init() { Register(fioFamily{}, 45) }

type fioFamily struct{}

// Name is the format recorded for these tables.
func (fioFamily) Name() string { return "fio" }

// fioPairs is the part of a line after its label: "min=12, max=8012, ...".
type fioPairs struct {
	Pos   lexer.Position
	Pairs []*fioPair `parser:"@@ ( ','? @@ )* ( ';' ( Number | Word | Punct | Other )* )?"`
}

// fioPair is "key=value" with the parenthesised notes fio adds
// ("(504MB/s)(28.2GiB/60001msec)"); keyless values are the ranges of a run
// status line.
type fioPair struct {
	Pos    lexer.Position
	Key    string      `parser:"( @( Word | Number ) '=' )?"`
	Value  *fioValue   `parser:"@@"`
	Parens []*fioParen `parser:"@@*"`
}

// fioValue is "123k", "481MiB/s", "100.00%", or a range or pair, which is
// matched but gives no number.
type fioValue struct {
	Pos   lexer.Position
	Num   string `parser:"@Number"`
	Unit  string `parser:"@Word? '%'?"`
	Range bool   `parser:"( @( '-' | '/' ) Number Word? )?"`
}

// fioParen is "(504MB/s)" or "(28.2GiB/60001msec)": an amount and, after
// the slash, the time it took.
type fioParen struct {
	Pos   lexer.Position
	First *fioAmount `parser:"'(' @@"`
	Then  *fioAmount `parser:"( '/' @@ )? ( '-' Number Word? )? ')'"`
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
	fioPairsParser = participle.MustBuild[fioPairs](participle.Lexer(fioLexer), participle.Elide("Space"), participle.UseLookahead(4))
	fioPctlsParser = participle.MustBuild[fioPctls](participle.Lexer(fioLexer), participle.Elide("Space"))
)

// fioJob is a job's header line: "randread: (groupid=0, jobs=4): err= 0: ...".
var fioJob = guard(containing("(groupid="), regexp.MustCompile(`^(\S[^:]*): \(groupid=\d+, jobs=\d+\): err=`))

// fioDirection is a data direction line, which opens a job's results.
var fioDirection = guard(containing(": IOPS=", ": io="), regexp.MustCompile(`^(read|write|trim|mixed)\s*: (?:IOPS=|io=)`))

// fioSettings are labels of lines that state settings or distributions.
var fioSettings = map[string]bool{
	"io depths": true, "submit": true, "complete": true, "issued rwts": true, "issued rwt": true,
	"issued": true, "latency": true,
}

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
		text := strings.TrimSpace(b.Lines[i].Text)
		job := fioJob.FindStringSubmatch(text)
		if job == nil && !fioDirection.MatchString(text) {
			i++
			continue
		}
		m, end := fioTable(b, i, job != nil)
		if len(m.Table.Rows) > 0 {
			if job != nil {
				m.Inner = []string{job[1]}
			}
			out = append(out, m)
		}
		i = max(end, i+1)
	}
	return out
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
	for blanks := 0; j < len(b.Lines); j++ {
		raw := b.Lines[j].Text
		text := strings.TrimSpace(raw)
		switch {
		case text == "":
			if blanks++; blanks > 1 {
				return Match{Start: i, End: end, Table: t}, end
			}
			continue
		case j > i && fioJob.MatchString(text):
			return Match{Start: i, End: end, Table: t}, end
		case strings.HasPrefix(text, "Run status group") || strings.HasPrefix(text, "Disk stats"):
			dir = ""
		case j > i && raw[0] != ' ' && raw[0] != '\t':
			return Match{Start: i, End: end, Table: t}, end
		case strings.HasPrefix(text, "|"):
			row, ok := fioPctlRow(b, j, pctlCase)
			switch {
			case ok && pctlRow >= 0:
				t.Rows[pctlRow].Cells = append(t.Rows[pctlRow].Cells, row.Cells...)
			case ok:
				pctlRow = len(t.Rows)
				t.Rows = append(t.Rows, row)
			}
		default:
			label, rest, ok := strings.Cut(text, ":")
			if !ok || strings.TrimSpace(label) == "" {
				return Match{Start: i, End: end, Table: t}, end
			}
			label = fioLabelSpace.ReplaceAllStringFunc(strings.Join(strings.Fields(label), " "), strings.TrimSpace)
			if fioDirection.MatchString(text) {
				dir = label
			}
			name := label
			if dir != "" && name != dir && fioSubRows[strings.Fields(label)[0]] {
				name = dir + " " + label
			}
			pctlCase, pctlRow = "", -1
			if strings.Contains(label, "percentiles") {
				pctlCase = name
			}
			if row, ok := fioRow(b, j, name, rest); ok && !fioSettings[strings.ToLower(label)] {
				t.Rows = append(t.Rows, row)
			}
		}
		blanks, end = 0, j+1
	}
	return Match{Start: i, End: end, Table: t}, end
}

// fioRow reads the "key=value" pairs of line j.
func fioRow(b *Block, j int, name, rest string) (model.Row, bool) {
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return model.Row{}, false
	}
	l, ok := parseLine(fioPairsParser, rest)
	if !ok {
		return model.Row{}, false
	}
	row := rowAt(b, j, name)
	for _, p := range l.Pairs {
		if p.Key == "" || isDigit(p.Key[0]) {
			continue
		}
		key := strings.ToLower(p.Key)
		if f, ok := fioFields[key]; ok {
			key = f
		}
		fioAdd(&row, b, key, p.Value)
		if key == "iops" || len(p.Parens) < 2 {
			continue
		}
		// "BW=481MiB/s (504MB/s)(28.2GiB/60001msec)": io and runtime
		if last := p.Parens[len(p.Parens)-1]; last.Then != nil {
			fioAdd(&row, b, "io", &fioValue{Num: last.First.Num, Unit: last.First.Unit})
			fioAdd(&row, b, "runtime", &fioValue{Num: last.Then.Num, Unit: last.Then.Unit})
		}
	}
	return row, len(row.Cells) > 0
}

// fioAdd adds one value, expanding a magnitude suffix.
func fioAdd(row *model.Row, b *Block, field string, v *fioValue) {
	if v == nil || v.Range {
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

// fioPctlRow reads a percentile line of the block under the "clat
// percentiles (usec):" heading named name.
func fioPctlRow(b *Block, j int, name string) (model.Row, bool) {
	if name == "" {
		return model.Row{}, false
	}
	l, ok := parseLine(fioPctlsParser, strings.TrimSpace(b.Lines[j].Text))
	if !ok {
		return model.Row{}, false
	}
	row := rowAt(b, j, name)
	for _, p := range l.Pctls {
		addCell(&row, b.Comma, "", "p"+histTrimZeros(p.Name), p.Value)
	}
	return row, len(row.Cells) > 0
}
