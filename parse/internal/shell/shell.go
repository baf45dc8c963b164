// Package shell recognises the shell prompts of terminal sessions pasted
// into mail ("root@box:~# cat /proc/meminfo", "[root@box tmp]# ./run",
// "$ fio job.fio"), so that every reader asks one question the same way:
// is this line a command someone typed, and what did they type? IsCommand
// answers the first question for a line without a named prompt, from the
// shape of the command itself.
//
// It sits below every reader of package parse and imports nothing of it.
package shell

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Prompt is one shell prompt found in a line.
type Prompt struct {
	// Start is the byte where the prompt's text begins (the user, host or
	// directory it shows, or its sign when it shows none); End is the
	// byte after the sign and its space, where the typed command begins.
	Start, End int
	// Named is set when the prompt shows a user, host or directory
	// ("me@box:~# ", "[me@box tmp]$ ", "box ~ # ", "--(/sys/kernel) $ "):
	// such a prompt is unmistakable anywhere in a line, while a bare sign
	// ("$ ", "# ", "box# ") counts only where a line begins.
	Named bool
}

// maxPromptStart bounds how far a named prompt may reach into a line: a
// prompt may show a long directory ("root@box:/sys/fs/bcache/<uuid># "),
// but a sign further in is part of what the line says.
const maxPromptStart = 128

// maxBareWord is the longest host-like word a bare prompt may show
// ("d5# ", "buildbox$ ").
const maxBareWord = 24

// Find returns the prompts of line s from left to right: the one it
// begins with, bare or named, and every named prompt after it, as a
// terminal pasted without its line breaks shows ("me@box:~# echo 1 > x
// me@box:~# cat x"). s is taken as given: callers trim it.
func Find(s string) []Prompt {
	var found []Prompt
	from := 0 // where the text since the last prompt begins
	for i := 0; i+1 < len(s); i++ {
		if !sign(s[i]) || s[i+1] != ' ' {
			continue
		}
		p, ok := Prompt{}, false
		if start, isNamed := named(s, from, i); isNamed {
			p, ok = Prompt{Start: start, End: i + 2, Named: true}, true
			if len(found) == 0 && start > 0 && oneWord(s[:start]) {
				p.Start = 0 // the host before the directory: "box ~ # "
			}
		} else if len(found) == 0 && bare(s, i) {
			p, ok = Prompt{End: i + 2}, true
		}
		if ok {
			found = append(found, p)
			from = p.End
			i = p.End - 1
		}
	}
	return found
}

// Leading returns the command after a prompt that begins s.
func Leading(s string) (string, bool) {
	if ps := Find(s); len(ps) > 0 && ps[0].Start == 0 {
		return s[ps[0].End:], true
	}
	return s, false
}

// Last returns the command after the last named prompt of s.
func Last(s string) (string, bool) {
	ps := Find(s)
	for k := len(ps) - 1; k >= 0; k-- {
		if ps[k].Named {
			return s[ps[k].End:], true
		}
	}
	return "", false
}

// HasNamed reports whether s shows a named prompt anywhere.
func HasNamed(s string) bool {
	_, ok := Last(s)
	return ok
}

// IsCommand reports whether a line shows a command being run where no
// prompt names user or host: a program name in lower case followed by
// option flags ("cyclictest --policy other -D 5"), a bare "$ " or "# "
// sign at its start, or a trailing '&' ("hackbench -l 10000 &").
func IsCommand(s string) bool {
	if strings.HasPrefix(s, "$ ") || strings.HasPrefix(s, "# ") {
		return true
	}
	n, flag := 0, false
	for w := range strings.FieldsSeq(s) {
		if n == 0 {
			if r, _ := utf8.DecodeRuneInString(w); !unicode.IsLower(r) {
				return false
			}
		} else if len(w) >= 2 && w[0] == '-' && (unicode.IsLetter(rune(w[1])) || w[1] == '-') {
			flag = true
		}
		n++
	}
	return n >= 2 && (flag || strings.HasSuffix(s, "&"))
}

// sign reports whether c ends a prompt: sh's "$", root's "#", csh's and
// PowerShell's ">", zsh's "%".
func sign(c byte) bool {
	return c == '$' || c == '#' || c == '>' || c == '%'
}

// bare reports whether the sign at i ends a prompt that shows no user or
// directory: the sign alone at the start of the line, or one short host
// word before it ("box# ", "d5$ "). zsh's "%" counts only alone, as a
// column title such as "CPU% " is far more common in mail than a zsh host.
func bare(s string, i int) bool {
	if i == 0 {
		return true
	}
	return i <= maxBareWord && s[i] != '%' && oneWord(s[:i]) && s[i-1] != ' '
}

// oneWord reports whether s is one word, blanks around it allowed.
func oneWord(s string) bool {
	t := strings.TrimSpace(s)
	return t != "" && !strings.ContainsAny(t, " \t")
}

// named reports whether the word right before the sign at i, in the text
// since from, shows a user, host or directory, and where its prompt
// begins: "me@box:~#", "me@host:/tmp$", "box ~ #", "[me@box tmp]#",
// "--(/sys/kernel/debug) $". A prompt may show a long directory, but one
// that ends further than maxPromptStart into the text is part of what the
// line says.
func named(s string, from, i int) (int, bool) {
	if i-from > maxPromptStart {
		return 0, false
	}
	end := i
	for end > from && s[end-1] == ' ' {
		end--
	}
	start := end
	for start > from && s[start-1] != ' ' && s[start-1] != '\t' {
		start--
	}
	w := s[start:end]
	switch {
	case w == "":
		return 0, false
	case strings.IndexByte(w, '@') > 0 && end == i, home(w):
	case strings.HasSuffix(w, "]") && end == i:
		if j := strings.LastIndexByte(s[from:start], '['); j >= 0 && !strings.ContainsAny(s[from+j:start], "]") {
			start = from + j
		} else if !strings.HasPrefix(w, "[") {
			return 0, false
		}
	case strings.HasPrefix(w, "--(") && strings.HasSuffix(w, ")"):
	default:
		return 0, false
	}
	return start, true
}

// home reports whether a prompt word shows the home directory: "~",
// "box:~", "~/src"; "~50%" is an approximate figure, no directory.
func home(w string) bool {
	k := strings.IndexByte(w, '~')
	if k < 0 {
		return false
	}
	return k+1 == len(w) || w[k+1] == '/'
}
