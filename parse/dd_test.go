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
		name: "summary",
		in:   "2+1 records in\n2+1 records out\n2500000 bytes (2.5 MB, 2.4 MiB) copied, 0.5 s, 5.0 MB/s\n",
		want: []string{"records in||full|2", "records in||partial|1", "records out||full|2", "records out||partial|1",
			"copied||bytes|2500000", "copied||mb|2.5", "copied||mib|2.4", "copied||seconds|0.5", "copied||mb/s|5.0"},
	},
	{
		name: "older coreutils: one size",
		in:   "1+0 records in\n1+0 records out\n512 bytes (512 B) copied, 0.001 s, 512 kB/s\n",
		want: []string{"records in||full|1", "records in||partial|0", "records out||full|1", "records out||partial|0",
			"copied||bytes|512", "copied||b|512", "copied||seconds|0.001", "copied||kb/s|512"},
	},
	{
		name: "progress lines give way to the summary",
		in:   "100 bytes (100 B) copied, 1 s, 100 B/s\n200 bytes (200 B) copied, 2 s, 100 B/s\n2+0 records in\n2+0 records out\n250 bytes (250 B) copied, 2.4 s, 104 B/s\n",
		want: []string{"records in||full|2", "records in||partial|0", "records out||full|2", "records out||partial|0",
			"copied||bytes|250", "copied||b|250", "copied||seconds|2.4", "copied||b/s|104"},
	},
	{
		name: "bsd",
		in:   "8192 bytes transferred in 0.002 secs (4096000 bytes/sec)\n",
		want: []string{"transferred||bytes|8192", "transferred||seconds|0.002", "transferred||bytes/sec|4096000"},
	},
	{
		name: "an error line inside the summary",
		in:   "dd: error writing '/dev/sdx': No space left on device\n3+0 records in\n2+0 records out\n",
		want: []string{"records in||full|3", "records in||partial|0", "records out||full|2", "records out||partial|0"},
	},
	{
		name: "prose about records",
		in:   "The 12 records in the log and 3 bytes of padding.\n",
	},
}

func TestDDRead(t *testing.T) {
	for _, tc := range ddCases {
		t.Run(tc.name, func(t *testing.T) {
			got := renderCells(ddFamily{}.Read(blockOf(tc.in)))
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestDDTwoRuns: the summaries of two dd runs are two tables.
func TestDDTwoRuns(t *testing.T) {
	in := "1+0 records in\n1+0 records out\n10 bytes (10 B) copied, 1 s, 10 B/s\n2+0 records in\n2+0 records out\n20 bytes (20 B) copied, 1 s, 20 B/s\n"
	assert.Len(t, ddFamily{}.Read(blockOf(in)), 2)
}

func FuzzDD(f *testing.F) {
	for _, tc := range ddCases {
		f.Add(tc.in)
	}
	for _, s := range fixtures(f, "dd") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, ddFamily{}, in)
	})
}

func BenchmarkDD(b *testing.B) { benchFamily(b, ddFamily{}) }
