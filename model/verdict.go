package model

// Verdict is what a compared cell says about its variant against the
// baseline: better or worse beyond noise, or within it. The zero value
// means no verdict: a baseline cell, a table without baseline, a metric
// whose better-direction is unknown, a spread or a printed percentage.
type Verdict string

// The verdicts of a compared cell.
const (
	// VerdictNone: the cell is not compared (see Verdict).
	VerdictNone Verdict = ""
	// VerdictImproved: better than the baseline beyond noise.
	VerdictImproved Verdict = "improved"
	// VerdictRegressed: worse than the baseline beyond noise.
	VerdictRegressed Verdict = "regressed"
	// VerdictWithinNoise: the change is smaller than the noise.
	VerdictWithinNoise Verdict = "within noise"
)

// Verdicts lists the verdicts of compared cells in the order reports show
// them.
var Verdicts = []Verdict{VerdictRegressed, VerdictImproved, VerdictWithinNoise}

// Beyond reports whether the verdict is a change beyond noise.
func (v Verdict) Beyond() bool { return v == VerdictImproved || v == VerdictRegressed }

// What decided whether a change is beyond noise (Cell.VerdictBasis).
const (
	// BasisCV: the coefficient of variation (or stddev over the value) of
	// both sides; beyond noise when the change exceeds both.
	BasisCV = "cv"
	// BasisSignificance: the tool's own significance marker (mmtests'
	// "*"); beyond noise when the change is marked.
	BasisSignificance = "significance"
	// BasisMinChange: the table gives neither; beyond noise when the change
	// is at least the minimum change (normalize.DefaultMinChange percent
	// unless the user chose another).
	BasisMinChange = "min-change"
)

// Why a compared cell carries no verdict (Cell.VerdictBasis with
// VerdictNone): the evidence disagrees, or the number is not a result.
// Such a cell carries no ImprovementPct either: a change printed beside
// no verdict reads as one.
const (
	// BasisPctMismatch: the author's printed percentage does not follow
	// from the values (the row's, or most of the table's), so the reading
	// of baseline or columns is in doubt.
	BasisPctMismatch = "pct-mismatch"
	// BasisDifferentTests: the columns are different tests rather than
	// variants of one (no name says which is the reference, and their
	// values differ by several times in every row).
	BasisDifferentTests = "different-tests"
	// BasisDoubtful: the reading is doubtful: a header line read as data
	// (its numbers carry units the rows do not), or one variant holding
	// two numbers of the same field in a row.
	BasisDoubtful = "doubtful-reading"
	// BasisCounter: the row is a resource counter or the run time of a
	// fixed-length run (LKP's time.* and monitor rows, context switches,
	// page faults, user and system CPU time, CPU utilisation, profile
	// shares). Such a count rises and falls with the work the run did, so
	// its change is context for the result metric, not a result: a
	// stressor that stalls spends less system time.
	BasisCounter = "counter"
	// BasisNoise: the mail itself says the difference is noise ("within
	// noise", "not noticeable"), or the change is no more than the
	// printed resolution of the numbers (0.008 s against 0.010 s).
	BasisNoise = "noise"
)

// Withheld reports whether basis is a reason for giving no verdict
// (BasisPctMismatch, BasisDifferentTests, BasisDoubtful, BasisCounter,
// BasisNoise) rather than what decided one.
func Withheld(basis string) bool {
	switch basis {
	case BasisPctMismatch, BasisDifferentTests, BasisDoubtful, BasisCounter, BasisNoise:
		return true
	}
	return false
}
