package corpus

import "bytes"

// noTableLine reports whether a line (quote markers removed) is one of
// the numbered lines list mail is full of that never make a row of a
// result table: the prefilter does not count it. Tuned on real archives
// (see docs/prefilter-audit.md), where these classes let through most of
// the messages that were decoded for nothing:
//
//   - diffstats (" kernel/foo.c | 12 ++--", "3 files changed, ...",
//     "create mode 100644 ..."), at any quote depth;
//   - attribution and heading lines: any line ending in ':' ("On Mon, 3
//     Jan 2022 at 10:12, X wrote:", "27.10.2020 22:48, X пишет:"), quoted
//     header fields ("Date:", "Sent:", "commit <sha>"), a date with a time
//     or an ISO date (request-pull lines, log stamps);
//   - logs and traces: dmesg stamps ("[   12.345678] ..."), call-trace
//     frames ("func+0x1a/0x30"), long hexadecimal words (addresses,
//     register dumps, commit ids), PCI addresses;
//   - build-robot diagnostics ("file.c:78:5: warning: ...", "In file
//     included from ...", the robot's "elapsed time:" and "configs
//     tested:" lines);
//   - C code and hunk lines outside a "diff --git" block: lines ending in
//     ';', '{', '}' or ',', preprocessor lines, "+" or "-" then a tab or
//     two spaces;
//   - path and device listings: a line starting with '/' (/proc/swaps,
//     losetup, df, sysfs dumps) and lines with a URL.
//
// The parsers may still read such lines as a table (a diffstat becomes a
// two-column grid); FuzzPrefilter checks that the prefilter keeps every
// table of two rows or more that are not lines of these classes.
func noTableLine(line []byte) bool {
	if bytes.IndexByte(line, 0xa0) >= 0 {
		// Mailers that indent with no-break spaces (UTF-8, or Latin-1
		// before the readers convert it): the readers see spaces there,
		// and so do these rules. Rare enough to copy.
		line = spaceNBSP(line)
	}
	t := trimRight(line)
	s := trimLeft(t)
	if len(s) == 0 {
		return false
	}
	switch last := s[len(s)-1]; last {
	case ':', ';', '{', '}', ',':
		return true
	}
	switch s[0] {
	case '/':
		return true
	case '[':
		if isLogStamp(s) {
			return true
		}
	case '#':
		if len(s) > 1 && s[1] >= 'a' && s[1] <= 'z' {
			return true // #define, #include, #if
		}
	case '+', '-':
		if len(t) > 1 && (t[1] == '\t' || t[1] == '#' || bytes.HasPrefix(t[1:], []byte("  "))) {
			return true // a hunk line of a patch quoted without its header
		}
	}
	if bytes.HasSuffix(s, []byte("*/")) {
		return true // a C comment
	}
	if len(s) >= 40 && bytes.IndexByte(s, ' ') < 0 && bytes.IndexByte(s, '\t') < 0 && hasAlnum(s) {
		return true // base64, a signature block, a URL: no row has no space
	}
	if !hasDigit(s) {
		// The rest needs numbers, and most lines are prose without any:
		// they are looked at for rules and table words only.
		return false
	}
	if s[0] >= 'A' && s[0] <= 'z' && headerLike(s) {
		return true
	}
	for _, p := range noisePrefixes {
		if bytes.HasPrefix(s, p) {
			return true
		}
	}
	if listItem(s) || attribution(s) || versionLast(s) || codeListing(s) || envLine(s) || qpArtifact(s) {
		return true
	}
	if isDiffstat(s) || bytes.HasPrefix(s, []byte("create mode ")) || bytes.HasPrefix(s, []byte("delete mode ")) ||
		bytes.HasPrefix(s, []byte("mode change ")) || bytes.HasPrefix(s, []byte("rename ")) {
		return true
	}
	return hasNoise(s)
}

// dumpHeads start the header line of a listing whose rows are
// numbers with no result in them (/proc/swaps, /proc/cgroups, losetup,
// lsblk, lsmod, kernelci's lists of boards): the prefilter skips it and
// its rows up to the next blank line.
var dumpHeads = [][]byte{
	[]byte("#subsys_name"), []byte("Filename\t"), []byte("Filename "),
}

// isDumpHead reports whether s is the header line of a listing: one of
// dumpHeads, or losetup's and lsblk's "NAME ... SIZELIMIT|MAJ:MIN".
func isDumpHead(s []byte) bool {
	for _, h := range dumpHeads {
		if bytes.HasPrefix(s, h) {
			return true
		}
	}
	if len(s) == 0 {
		return false
	}
	switch s[0] {
	case 'N':
		return bytes.HasPrefix(s, []byte("NAME ")) && (bytes.Contains(s, []byte(" SIZELIMIT")) || bytes.Contains(s, []byte(" MAJ:MIN")))
	case 'M':
		return bytes.HasPrefix(s, []byte("Module ")) && bytes.Contains(s, []byte(" Used by"))
	}
	return false
}

