package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// Layer 4, semantics: numbers in shapes no measurement has. A person sees
// at a glance that some aligned numbers were never measured, whatever the
// words around them say: words of 32 bits written with their leading
// zeros are a register or property dump, "+4.0 -4.1" repeated on every
// line is a list of switches, ".8byte 0" is assembler source, a file and
// line number before a sentence is a tool's diagnostic, and lines of
// "name=value" under a "[section]" line are a configuration file. These
// shapes are told by the lines the table was read from, so they hold even
// when the table names compared variants.

// notMeasured returns why the table t read from match m holds no
// measurement by its shape, or "" when its shape says nothing.
func (b *Block) notMeasured(m Match, t *model.Table) string {
	rows := b.rowTexts(m, t)
	switch {
	case hexDump(rows):
		return "a dump of hexadecimal words (registers, memory, properties)"
	case switchList(rows):
		return "switches turned on and off (+x -y on every line), not measured"
	case assembly(t.Rows):
		return "assembler source"
	case diagnostics(t.Rows):
		return "a tool's messages by source file and line"
	case b.configFile(m, rows):
		return "a configuration file's settings"
	}
	return ""
}

// rowTexts returns the text of every input line a row of t was read from,
// each once, in order.
func (b *Block) rowTexts(m Match, t *model.Table) []string {
	byNo := make(map[int]string, m.End-m.Start)
	for _, l := range b.Lines[m.Start:m.End] {
		byNo[l.No] = l.Text
	}
	var out []string
	last := -1
	for _, r := range t.Rows {
		if text, ok := byNo[r.Line]; ok && r.Line != last {
			out = append(out, text)
			last = r.Line
		}
	}
	return out
}

// hexDump reports whether most row lines hold a word of hexadecimal
// digits written at its full width: a 32 or 64 bit value with its leading
// zeros ("00004800", "0000a000"), two words of 8 or 16 digits mixing
// letters and digits ("7fe2f6e8 0100e010"), or a run of bytes
// ("00 14 00 fc fc", as hexdump and a sanitizer's shadow memory print
// them). Nobody writes a measured number with leading zeros to fill a
// register's width.
func hexDump(rows []string) bool {
	dumped := 0
	for _, r := range rows {
		padded, mixed := 0, 0
		for _, w := range strings.Fields(r) {
			w = strings.TrimSuffix(w, ":")
			switch {
			case !fullWidthHex(w):
			case strings.HasPrefix(w, "00"):
				padded++
			case strings.Trim(w, "0123456789") != "":
				mixed++
			}
		}
		if padded > 0 || mixed >= 2 || byteRun(r) {
			dumped++
		}
	}
	return len(rows) > 0 && dumped*2 >= len(rows)
}

// byteRun reports whether a line holds eight words or more of two
// hexadecimal digits, most of them written with a leading zero or a
// letter ("00", "0e", "fc"): bytes, where two-digit measurements
// ("12 15 18") have neither.
func byteRun(s string) bool {
	n, hexy := 0, 0
	for _, w := range strings.Fields(s) {
		if len(w) != 2 || strings.Trim(w, "0123456789abcdefABCDEF") != "" {
			continue
		}
		n++
		if w[0] == '0' || strings.Trim(w, "0123456789") != "" {
			hexy++
		}
	}
	return n >= 8 && hexy*2 > n
}

// fullWidthHex reports whether w is 8 or 16 hexadecimal digits.
func fullWidthHex(w string) bool {
	return (len(w) == 8 || len(w) == 16) && strings.Trim(w, "0123456789abcdefABCDEF") == ""
}

