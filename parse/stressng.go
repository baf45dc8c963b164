package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The stress-ng family reads what stress-ng prints with --metrics-brief
// and --times, with or without its "stress-ng: info:  [4711] " prefix:
//
//	stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s
//	                          (secs)    (secs)    (secs)   (real time) (usr+sys time)
//	dentry           412034     30.01      3.20    101.15     13730.22        3948.44
//	for a 30.02s run time:
//	    1921.28s available CPU time
//	       3.20s user time   (  0.17%)
//	     101.15s system time (  5.26%)
//	load average: 4.10 1.52 0.61
//	passed: 4: dentry (4)
//	successful run completed in 30.02s
//
// The metrics are one table, a row per stressor, fields by column:
// bogo_ops, real_time, usr_time, sys_time, bogo_ops_per_s_real_time,
// bogo_ops_per_s_usr_sys_time, then cpu_used_per_instance and rss_max
// where the header has those columns. The --times summary is another:
// rows by label ("run time", "user time", ...) with field seconds and the
// bracketed share of the available CPU time as share; "load average" with
// load1, load5 and load15; an interrupt count under a stressor
// ("1 System Management Interrupt") as count; the run status (passed,
// failed, skipped as count, a per-stressor tally by the stressor's name,
// "completed in" as seconds, minutes, secs). The lines that echo the run's
// settings ("setting to a 30 second run per stressor", "dispatching hogs:
// 4 dentry") are parameters, not results: they give no cells.
type stressNG struct{}

func init() { Register(stressNG{}, 43) }

// Name is the format recorded for these tables.
func (stressNG) Name() string { return "stress-ng" }

// words: a table is the metrics under their "bogo ops" header or the
// summary that opens "for a 30.02s run time:".
func (stressNG) words() []string { return []string{"bogo", "time:"} }

// stressNGColumns name the metrics columns in the order stress-ng prints
// them.
var stressNGColumns = []string{"bogo_ops", "real_time", "usr_time", "sys_time", "bogo_ops_per_s_real_time",
	"bogo_ops_per_s_usr_sys_time", "cpu_used_per_instance", "rss_max"}

// stressNGText returns a line without stress-ng's "stress-ng: info:
// [4711] " prefix, its blanks and tabs read as single blanks (the
// columns are told apart by position in the header only).
func stressNGText(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	rest, ok := strings.CutPrefix(text, "stress-ng:")
	if !ok {
		return text
	}
	rest = strings.TrimSpace(rest)
	if k := strings.IndexByte(rest, ':'); k > 0 && k <= 6 && !strings.ContainsAny(rest[:k], " \t") {
		rest = strings.TrimSpace(rest[k+1:]) // "info:", "metrc:", "warn:"
	}
	if strings.HasPrefix(rest, "[") {
		if k := strings.IndexByte(rest, ']'); k > 0 && allDigits(rest[1:k]) {
			rest = strings.TrimSpace(rest[k+1:])
		}
	}
	return rest
}

// allDigits reports whether s is a non-empty run of ASCII digits.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// Read returns the metrics table and the times summary of each run.
func (stressNG) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		text := stressNGText(b.trim(i))
		switch {
		case stressNGHeader(text):
			if m, end := stressNGMetrics(b, i); len(m.Table.Rows) > 0 {
				for m.Start > 0 && stressNGSetting(stressNGText(b.trim(m.Start-1))) {
					m.Start-- // the settings echoed above belong to the run
				}
				out = append(out, m)
				i = end
				continue
			}
		case stressNGTimesStart(text) || strings.HasSuffix(text, ":") && stressNGTimesAhead(b, i):
			if m, end := stressNGTimes(b, i); len(m.Table.Rows) > 1 {
				out = append(out, m)
				i = end
				continue
			}
		}
		i++
	}
	return out
}

// stressNGSetting reports whether a line echoes a run setting:
// "setting to a 30 second run per stressor", "dispatching hogs: 4 dentry".
func stressNGSetting(text string) bool {
	return strings.HasPrefix(text, "setting to a ") || strings.HasPrefix(text, "dispatching hogs:")
}

// stressNGHeader reports whether a line is the metrics header.
func stressNGHeader(text string) bool {
	return strings.HasPrefix(text, "stressor ") && strings.Contains(text, "bogo ops")
}

// stressNGMetrics reads the header at line i, the unit lines under it and
// a row per stressor.
func stressNGMetrics(b *Block, i int) (Match, int) {
	t := model.Table{Benchmark: "stress-ng"}
	j := i + 1
	for ; j < len(b.Lines) && j <= i+2; j++ {
		if text := stressNGText(b.trim(j)); !strings.HasPrefix(text, "(") && !strings.HasPrefix(text, "instance") {
			break // the unit lines: "(secs) (secs) ...", "instance (%) (KB)"
		}
	}
	end := j
	for ; j < len(b.Lines); j++ {
		f := strings.Fields(stressNGText(b.trim(j)))
		if len(f) < 7 || len(f) > 1+len(stressNGColumns) || !hasLetter(f[0]) {
			break
		}
		row := rowAt(b, j, f[0])
		for k, tok := range f[1:] {
			addCell(&row, b.Comma, "", stressNGColumns[k], tok)
		}
		if len(row.Cells) != len(f)-1 {
			break
		}
		t.Rows = append(t.Rows, row)
		end = j + 1
	}
	return Match{Start: i, End: end, Table: t}, end
}

