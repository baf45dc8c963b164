package normalize

import (
	"regexp"
	"strconv"
	"strings"
)

// sampleRe finds a stated sample count: "10 Runs", "100000 loops",
// "averaged over 5 iterations", "3 samples", "runs: 10", "number of loops
// is 10000". Command flags ("-r 10") are not read: they mean different
// things per tool.
var sampleRe = regexp.MustCompile(`(?i)(?:^|[^\pL\pN.,/-])(\d{1,9})\s*(?:x\s*)?(runs?|loops?|iterations?|samples?|repetitions?|repeats?|trials?)(?:$|[^\pL\pN_])|(?i)(?:^|[^\pL\pN])(runs?|loops?|iterations?|samples?|repetitions?)\s*(?:[:=]|\s(?:is|was)\s)\s*(\d{1,9})(?:$|[^\pL\pN.,])`)

// Samples returns the first sample count stated in texts, or 0. Callers
// pass the nearest text first.
func Samples(texts ...string) int {
	for _, t := range texts {
		if n := samplesIn(t); n > 0 {
			return n
		}
	}
	return 0
}

func samplesIn(s string) int {
	m := sampleRe.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	num := m[1]
	if num == "" {
		num = m[4]
	}
	n, err := strconv.Atoi(strings.TrimSpace(num))
	if err != nil || n <= 0 {
		return 0
	}
	return n
}
