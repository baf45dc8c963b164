package parse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/lkmlbench/lkmlbench/model"
)

// notMeasuredCases are bodies whose numbers were never measured, in the
// shapes a bug report or a review pastes them, beside the results of the
// same shape that must stay. Every fixture is invented.
var notMeasuredCases = []struct {
	name   string
	in     string
	tables int
}{
	{
		name: "a device tree node's properties, padded with no-break spaces",
		in: nbsp("The node as the firmware gives it:\n\n/proc/device-tree/soc/bridge@3:\ndevice_type~~~~~ \"pci\"\n" +
			"revision-id~~~~~ 00000053 (83)\nclass-code~~~~~~ 000b3000 (733184)\nvendor-id~~~~~~~ 00005373 (21363)\n" +
			"device-id~~~~~~~ 0000c000 (49152)\nreg~~~~~~~~~~~~~ 00002800 00000000 00000000 00000000 00000000\n" +
			"linux,phandle~~~ 7ee186c0 (2128709312)\nname~~~~~~~~~~~~ \"pci\"\n"),
		tables: 0,
	},
	{
		name:   "commit ids beside results are no dump",
		in:     "Runs per commit (ops/s):\n\ncommit      base   patched\n1a2b3c4d    5120   5230\n5e6f7a8b    5010   5105\n9c0d1e2f    4980   5075\n",
		tables: 1,
	},
	{
		name: "switches turned on and off by each tool",
		in: "case 12:  proto2=n  proto3=y\n\ntool-a:   -2.0 +3.0 +3.1\ntool-b:   -2.0 +3.0 +3.1\n\n" +
			"case 13:  proto2=y  proto3=n\n\ntool-a:   +2.0 -3.0 -3.1\ntool-b:   +2.0 -3.0 -3.1\n",
		tables: 0,
	},
	{
		name:   "signed changes that differ per row are results",
		in:     "Change against the baseline (ops/s):\n\nsmall:   +1.2 -0.4 +2.0\nlarge:   +3.1 -1.5 +0.7\n",
		tables: 1,
	},
	{
		name:   "assembler output",
		in:     "The compiler emits this for the range list:\n\n\t.8byte\t.LBB41\n\t.8byte\t.LBE41\n\t.8byte\t0\n\t.8byte\t0\n\t.long\t12\n\t.long\t0\n",
		tables: 0,
	},
	{
		name: "a checker's messages with a before and after count",
		in: "The checker walks the function like this:\n\n" +
			"drivers/fake/probe.c:210 fake_probe() set_state change [stmt_count] 'n' 7 => 8\n" +
			"drivers/fake/probe.c:211 fake_probe() set_state change [stmt_count] 'n' 8 => 9\n" +
			"drivers/fake/probe.c:212 fake_probe() set_state change [stmt_count] 'n' 9 => 10\n",
		tables: 0,
	},
	{
		name:   "a job file's settings",
		in:     "The job I ran:\n\n[global]\nioengine=psync\ndirect=1\nsync=0\nramp_time=10\nruntime=45\ncpus_allowed=4,5\nbs=8k\nrw=randwrite\n",
		tables: 0,
	},
	{
		name: "a copy traced in a setup script",
		in: "Output of the setup script:\n\n+ modprobe fakeblk nr=1\n+ mkfs.ext4 -q /dev/fakeblk0\n+ mount /dev/fakeblk0 /mnt\n" +
			"+ dd if=/dev/zero of=/mnt/img bs=1M count=4096\n4096+0 records in\n4096+0 records out\n" +
			"4294967296 bytes (4.3 GB, 4.0 GiB) copied, 6.20 s, 693 MB/s\n+ umount /mnt\n",
		tables: 0,
	},
	{
		name: "a traced copy whose throughput is the point",
		in: "The copy step is twice as fast with the patch, throughput below:\n\n+ mount /dev/fakeblk0 /mnt\n+ sync\n" +
			"+ dd if=/dev/zero of=/mnt/img bs=1M count=4096\n4096+0 records in\n4096+0 records out\n" +
			"4294967296 bytes (4.3 GB, 4.0 GiB) copied, 6.20 s, 693 MB/s\n+ umount /mnt\n",
		tables: 1,
	},
	{
		name: "a tiny copy between wall-clock log lines",
		in: "Before the fix the drive stopped here:\n\n" +
			"[Tue Mar  4 10:11:12 2025] st 1:0:0:0: [st0] Block size: 0, buffer size: 4096\n" +
			"[Tue Mar  4 10:11:12 2025] st 1:0:0:0: [st0] Mode sense. Length 11\n" +
			"[Tue Mar  4 10:11:13 2025] st 1:0:0:0: [st0] Buffer flushed, 1 EOF(s) written\n" +
			"64+0 records in\n64+0 records out\n32768 bytes (33 kB, 32 KiB) copied, 0.100 s, 328 kB/s\n" +
			"[Tue Mar  4 10:11:14 2025] st 1:0:0:0: [st0] Rewinding tape.\n",
		tables: 0,
	},
	{
		name: "a copy that failed, next to another copy's output",
		in: "Both copies fail now, as they should:\n\n# dd if=/dev/urandom of=/mnt/t/a bs=1M count=512 oflag=direct\n" +
			"dd: error writing '/mnt/t/a': Input/output error\n90+0 records in\n89+0 records out\n" +
			"93323264 bytes (93 MB, 89 MiB) copied, 4.01 s, 23.3 MB/s\n\n# dd if=/dev/urandom of=/mnt/u/a bs=1M count=512 oflag=direct\n" +
			"dd: error writing '/mnt/u/a': Input/output error\n60+0 records in\n59+0 records out\n" +
			"61865984 bytes (62 MB, 59 MiB) copied, 2.11 s, 29.3 MB/s\n",
		tables: 0,
	},
	{
		name: "a tool's lines in a boot log",
		in: "The board fails to set up its clocks, boot log below:\n\n" +
			"[    2.101001] fakeclk: probe of clk0 failed with error -22\n[    2.200120] fakefs: loading module\n" +
			"[    2.270584] raid6: avx2x4   gen() 29001 MB/s\n[    2.292581] raid6: avx2x4   xor() 10800 MB/s\n" +
			"[    2.314597] raid6: avx2x2   gen() 35012 MB/s\n[    2.335595] raid6: avx2x2   xor() 21001 MB/s\n" +
			"[    2.400111] fakenet: link up\n[    2.500222] systemd[1]: starting services\n",
		tables: 0,
	},
	{
		name: "the same lines read before and after a patch",
		in: "Checksum speed before the patch:\n\n[    2.270584] raid6: avx2x4   gen() 29001 MB/s\n[    2.292581] raid6: avx2x4   xor() 10800 MB/s\n\n" +
			"and after the patch:\n\n[    2.270584] raid6: avx2x4   gen() 31002 MB/s\n[    2.292581] raid6: avx2x4   xor() 12100 MB/s\n",
		tables: 1, // one table, before and after as its variants
	},
	{
		name: "a device listing under its command",
		in: "My disks:\n\n$ lsscsi -gs\n[0:0:0:0]  disk  ATA      FAKE SSD 100     1A2B  /dev/sda   /dev/sg0    240GB\n" +
			"[1:0:0:0]  disk  ATA      FAKE HDD 200     3C4D  /dev/sdb   /dev/sg1    4.00TB\n" +
			"[1:0:1:0]  enclosu Acme  Shelf-9 1.02.3    0102  -        /dev/sg2        -\n" +
			"[N:0:0:1]  disk    FAKE NVME 300_1         /dev/nvme0n1  -      512GB\n\n# sg_ses /dev/sg2\n   Acme  Shelf-9 1.02.3  0102\n" +
			"Supported diagnostic pages:\n",
		tables: 0,
	},
	{
		name: "a device's attributes in a traced loop",
		in: "[2:0:3:0]   disk    FAKE  HDD-77           0304  /dev/sdq\n[2:0:4:0]   storage FAKE  Ctrl-8e          3.21  -\n" +
			"+ for d in 2:0:4:0 2:0:5:0\n+ lsscsi -L 2:0:4:0\n[2:0:4:0]   storage FAKE  Ctrl-8e          3.21  -\n" +
			"   device_blocked=0\n   iocounterbits=32\n   iodone_cnt=0x1e\n   ioerr_cnt=0x0\n   queue_depth=64\n   state=running\n" +
			"   timeout=30\n   type=12\n+ for d in 2:0:4:0 2:0:5:0\n+ lsscsi -L 2:0:5:0\n[2:0:5:0]   enclosu FAKE  Shelf-9          3.21  -\n" +
			"   device_blocked=0\n   iocounterbits=32\n   iodone_cnt=0x12\n   ioerr_cnt=0x0\n   queue_depth=1\n   state=running\n" +
			"   timeout=30\n   type=13\n",
		tables: 0,
	},
	{
		name: "a volume group's fields far below its command",
		in: "vgdisplay fakevg\n\n  --- Volume group ---\n  VG Name               fakevg\n  System ID\n  Format                lvm2\n" +
			"  Metadata Areas        1\n  Metadata Sequence No  4\n  VG Access             read/write\n  VG Status             resizable\n" +
			"  MAX LV                0\n  Cur LV                2\n  Open LV               0\n",
		tables: 0,
	},
	{
		name: "the versions of a system's tools",
		in: "Versions on the box:\n\nGNU C                   12.2.0\nBinutils                2.40.1\nUtil-linux              2.38.1\n" +
			"Kbd                     2.5.1\nConsole-tools           2.5.1\nSh-utils                9.1\nUdev                    252\nWireless-tools          30\n",
		tables: 0,
	},
	{
		name: "a USB descriptor with glued labels",
		in: "    Interface Descriptor:\n      bLength                 9\n      bInterfaceClass         9 Hub\n" +
			"      bInterfaceProtocol      0 Full speed hub\n      iInterface              0\n      Endpoint Descriptor:\n" +
			"        bLength                 7\n        bDescriptorType         5\n",
		tables: 0,
	},
	{
		name: "a sanitizer's shadow memory",
		in: "Memory state around the buggy address:\n ffff88800a1b2280: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n" +
			" ffff88800a1b2300: 00 00 00 00 00 00 00 00 00 00 00 00 00 fc fc fc\n" +
			">ffff88800a1b2380: fc fc fc fc fc fc fc fc fc fc fc fc fc fc fc fc\n                   ^\n" +
			" ffff88800a1b2400: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n" +
			" ffff88800a1b2480: 00 00 00 00 00 00 00 00 00 00 00 00 00 fc fc fc\n" +
			"==================================================================\n",
		tables: 0,
	},
	{
		name: "a bug tracker's field changes",
		in: "https://bugzilla.example.org/show_bug.cgi?id=100001\n\nAnn Example (ann@example.org) changed:\n\n" +
			"           What    |Removed                     |Added\n" +
			"----------------------------------------------------------------------------\n" +
			"     Comment #7 is|0                           |1\n            private|                            |\n" +
			"     Comment #8 is|0                           |1\n            private|                            |\n" +
			"                 CC|                            |ann@example.org\n",
		tables: 0,
	},
	{
		name: "a truth table of mode bits",
		in: "    **Secure Mode Settings**\n\n       +---+---+---+---------------+\n       | S | HV| PR|Privilege      |\n" +
			"       +===+===+===+===============+\n       | 1 | 0 | 1 | Problem       |\n       +---+---+---+---------------+\n" +
			"       | 1 | 0 | 0 | Privileged(OS)|\n       +---+---+---+---------------+\n       | 1 | 1 | 0 | Ultravisor    |\n" +
			"       +---+---+---+---------------+\n       | 1 | 1 | 1 | Reserved      |\n       +---+---+---+---------------+\n",
		tables: 0,
	},
}

