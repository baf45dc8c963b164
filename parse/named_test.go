package parse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// namedLineCases hold one line each and what the grammar reads in it: the
// label, then per figure "key|sep|number|unit|after|spread".
var namedLineCases = []struct {
	name, in string
	label    string
	figures  []string // nil: no named-number line, or one no figure of which says it was measured
}{
	{"units name the figures", "net rx:   512 MB/s   8100 calls/s", "",
		[]string{"net rx|:|512|MB/s||", "||8100|calls/s||"}},
	{"keys with '=' after a label with its own numbers", "ok 3  Slow path   64 keys: lo=0ms hi=2ms avg=0.71ms sd=0.05",
		"ok 3  Slow path   64 keys:", []string{"lo|=|0|ms||", "hi|=|2|ms||", "avg|=|0.71|ms||", "sd|=|0.05|||"}},
	{"a spread and a keyed figure in brackets", "ring-x nr 4  7.210 ± 0.013M/s (lost 0.100 ± 0.002M/s)", "ring-x nr 4",
		[]string{"||7.210|M/s||0.013", "lost| |0.100|M/s||0.002"}},
	{"words before a figure name it", "mode=fast,cache=on: copy rate 410MB/s, block 2MB", "mode=fast,cache=on:",
		[]string{"copy rate| |410|MB/s||", "block| |2|MB||"}},
	{"a word after the unit names it", "  :... r2 ... cold ... 11.5 s, 90 MB/s, 0.41 s sys, 4% cpu", ":... r2 ... cold ...",
		[]string{"||11.5|s||", "||90|MB/s||", "||0.41|s|sys|", "||4|%|cpu|"}},
	{"statistics keys alone", "lo:10422 hi:10977 sum:21399", "", []string{"lo|:|10422|||", "hi|:|10977|||", "sum|:|21399|||"}},
	{"a run with commas is repeated figures", "Speed: 9.1MiB/s, 8.7MiB/s, 9.3MiB/s", "",
		[]string{"Speed|:|9.1|MiB/s||", "||8.7|MiB/s||", "||9.3|MiB/s||"}},
	{"filler words skipped", "Reading cache: 300 MB in 2.00 seconds = 150.00 MB/sec", "",
		[]string{"Reading cache|:|300|MB||", "||2.00|seconds||", "||150.00|MB/sec||"}},
	{"a relative spread", "base  13.5 +- 4.2%", "", []string{"base| |13.5|||4.2"}},
	{"a unit glued to the last number is its own", "p50 12 11 -8.3%", "", nil},
	{"an unnamed number after a figure", "alpha: 12 ms 400", "", nil},
	{"bare keyed numbers without a measurement", "nr_cpus: 8, nodes: 2", "", nil},
	{"a size listing", "MemTotal:  16384 kB", "", nil},
	{"a log stamp", "[   12s] + cd /build/pkg-1.2", "", nil},
	{"a sentence goes on after the figure", "it took 20 ms before the watchdog fired", "", nil},
	{"settings of the run", "- task: period 1s, duration 10s", "", nil},
	{"a command line", "loadgen --rate 20 --timeout 60s", "", nil},
	{"an arrow compares two figures", "lat: 12 ms -> 9 ms", "", nil},
	{"a grid row", "  1 us | 3.70 us | 3.63 us", "", nil},
	{"percentiles in brackets after their keys", "read: IOPS=41.2k, 50.00th=[ 1201], 99.99th=[8012]", "read:",
		[]string{"IOPS|=|41.2|||", "50.00th|=|1201|||", "99.99th|=|8012|||"}},
	{"a paste marked with '| '", "| Reading disk: 120 MB in 3.01 seconds = 39.87 MB/sec", "",
		[]string{"Reading disk|:|120|MB||", "||3.01|seconds||", "||39.87|MB/sec||"}},
	{"a spread in brackets as perf prints it", "[Run 2]: Avg wake latency (2/64 tasks) in 0.0120 ms (+-31.16%)",
		"[Run 2]: Avg wake latency (2/64 tasks) in", []string{"||0.0120|ms||31.16"}},
	{"long words after the units", "[09:12:40] Elapsed: 6.1s total, 0.002s configuring, 3.9s building", "[09:12:40]",
		[]string{"Elapsed|:|6.1|s|total|", "||0.002|s|configuring|", "||3.9|s|building|"}},
	{"test outcome counts", "Skipped: 0, Errors: 0", "", nil},
	{"a harness's totals", "# Totals: pass:4 fail:1 skip:0 total:5", "", nil},
	{"a TAP directive names its figure", "ok 7 warm_path # time=31ms", "ok 7 warm_path #", []string{"time|=|31|ms||"}},
	{"a TAP diagnostic is no prompt", "# # getppid native: 402 ns", "# #", []string{"getppid native|:|402|ns||"}},
	{"a range", "idle:     1.612s - 1.805s", "", []string{"idle|:|1.612|s||", "||1.805|s||"}},
	{"a remark after the figures", "5000 items in 80 ms (loop 2)", "5000 items in", []string{"||80|ms||"}},
	{"a tag before the keys", "<Old> Read : 40 MB/s, Write : 12 MB/s", "<Old>",
		[]string{"Read|:|40|MB/s||", "Write|:|12|MB/s||"}},
	{"an item mark before a statistic", "2.b) avg. 702 kpps, std. dev. 11 kpps;", "2.b)",
		[]string{"avg.| |702|kpps||", "std. dev.| |11|kpps||"}},
	{"counts named together in a rate", "Total   1,234,567 rx/s   0 err,drop/s", "",
		[]string{"Total| |1,234,567|rx/s||", "||0|err,drop/s||"}},
	{"a kernel log line", "[ 1024.512301] sd 0:0:0:1: cmd_age=0s", "", nil},
	{"leaders between figures", "suite/012 14s ...  11s", "", nil},
	{"a clock's reading", "ACK: 1601000000 s 41022 us", "", nil},
	{"one packet's record", "64 bytes from 10.0.0.2: icmp_seq=3 ttl=64 time=0.041 ms", "", nil},
	{"a test log record", "test_open:PASS: open_skel 0 nsec", "", nil},
	{"a tool's worked-out sum", "21.500000000 - 3.250000000 = 18250000000 (18.3s)", "", nil},
	{"a link's width and a code", "active_width:  4X (2)", "", nil},
	{"a progress message", "Sending signals, timeout remaining: 300ms", "", nil},
	{"a long sentence before the figure", "but once the queue got deeper the drivers that used to pass now take about 40 ms", "", nil},
	{"a column of measurements before the figure", "  16 (tuned)   2.0009   0.1216s", "", nil},
	{"figures that describe the label", "- HBA-7 FW:v2.01.03 (32 Gbps)", "", nil},
	{"a dmesg -T line", "[Tue Mar  4 10:11:12 2025] sd 2:0:0:0: timing out command, waited 90s", "", nil},
	{"a sentence before the figures", "Old disk. This one reads 1276 MB in 3.06 seconds = 416 MB/sec", "", nil},
}