// noisePrefixes start lines of shell sessions, robot reports and config
// dumps whose numbers are no results.
var noisePrefixes = [][]byte{
	[]byte("vim +"), []byte("CONFIG_"), []byte("# CONFIG_"), []byte("echo "), []byte("$ "),
}

// codeListing reports whether s is a line of the numbered source
// excerpts build robots quote ("185\t/**", "186\t"): a line number, a
// tab, then no digit.
func codeListing(s []byte) bool {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i > 0 && i < len(s) && s[i] == '\t' && !hasDigit(s[i:])
}

// envLine reports whether s is a NAME=value line of an environment or
// uevent dump ("POWER_SUPPLY_CAPACITY=27"): six or more capitals, digits
// or underscores, then '='.
func envLine(s []byte) bool {
	i := 0
	for i < len(s) && (s[i] >= 'A' && s[i] <= 'Z' || isDigit(s[i]) || s[i] == '_') {
		i++
	}
	return i >= 6 && i < len(s) && s[i] == '='
}

// qpArtifact reports whether s ends in a quoted-printable escape ("=20",
// "=2D-"): text of an encoded body that reached the prefilter undecoded
// (quoted by a mailer that did not decode it).
func qpArtifact(s []byte) bool {
	i := bytes.LastIndexByte(s, '=')
	return i >= 0 && len(s)-i <= 4 && i+2 < len(s) && isUpperHex(s[i+1]) && isUpperHex(s[i+2])
}

func isUpperHex(c byte) bool { return isDigit(c) || c >= 'A' && c <= 'F' }

// listItem reports whether s is a numbered list item of prose: "1. add a
// knob", "2) drop it", with no other digit.
func listItem(s []byte) bool {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == 0 || i+2 >= len(s) || (s[i] != '.' && s[i] != ')') || s[i+1] != ' ' || !isLetter(s[i+2]) {
		return false
	}
	for _, c := range s[i:] {
		if isDigit(c) {
			return false
		}
	}
	return true
}

// attribution reports whether s starts an attribution that is wrapped
// before its "wrote:": "On Tue, Feb 3, 2026 at 1:45 PM Name".
func attribution(s []byte) bool {
	if !bytes.HasPrefix(s, []byte("On ")) {
		return false
	}
	for i := 0; i+4 <= len(s); i++ {
		if (s[i] == '1' && s[i+1] == '9' || s[i] == '2' && s[i+1] == '0') && isDigit(s[i+2]) && isDigit(s[i+3]) &&
			(i == 0 || !isDigit(s[i-1])) && (i+4 == len(s) || !isDigit(s[i+4])) {
			return true
		}
	}
	return false
}

// versionLast reports whether the last word of s is a versioned name:
// "gcc-15.2.0", "randconfig-a004-20201208", as in the configuration
// lists of build robots. A table row ends in a number or a unit.
func versionLast(s []byte) bool {
	w := s[lastBlank(s)+1:]
	for i := 1; i+1 < len(w); i++ {
		if w[i] == '-' && isLetter(w[i-1]) && isDigit(w[i+1]) {
			return true
		}
	}
	return false
}

// lastBlank returns the index of the last space or tab in s, or -1.
// (bytes.LastIndexAny builds its set on every call.)
func lastBlank(s []byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' || s[i] == '\t' {
			return i
		}
	}
	return -1
}

// spaceNBSP returns a copy of line with no-break spaces as spaces: the
// UTF-8 "\u00a0" and a Latin-1 0xa0 (one not following a UTF-8 lead or
// continuation byte).
func spaceNBSP(line []byte) []byte {
	out := make([]byte, 0, len(line))
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == 0xc2 && i+1 < len(line) && line[i+1] == 0xa0:
			out = append(out, ' ')
			i++
		case line[i] == 0xa0 && (i == 0 || line[i-1] < 0x80):
			out = append(out, ' ')
		default:
			out = append(out, line[i])
		}
	}
	return out
}

// headerFields are the names of the header-like lines whose numbers are
// dates, ids and counts: quoted mail and commit headers, trailers, the
// summary lines of build robots.
var headerFields = map[string]bool{
	"date": true, "sent": true, "from": true, "to": true, "cc": true, "subject": true,
	"author": true, "authordate": true, "commit": true, "commitdate": true,
	"fixes": true, "link": true, "closes": true, "base-commit": true, "change-id": true,
	"message-id": true, "in-reply-to": true, "references": true,
	"tree": true, "head": true, "config": true, "compiler": true, "branch": true,
	"elapsed time": true, "configs tested": true, "configs skipped": true,
	"product": true, "version": true, "kernel version": true, "hardware": true, "component": true,
}

