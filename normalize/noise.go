package normalize

import (
	"math"
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// noisePhrase is prose that calls the differences noise: "within noise",
// "in the noise", "not noticeable", "no significant difference",
// "run-to-run variation", "negligible", "indistinguishable".
var noisePhrase = regexp.MustCompile(`(?i)\b(within\s+(the\s+)?(noise|run[ -]to[ -]run|variance|variation|error|margin)|in\s+the\s+noise|(is|are|be)\s+noise|noise\s+level|not\s+(noticeable|measurable|significant|visible)|no\s+(noticeable|measurable|significant|visible|real|statistically\s+significant)\s+(change|difference|regression|impact|effect)s?|run[ -]to[ -]run\s+(variation|variance|noise)|negligible|indistinguishable)\b`)

// noiseStated reports whether the prose just above t calls its
// differences noise: then the author has judged them, and a 5% rule must
// not judge them otherwise.
func noiseStated(t *model.Table) bool {
	// Joined: a sentence wraps ("the difference is not" / "noticeable").
	return noisePhrase.MatchString(strings.Join(t.Lead, " "))
}

// A number only a few steps of its printed resolution from zero cannot
// show a change of a step or two: time(1)'s 0.008 s against 0.010 s is
// the clock's millisecond twice, not a 25% change. resolutionUnits is how
// many steps a change must exceed, and smallSteps how many steps from
// zero the smaller number must stay below for the rule to apply: one
// significant digit (schbench's integer 20 against 18 usec, or 10 s
// against 12 s, are readings, not rounding).
const (
	resolutionUnits = 2
	smallSteps      = 10
)

// withinResolution reports whether a cell that no spread or mark judged
// differs from its baseline by no more than resolutionUnits steps of the
// finer number's last digit, the smaller being below smallSteps steps.
func withinResolution(t *model.Table, ri int, c *model.Cell) bool {
	if c.Noise != "" {
		return false
	}
	if b := baseCell(t, ri, c); b != nil {
		unit := 2 * math.Min(halfUlp(b.Value), halfUlp(c.Value))
		x, y := b.Value.Float(), c.Value.Float()
		diff := math.Abs(x - y)
		small := math.Min(math.Abs(x), math.Abs(y)) < smallSteps*unit*(1-1e-9)
		return !math.IsNaN(diff) && small && diff <= resolutionUnits*unit*(1+1e-9)
	}
	return false
}
