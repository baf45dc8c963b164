package parse

import "testing"

var arrowCases = []familyCase{
	{"label colon arrow pct", "hackbench:\n  1 group: 4.25 -> 4.14 (-2.6%)\n  4 groups: 5.19 -> 5.18 (-0.2%)\n", 1, 6},
	{"fat arrow no pct", "tps  1200 => 1250\nlat  8.1 => 7.9\n", 1, 4},
	{"unicode arrow glued units", "p99: 812us \u2192 702us\np50: 101us \u2192 99us\n", 1, 4},
	{"one row with its change", "stream triad: 41230.0 -> 40511.9 (-1.74%)\n", 1, 3},
	{"one row without change is a sentence's figure", "avg: 1.5 -> 1.4\n", 0, 0},
	{"call chain", "foo() -> bar() -> baz()\n", 0, 0},
	{"prose with an arrow", "the latency went from 4.25 -> 4.14 ms once the patch was applied\n", 0, 0},
	{"trailing words", "sched pipe: 5.1 -> 5.0 which is noise\nhackbench: 4.2 -> 4.1 roughly\n", 0, 0},
	{"missing value", "tbench: - -> 3190.8 (+2.1%)\n", 0, 0},
	{"diffconfig", " BLK_DEV_NVME y -> m\n NR_CPUS 256 -> 512\n HZ 250 -> 1000\n", 0, 0},
}

func TestArrow(t *testing.T) { runFamily(t, arrow{}, arrowCases) }

func FuzzArrow(f *testing.F) { fuzzFamily(f, arrow{}, arrowCases) }

func BenchmarkArrow(b *testing.B) { benchFamily(b, arrow{}) }