// nbsp turns every '~' into a no-break space, as some mail clients pad
// columns.
func nbsp(s string) string { return strings.ReplaceAll(s, "~", "\u00a0") }

func TestNotMeasured(t *testing.T) {
	for _, c := range notMeasuredCases {
		t.Run(c.name, func(t *testing.T) {
			assert.Len(t, Tables(linesOf(c.in)), c.tables)
		})
	}
}

// TestNotMeasuredExplained checks that a table dropped for its shape says
// why in the --explain listing.
func TestNotMeasuredExplained(t *testing.T) {
	whys := map[string]string{
		"a device tree node's properties, padded with no-break spaces": "hexadecimal words",
		"switches turned on and off by each tool":                      "switches",
		"assembler output": "assembler",
		"a checker's messages with a before and after count": "source file and line",
		"a job file's settings":                              "configuration file",
		"a copy traced in a setup script":                    "bug transcript",
		"a tool's lines in a boot log":                       "kernel log",
		"a device listing under its command":                 "system state",
	}
	for _, c := range notMeasuredCases {
		want, ok := whys[c.name]
		if !ok {
			continue
		}
		delete(whys, c.name)
		var got []string
		for _, cand := range Explain(linesOf(c.in)) {
			for _, v := range cand.Verdicts {
				got = append(got, v.Why)
			}
		}
		assert.Contains(t, strings.Join(got, "\n"), want, c.name)
	}
	assert.Empty(t, whys, "every explained case is a fixture")
}

