package parse

import (
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
	"github.com/lkmlbench/lkmlbench/parse/internal/shell"
)

// Layer 4, semantics: system state pasted as evidence. Bug reports and
// reviews quote what a box shows (free, top, lsmod, a debugfs or sysfs
// file, an xfs_db or xfs_repair report, a monitor's samples, a binding's
// schema) to explain a problem. Such listings parse as well as any result
// table, so they are told apart by the command that printed them, by the
// words of the tool's own header, and by shapes no result has (rows
// stamped with the time of day, only zeros). A table that compares
// variants (a kernel, a before/after side) is kept whatever printed it:
// the same counters read under two kernels are a measurement.

// evidence returns why the table t read from match m is no result, or ""
// when it is one: a run record that is a step of a bug transcript, a shape
// no measurement has (notMeasured), a tool's lines cut from a kernel log
// with no word of measuring near (fromLog), or system state pasted as
// evidence: by its own shape and words (shownState), by the command above
// it that printed it ("$ free -m", "root@box:~# cat
// /sys/kernel/debug/wakeup_sources"), or as the next block of a listing
// dropped just above with as many columns ("{ sequential range..." between
// two blocks of one report). dumped maps the input lines of the tables
// dropped so far to their column counts; t's lines are added when it is
// dropped. The reason is what --explain prints.
func (b *Block) evidence(m Match, t *model.Table, dumped map[int]int) string {
	if runRecords[t.Format] {
		if (t.Format == "dd" || t.Format == "time") && b.transcript(m, t) {
			return "dropped: a step of a bug transcript, not a measurement"
		}
		return ""
	}
	why := b.notMeasured(m, t)
	if why == "" && b.fromLog(m, t) {
		why = "lines of a kernel log with no word of measuring near"
	}
	if why == "" {
		if !shownState(t) && (compares(t) || !b.printedByCommand(m, t, dumped)) {
			return ""
		}
		why = "system state pasted as evidence"
	}
	for _, l := range b.Lines[m.Start:m.End] {
		dumped[l.No] = columns(t)
	}
	return "dropped: " + why
}

// runRecords are the formats whose grammar reads only what a benchmark
// tool prints at the end of a run: what they read is the run's result,
// whatever its words ("load average" in stress-ng's --times summary).
var runRecords = map[string]bool{"stress-ng": true, "dd": true, "t/io_uring": true, "sockperf": true, "time": true}

// columns is the number of cells of a table's first row.
func columns(t *model.Table) int {
	if len(t.Rows) == 0 {
		return 0
	}
	return len(t.Rows[0].Cells)
}

// printedByCommand reports whether the lines right above match m show the
// command that printed it and that command prints system state, or end a
// dropped listing of the same width. Up to three non-blank lines are
// looked at, as a header the match left out may sit between; a prose line
// ends the look. A command the match read among its header lines, above
// its first row, counts too.
func (b *Block) printedByCommand(m Match, t *model.Table, dumped map[int]int) bool {
	for _, l := range b.Lines[m.Start:m.End] {
		if len(t.Rows) > 0 && l.No >= t.Rows[0].Line {
			break
		}
		if _, typed := commandOf(strings.TrimSpace(l.Text)); typed && stateCommand(strings.TrimSpace(l.Text)) {
			return true
		}
	}
	lines := b.seg.lines
	seen := 0
	for i := b.base + m.Start - 1; i >= 0 && seen < 3; i-- {
		text := strings.TrimSpace(lines[i].Text)
		if text == "" {
			continue
		}
		seen++
		if n, ok := dumped[lines[i].No]; ok && n == columns(t) {
			return true // the next block of a listing ("{ sequential range...")
		}
		if stateCommand(text) || lastCommandShowsState(text) || statePath(text) {
			return true
		}
		if _, prompted := commandOf(text); prompted || shell.IsCommand(text) || layout.IsProse(text) {
			break // the nearest command printed the table, or words come between
		}
	}
	if b.listedByCommand(m) {
		return true
	}
	// rows of name and value lines may stand between: the nearest words
	// above are then the last lead lines
	for i := len(t.Lead) - 1; i >= 0 && i >= len(t.Lead)-4; i-- {
		l := t.Lead[i]
		if _, prompted := commandOf(l); prompted || shell.IsCommand(l) {
			// the nearest command, which a mail client may have wrapped
			// into the lines below it
			return stateCommand(strings.Join(t.Lead[i:], " "))
		}
		if stateCommand(l) {
			return true
		}
	}
	return false
}

