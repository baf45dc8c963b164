package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var dbenchCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "operations and throughput",
		in: " Operation      Count    AvgLat    MaxLat\n ----------------------------------------\n NTCreateX     812345     0.021    18.402\n" +
			" Close         596120     0.004     9.310\n\nThroughput 902.412 MB/sec  16 clients  16 procs  max_latency=18.410 ms\n",
		want: []string{"NTCreateX||count|812345", "NTCreateX||avglat|0.021", "NTCreateX||maxlat|18.402",
			"Close||count|596120", "Close||avglat|0.004", "Close||maxlat|9.310",
			"Throughput||value|902.412", "Throughput||max_latency|18.410"},
	},
	{
		name: "throughput lines of several runs",
		in:   "Throughput 410.5 MB/sec  4 clients  4 procs  max_latency=6.1 ms\nThroughput 402.0 MB/sec  4 clients  4 procs  max_latency=7.9 ms\n",
		want: []string{"Throughput||value|410.5", "Throughput||max_latency|6.1", "Throughput||value|402.0", "Throughput||max_latency|7.9"},
	},
	{
		name: "prose",
		in:   "Throughput was about 400 MB/sec here\n",
	},
}

func TestDbenchRead(t *testing.T) {
	for _, tc := range dbenchCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(dbenchFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzDbench(f *testing.F) {
	for _, tc := range dbenchCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, dbenchFamily{}, in)
	})
}
