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

// Why a compared cell carries no verdict although its change is known
// (Cell.VerdictBasis with VerdictNone): the evidence disagrees.
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
)
