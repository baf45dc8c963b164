package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var kernbenchCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "stddev",
		in:   "Elapsed Time 88.12 (0.41)\nSleeps 801234 (2345.2)\n",
		want: []string{"Elapsed Time||value|88.12", "Elapsed Time||stddev|0.41", "Sleeps||value|801234", "Sleeps||stddev|2345.2"},
	},
	{
		name: "two kernels, unnamed",
		in:   "User Time: 10.5 (0.1) 9.5 (0.2)\nSystem Time: 2 (0.3) 1 (0.1)\n",
		want: []string{"User Time|1|value|10.5", "User Time|1|stddev|0.1", "User Time|2|value|9.5", "User Time|2|stddev|0.2", "System Time|1|value|2", "System Time|1|stddev|0.3", "System Time|2|value|1", "System Time|2|stddev|0.1"},
	},
	{
		name: "column count changes",
		in:   "Elapsed Time 1 2\nUser Time 3\n",
	},
	{
		name: "unknown statistic",
		in:   "Elapsed Time 1\nWall Time 3\n",
	},
	{
		name: "one row",
		in:   "Elapsed Time 88.12 (0.41)\n",
	},
}

func TestKernbenchRead(t *testing.T) {
	for _, tc := range kernbenchCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(kernbenchFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzKernbench(f *testing.F) {
	for _, tc := range kernbenchCases {
		f.Add(tc.in)
	}
	for _, s := range fixtures(f, "kernbench") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, kernbenchFamily{}, in)
	})
}

func BenchmarkKernbench(b *testing.B) { benchFamily(b, kernbenchFamily{}) }