// listingReach bounds how far up a listing is followed to the command
// that printed it.
const listingReach = 60

// listedByCommand reports whether the table ends a listing printed by a
// state command: going up from the table over lines with no blank, prose
// or other command between, the first command met, or the line right
// above the listing's first blank, prints system state ("vgdisplay vg0",
// then "--- Volume group ---" and a page of fields above the table).
func (b *Block) listedByCommand(m Match) bool {
	lines := b.seg.lines
	for i := b.base + m.Start - 1; i >= 0 && i >= b.base+m.Start-listingReach; i-- {
		text := strings.TrimSpace(lines[i].Text)
		if text == "" {
			for i--; i >= 0 && strings.TrimSpace(lines[i].Text) == ""; i-- {
			}
			return i >= 0 && stateCommand(strings.TrimSpace(lines[i].Text))
		}
		if stateCommand(text) {
			return true
		}
		if _, prompted := commandOf(text); prompted || shell.IsCommand(text) || layout.IsProse(text) {
			return false
		}
	}
	return false
}

// commandOf returns what was typed on a line that shows a command: after
// a shell prompt, or after the '+' signs of a shell tracing a script.
func commandOf(line string) (string, bool) {
	if rest, ok := shell.Leading(line); ok {
		return rest, true
	}
	return traced(line)
}

// compares reports whether a table names compared variants: a kernel or a
// side of a before/after comparison in its columns ("6.14-rc5", "Menu No
// Patch"), its rows or its label.
func compares(t *model.Table) bool {
	for _, v := range t.Variants {
		if variantWord(v) {
			return true
		}
		for _, w := range strings.Fields(strings.ToLower(v)) {
			switch strings.Trim(w, "()[]%:,") {
			case "patch", "patched", "unpatched", "baseline", "vanilla", "revert", "reverted", "mainline", "upstream", "before", "after":
				return true
			}
		}
	}
	for _, r := range t.Rows {
		if variantWord(r.Case) {
			return true // kernels as rows: "Baseline", "6.14-rc5 + fix"
		}
	}
	return blockLabel(t) != ""
}

// stateReaders print a file; they show state when the file is under /proc
// or /sys.
var stateReaders = map[string]bool{"cat": true, "head": true, "tail": true, "grep": true, "egrep": true,
	"less": true, "more": true, "watch": true, "awk": true, "sort": true, "column": true}

// stateTools print what a system holds or is set to, not what it did
// under a load: memory, modules, devices, mounts, a file system's
// metadata.
var stateTools = map[string]bool{"free": true, "top": true, "htop": true, "lsmod": true, "slabtop": true,
	"lsblk": true, "lscpu": true, "lspci": true, "lsusb": true, "lsof": true, "mount": true, "findmnt": true,
	"df": true, "du": true, "ls": true, "stat": true, "uname": true, "dmesg": true, "journalctl": true,
	"dmidecode": true, "sensors": true, "sysctl": true, "blkid": true, "smartctl": true, "ethtool": true,
	"quota": true, "repquota": true, "xfs_quota": true, "xfs_info": true, "xfs_db": true, "xfs_repair": true,
	"xfs_spaceman": true, "xfs_bmap": true, "filefrag": true, "lsscsi": true, "sg_ses": true, "sg_inq": true,
	"sg_vpd": true, "sg_readcap": true, "vgdisplay": true, "lvdisplay": true, "pvdisplay": true, "vgs": true,
	"lvs": true, "pvs": true, "dmsetup": true, "multipath": true, "numastat": true, "lstopo": true}

