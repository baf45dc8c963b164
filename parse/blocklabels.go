package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/shell"
)

// Layer 4, semantics: what stands between a table and the table above it,
// read for the words that name the table's block. A reader who meets
// several blocks of the same cases one after the other looks at the text
// each block has to itself (the gap since the block above) for what tells
// them apart: a label line right above ("Base + partial revert:"), the
// section label above that ("Without the patch:" over "bs 4k:"), an
// enumerated item ("2.- dd on the sync mount"), or a setting the command
// above the run wrote ("echo 15360 > .../read_ahead_kb"). Discussion in
// the gap (sentences that introduce nothing) ends a comparison: the block
// below it starts another.

// blockGap is what a table's gap says about its block.
type blockGap struct {
	// near is the label line right above the table (nearLabel).
	near string
	// outer is the label line right above near's line: the section a run
	// of labelled blocks sits in.
	outer string
	// enum is the nearest enumerated label of the gap.
	enum enumLabel
	// setting is what the nearest setting command of the gap set or
	// showed, as "name=value".
	setting string
	// talk is set when discussion stands in the gap, or when the gap
	// reaches no table above within gapReach lines.
	talk bool
	// spaced is set when nothing but blank lines stands between the table
	// and the one above: rows spaced apart, one block.
	spaced bool
	// command is the nearest command typed above the table, with the
	// option lines a mailer wrapped off it, and intro the sentence right
	// above that command: the same command run again after a sentence
	// saying what changed ("On the server, io_cache_read is now 2.").
	command, intro string
}

// gapReach bounds the text lines a gap is read over: a tool's preamble
// (job line, version, progress) fits, a page of discussion does not.
const gapReach = 24

// enumLabel is an item of an enumeration: its number and its words.
type enumLabel struct {
	n     int
	style string // the enumerator with its number taken out: "N.-", "(N)", "test N:"
	name  string
}

// gapAbove reads the gap above line i of the segment (see blockGap).
func (s *segment) gapAbove(i int) blockGap {
	var g blockGap
	near, at := s.nearLabelAt(i)
	g.near = near
	labelTop := i // the label lines are no discussion
	if at >= 0 {
		labelTop = at
		var outerAt int
		if g.outer, outerAt = s.nearLabelAt(at); outerAt >= 0 {
			labelTop = outerAt
		}
	}
	pasted := s.fenceAbove(i) // the lines of a fenced paste are output, not discussion
	texts, bounded := 0, false
	for j := i - 1; j >= 0; j-- {
		if s.covered != nil && s.covered[j] {
			bounded = true
			break
		}
		text := strings.TrimSpace(s.lines[j].Text)
		if text == "" {
			continue
		}
		if texts++; texts > gapReach {
			break
		}
		if g.setting == "" {
			g.setting = s.settingAt(j)
		}
		if g.command != "" && g.intro == "" && !commandLine(text) && !optionLine(text) {
			_, sentence := s.sentenceAbove(j)
			g.intro = strings.TrimRight(sentence, ":,. ")
		}
		if cmd, ok := typed(text); ok && g.command == "" {
			g.command = s.commandAt(j, cmd)
		}
		if e, ok := enumerated(text); ok && g.enum.name == "" {
			g.enum = e
		}
		if j < labelTop && j < pasted && layout.IsProse(text) && !assignments(text) && !strings.HasSuffix(text, ":") && !strings.HasSuffix(text, ",") && !s.introduces(j) && !s.annotates(j) {
			g.talk = true
			break
		}
	}
	g.talk = g.talk || !bounded
	g.spaced = bounded && texts == 0
	return g
}

// fenceAbove returns the line of the fence ("```") that opens the paste
// line i of the segment lies in, or i when it lies in none: fences open
// and close in turn from the segment's first line.
func (s *segment) fenceAbove(i int) int {
	at := i
	for j := 0; j < i; j++ {
		if strings.HasPrefix(strings.TrimSpace(s.lines[j].Text), "```") {
			if at == i {
				at = j
			} else {
				at = i
			}
		}
	}
	return at
}

