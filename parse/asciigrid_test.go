package parse

import "testing"

var asciiGridCases = []familyCase{
	{"single header", "+----+------+-------+\n| n  | base | new   |\n+----+------+-------+\n| 1  | 2.5  | 2.4   |\n| 2  | 3.5  | 3.1   |\n+----+------+-------+\n", 1, 4},
	{"spanning groups", "+---+-----------+-----------+\n| n | Before    | After     |\n+---+-----+-----+-----+-----+\n|   | Min | Max | Min | Max |\n+---+-----+-----+-----+-----+\n| 1 | 1   | 9   | 2   | 8   |\n+---+-----+-----+-----+-----+\n", 1, 4},
	{"glued pipes and pct", "+---+----------+\n|Thr| Mean     |\n+---+----------+\n|1  | 5.0 (+2%)|\n|2  | 6.0 (-1%)|\n+---+----------+\n", 1, 4},
	{"missing cell", "+---+------+------+\n| n | base | new  |\n+---+------+------+\n| 1 | 1.5  | -    |\n+---+------+------+\n", 1, 1},
	{"pipe grid is not ascii", "| n | base | new |\n|---|------|-----|\n| 1 | 1.5  | 1.4 |\n", 0, 0},
	{"no header", "+---+------+\n| 1 | 1.5  |\n| 2 | 1.7  |\n+---+------+\n", 0, 0},
	{"no numbers", "+------+------+\n| name | kind |\n+------+------+\n| foo  | bar  |\n+------+------+\n", 0, 0},
}

func TestAsciiGrid(t *testing.T) { runFamily(t, asciiGrid{}, asciiGridCases) }

func FuzzAsciiGrid(f *testing.F) { fuzzFamily(f, asciiGrid{}, asciiGridCases) }

func BenchmarkAsciiGrid(b *testing.B) { benchFamily(b, asciiGrid{}) }