// stateCommand reports whether a line runs a command that prints system
// state: a reader of a /proc or /sys file, or one of stateTools. A shell
// prompt or a script's trace ("+ lsscsi -L 1:0:0:0") shows a command;
// without one the line must read as a command, not as prose: the bare
// command for a tool named by an English word ("free -m", not "top
// results ..."), a short line that is no sentence for the others
// ("vgdisplay vg0").
func stateCommand(line string) bool {
	rest, prompted := commandOf(line)
	if !prompted {
		rest = line
	}
	words := strings.Fields(rest)
	if len(words) > 0 && words[0] == "sudo" {
		words = words[1:]
	}
	if len(words) == 0 {
		return false
	}
	prog := words[0]
	if i := strings.LastIndexByte(prog, '/'); i >= 0 {
		prog = prog[i+1:]
	}
	underProc := strings.Contains(line, "/proc/") || strings.Contains(line, "/sys/")
	if stateReaders[prog] {
		// the prompt may hold the directory: "--(/sys/kernel/debug) $ cat x"
		return underProc
	}
	if prompted && underProc {
		for _, w := range words[1:] {
			if stateReaders[strings.Trim(w, "`;|($")] {
				return true // in a loop or a pipe: "for f in ...; do cat /sys/...; done"
			}
		}
	}
	if !stateTools[prog] {
		return false
	}
	if commonWords[prog] {
		// "top results ...", "free memory": prose that starts with the
		// tool's name is no command
		return prompted || len(words) <= 6 && (len(words) == 1 || words[1][0] == '-' || words[1][0] == '/')
	}
	return prompted || len(words) <= 8 && !layout.IsProse(rest)
}

// commonWords are the state tools whose names are English words: without a
// prompt they are commands only in a command's shape.
var commonWords = map[string]bool{"free": true, "top": true, "mount": true, "stat": true, "quota": true, "sensors": true,
	"df": true, "du": true, "ls": true}

// statePath reports whether a line is the name of a /proc or /sys file
// alone, printed above its contents ("/sys/kernel/debug/foo/stats:").
func statePath(s string) bool {
	s = strings.TrimSuffix(s, ":")
	return (strings.HasPrefix(s, "/sys/") || strings.HasPrefix(s, "/proc/")) && !strings.ContainsAny(s, " \t")
}

// lastCommandShowsState reports whether the command after the last named
// prompt of a line prints system state, as a terminal pasted without its
// line breaks shows ("root@box:~# echo 1 > x root@box:~# cat /sys/...").
func lastCommandShowsState(line string) bool {
	cmd, ok := shell.Last(line)
	return ok && stateCommand("$ "+cmd)
}

