package mbox

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

var (
	reHunk        = regexp.MustCompile(`^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@`)
	reStatSummary = regexp.MustCompile(`^\s*\d+ files? changed(?:, \d+ insertions?\(\+\))?(?:, \d+ deletions?\(-\))?\s*$`)
	reStatLine    = regexp.MustCompile(`^\s*\S.*?\s+\|\s+(?:\d+ ?[+-]*|Bin .*)\s*$`)
)

// diffState follows a patch at one quote depth.
type diffState struct {
	header           bool // after "diff --git" or "---"/"+++", before "@@"
	binary           bool // inside a "GIT binary patch": literal/delta lines and base85 data
	oldLeft, newLeft int  // lines the current hunk still holds
}

// fileHeaderPrefixes start the lines between "diff --git" and the first hunk.
var fileHeaderPrefixes = []string{
	"index ", "--- ", "+++ ", "new file mode", "deleted file mode", "old mode", "new mode",
	"similarity index", "dissimilarity index", "rename from", "rename to", "copy from", "copy to", "Binary files",
}

// markDiffs marks patch lines as KindDiff. A hunk starts only at "@@ -a,b
// +c,d @@" (possibly after "diff --git" or a "---"/"+++" pair) and lasts
// for the line counts its header gives, so tables with "+----+" borders and
// "-" signs outside hunks stay text. Each depth is followed separately, so
// a quoted patch interrupted by review comments resumes.
func markDiffs(lines []model.Line) {
	states := map[int]*diffState{}
	for i := 0; i < len(lines); i++ {
		l := &lines[i]
		if l.Kind != model.KindText {
			continue
		}
		st := states[l.Depth]
		if st == nil {
			st = &diffState{}
			states[l.Depth] = st
		}
		t := l.Text
		if st.oldLeft > 0 || st.newLeft > 0 {
			if st.hunkLine(t) {
				l.Kind = model.KindDiff
				continue
			}
			*st = diffState{}
		}
		if st.binary {
			switch {
			case t == "":
				continue // between the forward and the reverse data
			case binaryPatchLine(t):
				l.Kind = model.KindDiff
				continue
			}
			*st = diffState{}
		}
		switch {
		case st.header && t == "GIT binary patch":
			*st = diffState{binary: true}
		case strings.HasPrefix(t, "diff --git ") || strings.HasPrefix(t, "diff -u"):
			*st = diffState{header: true}
		case strings.HasPrefix(t, "@@ -") && reHunk.MatchString(t):
			m := reHunk.FindStringSubmatch(t)
			*st = diffState{oldLeft: hunkCount(m[1]), newLeft: hunkCount(m[2])}
		case st.header && hasAnyPrefix(t, fileHeaderPrefixes):
		case strings.HasPrefix(t, "--- ") && i+1 < len(lines) && lines[i+1].Depth == l.Depth && strings.HasPrefix(lines[i+1].Text, "+++ "):
			*st = diffState{header: true}
		default:
			*st = diffState{}
			continue
		}
		l.Kind = model.KindDiff
	}
}

// hunkLine consumes one line of a hunk and reports whether it belongs to
// it. An empty line counts as context whose space a mail client trimmed.
func (st *diffState) hunkLine(t string) bool {
	c := byte(' ')
	if t != "" {
		c = t[0]
	}
	switch c {
	case '+':
		st.newLeft--
	case '-':
		st.oldLeft--
	case ' ':
		st.oldLeft--
		st.newLeft--
	case '\\':
	default:
		return false
	}
	return true
}

// binaryPatchLine reports whether a line belongs to the data of a git
// binary patch: "literal N" or "delta N", or a line of base85 whose first
// letter gives the bytes it holds (A-Z 1-26, a-z 27-52) and whose length
// is five characters for every four of them. Firmware and image patches
// carry thousands of such lines, full of digits a table reader would take.
func binaryPatchLine(t string) bool {
	for _, p := range []string{"literal ", "delta "} {
		if n, ok := strings.CutPrefix(t, p); ok {
			_, err := strconv.Atoi(n)
			return err == nil
		}
	}
	if t == "" {
		return false
	}
	var n int
	switch c := t[0]; {
	case c >= 'A' && c <= 'Z':
		n = int(c-'A') + 1
	case c >= 'a' && c <= 'z':
		n = int(c-'a') + 27
	default:
		return false
	}
	if len(t)-1 != (n+3)/4*5 {
		return false
	}
	for i := 1; i < len(t); i++ {
		if !strings.ContainsRune(base85Digits, rune(t[i])) {
			return false
		}
	}
	return true
}

// base85Digits is git's base85 alphabet.
const base85Digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"

// hunkCount reads a hunk header count; an omitted count means 1.
func hunkCount(s string) int {
	if s == "" {
		return 1
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return n
}

// markDiffstats marks diffstat blocks: a " N files changed" summary, the
// " path | n +-" lines right above it and the "---" separator above those.
// Requiring the summary keeps two-column "name | value" tables text.
func markDiffstats(lines []model.Line) {
	for i := range lines {
		if lines[i].Kind != model.KindText || !strings.Contains(lines[i].Text, " changed") || !reStatSummary.MatchString(lines[i].Text) {
			continue
		}
		lines[i].Kind = model.KindDiff
		d := lines[i].Depth
		k := i - 1
		for k >= 0 && lines[k].Depth == d && lines[k].Kind == model.KindText && reStatLine.MatchString(lines[k].Text) {
			lines[k].Kind = model.KindDiff
			k--
		}
		if k >= 0 && lines[k].Depth == d && lines[k].Kind == model.KindText && strings.TrimSpace(lines[k].Text) == "---" {
			lines[k].Kind = model.KindDiff
		}
	}
}

// hasAnyPrefix reports whether s starts with one of prefixes.
func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