// headerLike reports whether s starts with one of headerFields and a
// colon, or is a "commit <sha>" line of git log.
func headerLike(s []byte) bool {
	if bytes.HasPrefix(s, []byte("commit ")) && len(s) >= 7+12 && isHexWord(s[7:19]) {
		return true
	}
	n := min(len(s), 16)
	colon := bytes.IndexByte(s[:n], ':')
	if colon <= 0 {
		return false
	}
	var name [16]byte
	for i, c := range s[:colon] {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		name[i] = c
	}
	return headerFields[string(name[:colon])]
}

// isLogStamp reports whether s starts with a kernel log stamp:
// "[   12.345678]".
func isLogStamp(s []byte) bool {
	i := 1
	for i < len(s) && s[i] == ' ' {
		i++
	}
	d := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == d || i >= len(s) || s[i] != '.' {
		return false
	}
	i++
	d = i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i > d && i < len(s) && s[i] == ']'
}

// isDiffstat reports whether s is a diffstat line: a path (a rename
// "a/{x => y}/z" has spaces), the line's only '|', a count, then a bar of
// '+' and '-' ("drivers/foo.c | 12 +++---"), "Bin" for a binary file, or
// nothing when the line was wrapped or the count is 0 and the name is a
// path.
func isDiffstat(s []byte) bool {
	j := bytes.IndexByte(s, '|')
	if j <= 0 || bytes.IndexByte(s[j+1:], '|') >= 0 || (s[j-1] != ' ' && s[j-1] != '\t') {
		return false
	}
	name := bytes.TrimSpace(s[:j])
	if len(name) == 0 {
		return false
	}
	k := j + 1
	sp := k
	for k < len(s) && s[k] == ' ' {
		k++
	}
	if k == sp || k >= len(s) {
		return false
	}
	if bytes.HasPrefix(s[k:], []byte("Bin ")) {
		return true
	}
	d := k
	for k < len(s) && isDigit(s[k]) {
		k++
	}
	if k == d {
		return false
	}
	if k == len(s) {
		return bytes.ContainsAny(name, "/.")
	}
	if s[k] != ' ' {
		return false
	}
	k++
	if k == len(s) {
		return bytes.ContainsAny(name, "/.")
	}
	for ; k < len(s); k++ {
		if s[k] != '+' && s[k] != '-' {
			return false
		}
	}
	return true
}

// hasNoise reports whether s holds a mark of a log, a trace, a
// diagnostic or an attribution anywhere: a compiler diagnostic, a
// call-trace frame, a long hexadecimal word, a URL, a PCI address, a
// diffstat summary, or a date with a time.
func hasNoise(s []byte) bool {
	for i, c := range s {
		// Space and 'e' start marks and most words: the second byte
		// rules nearly all of them out before a comparison.
		for _, m := range marksByFirst[c] {
			if i+1 < len(s) && s[i+1] == m[1] && bytes.HasPrefix(s[i:], m) {
				return true
			}
		}
	}
	hexRun, colons, pairs, fields := 0, 0, 0, 0
	year, clock := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isHexDigit(c) {
			hexRun++
			continue
		}
		if hexRun >= 12 && isHexWord(s[i-hexRun:i]) || hexRun >= 16 || hexRun >= 8 && i-hexRun >= 2 && s[i-hexRun-1] == 'x' && s[i-hexRun-2] == '0' {
			return true // a commit id, an address, a register value
		}
		if hexRun == 4 && c == ':' && isPCI(s[i+1:]) {
			return true // a PCI address: 0000:03:00.4
		}
		if c == ':' && i+1 < len(s) && s[i+1] == ' ' && !numberAfter(s[i+1:]) {
			fields++
			if fields >= 3 {
				return true // "driver: func: CPU0: message", a log line
			}
		}
		if c == ':' && i >= 2 && i+1 < len(s) && isDigit(s[i+1]) && s[i-2] == '.' && (s[i-1] == 'c' || s[i-1] == 'h' || s[i-1] == 'S') {
			return true // "file.c:120": a diagnostic or a trace frame
		}
		if c == ' ' && hexRun == 2 {
			pairs++
			if pairs >= 16 {
				return true // a hex dump: "00 00 00 00 ..."
			}
		} else if c != ' ' || hexRun != 0 {
			pairs = 0
		}
		switch {
		case c == ':' && hexRun == 2 && i+2 < len(s) && isDigit(s[i+1]) && isDigit(s[i+2]):
			colons++
			if colons >= 2 {
				clock = true
			}
		case c != ':':
			colons = 0
		}
		if hexRun == 4 && (s[i-4] == '1' && s[i-3] == '9' || s[i-4] == '2' && s[i-3] == '0') && isDigit(s[i-2]) && isDigit(s[i-1]) {
			year = true
			if c == '-' && i+3 < len(s) && isDigit(s[i+1]) && isDigit(s[i+2]) && s[i+3] == '-' {
				return true // an ISO date: 2024-09-04
			}
		}
		hexRun = 0
	}
	if hexRun >= 12 && isHexWord(s[len(s)-hexRun:]) || hexRun >= 16 {
		return true
	}
	return clock && (year || hasMonth(s))
}