// shownState reports whether a table is system state by its own shape and
// the words of its header: a monitor's timed samples, only zeros, a
// binding schema, "key = value" report lines, a robot's dmesg counts, a
// state tool's column titles, contact details, an fstests run's output.
func shownState(t *model.Table) bool {
	if len(t.Rows) == 0 {
		return false
	}
	clocked, logged, contact, keyEq, blamed, patched, fields, verdicts, powers, inventory := 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
	numbers, zeros, ones := 0, 0, 0
	for _, r := range t.Rows {
		if clockTime(r.Case) {
			clocked++
		}
		if logKeyword(r.Case) || wallStamp(r.Case) || consoleStamp(r.Case) {
			logged++
		}
		if r.Case == "load average" || r.Case == "Tasks" || r.Case == "%Cpu(s)" || memoryLine(r.Case) {
			return true // top(1)'s and free(1)'s summary lines: the state of the box
		}
		if contactLabel(r.Case) {
			contact++
		}
		if strings.HasSuffix(r.Case, "=") {
			keyEq++
		}
		if blameLine(r.Case) {
			blamed++
		}
		if r.Case == "+" || strings.HasPrefix(r.Case, "+ ") {
			patched++
		}
		if descriptorField(r.Case) {
			fields++
		}
		if verdictLabel(r.Case) {
			verdicts++
		}
		if powerLabel(r.Case) {
			powers++
		}
		if hardwareFields[r.Case] || softwareFields[r.Case] || scsiAddress(r.Case) {
			inventory++
		}
		if strings.HasPrefix(r.Case, "Capabilities:") {
			return true // lspci -vv
		}
		if stateCommand(r.Case) {
			return true // the command that printed the rows read as their label
		}
		if strings.Contains(r.Case, "://") {
			return true // a link list or a trailer ("Link: https://...")
		}
		for _, c := range r.Cells {
			numbers++
			if c.Value.Valid() && c.Value.Float() == 0 {
				zeros++
			}
			if c.Value.Valid() && c.Value.Float() == 1 {
				ones++
			}
		}
	}
	rows := len(t.Rows)
	if enumeration(t.Rows) {
		return true // constants and their values: "CORE_CG 1", "CORE_RET 2"
	}
	if hexOffsets(t.Rows) {
		return true // a memory or on-disk buffer dumped by offset
	}
	if clocked*2 > rows || logged*2 > rows || keyEq*2 > rows || blamed*2 > rows || patched*2 > rows || fields*2 > rows ||
		verdicts*2 > rows || powers*2 > rows || rows >= 2 && inventory*2 >= rows || contact > 0 {
		return true
	}
	paths := 0
	for _, h := range t.Context {
		if len(h) > 4 && h[0] == '$' && isDigit(h[1]) && strings.Contains(h, " = ") {
			return true // gdb's value history: "$1 = 0x3ff0"
		}
		if strings.Contains(h, "$((") {
			return true // under a script's arithmetic: "n=$((CPUS * 4))"
		}
	}
	for _, v := range t.Variants {
		if len(v) > 1 && v[0] == '$' && isDigit(v[1]) {
			return true // a script's positional parameters: "$2 do_create"
		}
		if reportLine(v) || testID(v) {
			return true // a report's "name = value (share)" line, an fstests log line
		}
		if filePath(strings.Fields(v + " x")[0]) {
			paths++
		}
	}
	if paths*2 > len(t.Variants) {
		return true // source lines by file and line number: faddr2line, grep -n
	}
	for _, l := range t.Lead {
		if strings.Contains(l, ".out.bad") {
			return true // fstests' golden output against the run's
		}
	}
	if compares(t) {
		return false
	}
	if rows >= 2 && numbers >= 3 && zeros == numbers {
		return true // nothing was measured: a mount table, a quota report, idle counters
	}
	if rows >= 2 && numbers >= 4 && ones > 0 && zeros+ones == numbers {
		return true // bits: a truth table of modes, flags set or not
	}
	flags := 0
	for _, v := range t.Variants {
		flags += flagWords(v)
	}
	if len(t.Lead) > 0 {
		flags += flagWords(t.Lead[len(t.Lead)-1])
	}
	if flags >= 3 {
		return true // lspci -vv: capability flags around the numbers
	}
	for _, v := range t.Variants {
		if strings.Contains(v, "***") {
			return true // a timeline drawn in stars ("------******----")
		}
	}
	return schemaKeys(t.Variants) || hexTitles(t.Variants) || stateHeader(t) || geometry(t.Variants) ||
		illustration(t) || configuration(t) || formatExample(t.Lead)
}

// platformWords introduce a table of what a platform is set up to do (an
// energy model, an OPP table, a fuse's speed grades), not of what it did.
var platformWords = []string{"energy model", "opp table", "opps", "speed grad", "definition", "defined as", "device tree"}

// formatExample reports whether one of the last three lead lines shows
// that the table illustrates an interface's output ("the mitigations file
// has the following format:").
func formatExample(lead []string) bool {
	for i := len(lead) - 1; i >= 0 && i >= len(lead)-3; i-- {
		l := strings.ToLower(strings.TrimSpace(lead[i]))
		if strings.HasSuffix(l, "format:") || strings.Contains(l, "following format") {
			return true
		}
	}
	return false
}

