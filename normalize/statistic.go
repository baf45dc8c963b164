package normalize

import "strings"

// statNames are the canonical spellings of the aggregates reporters name.
var statNames = map[string]string{
	"amean": "AMean", "arithmetic mean": "AMean", "mean": "AMean", "average": "AMean", "avg": "AMean",
	"hmean": "HMean", "harmonic mean": "HMean",
	"gmean": "GMean", "geometric mean": "GMean", "geomean": "GMean",
	"bamean": "BAMean", "median": "Median", "min": "Min", "max": "Max",
}

// Statistic returns the canonical name of an aggregate ("Hmean" ->
// "HMean"); names it does not know are returned as written.
func Statistic(s string) string {
	if c, ok := statNames[strings.ToLower(strings.TrimSpace(s))]; ok {
		return c
	}
	return s
}
