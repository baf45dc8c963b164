package model

// Where a table's Direction came from, in the order package normalize
// tries them: the first source that decides wins.
const (
	// DirFromHeader: the table's own header ("Interpretation: Lower is better").
	DirFromHeader = "header"
	// DirFromProse: the prose or headings just above the table.
	DirFromProse = "prose"
	// DirFromUnit: the unit or metric of the values (time: lower, rates: higher).
	DirFromUnit = "unit"
	// DirFromMetric: the names of the metrics (row labels, column titles,
	// a short heading): times and costs lower, rates and scores higher.
	DirFromMetric = "metric"
	// DirFromPct: the table's own improvement-signed percentages
	// (mmtests, "[pct imp]"): +x% beside a higher value is higher is better.
	DirFromPct = "printed-pct"
	// DirFromList: the list of well-known benchmarks and metrics.
	DirFromList = "benchmark-list"
	// DirMixed: rows measure metrics better in opposite directions, so the
	// table has no direction; cells carry their own.
	DirMixed = "mixed"
)

// ColumnsMetrics is Table.Columns of a table whose columns are different
// metrics or tests side by side rather than variants of one.
const ColumnsMetrics = "metrics"

// What a table's printed percentages mean.
const (
	// PctImprovement: positive is better whatever the metric (AMD's
	// "[pct imp]", mmtests).
	PctImprovement = "improvement"
	// PctChange: the raw change of the value, (new-base)/base.
	PctChange = "change"
)

// Noise verdicts of a compared cell.
const (
	// NoiseWithin: the improvement is smaller than the spread of either
	// side, or the tool did not mark the difference significant.
	NoiseWithin = "within_noise"
	// NoiseBeyond: the improvement exceeds the spread of both sides, or
	// the tool marked it significant.
	NoiseBeyond = "beyond_noise"
)

// FlagPctMismatch marks a printed percentage that disagrees with the values
// it sits beside beyond what rounding explains.
const FlagPctMismatch = "pct_mismatch"

// FlagParameter marks a number that is a run parameter, not a result: a
// setting the tool echoes before its figures (t/io_uring's "QD=128",
// "fixedbufs=1/0"), a thread id. It is kept so that a reader sees the run's
// settings beside its results (in every export, as a flag), and never
// compared against a baseline.
const FlagParameter = "parameter"

// FlagHeadline marks the cells of the metric a report is about: the
// kernel test robot's "noticed a -8.1% regression of BENCH.METRIC" names
// it, and the robot's own word gives its direction. The other rows of
// such a block are judged only when they are result metrics with a
// direction of their own (not counters, see BasisCounter).
const FlagHeadline = "headline"
