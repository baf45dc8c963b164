package shell

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// promptCases is one table for the unit test and the fuzz target's seeds:
// each line with the command Leading gives (or "" when it finds none), the
// command Last gives, and whether a named prompt shows.
var promptCases = []struct {
	line           string
	leading, last  string
	named, leadsOK bool
}{
	{line: "$ fio job.fio", leading: "fio job.fio", leadsOK: true},
	{line: "# cat /proc/meminfo", leading: "cat /proc/meminfo", leadsOK: true},
	{line: "% make -j8", leading: "make -j8", leadsOK: true},
	{line: "root@box:~# cat /proc/meminfo", leading: "cat /proc/meminfo", last: "cat /proc/meminfo", named: true, leadsOK: true},
	{line: "me@host:/tmp$ ./run", leading: "./run", last: "./run", named: true, leadsOK: true},
	{line: "[root@box tmp]# ./run", leading: "./run", last: "./run", named: true, leadsOK: true},
	{line: "box ~ # free -m", leading: "free -m", last: "free -m", named: true, leadsOK: true},
	{line: "me@box ~/src $ make", leading: "make", last: "make", named: true, leadsOK: true},
	{line: "--(/sys/kernel/debug) $ cat x", leading: "cat x", last: "cat x", named: true, leadsOK: true},
	{line: "d5# ./bench", leading: "./bench", leadsOK: true},
	{line: "root@box:/sys/fs/bcache/0123456789abcdef# cat stats", leading: "cat stats", last: "cat stats", named: true, leadsOK: true},
	// a terminal pasted without its line breaks: the last prompt decides
	{line: "me@box:~# echo 1 > x me@box:~# cat /sys/y", leading: "echo 1 > x me@box:~# cat /sys/y", last: "cat /sys/y", named: true, leadsOK: true},
	// a prompt further in, after words: no leading prompt, a last one
	{line: "then run it: me@box:~$ ./bench", last: "./bench", named: true},
	// no prompt at all
	{line: "CPU% usr sys idle"},
	{line: "~50% > 3 times faster"},
	{line: "latency went from 5 > 3 ms"},
	{line: "results # of runs"},
	{line: "IOPS  1200  1450"},
	{line: ""},
	{line: "$"},
	{line: "a@b"},
}

func TestPrompts(t *testing.T) {
	for _, c := range promptCases {
		leading, ok := Leading(c.line)
		assert.Equal(t, c.leadsOK, ok, "Leading(%q)", c.line)
		if ok {
			assert.Equal(t, c.leading, leading, "Leading(%q)", c.line)
		} else {
			assert.Equal(t, c.line, leading, "Leading(%q) keeps the line", c.line)
		}
		last, ok := Last(c.line)
		assert.Equal(t, c.named, ok, "Last(%q)", c.line)
		assert.Equal(t, c.last, last, "Last(%q)", c.line)
		assert.Equal(t, c.named, HasNamed(c.line), "HasNamed(%q)", c.line)
	}
}

// TestFindOrder checks the positions Find gives for a line with two
// prompts: each prompt's text begins where its user or host does.
func TestFindOrder(t *testing.T) {
	line := "me@box:~# echo 1 > x [me@box tmp]# cat y"
	ps := Find(line)
	if assert.Len(t, ps, 2) {
		assert.Equal(t, Prompt{Start: 0, End: 10, Named: true}, ps[0])
		assert.Equal(t, "[me@box tmp]# ", line[ps[1].Start:ps[1].End])
	}
}

func TestIsCommand(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"cyclictest --policy other -D 5 -q -n", true},
		{"hackbench -l 10000 -g $group &", true},
		{"$ ./run", true},
		{"# echo 1 > /proc/sys/vm/drop_caches", true},
		{"fio job.fio", false}, // no option: a name and its argument
		{"Test: tip latency_nice", false},
		{"Kernel -rc3 results", false}, // a capital first: a heading
		{"run", false},
		{"", false},
	} {
		assert.Equal(t, c.want, IsCommand(c.line), "%q", c.line)
	}
}

// FuzzFind checks what Find promises for any line: prompts in order,
// inside the line, not overlapping, each ending in a sign and a space,
// and Leading and Last agreeing with them; and that IsCommand takes a
// line after a bare sign for a command.
func FuzzFind(f *testing.F) {
	for _, c := range promptCases {
		f.Add(c.line)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ps := Find(s)
		prev := 0
		for k, p := range ps {
			if p.Start < prev || p.Start >= p.End || p.End > len(s) {
				t.Fatalf("prompt %d %+v out of order or outside %q", k, p, s)
			}
			if !sign(s[p.End-2]) || s[p.End-1] != ' ' {
				t.Fatalf("prompt %d %+v of %q does not end in a sign and a space", k, p, s)
			}
			if k > 0 && !p.Named {
				t.Fatalf("bare prompt %d after the first in %q", k, s)
			}
			prev = p.End
		}
		if cmd, ok := Leading(s); ok != (len(ps) > 0 && ps[0].Start == 0) || ok && cmd != s[ps[0].End:] {
			t.Fatalf("Leading(%q) = %q, %v against %+v", s, cmd, ok, ps)
		}
		if _, ok := Last(s); ok != HasNamed(s) {
			t.Fatalf("Last and HasNamed disagree on %q", s)
		}
		if (strings.HasPrefix(s, "$ ") || strings.HasPrefix(s, "# ")) && !IsCommand(s) {
			t.Fatalf("IsCommand(%q) is false after a bare sign", s)
		}
	})
}
