package parse

import "testing"

var rngtestCases = []cellCase{
	{
		name: "prefixed dump",
		in: "rngtest: starting FIPS tests...\nrngtest: bits received from input: 40000032\nrngtest: FIPS 140-2 successes: 1997\n" +
			"rngtest: FIPS 140-2 failures: 3\nrngtest: FIPS 140-2(2001-10-10) Monobit: 1\nrngtest: FIPS 140-2(2001-10-10) Long run: 2\n" +
			"rngtest: input channel speed: (min=88.2; avg=311.7; max=7012.4)Kibits/s\n" +
			"rngtest: FIPS tests speed: (min=40.1; avg=101.9; max=130.6)Mibits/s\nrngtest: Program run time: 2210331 microseconds\n",
		tables: 1,
		cells: []string{"bits received from input||value|40000032", "FIPS 140-2 successes||value|1997",
			"FIPS 140-2 failures||value|3", "FIPS 140-2(2001-10-10) Monobit||value|1", "FIPS 140-2(2001-10-10) Long run||value|2",
			"input channel speed||min|88.2", "input channel speed||avg|311.7", "input channel speed||max|7012.4",
			"FIPS tests speed||avg|101.9", "Program run time||value|2210331"},
	},
	{
		name:   "bare lines pasted under a label",
		in:     "FIPS 140-2 successes: 500\nFIPS 140-2 failures: 0\ninput channel speed: (min=1.2; avg=3.4; max=5.6)Mibits/s\n",
		tables: 1,
		cells:  []string{"FIPS 140-2 successes||value|500", "input channel speed||max|5.6"},
	},
	{
		name:   "failures alone are no dump",
		in:     "FIPS 140-2 failures: 12\n",
		tables: 0,
	},
	{
		name:   "prose",
		in:     "the FIPS 140-2 successes were 994 out of 1000 blocks\n",
		tables: 0,
	},
}

func TestRngtestRead(t *testing.T) { runCellCases(t, rngtestFamily{}, rngtestCases) }

func FuzzRngtest(f *testing.F) { fuzzCells(f, rngtestFamily{}, rngtestCases) }