// introduces reports whether the prose line j belongs to a sentence that
// ends in ':' (it introduces what follows: "With the patch reverted, the
// numbers go back to:").
func (s *segment) introduces(j int) bool {
	for k := j; k < len(s.lines); k++ {
		text := strings.TrimSpace(s.lines[k].Text)
		if text == "" || s.covered != nil && s.covered[k] {
			return false
		}
		if strings.HasSuffix(text, ":") {
			return true
		}
		if layout.SentenceEnd(text) {
			return false
		}
	}
	return false
}

// typed returns the command a line shows typed at a shell prompt
// ("[root@box ~]# fio --rw=read"), or a command with its options.
func typed(text string) (string, bool) {
	if cmd, ok := shell.Leading(text); ok && shell.IsCommand(cmd) {
		return cmd, true
	}
	if commandLine(text) {
		return text, true
	}
	return "", false
}

// commandAt joins the command cmd typed on line j of the segment with the
// option lines below it that a mailer wrapped off it.
func (s *segment) commandAt(j int, cmd string) string {
	parts := []string{cmd}
	for k := j + 1; k < len(s.lines); k++ {
		text := strings.TrimSpace(s.lines[k].Text)
		if !optionLine(text) {
			break
		}
		parts = append(parts, text)
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// annotates reports whether line j of the segment belongs to a note
// written right under a table (no blank line between): words about that
// table, not discussion between two.
func (s *segment) annotates(j int) bool {
	for k := j - 1; k >= 0; k-- {
		if s.covered != nil && s.covered[k] {
			return true
		}
		if strings.TrimSpace(s.lines[k].Text) == "" {
			return false
		}
	}
	return false
}

// assignments reports whether a line is a program run with name=value
// arguments ("dd if=/dev/zero of=/mnt/f bs=1M count=64"), which reads
// like words but is a command. A command starts with the program it runs:
// settings written inside a rule ("---- bs=8K / count=256K / 1 ----")
// title the block below.
func assignments(text string) bool {
	cmd, _ := shell.Leading(text)
	words := strings.Fields(cmd)
	if len(words) == 0 || !programName(words[0]) {
		return false
	}
	n := 0
	for _, w := range words[min(1, len(words)):] {
		if k, v, ok := strings.Cut(w, "="); ok && k != "" && v != "" && isLetter(k[0]) {
			n++
		}
	}
	return n >= 2
}

// programName reports whether a word can name a program: a name or a path
// ("dd", "/usr/bin/time", "./run.sh"), not a rule or a bracket.
func programName(w string) bool {
	return isLetter(w[0]) || w[0] == '/' || strings.HasPrefix(w, "./")
}

// settingAt returns the setting line j of the segment makes or shows, as
// "name=value": a command that writes a value into a tunable ("echo 15360
// > /sys/class/bdi/0:55/read_ahead_kb", "sysctl -w vm.dirty_ratio=5"), or
// one that prints it ("cat .../read_ahead_kb" over a line "128"). ""
// when the line is no such command.
func (s *segment) settingAt(j int) string {
	cmd, _ := shell.Leading(strings.TrimSpace(s.lines[j].Text))
	words := strings.Fields(cmd)
	switch {
	case len(words) == 4 && words[0] == "echo" && words[2] == ">":
		return tunable(words[3]) + "=" + strings.Trim(words[1], `"'`)
	case len(words) >= 2 && words[0] == "sysctl":
		kv := words[len(words)-1]
		if k, v, ok := strings.Cut(kv, "="); ok && k != "" && v != "" {
			return tunable(k) + "=" + v
		}
	case len(words) == 2 && words[0] == "cat" && j+1 < len(s.lines):
		out := strings.TrimSpace(s.lines[j+1].Text)
		if _, ok := ReadNumber(out, CommaUnknown); ok && !strings.ContainsAny(out, " \t") {
			return tunable(words[1]) + "=" + out
		}
	}
	return ""
}

// tunable names a tunable by the last part of its path or key
// ("/sys/block/sda/queue/read_ahead_kb" is read_ahead_kb, "vm.dirty_ratio"
// dirty_ratio).
func tunable(path string) string {
	path = strings.TrimRight(path, "/")
	if k := strings.LastIndexAny(path, "/."); k >= 0 && k+1 < len(path) {
		return path[k+1:]
	}
	return path
}

// enumerated reads an item of an enumeration that names what follows it:
// "1.- dd on the plain mount", "(2) with the series", "b) after",
// "TEST 2: in-kernel client". The words after the enumerator are its
// name.
func enumerated(text string) (enumLabel, bool) {
	text = strings.TrimSpace(strings.Trim(text, "*#"))
	words := strings.Fields(text)
	if len(words) < 2 || len(words) > 12 || len(text) > 100 || layout.SentenceEnd(text) {
		return enumLabel{}, false
	}
	// "TEST 2:", "Test #3 -", "Case 4)": a word and a number, then the name
	if w := strings.ToLower(words[0]); len(words) >= 3 && enumWord(w) {
		num := strings.TrimLeft(words[1], "#")
		sep := strings.TrimLeft(num, "0123456789")
		num = num[:len(num)-len(sep)]
		rest := words[2:]
		if sep == "" && (rest[0] == "-" || rest[0] == ":") {
			sep, rest = rest[0], rest[1:]
		}
		if n, ok := smallNumber(num); ok && (sep == ":" || sep == "-" || sep == ")" || sep == ".") && len(rest) > 0 {
			return enumLabel{n: n, style: w + " N" + sep, name: strings.TrimSuffix(strings.Join(rest, " "), ":")}, true
		}
		return enumLabel{}, false
	}
	// "1.-", "1)", "(1)", "1.", "a)": an enumerator word
	w, style := words[0], ""
	switch {
	case strings.HasPrefix(w, "(") && strings.HasSuffix(w, ")"):
		w, style = w[1:len(w)-1], "(N)"
	case strings.HasSuffix(w, ".-"):
		w, style = w[:len(w)-2], "N.-"
	case strings.HasSuffix(w, ")"), strings.HasSuffix(w, "."):
		w, style = w[:len(w)-1], "N"+w[len(w)-1:]
	default:
		return enumLabel{}, false
	}
	n, ok := smallNumber(w)
	if !ok && len(w) == 1 && w[0] >= 'a' && w[0] <= 'h' && style != "N." {
		n, ok = int(w[0]-'a')+1, true // "b) after", not "e. g."
	}
	if !ok {
		return enumLabel{}, false
	}
	name := strings.TrimSpace(strings.TrimSuffix(strings.Join(words[1:], " "), ":"))
	if !hasLetter(name) {
		return enumLabel{}, false
	}
	return enumLabel{n: n, style: style, name: name}, true
}

// enumWord reports whether a word counts items: "test", "case",
// "scenario" (a run number, "RUN 2", repeats one item and counts none).
func enumWord(w string) bool {
	switch w {
	case "test", "case", "setup", "config", "configuration", "scenario", "option", "experiment":
		return true
	}
	return false
}

// smallNumber reads an enumerator's number: one or two digits.
func smallNumber(s string) (int, bool) {
	if len(s) == 0 || len(s) > 2 || !allDigits(s) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// stripRemark drops a remark in brackets at the end of a label: words
// about the variant, not its name ("wq max_active=8 (intended limit by
// btrfs?)", "At commit 636b927e (\"workqueue: make ...\")"), also one
// the end of the line cut off ("At commit 636b927e (\"workqueue:"). A
// short bracket stays: "(these patches)", "(v2)".
func stripRemark(h string) string {
	if k := strings.LastIndexByte(h, '('); k > 0 && !strings.Contains(h[k:], ")") {
		return strings.TrimSpace(h[:k]) // a remark cut off by the end of the line
	}
	if !strings.HasSuffix(h, ")") {
		return h
	}
	depth := 0
	for k := len(h) - 1; k >= 0; k-- {
		switch h[k] {
		case ')':
			depth++
		case '(':
			if depth--; depth == 0 {
				inner, rest := h[k+1:len(h)-1], strings.TrimSpace(h[:k])
				if rest == "" || len(strings.Fields(inner)) < 3 && !strings.ContainsAny(inner, `"'`) {
					return h
				}
				return rest
			}
		}
	}
	return h
}