func TestPlacedFigures(t *testing.T) {
	for in, want := range map[string]bool{
		"Fault path   0.1012   0.0934 us": true,  // a grid's row, or runs: named.go decides
		"x   3.7 us   3.6 us":             true,  // two figures of one unit side by side
		"Speed: 9.1MiB/s, 8.7MiB/s":       false, // a list
		"idle: 1.69s - 1.93s":             false, // a range
	} {
		l, ok := readNamedLine(in, CommaUnknown)
		if assert.True(t, ok, in) {
			assert.Equal(t, want, l.placed, in)
		}
	}
}

func renderFigure(f figure) string {
	sep := ""
	if f.sep != 0 {
		sep = string(f.sep)
	}
	return strings.Join([]string{f.key, sep, f.num, f.unit, f.after, f.spread}, "|")
}

func TestReadNamedLine(t *testing.T) {
	for _, c := range namedLineCases {
		t.Run(c.name, func(t *testing.T) {
			l, ok := readNamedLine(c.in, CommaUnknown)
			if c.figures == nil {
				assert.False(t, ok && l.strong, "read %+v", l)
				return
			}
			assert.True(t, l.strong)
			if !assert.True(t, ok) {
				return
			}
			assert.Equal(t, c.label, l.label)
			var got []string
			for _, f := range l.figures {
				got = append(got, renderFigure(f))
			}
			assert.Equal(t, c.figures, got)
		})
	}
}

// FuzzNamedLine holds the grammar to its contract on any line: no panic,
// the label and every figure's number taken from the line, every figure a
// number.
func TestNamedShaped(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"  4512   380.25   17", false},
		{"12,400 | 13,020 | (5.0)", false},
		{"----- 42 -----", false},
		{"warm start 31 ms", true},
		{"depth=8", true},
		{"ratio 3.5x", true},
		{"11.2% of peak", true},
		{"9.81 +- 0.40", true},
		{"3.2 µs", true},
		{"no figure here", false},
	} {
		assert.Equal(t, c.want, namedShaped(c.in), c.in)
	}
}

