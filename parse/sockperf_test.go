package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var sockperfCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "full statistics",
		in: "sockperf: ========= Printing statistics for Server No: 0\nsockperf: ====> avg-latency=12.410 (std-dev=1.802)\n" +
			"sockperf: # dropped messages = 0; # duplicated messages = 0; # out-of-order messages = 0\n" +
			"sockperf: Summary: Latency is 12.410 usec\nsockperf: Total 4000 observations; each percentile contains 40.00 observations\n" +
			"sockperf: ---> <MAX> observation =   61.020\nsockperf: ---> percentile 99.900 =   30.115\nsockperf: ---> <MIN> observation =    8.500\n",
		want: []string{"avg-latency||value|12.410", "avg-latency||stddev|1.802", "Summary: Latency||value|12.410",
			"observation||max|61.020", "percentile||p99.9|30.115", "observation||min|8.500"},
	},
	{
		name: "one summary line",
		in:   "sockperf: Summary: Latency is 7.020 usec\n",
		want: []string{"Summary: Latency||value|7.020"},
	},
	{
		name: "banner only",
		in:   "sockperf: == version #3.10-0 ==\nsockperf[CLIENT] send on:sockperf: using recvfrom() to block on socket(s)\n",
	},
}

func TestSockperfRead(t *testing.T) {
	for _, tc := range sockperfCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(sockperfFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzSockperf(f *testing.F) {
	for _, tc := range sockperfCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, sockperfFamily{}, in)
	})
}
