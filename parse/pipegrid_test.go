package parse

import "testing"

var pipeGridCases = []familyCase{
	{"markdown", "| n | base | new |\n|---|------|-----|\n| 1 | 1.5  | 1.4 |\n| 2 | 2.5  | 2.4 |\n", 1, 4},
	{"two levels collapsed", "| LN | run A | run B |\n| | Min | Max | Min | Max |\n|---|---|---|---|---|\n| 0 | 1 | 2 | 3 | 4 | ^\n", 1, 4},
	{"statistic headers", "| cfg | Min | Avg | Max |\n|-----|-----|-----|-----|\n| idle | 1 | 2 | 3 |\n", 1, 3},
	{"outer borders", "-------------\n| n | v1 | v2 |\n| 1 | 10 | 11 |\n-------------\n", 1, 2},
	{"diffstat is no grid", " kernel/sched/fair.c | 42 +++---\n kernel/sched/core.c |  3 +\n", 0, 0},
	{"spread and ratio cells", "| t | base | new | ratio |\n|---|---|---|---|\n| a | 12.3+/-0.6 | 12.9+/-0.4 | 1.05x |\n", 1, 5},
	{"pair cells", "| w | read/write base | read/write new |\n|---|---|---|\n| oltp | 12345/23456 | 12601/23999 |\n", 1, 4},
	{"uneven groups", "| LN | A | B |\n| | Min | Max | Avg |\n| 0 | 1 | 2 | 3 |\n", 0, 0},
}

func TestPipeGrid(t *testing.T) { runFamily(t, pipeGrid{}, pipeGridCases) }

func FuzzPipeGrid(f *testing.F) { fuzzFamily(f, pipeGrid{}, pipeGridCases) }

func BenchmarkPipeGrid(b *testing.B) { benchFamily(b, pipeGrid{}) }