// configuration reports whether the line right above a table that
// compares nothing introduces it as a platform's settings.
func configuration(t *model.Table) bool {
	if len(t.Lead) == 0 || t.Benchmark != "" {
		return false
	}
	low := strings.ToLower(t.Lead[len(t.Lead)-1])
	for _, w := range platformWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// enumeration reports whether the rows list named constants and their
// values: two rows or more, most labels upper-case identifiers with an
// underscore ("CORE_RET"), each with one value, counting up by one.
func enumeration(rows []model.Row) bool {
	named, last := 0, 0.0
	for _, r := range rows {
		if !constantName(r.Case) {
			continue
		}
		if len(r.Cells) != 1 {
			return false
		}
		v := r.Cells[0].Value.Float()
		if named > 0 && v != last+1 {
			return false
		}
		named, last = named+1, v
	}
	return named >= 2 && named*2 > len(rows)
}

// constantName reports whether s is an upper-case C identifier with an
// underscore ("CORE_RET", "XFS_ILOCK_EXCL").
func constantName(s string) bool {
	if s == "" || !strings.Contains(s, "_") || isDigit(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'A' && c <= 'Z' || isDigit(c) || c == '_') {
			return false
		}
	}
	return true
}

// hexOffsets reports whether the row labels are the offsets of a hex dump:
// three or more, read as hexadecimal they step by one power of two of at
// least 4 ("38", "40", "48", "50"), read as decimal they do not.
func hexOffsets(rows []model.Row) bool {
	if len(rows) < 3 {
		return false
	}
	var hex, dec []int64
	for _, r := range rows {
		h, err := strconv.ParseInt(r.Case, 16, 64)
		if err != nil {
			return false
		}
		d, _ := strconv.ParseInt(r.Case, 10, 64)
		hex, dec = append(hex, h), append(dec, d)
	}
	step := hex[1] - hex[0]
	if step < 4 || step&(step-1) != 0 {
		return false
	}
	decSteady := true
	for i := 2; i < len(hex); i++ {
		if hex[i]-hex[i-1] != step {
			return false
		}
		decSteady = decSteady && dec[i]-dec[i-1] == dec[1]-dec[0]
	}
	return !decSteady
}

// powerLabel reports whether a row label is a power ("2^47"): the input
// of a calculation worked for each size, not a measured case.
func powerLabel(s string) bool {
	b, e, ok := strings.Cut(s, "^")
	return ok && b != "" && e != "" && strings.Trim(b, "0123456789") == "" && strings.Trim(e, "0123456789") == ""
}

// hardwareFields are the row labels of a machine's inventory as lscpu,
// /proc/cpuinfo and /proc/sysinfo print it.
var hardwareFields = map[string]bool{"Architecture": true, "CPU(s)": true, "Socket(s)": true, "Sockets": true,
	"Core(s) per socket": true, "Thread(s) per core": true, "Cores": true, "Processors": true, "Model name": true,
	"Model Name": true, "Stepping": true, "NUMA node(s)": true, "NUMA Nodes": true, "Memory": true,
	"BogoMIPS": true, "L1d cache": true, "L2 cache": true, "L3 cache": true, "CPU MHz": true, "Hyper": true}

// softwareFields are the row labels of scripts/ver_linux, the versions of
// a system's tools that a bug report lists.
var softwareFields = map[string]bool{"GNU C": true, "GNU Make": true, "Binutils": true, "Util-linux": true,
	"Mount": true, "Module-init-tools": true, "E2fsprogs": true, "Jfsutils": true, "Reiserfsprogs": true,
	"Xfsprogs": true, "Pcmciautils": true, "Quota-tools": true, "PPP": true, "Nfs-utils": true, "Bison": true,
	"Flex": true, "Linux C Library": true, "Dynamic linker (ldd)": true, "Linux C++ Library": true,
	"Procps": true, "Net-tools": true, "Kbd": true, "Console-tools": true, "Sh-utils": true, "Udev": true,
	"Wireless-tools": true, "Oprofile": true, "Isdn4k-utils": true, "Btrfs-progs": true, "Iptables": true,
	"Openssl": true, "Squashfs-tools": true, "Python": true, "Modules Loaded": true}

