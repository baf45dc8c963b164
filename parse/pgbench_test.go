package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var pgbenchCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "report with settings",
		in: "starting vacuum...end.\ntransaction type: <builtin: TPC-B (sort of)>\nscaling factor: 50\nquery mode: simple\nnumber of clients: 16\n" +
			"number of threads: 4\nduration: 60 s\nnumber of transactions actually processed: 960000\nlatency average = 0.998 ms\n" +
			"latency stddev = 0.214 ms\ninitial connection time = 9.120 ms\ntps = 16030.511204 (without initial connection time)\n",
		want: []string{"number of transactions actually processed||value|960000", "latency average||value|0.998", "latency stddev||value|0.214",
			"initial connection time||value|9.120", "tps (without initial connection time)||value|16030.511204"},
	},
	{
		name: "older report, two tps lines",
		in:   "tps = 8012.5 (including connections establishing)\ntps = 8020.1 (excluding connections establishing)\n",
		want: []string{"tps (including connections establishing)||value|8012.5", "tps (excluding connections establishing)||value|8020.1"},
	},
	{
		name: "settings only",
		in:   "number of clients: 16\nnumber of threads: 4\nduration: 60 s\n",
	},
	{
		name: "prose about tps",
		in:   "tps = roughly what we had before\n",
	},
}

func TestPgbenchRead(t *testing.T) {
	for _, tc := range pgbenchCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(pgbenchFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzPgbench(f *testing.F) {
	for _, tc := range pgbenchCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, pgbenchFamily{}, in)
	})
}
