package parse

import (
	"testing"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/assert"
)

// labelledCase is a mail text and what its tables should say: the
// variants of each table in order, and for some records their case and
// variant by value.
type labelledCase struct {
	name     string
	text     string
	variants [][]string
	cells    map[string][2]string // value -> case, variant
	fields   map[string]string    // value -> field, where it matters
}

func checkLabelled(t *testing.T, cases []labelledCase) {
	t.Helper()
	for _, tc := range cases {
		tables := Tables(linesOf(tc.text))
		got := make([][]string, 0, len(tables))
		for _, tb := range tables {
			got = append(got, tb.Variants)
		}
		assert.Equal(t, tc.variants, got, tc.name)
		for value, want := range tc.cells {
			c, _, ok := findCell(tables, value)
			if assert.True(t, ok, "%s: no record of %s", tc.name, value) {
				assert.Equal(t, want, c, "%s: %s", tc.name, value)
			}
		}
		for value, want := range tc.fields {
			_, f, ok := findCell(tables, value)
			if assert.True(t, ok, "%s: no record of %s", tc.name, value) {
				assert.Equal(t, want, f, "%s: field of %s", tc.name, value)
			}
		}
	}
}

// findCell returns the case and variant, and the field, of the first
// record of value.
func findCell(tables []model.Table, value string) ([2]string, string, bool) {
	for _, tb := range tables {
		for _, r := range tb.Rows {
			for _, c := range r.Cells {
				if string(c.Value) == value {
					return [2]string{r.Case, c.Variant}, c.Field, true
				}
			}
		}
	}
	return [2]string{}, "", false
}

