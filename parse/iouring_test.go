package parse

import (
	"slices"
	"testing"

	"github.com/lkmlbench/lkmlbench/model"

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
		want: []string{"polled||value|1", "fixedbufs||value|1", "fixedbufs||value|0", "QD||value|64", "submitter||value|0",
			"tid||value|5150", "||iops|1812000", "||bw|885", "||ios_per_call|30", "||reaps_per_call|29", "||inflight|60", "||inflight|41",
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

// TestIoUringSettingsFlagged: the echoed settings are parameters, the
// rates are not.
func TestIoUringSettingsFlagged(t *testing.T) {
	ms := ioUringFamily{}.Read(blockOf("Engine=io_uring, sq_ring=64, cq_ring=64\nIOPS=900K, BW=440MiB/s, IOS/call=8/8\nIOPS=910K, BW=444MiB/s, IOS/call=8/8\n"))
	if len(ms) != 1 {
		t.Fatalf("want one table, got %d", len(ms))
	}
	for _, r := range ms[0].Table.Rows {
		for _, c := range r.Cells {
			param := slices.Contains(c.Flags, model.FlagParameter)
			if want := r.Case == "sq_ring" || r.Case == "cq_ring"; param != want {
				t.Errorf("%s %s: parameter flag %v, want %v", r.Case, c.Field, param, want)
			}
		}
	}
	if ms[0].Start != 0 {
		t.Errorf("table starts at line %d, want the settings line 0", ms[0].Start)
	}
}