// scsiAddress reports whether a row label starts with a SCSI device's
// address as lsscsi prints it ("[4:0:1:0] disk ...", "[N:0:0:1]" for
// NVMe).
func scsiAddress(s string) bool {
	end := strings.IndexByte(s, ']')
	if len(s) < 9 || s[0] != '[' || end < 0 {
		return false
	}
	parts := strings.Split(s[1:end], ":")
	if len(parts) != 4 {
		return false
	}
	for k, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" && !(k == 0 && p == "N") {
			return false
		}
	}
	return true
}

// consoleStamp reports whether one of the first two words of a row label
// is a time of day to the fraction of a second ("10290 05:03:10.088618
// passed"): a serial console's or a test harness's log line. sar and
// mpstat stamp their samples to the second.
func consoleStamp(s string) bool {
	f := strings.Fields(s)
	for _, w := range f[:min(2, len(f))] {
		if len(w) > 9 && clockTime(w[:8]) && w[8] == '.' && strings.Trim(w[9:], "0123456789") == "" {
			return true
		}
	}
	return false
}

// verdictLabel reports whether a row label ends in a test's verdict
// ("readv03 PASS", "4/13 dax-dev OK"): a test suite's log, whose numbers
// are exit codes and run times.
func verdictLabel(s string) bool {
	i := strings.LastIndexByte(s, ' ')
	if i < 0 {
		return false
	}
	switch s[i+1:] {
	case "PASS", "PASSED", "FAIL", "FAILED", "OK", "SKIP", "SKIPPED", "ERROR":
		return true
	}
	return false
}

// hypothetical are the words that introduce numbers worked out or made up
// to explain something rather than measured: "for example", "e.g.", "the
// sum will see:", "assume", "this works out to". Words about how a
// measurement was computed ("the calculation of C0") are none of them.
var hypothetical = []string{"for example", "e.g.", "assume", "assuming", "suppose", "imagine", "will see",
	"would see", "would look like", "in theory", "theoretical", "work out", "works out", "worked out"}

// illustration reports whether a single-series table with no benchmark and
// no unit is introduced as an example or a thought experiment: the
// introducing sentence (introSentence) or its heading uses
// one of the hypothetical words.
func illustration(t *model.Table) bool {
	if t.Benchmark != "" || t.Unit != "" {
		return false
	}
	near := introSentence(t.Lead)
	if n := len(t.Context); n > 0 {
		near = append(near, t.Context[n-1])
	}
	for _, l := range near {
		low := strings.ToLower(l)
		for _, w := range hypothetical {
			if hasWord(low, w) {
				return true
			}
		}
	}
	return false
}

// introSentence returns the lines of the sentence right above a table: the
// last lead line and, while a line is a short tail in lower case ("is the
// following:") and the line before it ends no sentence, the lines before
// it, three at most.
func introSentence(lead []string) []string {
	n := len(lead)
	if n == 0 {
		return nil
	}
	i := n - 1
	for i > 0 && n-i < 3 {
		l := strings.TrimSpace(lead[i])
		if l == "" || len(l) > 40 || l[0] < 'a' || l[0] > 'z' || layout.SentenceEnd(strings.TrimSpace(lead[i-1])) {
			break
		}
		i--
	}
	return append([]string(nil), lead[i:]...)
}

// hasWord reports whether w occurs in s as whole words: "supposed to" holds
// no "suppose".
func hasWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(w)
		if (start == 0 || !isLetter(s[start-1])) && (end == len(s) || !isLetter(s[end])) {
			return true
		}
		i = start + 1
	}
}