// stressNGTimesStart reports whether a line opens the --times summary:
// "for a 30.02s run time:".
func stressNGTimesStart(text string) bool {
	return strings.HasPrefix(text, "for a ") && strings.HasSuffix(text, "s run time:")
}

// stressNGTimesAhead reports whether the line after a stressor's "name:"
// line, or the one after that, opens the --times summary.
func stressNGTimesAhead(b *Block, i int) bool {
	for j := i + 1; j < len(b.Lines) && j <= i+2; j++ {
		if stressNGTimesStart(stressNGText(b.trim(j))) {
			return true
		}
	}
	return false
}

// stressNGTimes reads the summary from line i on.
func stressNGTimes(b *Block, i int) (Match, int) {
	t := model.Table{Benchmark: "stress-ng"}
	j, stressor := i, ""
	for ; j < len(b.Lines); j++ {
		text := stressNGText(b.trim(j))
		if j == i && strings.HasSuffix(text, ":") && !stressNGTimesStart(text) {
			stressor = strings.TrimSuffix(text, ":") // "ramfs:" above its interrupt counts
			continue
		}
		row, ok := stressNGTimesRow(b, j, text, stressor)
		if !ok {
			break
		}
		if len(row.Cells) > 0 {
			t.Rows = append(t.Rows, row)
		}
	}
	return Match{Start: i, End: j, Table: t}, j
}

// stressNGTimesRow reads one summary line; ok is false for a line that is
// none (a status line without figures, "failed: 0", is one and gives its
// count).
func stressNGTimesRow(b *Block, j int, text, stressor string) (model.Row, bool) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return model.Row{}, false
	}
	switch {
	case stressNGTimesStart(text): // "for a 30.02s run time:"
		row := rowAt(b, j, "run time")
		addCell(&row, b.Comma, "", "seconds", strings.TrimSuffix(f[2], "s"))
		return row, len(row.Cells) == 1
	case strings.HasPrefix(text, "load average:") && len(f) == 5:
		row := rowAt(b, j, "load average")
		for k, name := range []string{"load1", "load5", "load15"} {
			addCell(&row, b.Comma, "", name, f[2+k])
		}
		return row, len(row.Cells) == 3
	case f[0] == "passed:" || f[0] == "failed:" || f[0] == "skipped:" || f[0] == "metrics" || f[0] == "untrustworthy:":
		return stressNGStatus(b, j, f)
	case strings.HasPrefix(text, "successful run completed in ") || strings.HasPrefix(text, "unsuccessful run completed in "):
		return stressNGCompleted(b, j, text)
	}
	n, ok := strings.CutSuffix(f[0], "s")
	if ok && len(f) >= 3 && isNumber(n) && strings.Contains(text, " time") {
		// "3.20s user time   (  0.17%)", "1921.28s available CPU time"
		label, share := stressNGShare(strings.Join(f[1:], " "))
		row := rowAt(b, j, label)
		addCell(&row, b.Comma, "", "seconds", n)
		if share != "" {
			addCell(&row, b.Comma, "", "share", share)
		}
		return row, len(row.Cells) > 0
	}
	if stressor != "" && allDigits(f[0]) && len(f) >= 2 && hasLetter(f[1]) {
		// "1 System Management Interrupt" under "ramfs:"
		row := rowAt(b, j, strings.Join(f[1:], " "))
		addCell(&row, b.Comma, "", "count", f[0])
		return row, true
	}
	return model.Row{}, false
}

// isNumber reports whether s reads as a plain number.
func isNumber(s string) bool {
	_, ok := ReadNumber(s, CommaUnknown)
	return ok
}

// stressNGShare splits "user time   (  0.17%)" into the label and the
// share's number.
func stressNGShare(s string) (string, string) {
	k := strings.IndexByte(s, '(')
	if k < 0 || !strings.HasSuffix(s, "%)") {
		return strings.TrimSpace(s), ""
	}
	return strings.TrimSpace(s[:k]), strings.TrimSpace(s[k+1 : len(s)-2])
}

// stressNGStatus reads "passed: 4: dentry (4)", "failed: 0".
func stressNGStatus(b *Block, j int, f []string) (model.Row, bool) {
	row := rowAt(b, j, strings.TrimSuffix(f[0], ":"))
	if len(f) < 2 {
		return row, true
	}
	addCell(&row, b.Comma, "", "count", strings.TrimSuffix(f[1], ":"))
	for k := 2; k+1 < len(f); k += 2 {
		n := strings.TrimSuffix(strings.TrimPrefix(f[k+1], "("), ")")
		addCell(&row, b.Comma, "", strings.TrimSuffix(f[k], ","), n)
	}
	return row, true
}

// stressNGCompleted reads "successful run completed in 30.02s (0 mins,
// 30.02 secs)".
func stressNGCompleted(b *Block, j int, text string) (model.Row, bool) {
	label, rest, _ := strings.Cut(text, " in ")
	row := rowAt(b, j, label+" in")
	f := strings.Fields(strings.NewReplacer("(", " ", ")", " ", ",", " ").Replace(rest))
	if len(f) == 0 {
		return row, false
	}
	addCell(&row, b.Comma, "", "seconds", strings.TrimSuffix(f[0], "s"))
	for k := 1; k+1 < len(f); k += 2 {
		unit := f[k+1]
		if unit == "min" || unit == "mins" {
			unit = "minutes"
		}
		addCell(&row, b.Comma, "", unit, f[k])
	}
	return row, len(row.Cells) > 0
}
