package parse

import "testing"

var transposedCases = []familyCase{
	{"titles and groups", "base new\ngroup one\navg 1.0 2.0\nstdev 1 % 2 %\ngroup two\navg 3.0 4.0\nstdev 3 % 4 %\n", 1, 8},
	{"aligned single group", "      base   new\nmean  1.0    2.0\nsd    0.1    0.2\n", 1, 4},
	{"decimal commas", "a b c\navg 1,5 2,5 3,5\nvs a 0,0 % 1,2 % 2,4 %\n", 1, 6},
	{"row title and units", "latency  base    new\np50      12.3ms  11.9ms\np99      45.1ms  40.2ms\n", 1, 4},
	{"one statistic only", "a b\navg 1 2\navg 3 4\n", 0, 0},
	{"prose", "The avg latency was 10 and 20 usec,\nwhile max hit 300 and 400.\n", 0, 0},
	{"uneven widths", "a b c\navg 1 2 3\nstdev 1 2\n", 0, 0},
}

func TestTransposed(t *testing.T) { runFamily(t, transposed{}, transposedCases) }

func FuzzTransposed(f *testing.F) { fuzzFamily(f, transposed{}, transposedCases) }

func BenchmarkTransposed(b *testing.B) { benchFamily(b, transposed{}) }