func TestGapLabels(t *testing.T) {
	checkLabelled(t, []labelledCase{{
		name: "settings written inside a rule name the run below, not a command",
		text: `Two passes of the copy on the test box.

---- bs=16K / count=64K / 1 ----
1073741824 bytes (1.1 GB, 1.0 GiB) copied, 2.75 s, 390 MB/s

---- bs=16K / count=64K / 2 ----
1073741824 bytes (1.1 GB, 1.0 GiB) copied, 2.45 s, 438 MB/s
`,
		variants: [][]string{{"bs=16K / count=64K / 1", "bs=16K / count=64K / 2"}},
		cells:    map[string][2]string{"2.45": {"copied", "bs=16K / count=64K / 2"}},
	}, {
		name: "a kernel named inside a rule over several lines of a tool's output",
		text: `Random reads on the spare disk.

--- Kernel: v7.2-rc3 ---
  read: IOPS=101k, BW=395MiB/s (414MB/s)(23.1GiB/60001msec)
  write: IOPS=43.2k, BW=169MiB/s (177MB/s)(9.9GiB/60001msec)

--- Kernel: v7.2-rc3 + this series ---
  read: IOPS=117k, BW=457MiB/s (479MB/s)(26.8GiB/60001msec)
  write: IOPS=50.3k, BW=196MiB/s (206MB/s)(11.5GiB/60001msec)
`,
		variants: [][]string{{"v7.2-rc3", "v7.2-rc3 + this series"}},
		cells:    map[string][2]string{"196": {"write", "v7.2-rc3 + this series"}},
	}, {
		name: "label lines of any wording, each right above its block",
		text: `Some words about the three builds we tried on the test box.

  Stock:
	WRITE: bw=210MiB/s (220MB/s), 50.1MiB/s-55.2MiB/s (52.5MB/s-57.9MB/s)
	WRITE: bw=215MiB/s (225MB/s), 51.3MiB/s-56.4MiB/s (53.8MB/s-59.1MB/s)

  Stock + Early flush (this series):
	WRITE: bw=260MiB/s (273MB/s), 64.2MiB/s-65.9MiB/s (67.3MB/s-69.1MB/s)
	WRITE: bw=262MiB/s (275MB/s), 64.8MiB/s-66.1MiB/s (67.9MB/s-69.3MB/s)

  Stock + Early flush + Lazy tracking removed
	WRITE: bw=231MiB/s (242MB/s), 57.1MiB/s-58.3MiB/s (59.9MB/s-61.1MB/s)
	WRITE: bw=233MiB/s (244MB/s), 57.6MiB/s-58.8MiB/s (60.4MB/s-61.7MB/s)

So the early flush helps.
`,
		variants: [][]string{{"Stock", "Stock + Early flush (this series)", "Stock + Early flush + Lazy tracking removed"}},
		cells:    map[string][2]string{"262": {"WRITE", "Stock + Early flush (this series)"}, "231": {"WRITE", "Stock + Early flush + Lazy tracking removed"}},
	}, {
		name: "bullet labels with remarks; discussion starts another comparison",
		text: `We tried the queue limits one by one.

- queue limit=4   (what the driver asks for)
  WRITE: bw=1800MiB/s (1887MB/s), 1800MiB/s-1800MiB/s (1887MB/s-1887MB/s), io=500GiB (537GB), run=290000-290000msec
- queue limit=32  (the limit on a two socket box)
  WRITE: bw=1200MiB/s (1258MB/s), 1200MiB/s-1200MiB/s (1258MB/s-1258MB/s), io=350GiB (376GB), run=298000-298000msec

That is a third slower than the limit the driver asks for, and the
spread between runs was small on every one of them.

- At commit 1a2b3c4d5e6f ("blk: make queues per node")
  WRITE: bw=1100MiB/s (1153MB/s), 1100MiB/s-1100MiB/s (1153MB/s-1153MB/s), io=320GiB (344GB), run=297000-297000msec
- At its parent 0f9e8d7c6b ("blk: count requests when they complete")
  WRITE: bw=1700MiB/s (1783MB/s), 1700MiB/s-1700MiB/s (1783MB/s-1783MB/s), io=490GiB (526GB), run=295000-295000msec
`,
		variants: [][]string{{"queue limit=4", "queue limit=32"}, {"At commit 1a2b3c4d5e6f", "At its parent 0f9e8d7c6b"}},
		cells:    map[string][2]string{"1200": {"WRITE", "queue limit=32"}, "1700": {"WRITE", "At its parent 0f9e8d7c6b"}},
	}, {
		name: "sections that repeat the same inner labels",
		text: `Loop device on a tmpfs file, fio random reads.

Without the series:
bs 8k
   READ: bw=300MiB/s (315MB/s), 300MiB/s-300MiB/s (315MB/s-315MB/s),
io=9000MiB (9437MB), run=30001-30001msec

bs 64k:
   READ: bw=1500MiB/s (1573MB/s), 1500MiB/s-1500MiB/s (1573MB/s-1573MB/s),
io=44.0GiB (47.2GB), run=30001-30001msec

With the series:
bs 8k:
   READ: bw=330MiB/s (346MB/s), 330MiB/s-330MiB/s (346MB/s-346MB/s),
io=9900MiB (10.4GB), run=30001-30001msec

bs 64k:
   READ: bw=1640MiB/s (1720MB/s), 1640MiB/s-1640MiB/s (1720MB/s-1720MB/s),
io=48.1GiB (51.6GB), run=30001-30001msec
`,
		variants: [][]string{{"Without the series", "With the series"}},
		cells:    map[string][2]string{"1500": {"bs 64k READ", "Without the series"}, "330": {"bs 8k READ", "With the series"}},
	}, {
		name: "the same sub-label over each block, a sentence above it that differs",
		text: `On the small board, fio gives these numbers on mainline with
this patch:

rand [1] / seq [2]:
   READ: bw=17.5MiB/s (18.4MB/s), 17.5MiB/s-17.5MiB/s (18.4MB/s-18.4MB/s), io=700MiB (734MB), run=40001-40001msec
   WRITE: bw=21.5MiB/s (22.5MB/s), 21.5MiB/s-21.5MiB/s (22.5MB/s-22.5MB/s), io=860MiB (902MB), run=40003-40003msec

With the patch reverted, the numbers go back to:

rand [1] / seq [2]:
   READ: bw=20.5MiB/s (21.5MB/s), 20.5MiB/s-20.5MiB/s (21.5MB/s-21.5MB/s), io=820MiB (860MB), run=40001-40001msec
   WRITE: bw=29.5MiB/s (30.9MB/s), 29.5MiB/s-29.5MiB/s (30.9MB/s-30.9MB/s), io=1180MiB (1237MB), run=40003-40003msec
`,
		variants: [][]string{{"On the small board, fio gives these numbers on mainline with this patch", "With the patch reverted"}},
		cells:    map[string][2]string{"29.5": {"WRITE", "With the patch reverted"}},
	}, {
		name: "enumerated items with notes between them",
		text: `The runs:

1.- dd to the plain mount

dd if=/dev/zero of=f.out bs=1M count=800
800+0 records in
800+0 records out
838860800 bytes (839 MB, 800 MiB) copied, 4.1 s, 205 MB/s

* waits high
* writeback busy

Notes:
https://example.org/plain.png

2.- dd to the sync mount

dd if=/dev/zero of=f.out bs=1M count=800
800+0 records in
800+0 records out
838860800 bytes (839 MB, 800 MiB) copied, 7.2 s, 117 MB/s

* waits high
* no writeback

3.- dd to the sync mount with oflag=direct

dd if=/dev/zero of=f.out bs=1M oflag=direct count=800
800+0 records in
800+0 records out
838860800 bytes (839 MB, 800 MiB) copied, 6.9 s, 122 MB/s
`,
		variants: [][]string{{"dd to the plain mount", "dd to the sync mount", "dd to the sync mount with oflag=direct"}},
		cells:    map[string][2]string{"7.2": {"copied", "dd to the sync mount"}},
	}, {
		name: "bullet labels whose remarks the mailer wrapped, over wrapped tool lines",
		text: `More specifically, the same load on the commit and its parent.

- At commit 1a2b3c4d5e6f ("blk: make queues per node and count them
again")
  WRITE: bw=1100MiB/s (1153MB/s), 1100MiB/s-1100MiB/s
(1153MB/s-1153MB/s), io=320GiB (344GB), run=297000-297000msec
- At its parent 0f9e8d7c6b ("blk: count requests when they complete
on every cpu")
  WRITE: bw=1700MiB/s (1783MB/s), 1700MiB/s-1700MiB/s
(1783MB/s-1783MB/s), io=490GiB (526GB), run=295000-295000msec
`,
		variants: [][]string{{"At commit 1a2b3c4d5e6f", "At its parent 0f9e8d7c6b"}},
		cells:    map[string][2]string{"1700": {"WRITE", "At its parent 0f9e8d7c6b"}},
	}, {
		name: "rows of each run spaced apart by blank lines",
		text: `===== Test box =====
# cat /sys/block/vdb/queue/nr_requests
64

# for i in 1 2 ; do dd if=/mnt/big of=/dev/null bs=1M 2>&1
| grep copied ; done
2147483648 bytes (2.1 GB, 2.0 GiB) copied, 9.1 s, 236 MB/s

2147483648 bytes (2.1 GB, 2.0 GiB) copied, 9.3 s, 231 MB/s

# echo 512 > /sys/block/vdb/queue/nr_requests

# for i in 1 2 ; do dd if=/mnt/big of=/dev/null bs=1M 2>&1
| grep copied ; done
2147483648 bytes (2.1 GB, 2.0 GiB) copied, 6.0 s, 358 MB/s

2147483648 bytes (2.1 GB, 2.0 GiB) copied, 6.2 s, 346 MB/s
`,
		variants: [][]string{{"nr_requests=64", "nr_requests=512"}},
		cells:    map[string][2]string{"9.3": {"copied", "nr_requests=64"}, "6.2": {"copied", "nr_requests=512"}},
	}, {
		name: "a setting each run's command made",
		text: `===== Test box =====
# cat /sys/block/vdb/queue/nr_requests
64

# for i in 1 2 3 ; do dd if=/mnt/big of=/dev/null bs=1M 2>&1
| grep copied ; done
2147483648 bytes (2.1 GB, 2.0 GiB) copied, 9.1 s, 236 MB/s
2147483648 bytes (2.1 GB, 2.0 GiB) copied, 9.3 s, 231 MB/s

# echo 512 > /sys/block/vdb/queue/nr_requests

# for i in 1 2 3 ; do dd if=/mnt/big of=/dev/null bs=1M 2>&1
| grep copied ; done
2147483648 bytes (2.1 GB, 2.0 GiB) copied, 6.0 s, 358 MB/s
2147483648 bytes (2.1 GB, 2.0 GiB) copied, 6.2 s, 346 MB/s
`,
		variants: [][]string{{"nr_requests=64", "nr_requests=512"}},
		cells:    map[string][2]string{"6.2": {"copied", "nr_requests=512"}},
	}, {
		name: "fenced pastes under enumerated test labels, the tool's chatter inside",
		text: "Both clients ran the same metadata load.\n\n" +
			"Test 1: user-space client\n```\n$ ./metabench -n 64 -d /t\nmetabench 2.0 was started with 64 tasks on 1 node\n\n" +
			"   Operation      Max       Min      Mean\n   create      5100.5    4800.2    4950.1\n   remove      3100.5    2900.7    3000.3\n```\n\n" +
			"Test 2: kernel client\n```\n$ ./metabench -n 64 -d /mnt/t\nmetabench 2.0 was started with 64 tasks on 1 node\n\n" +
			"   Operation      Max       Min      Mean\n   create      7100.5    6800.2    6950.1\n   remove      4100.5    3900.7    4000.3\n```\n",
		variants: [][]string{{"user-space client", "kernel client"}},
		cells:    map[string][2]string{"6950.1": {"create", "kernel client"}},
	}, {
		name: "a side before what was seen, the command that ran the block between",
		text: `For reference, on the emulated board this patch helps reads:
with patch: read throughput 41 MB/s, read size 4MB
/ # dd if=/mnt/share/big.img of=/dev/null bs=4M count=128
128+0 records in
128+0 records out
536870912 bytes (512.0MB) copied, 12.9 seconds, 41.6MB/s

without patch: read throughput 19 MB/s, read size 16KB
/ # dd if=/mnt/share/big.img of=/dev/null bs=4M count=128
128+0 records in
128+0 records out
536870912 bytes (512.0MB) copied, 27.1 seconds, 19.8MB/s
`,
		variants: [][]string{{"with patch", "without patch"}},
		cells:    map[string][2]string{"27.1": {"copied", "without patch"}},
	}, {
		name: "kernels named by their commits, one row per run",
		text: `Ten runs of the small-file load on each commit:

               Files/sec     App Overhead

1a2b3c4d5e6f:     101.2         30211316
1a2b3c4d5e6f:     100.9         30287716
1a2b3c4d5e6f:     101.4         30196928

9f8e7d6c5b4a:     103.0         30741587
9f8e7d6c5b4a:     103.1         30602001
9f8e7d6c5b4a:     102.8         30833994
`,
		variants: [][]string{{"1a2b3c4d5e6f", "9f8e7d6c5b4a"}},
		cells:    map[string][2]string{"103.1": {"9f8e7d6c5b4a", "9f8e7d6c5b4a"}},
	}, {
		name: "the same command run again after a sentence on what changed",
		text: `Two boxes, a file server and a client, on a fast link.
Thanks to the local cache, locally the file reads at 80 GB/s,
[root@boxa ~]# fio --name=seqtest --ioengine=libaio --rw=read
--bs=2048K --numjobs=1 --direct=1 --filename=/mnt/big
seqtest: (g=0): rw=read, bs=(R) 2048KiB-2048KiB, ioengine=libaio, iodepth=32
Starting 1 process
  read: IOPS=30.1k, BW=78.5GiB/s (84.3GB/s)(512GiB/6520msec)
    clat (usec): min=270, max=4100, avg=1060.10, stdev=30.20

The client mounts the share over the fast transport, and caches on both
boxes are dropped before each run.
On the server the read cache knob is set to 0.

[root@boxb ~]# fio --name=seqtest --ioengine=libaio --rw=read
--bs=2048K --numjobs=1 --direct=1 --filename=/mnt/big
seqtest: (g=0): rw=read, bs=(R) 2048KiB-2048KiB, ioengine=libaio, iodepth=32
Starting 1 process
  read: IOPS=1650, BW=4950MiB/s (5190MB/s)(512GiB/105900msec)
    clat (usec): min=900, max=110000, avg=19100.40, stdev=11000.50
`,
		variants: [][]string{{"Thanks to the local cache, locally the file reads at 80 GB/s", "On the server the read cache knob is set to 0"}},
		cells:    map[string][2]string{"19100.40": {"read clat (usec)", "On the server the read cache knob is set to 0"}},
	}, {
		name: "a test harness announcing each test before its timing lines",
		text: `TAP version 13
1..2
# Starting 2 tests from 2 test cases.
#  RUN           open_perf.plain.open ...
Wall time: 1.210004083s
Min open time (per file): 1.006283226s
Max open time (per file): 1.210002010s
#            OK  open_perf.plain.open
ok 1 open_perf.plain.open
#  RUN           open_perf.cached.open ...
Wall time: 0.718952696s
Min open time (per file): 0.602623358s
Max open time (per file): 0.718951915s
#            OK  open_perf.cached.open
ok 2 open_perf.cached.open
`,
		variants: [][]string{{"open_perf.plain.open", "open_perf.cached.open"}},
		cells:    map[string][2]string{"0.602623358": {"Min open time (per file)", "open_perf.cached.open"}},
	}, {
		name: "a note written under a block is no discussion",
		text: `Write bandwidth on four disks:

9.2-rc1
	fio(-numjobs=4) WRITE: bw=1500MiB/s (1573MB/s)
	but a single dd of the same size still writes fast, 2.0 GiB/s.

9.1.0
	fio(-numjobs=4) WRITE: bw=4100MiB/s (4299MB/s)
`,
		variants: [][]string{{"9.2-rc1", "9.1.0"}},
		cells:    map[string][2]string{"4100": {"fio(-numjobs=4) WRITE", "9.1.0"}},
	}})
}

