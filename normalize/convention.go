package normalize

import "github.com/lkmlbench/lkmlbench/model"

// formatConvention is what a table family's percentages are known to mean
// when the values cannot tell: mmtests and AMD's "[pct imp]" sign by the
// metric's direction, the kernel test robot prints the raw %change.
var formatConvention = map[string]string{
	"mmtests":    model.PctImprovement,
	"pct-imp-cv": model.PctImprovement,
	"lkp":        model.PctChange,
}

// convention infers what the table's printed percentages mean from the
// rows where values and percentage are both known. dirOf gives the
// better-direction of a comparison ("" when unknown).
//
// A percentage equal to 1-new/base (or base/new-1) is positive when the
// value fell: only an improvement-signed reading of a lower-is-better
// metric prints that. new/base-1 printed for a lower-is-better metric is
// the raw change. For higher-is-better metrics both readings coincide;
// then the table family decides, else the raw change is assumed.
func convention(t *model.Table, cmps []*comparison, dirOf func(*comparison) string) string {
	impOnly, chgOnly, either := 0, 0, 0
	for _, c := range cmps {
		f := c.fit
		if !f.informative() {
			continue
		}
		fell := f.down || f.speedup
		switch d := dirOf(c); {
		case fell && d != "higher":
			impOnly++
		case f.up && d == "lower":
			chgOnly++
		case f.up:
			either++
		}
	}
	switch {
	case impOnly > chgOnly:
		return model.PctImprovement
	case chgOnly > impOnly:
		return model.PctChange
	}
	if c, ok := formatConvention[t.Format]; ok {
		return c
	}
	if either > 0 {
		return model.PctChange
	}
	return ""
}

// fitsConvention reports whether a comparison's printed percentage agrees
// with its values under the table's convention and its direction.
func fitsConvention(f fit, conv, dir string) bool {
	if !f.checked {
		return true
	}
	fell := f.down || f.speedup
	switch {
	case conv == model.PctChange:
		return f.up
	case conv == model.PctImprovement && dir == "higher":
		return f.up
	case conv == model.PctImprovement && dir == "lower":
		return fell
	}
	return f.up || fell
}

// pctDirection is the direction an improvement-signed percentage reveals
// for a row whose metric the text does not name: it printed new/base-1
// (higher is better) or 1-new/base (lower is better).
func pctDirection(f fit) string {
	switch {
	case !f.informative():
		return ""
	case f.up:
		return "higher"
	case f.down || f.speedup:
		return "lower"
	}
	return ""
}
