package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var pairsCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "tab-separated sizes with suffixes",
		in:   " 16k chunks + lz4\t\t512M\n 64k chunks + lz4\t\t471M\n128k chunks + lz4hc,9\t455M\n",
		want: []string{"16k chunks + lz4||value|512", "64k chunks + lz4||value|471", "128k chunks + lz4hc,9||value|455"},
	},
	{
		name: "blank-padded",
		in:   "cold start      41.5\nwarm start      12.25\nafter resume    13\n",
		want: []string{"cold start||value|41.5", "warm start||value|12.25", "after resume||value|13"},
	},
	{
		name: "two lines are too few",
		in:   "cold start      41.5\nwarm start      12.25\n",
	},
	{
		name: "state file and settings",
		in:   "MemTotal:       16318552\nMemFree:         8102400\nCached:          4100000\nCONFIG_NR_CPUS  64\nCONFIG_HZ  250\nCONFIG_LOG_BUF_SHIFT  17\n",
	},
	{
		name: "macros, dump fields, test tallies",
		in: "#define RETRY_LIMIT      25\n+#define RETRY_DELAY     26\n#define RETRY_MAX      27\n" +
			"bLength                18\nbDescriptorType         1\nbcdUSB               2.00\n" +
			"passed   3\nfailed   0\nskipped  1\n",
	},
	{
		name: "sentences ending in a number",
		in:   "we ran it on 4\nthen again with 8\nand finally 16\n",
	},
	{
		name: "more columns than a pair",
		in:   "sda   12   40.5\nsdb   11   41.0\nsdc   13   39.9\n",
	},
}

func TestPairsRead(t *testing.T) {
	for _, tc := range pairsCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(pairs{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzPairs(f *testing.F) {
	for _, tc := range pairsCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, pairs{}, in)
	})
}

var sharesCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "a distribution over three buckets",
		in:   "< 1ms:   81.5%;\n1ms~5ms: 15.0%;\nover 5ms:\t 3.5%;\n",
		want: []string{"< 1ms||share|81.5", "1ms~5ms||share|15.0", "over 5ms||share|3.5"},
	},
	{
		name: "changes that add up to nothing",
		in:   "read: 4.5%\nwrite: -2.0%\n",
	},
	{
		name: "a single share",
		in:   "idle: 100%\n",
	},
}

func TestShares(t *testing.T) {
	for _, tc := range sharesCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(shares{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzShares(f *testing.F) {
	for _, tc := range sharesCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, shares{}, in)
	})
}