// numberAfter reports whether s starts with blanks and a digit: a field
// that names a measurement ("Min:      2", "avg:    1.204 ms", as
// cyclictest and perf sched print them), not the prefix of a log line.
func numberAfter(s []byte) bool {
	s = bytes.TrimLeft(s, " ")
	return len(s) > 0 && isDigit(s[0])
}

var months = [][]byte{
	[]byte("Jan "), []byte("Feb "), []byte("Mar "), []byte("Apr "), []byte("May "), []byte("Jun "),
	[]byte("Jul "), []byte("Aug "), []byte("Sep "), []byte("Oct "), []byte("Nov "), []byte("Dec "),
}

// hasMonth reports whether s names a month the way dates in logs and
// headers do ("Jul 01 09:38:36").
func hasMonth(s []byte) bool {
	for _, m := range months {
		if bytes.Contains(s, m) {
			return true
		}
	}
	return false
}

// noiseMarks are substrings that only logs, traces, diagnostics and
// patch summaries hold.
var noiseMarks = [][]byte{
	[]byte(": warning: "), []byte(": error: "), []byte(": note: "), []byte("In file included from "),
	[]byte("+0x"), []byte("://"), []byte(" changed, "), []byte("Call Trace"), []byte("Not tainted"),
	[]byte("Tainted: "), []byte("Hardware name: "), []byte("%2F"), []byte("Warning ("), []byte("defconfig"),
	[]byte("warning: "), []byte("WARNING: "), []byte("error: "), []byte("*** ["), []byte("make["),
	[]byte("randconfig"), []byte("allnoconfig"), []byte("allyesconfig"), []byte("allmodconfig"),
	[]byte("(%r"), []byte("%rax"), []byte("<0x"), []byte("| lab-"), []byte("~$ "), []byte("]# "),
	[]byte(" PASS, "), // kernelci's "Results: 5 PASS, 1 FAIL, 0 SKIP"
}

// marksByFirst indexes noiseMarks by their first byte, so that one pass
// over a line looks for all of them.
var marksByFirst = func() (t [256][][]byte) {
	for _, m := range noiseMarks {
		t[m[0]] = append(t[m[0]], m)
	}
	return t
}()

// isPCI reports whether s (after "0000:") continues a PCI address:
// "03:00.4".
func isPCI(s []byte) bool {
	return len(s) >= 7 && isHexDigit(s[0]) && isHexDigit(s[1]) && s[2] == ':' && isHexDigit(s[3]) && isHexDigit(s[4]) && s[5] == '.' && isDigit(s[6])
}

// isHexWord reports whether w is hexadecimal with at least one letter
// and one digit: a commit id, an address, a register value, not a plain
// decimal number.
func isHexWord(w []byte) bool {
	letter, digit := false, false
	for _, c := range w {
		switch {
		case isDigit(c):
			digit = true
		case c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F':
			letter = true
		default:
			return false
		}
	}
	return letter && digit
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// trimRight drops trailing white space and the line end; trimLeft drops
// leading blanks. (bytes.TrimRight builds its set on every call, which
// showed in profiles: these run on every line of every message.)
func trimRight(b []byte) []byte {
	for len(b) > 0 {
		switch b[len(b)-1] {
		case ' ', '\t', '\r', '\n':
			b = b[:len(b)-1]
			continue
		}
		break
	}
	return b
}

func trimLeft(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	return b
}

func hasAlnum(b []byte) bool {
	for _, c := range b {
		if isDigit(c) || isLetter(c) {
			return true
		}
	}
	return false
}

func hasDigit(b []byte) bool {
	for _, c := range b {
		if isDigit(c) {
			return true
		}
	}
	return false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isHexDigit(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// isWordByte reports whether c continues an identifier.
func isWordByte(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_'
}