// blameLine reports whether a row label is a line of git blame or of a
// commit log: a commit id, then an author and a date ("4c2d542f2e7 A.
// Author 2012-04-23 908").
func blameLine(s string) bool {
	f := strings.Fields(s)
	if len(f) < 3 || len(f[0]) < 7 || len(f[0]) > 40 || strings.Trim(f[0], "0123456789abcdef") != "" ||
		strings.Trim(f[0], "0123456789") == "" {
		return false
	}
	for _, w := range f[1:] {
		if len(w) == 10 && w[4] == '-' && w[7] == '-' && isDigit(w[0]) && isDigit(w[9]) {
			return true
		}
	}
	return false
}

// geometry reports whether the column titles count the parts of a data
// structure ("Number of nodes/leaves", "Max extents", "Nr blocks =
// nr_records / 29"): capacities worked out to explain a design, not
// measured.
func geometry(titles []string) bool {
	for _, v := range titles {
		low := strings.ToLower(v)
		rest := ""
		for _, p := range []string{"number of ", "nr ", "nr_", "max ", "total nr "} {
			if strings.HasPrefix(low, p) {
				rest = low[len(p):]
				break
			}
		}
		part := false
		for _, w := range []string{"extents", "records", "recs", "nodes", "leaves", "leaf", "blocks", "entries", "levels"} {
			if strings.HasPrefix(rest, w) {
				part = true
				break
			}
		}
		if !part {
			return false
		}
	}
	return len(titles) > 0
}

// reportLine reports whether a column title is a whole report line read
// as a title: a name, " = ", the value and more ("Dirty MRU 16 entries =
// 0 ( 0%)"), where a title that sets a parameter ends at its value ("LN =
// -20").
func reportLine(s string) bool {
	_, after, ok := strings.Cut(s, " = ")
	if !ok {
		return false
	}
	f := strings.Fields(after)
	if len(f) < 2 {
		return false
	}
	_, num := ReadNumber(f[0], CommaUnknown)
	return num
}

// clockTime reports whether s starts with a time of day ("22:48:07 md0",
// "09:53:50 AM all"), as sar, mpstat and iostat -t stamp each sample.
func clockTime(s string) bool {
	return len(s) >= 8 && isDigit(s[0]) && isDigit(s[1]) && s[2] == ':' && isDigit(s[3]) && isDigit(s[4]) &&
		s[5] == ':' && isDigit(s[6]) && isDigit(s[7]) && (len(s) == 8 || !isDigit(s[8]))
}

// logKeyword reports whether a row label is a kernel log class as test
// robots count them per commit ("WARNING:at_fs/x.c:#foo", "BUG:KASAN").
func logKeyword(s string) bool {
	for _, p := range []string{"WARNING:", "BUG:", "EIP:", "RIP:", "Oops", "INFO:", "kernel_BUG", "calltrace:", "dmesg."} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// memoryLine reports whether a row label is top's or free's memory line,
// however a mail client wrapped or quoted it ("+ Mem: 3943228k total,").
func memoryLine(s string) bool {
	if !strings.Contains(s, "Mem:") && !strings.Contains(s, "Swap:") {
		return false
	}
	for w := range strings.FieldsSeq(s) {
		if w == "Mem:" || w == "Swap:" {
			return true
		}
	}
	return false
}

// descriptorField reports whether a row label ends in a field of a USB
// descriptor as lsusb -v prints them ("bNumEndpoints", "wMaxPacketSize",
// "iInterface", "idVendor"), the descriptor's name or a flag line the
// reader glued before it ("Endpoint Descriptor bLength").
func descriptorField(s string) bool {
	if i := strings.LastIndexAny(s, " \t"); i >= 0 {
		s = s[i+1:]
	}
	for _, p := range []string{"bm", "b", "w", "i", "id"} {
		if len(s) > len(p)+2 && strings.HasPrefix(s, p) && s[len(p)] >= 'A' && s[len(p)] <= 'Z' &&
			s[len(p)+1] >= 'a' && s[len(p)+1] <= 'z' && !strings.ContainsAny(s, " \t") {
			return true
		}
	}
	return false
}

// flagWords counts the words of s that are lspci's capability flags, a
// name with '+' or '-' glued on ("ECRCGenCap-", "MultHdrRecEn+").
func flagWords(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		last, name := w[len(w)-1], w[:len(w)-1]
		if len(name) < 3 || last != '+' && last != '-' || strings.Trim(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") != "" {
			continue
		}
		upper := 0
		for i := 0; i < len(name); i++ {
			if name[i] >= 'A' && name[i] <= 'Z' {
				upper++
			}
		}
		if upper >= 2 && name[0] >= 'A' && name[0] <= 'Z' {
			n++ // CamelCase or capitals: "RPBusy-", not bonnie's "Chr-"
		}
	}
	return n
}

