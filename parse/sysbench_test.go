package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var sysbenchCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "cpu run",
		in: "CPU speed:\n    events per second:  4120.33\n\nGeneral statistics:\n    total time:                          10.0004s\n" +
			"    total number of events:              41208\n\nLatency (ms):\n         min:                                    0.23\n" +
			"         avg:                                    0.24\n         95th percentile:                        0.27\n\n" +
			"Threads fairness:\n    events (avg/stddev):           10302.0000/21.35\n",
		want: []string{"events per second||value|4120.33", "total time||value|10.0004", "total number of events||value|41208",
			"Latency (ms)||min|0.23", "Latency (ms)||avg|0.24", "Latency (ms)||p95|0.27", "events||avg|10302.0000", "events||stddev|21.35"},
	},
	{
		name: "oltp transactions",
		in:   "SQL statistics:\n    transactions:                        10000  (166.63 per sec.)\n    ignored errors:                      0      (0.00 per sec.)\n",
		want: []string{"transactions||value|10000", "transactions||per_sec|166.63", "ignored errors||value|0", "ignored errors||per_sec|0.00"},
	},
	{
		name: "a heading of someone else's",
		in:   "General statistics:\nwe saw nothing odd\n",
	},
}

func TestSysbenchRead(t *testing.T) {
	for _, tc := range sysbenchCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(sysbenchFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzSysbench(f *testing.F) {
	for _, tc := range sysbenchCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, sysbenchFamily{}, in)
	})
}