// switchList reports whether the rows are lists of switches: two rows or
// more, every number written with its sign ("+4.0", "-4.2"), not all of
// them zero, and the same numbers, signs aside, in the same order on every
// row. Such numbers name what is on or off (protocol versions, features);
// a measured change repeats itself exactly on every row of a table only by
// accident.
func switchList(rows []string) bool {
	if len(rows) < 2 {
		return false
	}
	var first []string
	nonzero := false
	for i, r := range rows {
		var mags []string
		for _, w := range strings.Fields(r) {
			if _, ok := ReadNumber(w, CommaUnknown); !ok {
				continue
			}
			if strings.HasSuffix(w, "%") || w[0] != '+' && w[0] != '-' {
				return false // a share, or a number without its sign
			}
			mags = append(mags, w[1:])
			nonzero = nonzero || strings.Trim(w[1:], "0.,") != ""
		}
		if len(mags) < 2 {
			return false
		}
		if i == 0 {
			first = mags
			continue
		}
		if strings.Join(mags, " ") != strings.Join(first, " ") {
			return false
		}
	}
	return nonzero
}

// asDirectives are the GNU assembler's data and section directives, the
// words an assembler listing's lines start with.
var asDirectives = map[string]bool{".byte": true, ".2byte": true, ".4byte": true, ".8byte": true, ".short": true,
	".word": true, ".long": true, ".quad": true, ".int": true, ".uleb128": true, ".sleb128": true, ".align": true,
	".p2align": true, ".balign": true, ".section": true, ".size": true, ".type": true, ".set": true, ".zero": true,
	".skip": true, ".value": true, ".loc": true, ".file": true}

// assembly reports whether most row labels start with an assembler
// directive (".8byte 0", ".long 12"): compiler output pasted to show code
// generation, whose numbers are offsets and constants.
func assembly(rows []model.Row) bool {
	n := 0
	for _, r := range rows {
		if f := strings.Fields(r.Case); len(f) > 0 && asDirectives[f[0]] {
			n++
		}
	}
	return len(rows) > 0 && n*2 > len(rows)
}

// diagnostics reports whether most row labels are a tool's messages: a
// source location ("fs/foo.c:179", "/src/linux/mm/bar.c:12:") followed by
// a sentence of three words or more, as compilers, sparse, smatch and
// sanitizers print them. A profile by source line has the location alone.
func diagnostics(rows []model.Row) bool {
	n := 0
	for _, r := range rows {
		f := strings.Fields(r.Case)
		if len(f) >= 4 && sourceLocation(f[0]) {
			n++
		}
	}
	return len(rows) > 0 && n*2 > len(rows)
}

// sourceLocation reports whether w is a file path with a line number:
// "dir/file.c:123", with an optional column and colon after it.
func sourceLocation(w string) bool {
	path, line, ok := strings.Cut(strings.TrimSuffix(w, ":"), ":")
	if !ok || !strings.Contains(path, "/") || !strings.Contains(path[strings.LastIndexByte(path, '/'):], ".") {
		return false
	}
	line, _, _ = strings.Cut(line, ":")
	return line != "" && strings.Trim(line, "0123456789") == ""
}

// configFile reports whether the rows are the settings of a configuration
// file: most row lines a single "name=value" (commented out or not), under
// a "[section]" line ("[global]" of a fio job file, "[nfsd]" of nfs.conf)
// among the settings right above the table.
func (b *Block) configFile(m Match, rows []string) bool {
	set := 0
	for _, r := range rows {
		if setting(r) {
			set++
		}
	}
	if len(rows) == 0 || set*2 < len(rows) {
		return false
	}
	lines := b.seg.lines
	for i := b.base + m.Start - 1; i >= 0 && i >= b.base+m.Start-headerReach; i-- {
		s := strings.TrimSpace(lines[i].Text)
		switch {
		case iniSection(s):
			return true
		case !setting(s):
			return false
		}
	}
	return false
}

// setting reports whether a line is one "name=value" and nothing else, a
// leading '#' or ';' commenting it out ("ramp_time=20", "#vers4.2=n").
func setting(s string) bool {
	s = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s), "#;"))
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" || value == "" || strings.ContainsAny(s, " \t") {
		return false
	}
	return isLetter(name[0])
}

// iniSection reports whether a line is a section header of a
// configuration file: a word in brackets alone ("[global]").
func iniSection(s string) bool {
	if len(s) < 3 || s[0] != '[' || s[len(s)-1] != ']' {
		return false
	}
	name := s[1 : len(s)-1]
	return isLetter(name[0]) && !strings.ContainsAny(name, " \t:")
}
