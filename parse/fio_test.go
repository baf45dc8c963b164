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
		want: []string{"read||iops|1500000", "read||bw|5859", "read||bw|6144", "read||io|343", "read||runtime|60001", "read clat (usec)||min|1", "read clat (usec)||max|20", "read clat (usec)||avg|2.50", "read clat (usec)||stddev|0.40"},
	},
	{
		name: "percentiles over two lines",
		in:   "  write: io=10MB, bw=1000KB/s, iops=250, runt= 10240msec\n    clat percentiles (usec):\n     |  1.00th=[    7],  5.00th=[    8],\n     | 99.99th=[  410]\n",
		want: []string{"write||io|10", "write||bw|1000", "write||iops|250", "write||runtime|10240", "write clat percentiles (usec)||p1|7", "write clat percentiles (usec)||p5|8", "write clat percentiles (usec)||p99.99|410"},
	},
	{
		name: "buckets and depths, one field per bucket",
		in:   "  read: IOPS=10, BW=40KiB/s (41kB/s)(400KiB/10001msec)\n  lat (usec)   : 20=0.01%, 50=0.01%\n  IO depths    : 1=100.0%, 2=0.0%, >=64=0.0%\n",
		want: []string{"read||iops|10", "read||bw|40", "read||bw|41", "read||io|400", "read||runtime|10001",
			"lat (usec)||lat_20|0.01", "lat (usec)||lat_50|0.01", "IO depths||depth_1|100.0", "IO depths||depth_2|0.0", "IO depths||depth_>=64|0.0"},
	},
	{
		name: "run status ranges, disk stat pairs, issued lists, a note",
		in: "  write: IOPS=656, BW=164MiB/s (172MB/s)(16.0GiB/99837msec); 24 zone resets\n" +
			"     issued rwts: total=0,65536,0,0 short=0,0,0,0\n" +
			"Run status group 0 (all jobs):\n  WRITE: bw=164MiB/s (172MB/s), 160MiB/s-170MiB/s (168MB/s-178MB/s), io=16.0GiB (17.2GB), run=99837-99840msec\n" +
			"Disk stats (read/write):\n  sda: ios=0/65405, util=98.32%\n",
		want: []string{"write||iops|656", "write||bw|164", "write||bw|172", "write||io|16.0", "write||runtime|99837", "write||zone_resets|24",
			"issued rwts||total_r|0", "issued rwts||total_w|65536", "issued rwts||total_t|0", "issued rwts||total_s|0",
			"issued rwts||short_r|0", "issued rwts||short_w|0", "issued rwts||short_t|0", "issued rwts||short_s|0",
			"WRITE||bw|164", "WRITE||bw|172", "WRITE||bw_min|160", "WRITE||bw_max|170", "WRITE||bw_min|168", "WRITE||bw_max|178",
			"WRITE||io|16.0", "WRITE||io|17.2", "WRITE||run_min|99837", "WRITE||run_max|99840",
			"sda||ios_read|0", "sda||ios_write|65405", "sda||util|98.32"},
	},
	{
		name: "a report's tail from its run status: the sections stand apart",
		in: "Run status group 0 (all jobs):\n   READ: bw=90.0MiB/s (94.4MB/s), 90.0MiB/s-90.0MiB/s (94.4MB/s-94.4MB/s), io=900MiB (944MB), run=10000-10000msec\n\n" +
			"Disk stats (read/write):\n  vdc: ios=230400/0, merge=0/0, ticks=80000/0, in_queue=80000,\nutil=99.10%\n",
		want: []string{"READ||bw|90.0", "READ||bw|94.4", "READ||bw_min|90.0", "READ||bw_max|90.0", "READ||bw_min|94.4", "READ||bw_max|94.4",
			"READ||io|900", "READ||io|944", "READ||run_min|10000", "READ||run_max|10000", "--",
			"vdc||ios_read|230400", "vdc||ios_write|0", "vdc||merge_read|0", "vdc||merge_write|0", "vdc||ticks_read|80000",
			"vdc||ticks_write|0", "vdc||in_queue|80000", "vdc||util|99.10"},
	},
	{
		name: "a group status line wrapped after its binary rates",
		in:   "Before:\n\tWRITE: bw=1200MiB/s (1258MB/s), 75MiB/s-76MiB/s\n(79MB/s-80MB/s), io=70GiB (75GB), run=60001-60002msec\n",
		want: []string{"WRITE||bw|1200", "WRITE||bw|1258", "WRITE||bw_min|75", "WRITE||bw_max|76", "WRITE||bw_min|79", "WRITE||bw_max|80",
			"WRITE||io|70", "WRITE||io|75", "WRITE||run_min|60001", "WRITE||run_max|60002"},
	},
	{
		name: "a line without label ends the job",
		in:   "  read: IOPS=1, BW=4KiB/s (4kB/s)(40KiB/10001msec)\n  : iops=7\n",
		want: []string{"read||iops|1", "read||bw|4", "read||bw|4", "read||io|40", "read||runtime|10001"},
	},
	{
		name: "double-spaced and wrapped by the mailer",
		in: "  read: IOPS=12.5k, BW=48.8MiB/s (51.2MB/s)(1024MiB/20972msec)\n\n" +
			"    clat percentiles (usec):\n\n     |  1.00th=[   31],  5.00th=[\n44],\n\n     | 99.99th=[ 9021]\n\n" +
			"   bw (  KiB/s): min=40110, max=52000, avg=49990.12,\nstdev=1201.50, samples=40\n\n" +
			"  IO depths    : 1=0.1%, 2=99.9%,\n4=0.0%, >=64=0.0%\n\n\n\nRun status group 0 (all jobs):\n\n" +
			"   READ: bw=48.8MiB/s (51.2MB/s), 48.8MiB/s-48.8MiB/s (51.2MB/s-51.2MB/s),\nio=1024MiB (1074MB), run=20972-20972msec\n\nThat is all.\n",
		want: []string{"read||iops|12500", "read||bw|48.8", "read||bw|51.2", "read||io|1024", "read||runtime|20972",
			"read clat percentiles (usec)||p1|31", "read clat percentiles (usec)||p5|44", "read clat percentiles (usec)||p99.99|9021",
			"read bw (KiB/s)||min|40110", "read bw (KiB/s)||max|52000", "read bw (KiB/s)||avg|49990.12", "read bw (KiB/s)||stddev|1201.50", "read bw (KiB/s)||samples|40",
			"IO depths||depth_1|0.1", "IO depths||depth_2|99.9", "IO depths||depth_4|0.0", "IO depths||depth_>=64|0.0",
			"READ||bw|48.8", "READ||bw|51.2", "READ||bw_min|48.8", "READ||bw_max|48.8", "READ||bw_min|51.2", "READ||bw_max|51.2",
			"READ||io|1024", "READ||io|1074", "READ||run_min|20972", "READ||run_max|20972"},
	},
	{
		name: "summary lines of labelled runs, wrapped at column 0",
		in:   "stock:\n    WRITE: bw=120MiB/s (126MB/s), 7.5MiB/s-8.1MiB/s (7.9MB/s-8.5MB/s),\nio=3600MiB (3775MB), run=30001-30002msec\nOlder fio on the old box:\n",
		want: []string{"WRITE||bw|120", "WRITE||bw|126", "WRITE||bw_min|7.5", "WRITE||bw_max|8.1", "WRITE||bw_min|7.9", "WRITE||bw_max|8.5",
			"WRITE||io|3600", "WRITE||io|3775", "WRITE||run_min|30001", "WRITE||run_max|30002"},
	},
	{
		name: "latency lines pasted alone under the writer's labels",
		in:   "Read Latency: clat (usec): min=40, max=1900, avg=81.20, stdev=30.05\nWrite Latency: clat (usec): min=12, max=150, avg=55.00, stdev= 4.10\n",
		want: []string{"Read Latency: clat (usec)||min|40", "Read Latency: clat (usec)||max|1900", "Read Latency: clat (usec)||avg|81.20", "Read Latency: clat (usec)||stddev|30.05",
			"Write Latency: clat (usec)||min|12", "Write Latency: clat (usec)||max|150", "Write Latency: clat (usec)||avg|55.00", "Write Latency: clat (usec)||stddev|4.10"},
	},
	{
		name: "a sentence with a minimum is no fragment",
		in:   "The clat (usec): min=3 we saw was odd\n",
	},
	{
		name: "a direction line under the writer's name",
		in:   "\tfio(-numjobs=2) WRITE: bw=900MiB/s (944MB/s)\n",
		want: []string{"fio(-numjobs=2) WRITE||bw|900", "fio(-numjobs=2) WRITE||bw|944"},
	},
	{
		name: "disk stats apart from their job",
		in:   "Disk stats (read/write):\n\n  vdb: ios=5120/0, merge=0/0, ticks=2048/0, in_queue=12, util=88.50%\n",
		want: []string{"vdb||ios_read|5120", "vdb||ios_write|0", "vdb||merge_read|0", "vdb||merge_write|0", "vdb||ticks_read|2048", "vdb||ticks_write|0", "vdb||in_queue|12", "vdb||util|88.50"},
	},
	{
		name: "a disk stats line alone",
		in:   "  vdc: ios=10/20, merge=0/0, ticks=5/6, in_queue=1, util=2.50%\n",
		want: []string{"vdc||ios_read|10", "vdc||ios_write|20", "vdc||merge_read|0", "vdc||merge_write|0", "vdc||ticks_read|5", "vdc||ticks_write|6", "vdc||in_queue|1", "vdc||util|2.50"},
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

func TestFioLatencyDirection(t *testing.T) {
	ms := fioFamily{}.Read(blockOf("Read Latency: clat (usec): min=40, max=1900, avg=81.20, stdev=30.05\n"))
	if assert.Len(t, ms, 1) {
		assert.Equal(t, "lower", ms[0].Table.Direction, "latencies only: lower is better")
	}
	ms = fioFamily{}.Read(blockOf("  read: IOPS=10, BW=40KiB/s (41kB/s)(400KiB/10001msec)\n    clat (usec): min=1, max=20, avg=2.50, stdev=0.40\n"))
	if assert.Len(t, ms, 1) {
		assert.Empty(t, ms[0].Table.Direction, "bandwidth beside latency: per row")
	}
}
