package parse

import (
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/layout"
)

// splitLabelPrefixes reads a label written at the start of each line of a
// block as the variant of its line ("before: read: IOPS=...", "Normal:
// WRITE: bw=...", "run-a-2.fio:  read: IOPS=..."): in a table with no
// variants whose every row label is "prefix: rest", where two or more
// prefixes each hold the same rests, the prefixes name the variants and
// the rests the cases. Prefixes that name an operation ("Read latency:",
// "Write latency:") name cases, not variants, and prefixes that number a
// run ("[Run 2]:") repeats of one case. A prefix that ends in a run
// number ("-2", "_3", after its file extension is dropped) names its
// variant without it, so that the runs of one variant stay one series.
func splitLabelPrefixes(tables []model.Table) {
	for i := range tables {
		t := &tables[i]
		if len(t.Variants) > 0 || len(t.Rows) < 2 {
			continue
		}
		prefixes := make([]string, len(t.Rows))
		rests := make([]string, len(t.Rows))
		held := map[string]map[string]bool{} // by prefix: the rests under it
		ok := true
		for k, r := range t.Rows {
			p, rest, cut := strings.Cut(r.Case, ": ")
			p, rest = strings.TrimSpace(p), strings.TrimSpace(rest)
			if !cut || p == "" || rest == "" || !hasLetter(p) || operationWord(p) || runNumber(p) {
				ok = false
				break
			}
			prefixes[k], rests[k] = runStem(p), rest
			if held[prefixes[k]] == nil {
				held[prefixes[k]] = map[string]bool{}
			}
			held[prefixes[k]][rest] = true
		}
		if !ok || !sameSets(held) {
			continue
		}
		var variants []string
		for k := range t.Rows {
			r := &t.Rows[k]
			r.Case = rests[k]
			for c := range r.Cells {
				r.Cells[c].Variant = prefixes[k]
			}
			if !containsString(variants, prefixes[k]) {
				variants = append(variants, prefixes[k])
			}
		}
		t.Variants = variants
		if t.Baseline = pickBaseline(variants, false); t.Baseline == "" {
			t.Baseline = variants[0]
		}
	}
}

// sameSets reports whether two or more prefixes each hold the same rests.
func sameSets(held map[string]map[string]bool) bool {
	var first map[string]bool
	for _, rests := range held {
		if first == nil {
			first = rests
			continue
		}
		if len(rests) != len(first) {
			return false
		}
		for r := range rests {
			if !first[r] {
				return false
			}
		}
	}
	return len(held) >= 2
}

// operationWord reports whether a label starts with the operation a
// figure measures ("Read latency", "write", "randread"): such labels name
// cases.
func operationWord(label string) bool {
	w, _, _ := strings.Cut(strings.ToLower(label), " ")
	switch w {
	case "read", "write", "reads", "writes", "randread", "randwrite", "randrw", "rw", "readwrite", "trim", "discard",
		"seqread", "seqwrite", "sequential", "random", "mixed", "open", "close", "create", "delete", "unlink", "stat":
		return true
	}
	return false
}

// runNumber reports whether a prefix only numbers a run ("[Run 2]",
// "iter 3"): its lines are repeats of one measurement, not variants.
func runNumber(p string) bool {
	w := strings.Fields(strings.Trim(p, "[]() "))
	if len(w) != 2 || !layout.RepeatTitle(w[0]) {
		return false
	}
	_, err := strconv.Atoi(w[1])
	return err == nil
}

// runStem drops a file extension and a trailing run number from a label
// ("base-nowait-2.fio" is base-nowait); a label without a run number
// stays as written.
func runStem(p string) string {
	stem := p
	if k := strings.LastIndexByte(stem, '.'); k > 0 && k >= len(stem)-5 && hasLetter(stem[k+1:]) && !strings.ContainsAny(stem[k+1:], " ") {
		stem = stem[:k]
	}
	k := len(stem)
	for k > 0 && isDigit(stem[k-1]) {
		k--
	}
	if k == len(stem) || k < 2 || len(stem)-k > 2 || (stem[k-1] != '-' && stem[k-1] != '_') {
		return p
	}
	return stem[:k-1]
}
