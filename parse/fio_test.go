package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var fioCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "new style",
		in:   "  read: IOPS=1.5M, BW=5859MiB/s (6144MB/s)(343GiB/60001msec)\n    clat (usec): min=1, max=20, avg=2.50, stdev=0.40\n",
		want: []string{"read||iops|1500000", "read||bw|5859", "read||io|343", "read||runtime|60001", "read clat (usec)||min|1", "read clat (usec)||max|20", "read clat (usec)||avg|2.50", "read clat (usec)||stddev|0.40"},
	},
	{
		name: "percentiles over two lines",
		in:   "  write: io=10MB, bw=1000KB/s, iops=250, runt= 10240msec\n    clat percentiles (usec):\n     |  1.00th=[    7],  5.00th=[    8],\n     | 99.99th=[  410]\n",
		want: []string{"write||io|10", "write||bw|1000", "write||iops|250", "write||runtime|10240", "write clat percentiles (usec)||p1|7", "write clat percentiles (usec)||p5|8", "write clat percentiles (usec)||p99.99|410"},
	},
	{
		name: "buckets and depths give nothing",
		in:   "  read: IOPS=10, BW=40KiB/s (41kB/s)(400KiB/10001msec)\n  lat (usec)   : 20=0.01%, 50=0.01%\n  IO depths    : 1=100.0%, 2=0.0%, >=64=0.0%\n",
		want: []string{"read||iops|10", "read||bw|40", "read||io|400", "read||runtime|10001"},
	},
	{
		name: "a line without label ends the job",
		in:   "  read: IOPS=1, BW=4KiB/s (4kB/s)(40KiB/10001msec)\n  : iops=7\n",
		want: []string{"read||iops|1", "read||bw|4", "read||io|40", "read||runtime|10001"},
	},
	{
		name: "job file",
		in:   "[randread]\nrw=randread\niodepth=32\n",
	},
}

func TestFioRead(t *testing.T) {
	for _, tc := range fioCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(fioFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzFio(f *testing.F) {
	for _, tc := range fioCases {
		f.Add(tc.in)
	}
	for _, s := range fixtures(f, "fio") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, fioFamily{}, in)
	})
}

func BenchmarkFio(b *testing.B) { benchFamily(b, fioFamily{}) }
