package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var measureCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "bullets, units apart, arrow glued, sides named above",
		in:   "Replay time (cold->warm cache):\n  - small files: 4.120 s->1.905 s\n  - large files: 812.4 ms->640.0 ms (-21.2%)\n",
		want: []string{"small files|cold|value|4.120", "small files|warm|value|1.905",
			"large files|cold|value|812.4", "large files|warm|value|640.0", "large files|warm|pct|-21.2"},
	},
	{
		name: "v.s. with the sides glued to the figures",
		in:   "zstd : 31s(two-pass) v.s. 40s(one-pass)\nlzma : 95s(two-pass) v.s. 122s(one-pass)\n",
		want: []string{"zstd|two-pass|value|31", "zstd|one-pass|value|40", "lzma|two-pass|value|95", "lzma|one-pass|value|122"},
	},
	{
		name: "numbered items, unnamed arrow sides",
		in:   "1. boot: 12.5 s -> 11.9 s\n2. first login: 3.1 s -> 2.2 s\n",
		want: []string{"boot|before|value|12.5", "boot|after|value|11.9", "first login|before|value|3.1", "first login|after|value|2.2"},
	},
	{
		name: "vs naming no side",
		in:   "small: 10 ms vs 12 ms\nlarge: 20 ms vs 25 ms\n",
	},
	{
		name: "one line is a sentence's figure",
		in:   "- boot: 12.5 s -> 11.9 s\n",
	},
	{
		name: "prose and settings around arrows",
		in:   "we changed the timeout: 5 s -> 10 s because of the slow disk\nCONFIG_HZ: 250 -> 1000 and then rebuilt\n",
	},
}

func TestMeasureRead(t *testing.T) {
	for _, tc := range measureCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(measure{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzMeasure(f *testing.F) {
	for _, tc := range measureCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, measure{}, in)
	})
}

var slashCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "numbered items, pair and two figures",
		in:   "1. Read/Write IOPS: 412/137. Read/Write BW 1648KB/s 548KB/s\n2. Read/Write IOPS: 398/133. Read/Write BW 1592KB/s 532KB/s\n",
		want: []string{"1||read_iops|412", "1||write_iops|137", "1||read_bw|1648", "1||write_bw|548",
			"2||read_iops|398", "2||write_iops|133", "2||read_bw|1592", "2||write_bw|532"},
	},
	{
		name: "bullets",
		in:   "- rx/tx pps: 1.2/1.1\n- rx/tx pps: 1.4/1.3\n",
		want: []string{"||rx_pps|1.2", "||tx_pps|1.1", "||rx_pps|1.4", "||tx_pps|1.3"},
	},
	{
		name: "one item",
		in:   "1. Read/Write IOPS: 412/137\n",
	},
	{
		name: "dates and paths",
		in:   "1. and/or see 2022/08/18\n2. src/dst copied 3/4\n",
	},
}

func TestSlashPairs(t *testing.T) {
	for _, tc := range slashCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(slashPairs{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzSlashPairs(f *testing.F) {
	for _, tc := range slashCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, slashPairs{}, in)
	})
}
