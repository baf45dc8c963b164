package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// transcriptCases hold dd and time(1) output in bug reports (not results)
// and in benchmark mail (results).
var transcriptCases = []struct {
	name   string
	in     string
	tables int
}{
	{
		name: "dd as a reproducer step before an oops",
		in: "Steps to hit it:\n\n# mount /dev/vdb /mnt\n# dd if=/dev/zero of=/mnt/a bs=1M count=64\n" +
			"64+0 records in\n64+0 records out\n67108864 bytes (67 MB, 64 MiB) copied, 0.31 s, 216 MB/s\n# umount /mnt\n\n" +
			"BUG: kernel NULL pointer dereference, address: 0000000000000010\n" +
			"RIP: 0010:some_function+0x12/0x80\nCall Trace:\n <TASK>\n",
		tables: 0,
	},
	{
		name: "time(1) after a command that hung, with the log",
		in: "$ time sync\n\nreal\t2m1.004s\nuser\t0m0.000s\nsys\t0m0.002s\n\n" +
			"[  201.301022] INFO: task sync:1401 blocked for more than 120 seconds.\n" +
			"[  201.301090] task:sync state:D stack:0 pid:1401\n[  201.301101] Call Trace:\n",
		tables: 0,
	},
	{
		name: "a 4 KiB dd in a functional check",
		in: "I checked the device still answers after the reset:\n\n" +
			"# dd if=/dev/nvme0n1 of=/dev/null bs=4k count=1\n1+0 records in\n1+0 records out\n4096 bytes (4.1 kB, 4.0 KiB) copied, 0.000412 s, 9.9 MB/s\n",
		tables: 0,
	},
	{
		name: "dd measuring throughput is a result",
		in: "Buffered write throughput, before the patch:\n\n" +
			"10240+0 records in\n10240+0 records out\n10737418240 bytes (11 GB, 10 GiB) copied, 9.81 s, 1.1 GB/s\n",
		tables: 1,
	},
	{
		name: "dd beside a crash but compared is a result",
		in: "With the patch the copy is faster and the warning is gone:\n\n" +
			"1024+0 records in\n1024+0 records out\n1073741824 bytes (1.1 GB, 1.0 GiB) copied, 1.02 s, 1.1 GB/s\n\n" +
			"Without it we saw:\nWARNING: CPU: 3 PID: 77 at mm/foo.c:12 bar+0x1/0x2\n",
		tables: 1,
	},
}

func TestTranscript(t *testing.T) {
	for _, c := range transcriptCases {
		t.Run(c.name, func(t *testing.T) {
			assert.Len(t, Tables(linesOf(c.in)), c.tables)
		})
	}
}
