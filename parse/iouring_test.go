package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var ioUringCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "per-file depths, exit notice, maximum",
		in: "polled=1, fixedbufs=1/0, QD=64\nsubmitter=0, tid=5150\n" +
			"IOPS=1812K, BW=885MiB/s, IOS/call=30/29, inflight=(60 41)\n" +
			"IOPS=1820K, BW=888MiB/s, IOS/call=30/30, inflight=(64)\n^CExiting on signal\nMaximum IOPS=1820K\n",
		want: []string{"||iops|1812000", "||bw|885", "||ios_per_call|30", "||reaps_per_call|29", "||inflight|60", "||inflight|41",
			"||iops|1820000", "||bw|888", "||ios_per_call|30", "||reaps_per_call|30", "||inflight|64",
			"Maximum||iops|1820000"},
	},
	{
		name: "older form: no BW, total depth then per file",
		in:   "IOPS=402117, IOS/call=32/31, inflight=96 (96)\nIOPS=405001, IOS/call=32/32, inflight=112 (112)\n",
		want: []string{"||iops|402117", "||ios_per_call|32", "||reaps_per_call|31", "||inflight|96", "||inflight_file|96",
			"||iops|405001", "||ios_per_call|32", "||reaps_per_call|32", "||inflight|112", "||inflight_file|112"},
	},
	{
		name: "decimal suffixes",
		in:   "IOPS=5.25M, BW=2.56GiB/s, IOS/call=32/31\n",
		want: []string{"||iops|5250000", "||bw|2.56", "||ios_per_call|32", "||reaps_per_call|31"},
	},
	{
		name: "two runs one after the other",
		in:   "IOPS=100K, BW=50MiB/s, IOS/call=8/8\nMaximum IOPS=100K\nIOPS=90K, BW=45MiB/s, IOS/call=8/7\n",
		want: []string{"||iops|100000", "||bw|50", "||ios_per_call|8", "||reaps_per_call|8", "Maximum||iops|100000", "--",
			"||iops|90000", "||bw|45", "||ios_per_call|8", "||reaps_per_call|7"},
	},
	{
		name: "settings alone",
		in:   "polled=1, fixedbufs=1/0, register_files=1, buffered=0, QD=128\nEngine=io_uring, sq_ring=128, cq_ring=128\n",
	},
	{
		name: "prose naming the figures",
		in:   "IOPS=twice what we had, BW= about the same\n",
	},
}

func TestIoUringRead(t *testing.T) {
	for _, tc := range ioUringCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(ioUringFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzIoUring(f *testing.F) {
	for _, tc := range ioUringCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, ioUringFamily{}, in)
	})
}
