package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var ddCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "coreutils with both restatements, checksum after",
		in: "51200+0 records in\n51200+0 records out\n209715200 bytes (210 MB, 200 MiB) copied, 1.48812 s, 141 MB/s\n" +
			"3f2a9c0b77e1d4a5c6b8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e  -\n",
		want: []string{"records in||full|51200", "records in||partial|0", "records out||full|51200", "records out||partial|0",
			"copied||bytes|209715200", "copied||mb|210", "copied||mib|200", "copied||seconds|1.48812", "copied||mb/s|141"},
	},
	{
		name: "older coreutils, partial records",
		in:   "   7+1 records in\n   7+1 records out\n   7340100 bytes (7.3 MB) copied, 0.0512 s, 143 MB/s\n",
		want: []string{"records in||full|7", "records in||partial|1", "records out||full|7", "records out||partial|1",
			"copied||bytes|7340100", "copied||mb|7.3", "copied||seconds|0.0512", "copied||mb/s|143"},
	},
	{
		name: "busybox glued units",
		in:   "1000+0 records in\n1000+0 records out\n1024000000 bytes (976.6MB) copied, 4.500100 seconds, 217.0MB/s\n",
		want: []string{"records in||full|1000", "records in||partial|0", "records out||full|1000", "records out||partial|0",
			"copied||bytes|1024000000", "copied||mb|976.6", "copied||seconds|4.500100", "copied||mb/s|217.0"},
	},
	{
		name: "bsd",
		in:   "2048+0 records in\n2048+0 records out\n2147483648 bytes transferred in 9.871 secs (217554812 bytes/sec)\n",
		want: []string{"records in||full|2048", "records in||partial|0", "records out||full|2048", "records out||partial|0",
			"transferred||bytes|2147483648", "transferred||seconds|9.871", "transferred||bytes/sec|217554812"},
	},
	{
		name: "two runs apart",
		in:   "10+0 records in\n10+0 records out\n10485760 bytes (10 MB, 10 MiB) copied, 0.02 s, 524 MB/s\n\n$ sync\n10485760 bytes (10 MB, 10 MiB) copied, 0.03 s, 350 MB/s\n",
		want: []string{"records in||full|10", "records in||partial|0", "records out||full|10", "records out||partial|0",
			"copied||bytes|10485760", "copied||mb|10", "copied||mib|10", "copied||seconds|0.02", "copied||mb/s|524", "--",
			"copied||bytes|10485760", "copied||mb|10", "copied||mib|10", "copied||seconds|0.03", "copied||mb/s|350"},
	},
	{
		name: "records alone are no result",
		in:   "4+0 records in\n4+0 records out\n",
	},
	{
		name: "prose about bytes copied",
		in:   "we saw 4096 bytes copied, then the 512 bytes copied later, about 3 s in\n",
	},
}

func TestDdRead(t *testing.T) {
	for _, tc := range ddCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(ddFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzDd(f *testing.F) {
	for _, tc := range ddCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, ddFamily{}, in)
	})
}