// FuzzNamedShaped: the cheap check turns away no line the reader reads.
func FuzzNamedShaped(f *testing.F) {
	for _, c := range namedLineCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if _, ok := readNamed(line, CommaUnknown); ok && !namedShaped(line) {
			t.Fatalf("namedShaped turns away %q, which reads", line)
		}
	})
}

func FuzzNamedLine(f *testing.F) {
	for _, c := range namedLineCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, line string) {
		l, ok := readNamedLine(line, CommaUnknown)
		if !ok {
			return
		}
		if !strings.Contains(line, l.label) || l.labelEnd > len(line) {
			t.Fatalf("label %q (end %d) not in %q", l.label, l.labelEnd, line)
		}
		for _, fig := range l.figures {
			if !strings.Contains(line, fig.num) {
				t.Fatalf("figure %q not in %q", fig.num, line)
			}
			if _, ok := ReadNumber(fig.num, CommaUnknown); !ok {
				t.Fatalf("figure %q is no number", fig.num)
			}
		}
	})
}

var namedCases = []cellCase{
	{
		name: "labelled blocks of the same cases become variants",
		in: "proto-a\nproto-a rx:   120 MB/s   3100 calls/s\nproto-a tx:   121 MB/s   3150 calls/s   3150 msg/s\n" +
			"proto-a fast\nproto-a tx:   98 MB/s   2500 calls/s   2500 msg/s\nproto-a rx:   97 MB/s   2490 calls/s\n",
		tables: 1,
		cells: []string{"proto-a rx|proto-a|mb/s|120", "proto-a tx|proto-a|msg/s|3150",
			"proto-a rx|proto-a fast|calls/s|2490", "proto-a tx|proto-a fast|mb/s|98"},
	},
	{
		name: "one quantity per line is value, its spread stddev",
		in: "Ring, two producers\n==================\nring-x nr 1  7.210 ± 0.013M/s (lost 0.100 ± 0.002M/s)\n" +
			"ring-x nr 2  9.400 ± 0.020M/s (lost 0.000 ± 0.000M/s)\n",
		tables: 1,
		cells: []string{"ring-x nr 1||value|7.210", "ring-x nr 1||stddev|0.013", "ring-x nr 1||lost|0.100",
			"ring-x nr 1||lost_stddev|0.002", "ring-x nr 2||value|9.400"},
	},
	{
		name: "TAP lines keep their test as the case",
		in: "ok 1   Fast path         64 keys: lo=0ms hi=1ms avg=0.41ms sd=0.06\n" +
			"ok 2   Fast path        128 keys: lo=0ms hi=2ms avg=0.52ms sd=0.07\n",
		tables: 1,
		cells:  []string{"Fast path 64 keys||lo|0", "Fast path 128 keys||avg|0.52", "Fast path 128 keys||stddev|0.07"},
	},
	{
		name:   "a label names the row of one figure",
		in:     "Before:\n  Total time: 4.25s\n  Worst setup time (per unit): 0.31s\nAfter:\n  Total time: 0.62s\n  Worst setup time (per unit): 0.29s\n",
		tables: 1,
		cells:  []string{"Total time|Before|value|4.25", "Worst setup time (per unit)|After|value|0.29"},
	},
	{
		name: "a drawn tree: the kernel level is the variant",
		in: "  small\n   :... v2.1 ... cold ... 2.10 s, 50 MB/s, 0.30 s sys, 2% cpu\n" +
			"   :    :....... warm ..... 1.90 s, 55 MB/s, 0.31 s sys, 2% cpu\n" +
			"   :... v2.2 ... cold ... 2.00 s, 52 MB/s, 0.30 s sys, 2% cpu\n" +
			"        :....... warm ..... 0.40 s, 1.1 GB/s, 0.29 s sys, 9% cpu\n" +
			"  large\n   :... v2.1 ... cold ... 8.10 s, 49 MB/s, 0.90 s sys, 1% cpu\n" +
			"   :    :....... warm ..... 7.90 s, 51 MB/s, 0.91 s sys, 1% cpu\n",
		tables: 1,
		cells: []string{"small cold|v2.1|seconds|2.10", "small warm|v2.1|mb/s|55", "small cold|v2.2|sys|0.30",
			"small warm|v2.2|mb/s|1.1", "small warm|v2.2|share|9", "large warm|v2.1|seconds|7.90"},
	},
	{
		name:   "a size restated by its tool",
		in:     "Reading cache:   300 MB in  2.00 seconds = 150.00 MB/sec\nReading cache:   310 MB in  2.01 seconds = 154.23 MB/sec\n",
		tables: 1,
		cells:  []string{"Reading cache||mb|300", "Reading cache||seconds|2.01", "Reading cache||mb/s|154.23"},
	},
	{
		name:   "statistics lines without a label",
		in:     "lo:10422 hi:10977 sum:21399\nlo:10500 hi:10600 sum:21100\n",
		tables: 1,
		cells:  []string{"||lo|10422", "||sum|21100"},
	},
	{
		name:   "a side word as the label is the variant",
		in:     "Before: 7114.3us\nAfter: 5993.5us (-15.8%)\n",
		tables: 1,
		cells:  []string{"|Before|value|7114.3", "|After|value|5993.5", "|After|pct|-15.8"},
	},
	{
		name:   "a header above names the columns",
		in:     "                 usecs/op       %stdev\n\n  idle off          13.48       +-  5.19%\n  idle on            6.84       +- 22.07%\n",
		tables: 0,
	},
	{
		name: "weak lines among measured ones, sections over labelled blocks",
		in: "-- auth --\n\nplain client:\nRetry count: 3\nread: IOPS=41.2k, 50.00th=[ 1201], 99.99th=[8012]\n" +
			"write: IOPS=17.0k, 50.00th=[ 1302], 99.99th=[9100]\n\nsigned client:\nRetry count: 1\n" +
			"read: IOPS=38.0k, 50.00th=[ 1400], 99.99th=[7000]\nwrite: IOPS=16.1k, 50.00th=[ 1500], 99.99th=[7300]\n\n" +
			"-- auth+sign --\n\nplain client:\nRetry count: 2\nread: IOPS=20.4k, 50.00th=[ 2201], 99.99th=[9012]\n" +
			"write: IOPS=9.1k, 50.00th=[ 2302], 99.99th=[9900]\n",
		tables: 2,
		cells: []string{"Retry count|plain client|value|3", "read|plain client|iops|41.2", "read|plain client|50.00th|1201",
			"write|signed client|99.99th|7300", "--", "read||iops|20.4"},
	},
	{
		name: "a tool's phase marker inside a block",
		in: "base tree:\n\nmin:3100 max:3100 total:3100\nmin:3200 max:3200 total:3200\nmeasurement\n" +
			"min:3300 max:3300 total:3300\n\nwith series:\n\nmin:3500 max:3500 total:3500\nmeasurement\n" +
			"min:3600 max:3600 total:3600\nmin:3700 max:3700 total:3700\n",
		tables: 1,
		cells:  []string{"|base tree|min|3100", "|base tree|total|3300", "|with series|max|3600"},
	},
	{
		name: "statistics and changes annotate the figure before them",
		in: "host:\n  BW   : 1812 MiB/s (stdev: 12.1)\n  IOPS : 463k (stdev: 3.2k)\n\n" +
			"guest, polling:\n  BW   : 1790 MiB/s (stdev: 20.4)\n  IOPS : 458k (stdev: 5.0k)\n",
		tables: 1,
		cells: []string{"BW|host|value|1812", "BW|host|stddev|12.1", "IOPS|host|value|463", "IOPS|host|stddev|3.2",
			"BW|guest, polling|value|1790", "IOPS|guest, polling|stddev|5.0"},
	},
	{
		name: "bare figures made measurements by their changes",
		in: "Plain numbers, as asked:\n     small window off : 4410\n     small window on  : 3012, diff: -31.70%\n" +
			"     big window on    : 3650, diff: -17.23%\n",
		tables: 1,
		cells: []string{"small window off||value|4410", "small window on||value|3012", "small window on||pct|-31.70",
			"big window on||pct|-17.23"},
	},
	{
		name:   "bracketed block labels, sd with its unit, a bare change",
		in:     "[before]\nread latency = 81.2 us (sd 1.1 us)\nwrite latency = 96.0 us\n[after]\nread latency = 70.4 us (sd 0.9 us)\nwrite latency = 90.1 us (-6.1%)\n",
		tables: 1,
		cells:  []string{"read latency|before|value|81.2", "read latency|before|stddev|1.1", "write latency|after|pct|-6.1"},
	},
	{
		name:   "sizes under a label that compares them",
		in:     "Image size comparison:\n     4k: 9120300 KB\n     64k: 9101200 KB\n",
		tables: 1,
		cells:  []string{"4k||value|9120300", "64k||value|9101200"},
	},
	{
		name:   "sizes under a machine label",
		in:     "Test box:\n  Memory: 256 GB\n  Disk: 2 TB\n",
		tables: 0,
	},
	{
		name:   "blocks with other cases stay apart",
		in:     "read:\n  lat : 10 ms\n  bw : 100 MB/s\nwrite:\n  iops : 2000 IOPS\n  bw : 90 MB/s\n",
		tables: 2,
		cells:  []string{"lat||value|10", "iops||value|2000"},
	},
	{
		name: "a test harness's RUN lines label its blocks",
		in: "TAP version 13\n1..2\n#  RUN           suite.alpha.init ...\nWall time: 1.20s\nWorst init time (per unit): 0.30s\n" +
			"#            OK  suite.alpha.init\nok 1 suite.alpha.init\n#  RUN           suite.beta.init ...\n" +
			"Wall time: 1.10s\nWorst init time (per unit): 0.28s\n#            OK  suite.beta.init\nok 2 suite.beta.init\n",
		tables: 1,
		cells:  []string{"Wall time|suite.alpha.init|value|1.20", "Worst init time (per unit)|suite.beta.init|value|0.28"},
	},
	{
		name: "harness labels and results a mailer wrapped",
		in: "#  RUN           suite.alpha.init\n...\nWall time: 1.20s\nWorst init time (per unit): 0.30s\n#            OK\n" +
			"suite.alpha.init\nok 1 suite.alpha.init\n#  RUN\nsuite.beta.init ...\nWall time: 1.10s\n" +
			"Worst init time (per unit): 0.28s\n",
		tables: 1,
		cells:  []string{"Wall time|suite.alpha.init|value|1.20", "Worst init time (per unit)|suite.beta.init|value|0.28"},
	},
	{
		name: "a header the rows' gaps moved away from still names the columns",
		in: "                          Before       After\n  plain writer                     610         305 MB/s\n" +
			"  direct writer                    290         305 MB/s\n",
		tables: 0,
	},
	{
		name:   "ranges and remarks",
		in:     "CPU time over 5 runs:\n  base:      1.612s - 1.805s\n  patched:   1.598s - 1.811s\n",
		tables: 1,
		cells:  []string{"|base|min|1.612", "|patched|max|1.811"},
	},
	{
		name:   "repeated runs on a line after their label",
		in:     "Before: 2211 2230 2190 Mb/sec\nAfter:  2401 2398 2405 Mb/sec\n",
		tables: 1,
		cells:  []string{"|Before|value|2211", "|Before|value|2190", "|After|value|2405"},
	},
	{
		name:   "figures side by side under a header are a grid's",
		in:     "                 6.1-rc2     6.1-rc2+fix\nFault path       0.1012      0.0934 us\nMmap 64M         1841        1702 us\n",
		tables: 0,
	},
	{
		name:   "a lone line is no table",
		in:     "fetch: 12 ms\n",
		tables: 0,
	},
	{
		name:   "a machine listing is no measurement",
		in:     "MemTotal:  16384 kB\nMemFree:   8000 kB\nCPUs: 8\n",
		tables: 0,
	},
	{
		name:   "a build log with stamps",
		in:     "[   10s] machine type: x86_64\n[   12s] + cd /build\n[   12s] + make -j4\n",
		tables: 0,
	},
}

func TestNamedRead(t *testing.T) { runCellCases(t, named{}, namedCases) }

func FuzzNamed(f *testing.F) { fuzzCells(f, named{}, namedCases) }

func TestCleanNamedLabel(t *testing.T) {
	for in, want := range map[string]string{
		"ok 12  Slow path   64 keys:": "Slow path 64 keys",
		"not ok 3 drain":              "drain",
		"  :... v4 ... warm ...":      "v4 ... warm",
		"- item one:":                 "item one",
		"12 entries in":               "12 entries",
		"# # getpid native:":          "getpid native",
		"[17:55:51] Elapsed time:":    "Elapsed time",
	} {
		assert.Equal(t, want, cleanNamedLabel(in), fmt.Sprintf("%q", in))
	}
}

func TestUnitOfNamed(t *testing.T) {
	for s, want := range map[string]ukind{
		"ms": uTime, "S": uTime, "MB": uSize, "MB/s": uRate, "err,drop/s": uRate, "ns/op": uCost,
		"cycles": uCycles, "%": uPercent, "x": uRatio, "4X": uNone, "X": uNone, "GHz": uNone, "W": uNone, "speed": uNone,
	} {
		assert.Equal(t, want, unitOf(s), s)
	}
}