// contactLabel reports whether a row label is a line of a signature or a
// letterhead ("Tel: +1 ...", "(Tel)", "Fax", "VAT N° ..."), whose digits
// are no result.
func contactLabel(s string) bool {
	s = strings.TrimLeft(s, "(")
	// capitals too: letterheads write "TEL +33 ..."; lower case is left
	// alone, "mobile" names a platform in results
	for _, p := range []string{"Tel", "Phone", "Fax", "Mobile", "TEL", "PHONE", "FAX", "VAT", "REG N"} {
		if strings.HasPrefix(s, p) && (len(s) == len(p) || !isLetter(s[len(p)])) {
			return true
		}
	}
	return false
}

// hexTitles reports whether every column title is made of hexadecimal
// words of 16 or 32 bits with digits and letters mixed ("1e2f", "07d0
// 03c0"): register values read as titles, a register dump.
func hexTitles(titles []string) bool {
	for _, v := range titles {
		words := strings.Fields(v)
		if len(words) == 0 {
			return false
		}
		for _, w := range words {
			if len(w) != 4 && len(w) != 8 || strings.Trim(w, "0123456789abcdef") != "" ||
				strings.Trim(w, "0123456789") == "" || strings.Trim(w, "abcdef") == "" {
				return false
			}
		}
	}
	return len(titles) > 0
}

// schemaKeys reports whether every column title is a keyword of a device
// tree binding's schema ("maxItems", "minimum"): YAML, no measurement.
func schemaKeys(variants []string) bool {
	for _, v := range variants {
		switch v {
		case "minItems", "maxItems", "minimum", "maximum", "const", "default", "multipleOf", "minLength", "maxLength":
		default:
			return false
		}
	}
	return len(variants) > 0
}

// stateHeaders are the column titles of tools that list state, each as
// the words that must all appear: lsmod, free, df, lsblk, xfs_db's
// free-space report, slabinfo, mpstat, vmstat, dstat, devfreq's summary,
// xfs_io's seek, smartctl's error log, cpuidle's and the CPUs' sysfs
// attributes, and the field changes a bug tracker mails ("What |Removed
// |Added").
var stateHeaders = [][]string{
	{"Size", "Used by"},
	{"total", "used", "free", "shared"},
	{"1K-blocks"},
	{"Avail", "Use%"},
	{"MAJ:MIN"},
	{"MIN-IO"},
	{"from", "to", "extents"},
	{"active_objs"},
	{"%usr", "%iowait"},
	{"swpd", "buff"},
	{"usr", "sys", "idl", "wai"},
	{"governor", "polling_ms"},
	{"Whence", "Result"},
	{"residency", "exit_latency"},
	{"online", "capacity"},
	{"Corrected", "Gigabytes"},
	{"Removed", "Added"},
}

// stateHeader reports whether the column titles of t, or the line right
// above it, are a state tool's header.
func stateHeader(t *model.Table) bool {
	var b strings.Builder
	for _, v := range t.Variants {
		b.WriteString(v)
		b.WriteByte(' ')
	}
	if len(t.Lead) > 0 {
		b.WriteString(t.Lead[len(t.Lead)-1])
	}
	if len(t.Context) > 0 {
		b.WriteByte(' ')
		b.WriteString(t.Context[len(t.Context)-1])
	}
	head := b.String()
	for _, words := range stateHeaders {
		all := true
		for _, w := range words {
			if !strings.Contains(head, w) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