func TestShapesNotMeasured(t *testing.T) {
	assert.True(t, hexDump([]string{"ctrl   7c01e2f0 0a0b3c4d", "stat   7c01e2f4 1f2e3d4c"}), "register words in pairs")
	assert.False(t, hexDump([]string{"1a2b3c4d   5120", "5e6f7a8b   5010"}), "one commit id per row")
	assert.True(t, byteRun("00c0  00 14 00 00 00 00 00 00 00 00 00 00 00 01 00 00"))
	assert.True(t, byteRun("ffff88800a1b2300: 00 00 00 00 00 fc fc fc"))
	assert.False(t, byteRun("latency  12 15 18 20 22 25 27 30 33"), "two-digit measurements")
	assert.False(t, byteRun("00 00 00 fc"), "too few bytes")
	bits := func(values ...string) model.Table {
		var tb model.Table
		for i, v := range values {
			tb.Rows = append(tb.Rows, model.Row{Case: fmt.Sprintf("mode %d", i), Cells: []model.Cell{{Value: model.Number(v)}, {Value: model.Number(v)}}})
		}
		return tb
	}
	truth := bits("0", "1", "1")
	assert.True(t, shownState(&truth), "bits")
	counts := bits("0", "1", "2")
	assert.False(t, shownState(&counts), "counts")
	assert.False(t, switchList([]string{"a: +0.0 +0.0", "b: +0.0 +0.0"}), "no change at all is no switch")
	assert.False(t, switchList([]string{"a: +2.0 +3.0", "b: +2.0 3.0"}), "a number without its sign")
	logged := model.Table{Rows: []model.Row{
		{Case: "[Mon Jan  6 03:00:52 2025] sd 0:0:0:0: [sdb] tag#51 CDB: Read(10)", Cells: []model.Cell{{Value: "28"}}},
		{Case: "[Mon Jan  6 03:00:53 2025] sd 0:0:0:0: [sdb] tag#52 CDB: Read(10)", Cells: []model.Cell{{Value: "28"}}},
	}}
	assert.True(t, shownState(&logged), "wall-clock kernel log lines")
	console := model.Table{Rows: []model.Row{
		{Case: "1202 05:03:10.088618 passed", Cells: []model.Cell{{Value: "4"}}},
		{Case: "1203 05:03:10.098852 failed", Cells: []model.Cell{{Value: "1"}}},
	}}
	assert.True(t, shownState(&console), "a test harness's console log")
	versions := model.Table{Rows: []model.Row{{Case: "Sh-utils", Cells: []model.Cell{{Value: "9.1"}}}, {Case: "Udev", Cells: []model.Cell{{Value: "252"}}}}}
	assert.True(t, shownState(&versions), "ver_linux's tools")
	for w, want := range map[string]bool{"00004800": true, "0000a0b1c2d3e4f5": true, "1a2b3c4d": true, "004800": false, "12345678": true, "1a2b3c4d5": false} {
		assert.Equal(t, want, fullWidthHex(w), w)
	}
	for w, want := range map[string]bool{"fs/fake.c:12": true, "/src/mm/fake.c:12:": true, "fake.c:12": false, "fs/fake:12": false, "fs/fake.c:": false, "fs/fake.c:12:5": true} {
		assert.Equal(t, want, sourceLocation(w), w)
	}
	for s, want := range map[string]bool{"direct=1": true, "#vers2=n": true, "; size=4k": true, "a = 1": false, "=1": false, "1=2": false, "x=": false} {
		assert.Equal(t, want, setting(s), s)
	}
	for s, want := range map[string]bool{"[global]": true, "[job-1]": true, "[1]": false, "[ok: 3]": false, "[]": false} {
		assert.Equal(t, want, iniSection(s), s)
	}
	profile := []model.Row{{Case: "mm/fake.c:120"}, {Case: "mm/fake.c:188 fake_alloc"}}
	assert.False(t, diagnostics(profile), "a profile by source line holds no sentence")
	assert.True(t, diagnostics([]model.Row{{Case: "mm/fake.c:120 fake_alloc() state change 'n'"}}))
	for s, want := range map[string]bool{"++ mount /dev/x /mnt": true, "+ dd if=a of=b": true, "+1.5 ms": false, "+ 12": false, "+++++ x": false} {
		_, ok := traced(s)
		assert.Equal(t, want, ok, s)
	}
	for s, want := range map[string]bool{"[Wed Feb 19 17:06:17 2025] st0: x": true, "[pon sty  3 07:00:52 2022] sd": true, "[   88.593830] x": false, "[07:00:52] x": false} {
		assert.Equal(t, want, wallStamp(s), s)
	}
	for s, want := range map[string]bool{"[4:0:1:0] disk": true, "[N:0:0:1] disk": true, "[4:0:1] disk": false, "[a:0:1:0] x": false} {
		assert.Equal(t, want, scsiAddress(s), s)
	}
	for s, want := range map[string]bool{"1202 05:03:10.088618 passed": true, "05:03:10.088618 x": true, "10:00:01 sdb": false, "run 1 05:03:10.0886": false} {
		assert.Equal(t, want, consoleStamp(s), s)
	}
}

// TestStateCommandShapes pins the commands of the state tools added for
// storage listings, typed, traced by a script or bare.
func TestStateCommandShapes(t *testing.T) {
	for line, want := range map[string]bool{
		"vgdisplay fakevg":                     true,
		"+ lsscsi -L 1:0:2:0":                  true,
		"++ numastat -m":                       true,
		"$ lsscsi -gs":                         true,
		"lsscsi lists the disks we saw before": false,
		"+ fio --name=job --rw=read":           false,
		"mount the disk and run it again":      false,
	} {
		assert.Equal(t, want, stateCommand(line), "%q", line)
	}
}
