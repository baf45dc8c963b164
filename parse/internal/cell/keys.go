package cell

import (
	"strconv"
	"strings"
)

// KeysRuns reports whether keys, one per row, key rows repeated under
// each label, as a person reads "munmap" over page counts 1 2 4, then
// "mprotect" over 1 2 4: the labels stand in two or more runs of two or
// more rows, each label in one run, and the keys are whole numbers
// without a unit that never fall within a run (a key written twice is a
// slip, not a new order) and do not stay put, each later run sharing
// most of its keys with the first.
func KeysRuns(labels []string, keys []Slot) bool {
	runs := 0
	seen := map[string]bool{}
	first := map[string]bool{}
	for i := 0; i < len(labels); {
		j := i + 1
		for j < len(labels) && labels[j] == labels[i] {
			j++
		}
		if labels[i] == "" || seen[labels[i]] || j-i < 2 {
			return false
		}
		seen[labels[i]] = true
		shared := 0
		for k := i; k < j; k++ {
			s := keys[k]
			if s.Missing || s.Unit != "" || len(s.Extras) > 0 || strings.ContainsAny(s.Num, ".eE-") {
				return false
			}
			if k > i && wholeOf(keys[k-1]) > wholeOf(s) {
				return false
			}
			if runs == 0 {
				first[s.Num] = true
			} else if first[s.Num] {
				shared++
			}
		}
		if runs > 0 && shared*2 <= j-i || keys[i].Num == keys[j-1].Num {
			return false
		}
		runs++
		i = j
	}
	return runs >= 2
}

// wholeOf is the value of a whole number's slot.
func wholeOf(s Slot) float64 {
	v, _ := strconv.ParseFloat(s.Num, 64)
	return v
}