func TestEnumerated(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want enumLabel
		ok   bool
	}{
		{"1.- dd to the plain mount", enumLabel{1, "N.-", "dd to the plain mount"}, true},
		{"(2) with the series", enumLabel{2, "(N)", "with the series"}, true},
		{"b) after the fix:", enumLabel{2, "N)", "after the fix"}, true},
		{"TEST 2: kernel client", enumLabel{2, "test N:", "kernel client"}, true},
		{"Case #3 - four threads", enumLabel{3, "case N-", "four threads"}, true},
		{"e. g. this one", enumLabel{}, false},
		{"12.5 ms on average", enumLabel{}, false},
		{"1. This ends a sentence.", enumLabel{}, false},
		{"Run 2: the same again", enumLabel{}, false},
	} {
		got, ok := enumerated(tc.in)
		assert.Equal(t, tc.ok, ok, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
}

func TestStripRemark(t *testing.T) {
	for in, want := range map[string]string{
		"queue limit=4   (what the driver asks for)":        "queue limit=4",
		`At commit 1a2b3c4d ("blk: make queues per node")`:  "At commit 1a2b3c4d",
		"Stock + Early flush (this series)":                 "Stock + Early flush (this series)",
		"Stock + helper()":                                  "Stock + helper()",
		"(only a remark in brackets with words)":            "(only a remark in brackets with words)",
		"mainline (v9.1, with the usual debug options off)": "mainline",
		`At its parent 0f9e8d7c6b ("blk: count`:             "At its parent 0f9e8d7c6b",
	} {
		assert.Equal(t, want, stripRemark(in), in)
	}
}

func TestSettingAt(t *testing.T) {
	seg := func(text string) *segment { return &segment{lines: linesOf(text)} }
	for _, tc := range []struct{ in, want string }{
		{"# echo 512 > /sys/block/vdb/queue/nr_requests", "nr_requests=512"},
		{"root@box:~# sysctl -w vm.dirty_ratio=5", "dirty_ratio=5"},
		{"$ cat /sys/block/vdb/queue/read_ahead_kb\n128", "read_ahead_kb=128"},
		{"$ cat /proc/meminfo\nMemTotal: 1 kB", ""},
		{"# for i in 1 2; do echo 3 > /proc/sys/vm/drop_caches; done", ""},
	} {
		assert.Equal(t, tc.want, seg(tc.in).settingAt(0), tc.in)
	}
}
