package parse

import (
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The time family reads what the shell's time and /usr/bin/time print:
//
//	real	0m12.402s
//	user	0m1.020s
//	sys	0m9.877s
//
//	0.98user 9.80system 0:12.40elapsed 86%CPU (0avgtext+0avgdata 5120maxresident)k
//
//	User time (seconds): 1.02
//	Elapsed (wall clock) time (h:mm:ss or m:ss): 0:12.40
//	Maximum resident set size (kbytes): 5120
//
// The shell's lines are rows real, user and sys with field seconds (the
// "0m12.402s" as written in Text), one triple per run, runs one after the
// other in one table. The one-line summary of /usr/bin/time is a row
// "time" with fields user, system, elapsed (seconds), cpu (percent) and
// maxresident (KiB). The -v report gives a row per line, named by the
// label as written, field value (seconds for the elapsed time).
type timeFamily struct{}

func init() { Register(timeFamily{}, 44) }

// Name is the format recorded for these tables.
func (timeFamily) Name() string { return "time" }

// Read returns each run of time lines.
func (timeFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		t := model.Table{Benchmark: "time", Unit: "s", Direction: "lower"}
		j, shell := i, 0
		for ; j < len(b.Lines); j++ {
			text := b.trim(j)
			if text == "" && shell > 0 && j+1 < len(b.Lines) && timeShellLine(b.trim(j+1)) {
				continue // a blank line between runs
			}
			row, kind, ok := timeRow(b, j, text)
			if !ok {
				break
			}
			if kind == "shell" {
				shell++
			}
			t.Rows = append(t.Rows, row)
		}
		for j > i && b.trim(j-1) == "" {
			j--
		}
		if len(t.Rows) >= 2 || len(t.Rows) == 1 && len(t.Rows[0].Cells) >= 3 {
			if shell == 0 {
				t.Unit, t.Direction = "", ""
			}
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}

// timeShellLine reports whether a line is "real 0m12.402s" or its user or
// sys sibling.
func timeShellLine(text string) bool {
	_, _, ok := timeShellFields(text)
	return ok
}

// timeShellFields splits a shell time line into its name and its time,
// which busybox writes with a blank after the minutes ("real 0m 32.09s").
// The prefix test comes first: it turns away most lines before they are
// cut into fields.
func timeShellFields(text string) (name, value string, ok bool) {
	if !strings.HasPrefix(text, "real") && !strings.HasPrefix(text, "user") && !strings.HasPrefix(text, "sys") {
		return "", "", false
	}
	f := strings.Fields(text)
	if len(f) == 3 && len(f[1]) > 1 && strings.HasSuffix(f[1], "m") && allDigits(f[1][:len(f[1])-1]) {
		f = []string{f[0], f[1] + f[2]}
	}
	if len(f) != 2 || f[0] != "real" && f[0] != "user" && f[0] != "sys" || timeSeconds(f[1]) == "" {
		return "", "", false
	}
	return f[0], f[1], true
}

// timeSeconds reads "0m12.402s", "12.402s", "1m2s" or "0:12.40" (m:ss, or
// h:mm:ss), with a decimal point or comma, as seconds; "" when s is none
// of those.
func timeSeconds(s string) string {
	var mins, secs string
	switch {
	case strings.HasSuffix(s, "s") && strings.Contains(s, "m"):
		mins, secs, _ = strings.Cut(strings.TrimSuffix(s, "s"), "m")
	case strings.HasSuffix(s, "s"):
		secs = strings.TrimSuffix(s, "s")
	case strings.Contains(s, ":"):
		parts := strings.Split(s, ":")
		if len(parts) > 3 {
			return ""
		}
		total := 0
		for _, p := range parts[:len(parts)-1] {
			n, err := strconv.Atoi(p)
			if err != nil || n < 0 {
				return ""
			}
			total = total*60 + n
		}
		mins, secs = strconv.Itoa(total), parts[len(parts)-1]
	default:
		return ""
	}
	// The seconds of time(1) never group thousands: a comma in them is the
	// decimal mark of the locale the shell ran in ("0m3,049s").
	n, ok := ReadNumber(secs, CommaDecimal)
	if !ok || strings.HasPrefix(secs, "-") || strings.HasPrefix(secs, "+") || strings.Contains(string(n), "e") {
		return ""
	}
	secs = string(n)
	if mins == "" || mins == "0" {
		return secs
	}
	m, err := strconv.Atoi(mins)
	if err != nil || m < 0 || m > 1e6 {
		return ""
	}
	whole, frac, _ := strings.Cut(secs, ".")
	w, err := strconv.Atoi(whole)
	if err != nil {
		return ""
	}
	out := strconv.Itoa(m*60 + w)
	if frac != "" {
		out += "." + frac
	}
	return out
}

// timeVerbose are the labels of /usr/bin/time -v whose figures are results.
var timeVerbose = map[string]bool{"User time (seconds)": true, "System time (seconds)": true, "Percent of CPU this job got": true,
	"Elapsed (wall clock) time (h:mm:ss or m:ss)": true, "Maximum resident set size (kbytes)": true,
	"Major (requiring I/O) page faults": true, "Minor (reclaiming a frame) page faults": true,
	"Voluntary context switches": true, "Involuntary context switches": true, "File system inputs": true,
	"File system outputs": true, "Average resident set size (kbytes)": true, "Swaps": true, "Exit status": true,
	"Socket messages sent": true, "Socket messages received": true, "Signals delivered": true,
	"Average shared text size (kbytes)": true, "Average unshared data size (kbytes)": true,
	"Average stack size (kbytes)": true, "Average total size (kbytes)": true, "Page size (bytes)": true}

// timeRow reads one line: kind is "shell", "summary" or "verbose".
func timeRow(b *Block, j int, text string) (model.Row, string, bool) {
	if name, v, ok := timeShellFields(text); ok {
		row := rowAt(b, j, name)
		row.Cells = append(row.Cells, model.Cell{Field: "seconds", Value: model.Number(timeSeconds(v)), Text: v})
		return row, "shell", true
	}
	if row, ok := timeSummary(b, j, text); ok {
		return row, "summary", true
	}
	if k := strings.LastIndex(text, ": "); k > 0 && timeVerbose[text[:k]] {
		label, v := text[:k], strings.TrimSpace(text[k+2:])
		row := rowAt(b, j, label)
		if strings.HasPrefix(label, "Elapsed") {
			if s := timeSeconds(v); s != "" {
				row.Cells = append(row.Cells, model.Cell{Field: "seconds", Value: model.Number(s), Text: v})
			}
		} else {
			addCell(&row, b.Comma, "", "value", strings.TrimSuffix(v, "%"))
		}
		return row, "verbose", len(row.Cells) == 1
	}
	return model.Row{}, "", false
}

// timeSummary reads "0.98user 9.80system 0:12.40elapsed 86%CPU
// (0avgtext+0avgdata 5120maxresident)k".
func timeSummary(b *Block, j int, text string) (model.Row, bool) {
	if !strings.Contains(text, "elapsed") {
		return model.Row{}, false
	}
	f := strings.Fields(text)
	if len(f) < 4 || !strings.HasSuffix(f[0], "user") || !strings.HasSuffix(f[1], "system") || !strings.HasSuffix(f[2], "elapsed") {
		return model.Row{}, false
	}
	row := rowAt(b, j, "time")
	addCell(&row, b.Comma, "", "user", strings.TrimSuffix(f[0], "user"))
	addCell(&row, b.Comma, "", "system", strings.TrimSuffix(f[1], "system"))
	if s := timeSeconds(strings.TrimSuffix(f[2], "elapsed")); s != "" {
		row.Cells = append(row.Cells, model.Cell{Field: "elapsed", Value: model.Number(s), Text: strings.TrimSuffix(f[2], "elapsed")})
	}
	if strings.HasSuffix(f[3], "%CPU") {
		addCell(&row, b.Comma, "", "cpu", strings.TrimSuffix(f[3], "%CPU"))
	}
	for _, w := range f[4:] {
		if k := strings.Index(w, "maxresident"); k > 0 {
			addCell(&row, b.Comma, "", "maxresident", w[:k]) // "5120maxresident)k"
		}
	}
	return row, len(row.Cells) >= 3
}
