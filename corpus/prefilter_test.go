package corpus

import (
	"bytes"
	netmail "net/mail"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/corpus/internal/gen"
	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse"
)

var prefilterCases = []struct {
	name string
	body string
	want bool
}{
	{"prose", "Looks good to me.\n\nReviewed-by: A <a@example.org>\n", false},
	{"value-pct rows", "hackbench\n 1-groups:  4.20 (0.00 pct)  4.10 (2.38 pct)\n", true},
	{"three numeric rows", "case   base   new\nread   12.1   12.9\nwrite  33.0   31.2\nmmap   7.7    7.9\n", true},
	{"key-value", "Results:\nlatency: 12 us\nthroughput: 3400\nops = 17\n", true},
	{"ascii grid", "+------+------+\n| a    | b    |\n", true},
	{"mmtests", "Hmean  64  1.00 (  0.00%)  1.02 *  2.00%*\n%change vs base\n", true},
	{"quoted table", "On Mon, Jan 2, 2023 at 10:00, X wrote:\n> a  1.0  2.0  3.0\n> b  4.0  5.0  6.0\n", true},
	{"kernelci board table: a grid the readers take", "Regressions Summary\n-------------------\n\nplatform       | arch  | lab           | compiler | defconfig | regressions\n---------------+-------+---------------+----------+-----------+------------\nboard-one      | arm64 | lab-somewhere | gcc-10   | defconfig | 1\n\nboard-two      | arm   | lab-elsewhere | gcc-10   | multi_v7_defconfig | 2\n\nboard-three    | arm   | lab-elsewhere | gcc-10   | multi_v7_defconfig | 3\n", true},
	{"cyclictest status lines", "T: 0 ( 4190) P:99 I:1000 C:  59998 Min:      2 Act:    3 Avg:    3 Max:      19\nT: 1 ( 4191) P:99 I:1000 C:  59991 Min:      2 Act:    4 Avg:    3 Max:      23\n", true},
	{"perf sched rows", "  knobd:4412 |  12.311 ms |  210 | avg:  1.204 ms | max:  20.113 ms | max at:  1021.334512 s\n", true},
	{"fio summary lines: units glued to every figure", "  read: IOPS=31.2k, BW=122MiB/s (128MB/s)(7312MiB/60001msec)\n  write: IOPS=30.9k, BW=121MiB/s (126MB/s)(7244MiB/60001msec)\n", true},
	{"prose with glued units", "The run took 12ms and then 30ms more, which is what we expected from the old code path here.\n", false},
	{"hackbench run", "Running in process mode with 4 groups using 40 file descriptors each (== 160 tasks)\nTime: 0.871\n", true},
	{"patch with numbers in hunks", "Fix it.\n\n 1 file changed, 3 insertions(+), 1 deletion(-)\n\ndiff --git a/x.c b/x.c\nindex 1..2 100644\n--- a/x.c\n+++ b/x.c\n@@ -10,7 +10,8 @@ int f(int a)\n-\tx = 1 + 2 + 3;\n+\tx = 4 + 5 + 6;\n \ty = 7 + 8 + 9;\n", false},
	{"quoted patch", "> diff --git a/x.c b/x.c\n> @@ -10,7 +10,8 @@\n> -\tx = 1 + 2 + 3;\n> +\tx = 4 + 5 + 6;\n>  \ty = 7 + 8 + 9;\n", false},
	{"diffstat bar", " kernel/sched/fair.c | 12 ++++++------\n", false},
	{"attributions", "On Mon, 2 Jan 2023 at 10:00, A wrote:\n> On Sun, 1 Jan 2023 at 09:00, B wrote:\n", false},
	{"single series with units", "A00000 A00001 A00\nA 00A0 0B\nA 0", true},
	{"single series across a blank line", "B B\nA 0\n\nA 0", true},
	{"collapsed lines", "From x Mon Jan 2 2023 Subject: y " + string(make([]byte, 600)), true},
	{"table indented with no-break spaces", "pipe test\n\u00a0\u00a0\u00a0 Total time: 12.5 [sec]\n\n\u00a0\u00a0\u00a0 12.512 usecs/op\n\u00a0\u00a0\u00a0\u00a0\u00a0 79921 ops/sec\n", true},
	{"table indented with a run of latin-1 no-break spaces", "pipe test\n\xa0\xa0\xa0Total time: 12.5 [sec]\n\n\xa0\xa012.512 usecs/op\n\xa0\xa0\xa079921 ops/sec\n", true},
	{"rows under a heading ending in a colon", "Results at 8 threads:\nbase     10.2   11.0\npatched  9.8    10.1\n", true},
	{"indented readings with words", "Performance counter stats for 'system wide':\n\n             33.93 Joules power/energy-pkg/\n\n       1.001969742 seconds time elapsed\n", true},
	{"rows labelled by version", "kernel    runtime\nv6.1-rc3  12.5\nv6.2      11.9\n", true},
}

// noiseCases are the classes of numbered lines that made the prefilter
// pass most of the messages of real list archives: none holds a table.
// Each is written here in our own words, in the shape such mail has.
var noiseCases = []struct{ name, body string }{
	{"diffstat", "---\n drivers/cpufreq/knob.c   | 12 ++++++------\n include/linux/knob.h     |  3 +++\n Documentation/knob.rst   | 40 ++++++++++++++++++++++++++++++++++++++++\n 3 files changed, 49 insertions(+), 6 deletions(-)\n create mode 100644 Documentation/knob.rst\n"},
	{"quoted diffstat", "> ---\n>  drivers/cpufreq/knob.c   | 12 ++++++------\n>  include/linux/knob.h     |  3 +++\n>  2 files changed, 9 insertions(+), 6 deletions(-)\n"},
	{"diffstat three deep", "> > > ---\n> > >  fs/xfs/xfs_thing.c | 7 +++++--\n> > >  fs/xfs/xfs_other.c | 1 -\n> > >  fs/xfs/xfs_third.c | 2 +-\n"},
	{"wrapped diffstat", ">>   drivers/thermal/long_name_of_a_driver.c | 1940\n>> ++++++++++++++++++++++-------\n>>   drivers/thermal/other.c                 |   56 +-\n>>   drivers/thermal/third.c                 |   12 +\n"},
	{"binary diffstat", " firmware/blob.bin | Bin 0 -> 4096 bytes\n firmware/other.bin | Bin 2048 -> 4096 bytes\n firmware/third.bin | Bin 0 -> 512 bytes\n"},
	{"attributions", "On Mon, 2 Jan 2023 at 10:00, Ada Writer <ada@example.org> wrote:\n> On Sun, 1 Jan 2023 at 09:00, Bo Reply wrote:\n>> On 12/31/2022 11:59 PM, Cy Third wrote:\n"},
	{"attributions in other languages", "02.01.2023 10:00, Ада Писатель пишет:\n> Le 01/01/2023 à 09:00, Bo Reply a écrit :\n>> Am 31.12.2022 um 23:59 schrieb Cy Third:\n"},
	{"wrapped attributions", "On Tue, Feb 3, 2026 at 1:45 PM Ada Writer\n<ada@example.org> wrote:\n> On Mon, Feb 2, 2026 at 10:41 AM Bo Reply\n> <bo@example.org> wrote:\n>> On Sun, Feb 1, 2026 at 9:00 AM Cy Third\n"},
	{"quoted headers", "-----Original Message-----\nFrom: Ada Writer <ada@example.org>\nSent: Monday, January 2, 2023 10:00 AM\nDate: Mon, 2 Jan 2023 10:00:00 +0000\ncommit 0123456789abcdef0123456789abcdef01234567\nAuthor: Ada Writer <ada@example.org>\nDate:   Mon Jan 2 10:00:00 2023 +0000\n"},
	{"request-pull", "The following changes since commit 0123456789abcdef0123456789abcdef01234567:\n\n  Linux 6.7-rc4 (2023-12-03 18:52:56 +0900)\n\nare available in the Git repository at:\n\nfor you to fetch changes up to 89abcdef0123456789abcdef0123456789abcdef:\n\n  knob: tidy up (2023-12-10 20:12:01 +0100)\n"},
	{"numbered prose", "The series does this:\n1. adds the knob to the driver\n2. drops the old sysfs file\n3) documents the new behaviour\n"},
	{"sentences with numbers", "The patches 8, 9 and 10 fix the 3 regressions we saw in 2023.\nWith 4 CPUs and 2 nodes the wakeup takes 12 us more than it did.\nIt was 5 or 6 times slower on the 2 socket box.\n"},
	{"dmesg", "[    0.123456] smpboot: CPU0: Some CPU 8 cores (family: 0x6, model: 0x9a)\n[    1.234567] knob 0000:00:1f.3: probe of 3 units\n[   12.000001] knob: ready after 42 ms\n"},
	{"call trace", "Call Trace:\n <TASK>\n dump_stack_lvl+0x1a/0x30\n knob_probe+0x2b/0x50 drivers/knob/core.c:120\n really_probe+0x10/0x300\n</TASK>\nRIP: 0010:knob_probe+0x2b/0x50\nRSP: 0018:ffffc90000123456 EFLAGS: 00010246\nRAX: 0000000000000000 RBX: ffff888012345678 RCX: 0000000000000001\n"},
	{"hex dump", "  hex dump (first 32 bytes):\n    00 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15  ................\n    16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31  ................\n"},
	{"log lines", "knob: knob_probe: CPU0: running at unlisted rate: 0 KHz\nknob: knob_probe: CPU1: running at unlisted rate: 0 KHz\nknob 0000:03:00.4: refused to change state, currently in D3\nknob 0000:03:00.4: enabling device (0000 -> 0002)\n"},
	{"build robot", "tree:   https://git.example.org/knob.git master\nhead:   0123456789abcdef0123456789abcdef01234567\ncommit: 89abcdef0123456789abcdef0123456789abcdef\nconfig: x86_64-randconfig-001-20231201\ncompiler: gcc-12 (Debian 12.2.0-14) 12.2.0\n\ndrivers/knob/core.c:123:45: warning: unused variable 'x' [-Wunused-variable]\n   123 |         int x = 1;\nIn file included from drivers/knob/core.c:9:\nvim +123 drivers/knob/core.c\n"},
	{"robot summary", "elapsed time: 720m\n\nconfigs tested: 200\nconfigs skipped: 4\n\ntested configs:\nalpha                 allnoconfig    gcc-13.2.0\narc                   defconfig      gcc-13.2.0\ni386         randconfig-004-20231201    clang-17\n"},
	{"c code", "I would write it as:\n\n\tx = y + 1;\n\tif (a > 2) {\n\t\tz = foo(3, 4);\n\t}\n#define KNOB_MASK\t0x1f\n#define KNOB_SHIFT\t4\n"},
	{"hunk without diff --git", "> @@ -10,7 +10,8 @@ static int knob(void)\n> -\tx = 1 + 2 + 3;\n> +\tx = 4 + 5 + 6;\n>  \ty = 7 + 8 + 9;\n"},
	{"hunk lines without header", "> +\tret = knob_init(&k, NULL, level == 0);\n> -       runs of the governor (default: 1000 times the latency).\n> +       runs of the governor (default: 1.5 times the latency).\n"},
	{"proc swaps", "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n/dev/zram0                              partition\t4194300\t\t0\t\t100\n/swapfile                               file\t\t2097148\t\t0\t\t-2\n"},
	{"proc cgroups", "#subsys_name\thierarchy\tnum_cgroups\tenabled\ncpuset\t0\t1\t1\ncpu\t0\t1\t1\nmemory\t0\t1\t1\n"},
	{"losetup", "NAME       SIZELIMIT OFFSET AUTOCLEAR RO BACK-FILE        DIO LOG-SEC\n/dev/loop0         0      0         1  0 /var/tmp/a.img     0     512\n/dev/loop1         0      0         1  0 /var/tmp/b.img     0     512\n"},
	{"sysfs dump", "/sys/class/thermal/thermal_zone0/temp:45000\n/sys/class/thermal/thermal_zone1/temp:47000\n/sys/class/thermal/thermal_zone2/temp:39000\n"},
	{"links", "[1] https://lore.example.org/r/20230101.1234-1-ada@example.org/#2350984\n[2] https://bugs.example.org/show_bug.cgi?id=218182\n[3] https://patches.example.org/patch/1316134/#1511276\n"},
	{"signature block", "-----BEGIN PGP SIGNATURE-----\n\niQIzBAABCAAdFiEE0123456789abcdefABCDEF0123456789abcdefAAoJEA\nB2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8S9T0U1V2W3X4Y5Z6a7b8c9d0e1f2\n=AbCd\n-----END PGP SIGNATURE-----\n"},
	{"diffstat indented with no-break spaces", ">>\u00a0 drivers/power/knob.c\u00a0\u00a0\u00a0 |\u00a0 11 +-\n>>\u00a0 drivers/power/other_knob.c | 466 +++++++++++++++++-------\n>>\u00a0 drivers/power/third.c\u00a0\u00a0\u00a0\u00a0 |\u00a0\u00a0 2 +\n"},
	{"diffstat in latin-1", ">>\xa0 drivers/power/knob.c\xa0\xa0\xa0 |\xa0 11 +-\n>>\xa0 drivers/power/other_knob.c | 466 +++++++++++++++++-------\n>>\xa0 drivers/power/third.c\xa0\xa0\xa0\xa0 |\xa0\xa0 2 +\n"},
	{"signature", "Thanks,\nAda\n-- \nExample Systems GmbH          | https://example.org/ |\nSome Street 21                | Phone: +49-1234-5678 |\n12345 Sometown, Germany       | Fax:   +49-1234-5679 |\n"},
	{"uevent dump", "POWER_SUPPLY_CAPACITY=27\nPOWER_SUPPLY_TEMP=269\nPOWER_SUPPLY_VOLTAGE_NOW=3921000\n"},
	{"rename diffstat", " arch/arm/boot/dts/{board.dtsi => board-x.dtsi} |  165 +--\n .../{lpddr2 => ddr}/lpddr2-timings.txt        |    0\n arch/arm/boot/dts/board.dts                   |    6 +-\n"},
	{"kernelci test summary", "  Details:     https://ci.example.org/test/plan/id/0123\n\n  Results:     5 PASS, 1 FAIL, 0 SKIP\n  dmesg - 3 tests: 2  PASS, 1 FAIL, 0 SKIP\n  Results:     4 PASS, 2 FAIL, 1 SKIP\n"},
	{"kconfig", "CONFIG_KNOB=y\nCONFIG_KNOB_LEVEL=3\nCONFIG_KNOB_VERSION=130200\n"},
	{"code identifiers", "It reads min_perf_pct and max_perf_pct, and the knob_pctg field.\n"},
}

// TestNoiseClasses checks that each class of numbered lines that is no
// table, plain, quoted or seen through a base64 or quoted-printable body,
// does not make the prefilter decode the message.
func TestNoiseClasses(t *testing.T) {
	var v viewer
	for _, tc := range noiseCases {
		assert.Equal(t, passNone, prefilter([]byte(tc.body)), tc.name)
		assert.Equal(t, passNone, prefilter([]byte(quote(tc.body))), tc.name+", quoted")
		for _, raw := range []string{single("base64", b64(tc.body)), single("quoted-printable", qp(tc.body))} {
			data := []byte(raw)
			h := scanHeader(data)
			assert.False(t, v.needsDecode(data, &h), "%s, encoded:\n%s", tc.name, raw)
		}
	}
}

// quote quotes every line of body once more.
func quote(body string) string {
	lines := strings.SplitAfter(body, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString("> " + l)
		}
	}
	return b.String()
}

func TestMayHoldTable(t *testing.T) {
	for _, tc := range prefilterCases {
		assert.Equal(t, tc.want, mayHoldTable([]byte(tc.body)), tc.name)
	}
}

func TestHasEncodedParts(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want bool
	}{
		{"Content-Transfer-Encoding: base64\n\nAAAA\n", true},
		{"content-transfer-encoding:Quoted-Printable\n\nx=3D1\n", true},
		{"Content-Type: multipart/mixed; boundary=b\n\n--b\nCONTENT-TRANSFER-ENCODING: \"base64\"\n\nAAAA\n--b--\n", true},
		{"Content-Transfer-Encoding: 8bit\n\nplain\n", false},
		{"Subject: about encoding: base64\n\ntext\n", false},
	} {
		assert.Equal(t, tc.want, hasEncodedParts([]byte(tc.raw)), tc.raw)
	}
}

func TestScanHeader(t *testing.T) {
	raw := "From: \"Tess K.\" <tess@example.org>\r\nSubject: =?UTF-8?q?Re=3A_caf=C3=A9?=\r\n\tcontinued\r\n" +
		"Message-ID: <a@b>\r\nMessage-ID: <second@b>\r\nReferences: <root@b>\r\n <mid@b>\r\nIn-Reply-To: <mid@b>\r\n" +
		"Date: Mon, 02 Jan 2023 10:00:00 +0000\r\n\r\nbody\r\n"
	h := scanHeader([]byte(raw))
	assert.Equal(t, "a@b", firstID(h.id))
	assert.Equal(t, "root@b", firstID(h.reference))
	assert.Equal(t, "mid@b", firstID(h.inReplyTo))
	assert.Equal(t, "Re: café continued", decodeWords(h.subject))
	assert.Equal(t, "Tess K.", address(h.from).Name)
	assert.Equal(t, "tess@example.org", address(h.from).Email)
	assert.NotNil(t, parseDate(h.date))
	assert.Equal(t, "body\r\n", raw[h.bodyStart:])
	assert.Equal(t, "<root@b> <mid@b>", h.reference)

	// A field folded over several lines keeps them all, in order, whether
	// a field, the blank line, a line that is no field or the end of the
	// data follows it.
	for _, end := range []string{"\nX-Next: 1\n\nbody\n", "\n\nbody\n", "\nno field here\n", ""} {
		h := scanHeader([]byte("Subject: one\n two\n\tthree\n   four" + end))
		assert.Equal(t, "one two three four", h.subject, "%q", end)
	}
}

// FuzzPrefilter checks that the prefilter never rejects a body in which
// the table parsers find a table of two rows or more (a one-row reading in
// a message without other numbers is missed by design), and that the
// header scanner stays in bounds on any input. Rows on lines the
// prefilter knows to hold no result (diffstats, logs, code, listings,
// sentences: noTableLine, prose) do not count: the parsers may still
// read those as tables, and keeping them out of the store is the point.
func FuzzPrefilter(f *testing.F) {
	for _, tc := range prefilterCases {
		f.Add(tc.body)
	}
	for _, tc := range noiseCases {
		f.Add(tc.body)
	}
	f.Fuzz(func(t *testing.T, body string) {
		h := scanHeader([]byte(body))
		if h.bodyStart < 0 || h.bodyStart > len(body) {
			t.Fatalf("bodyStart %d out of [0,%d]", h.bodyStart, len(body))
		}
		hasEncodedParts([]byte(body))
		if mayHoldTable([]byte(body)) {
			return
		}
		lines := mbox.BodyLines(body, 1, 0, "")
		for _, tb := range parse.Tables(lines) {
			if n := countedRows(&tb, lines); n >= 2 {
				t.Fatalf("prefilter rejected a body with a %s table of %d rows (%d counted) at line %d", tb.Format, len(tb.Rows), n, tb.StartLine)
			}
		}
	})
}

// countedRows returns the rows of tb, read from lines, that the
// prefilter counts as possible table rows.
func countedRows(tb *model.Table, lines []model.Line) int {
	var text []byte
	for _, l := range lines {
		text = append(append(text, l.Text...), '\n')
	}
	counted := countedLines(text)
	n := 0
	for _, r := range tb.Rows {
		for k, l := range lines {
			if l.No == r.Line && counted[k+1] {
				n++
				break
			}
		}
	}
	return n
}

// countedLines walks a body as the prefilter does and returns the
// 1-based lines it counts as possible table rows: outside patches, not a
// listing, a noise class or a sentence.
func countedLines(body []byte) map[int]bool {
	out := map[int]bool{}
	inDiff, dump := false, false
	var sig signatures
	for i, n := 0, 1; i < len(body); n++ {
		depth := 0
		for i < len(body) && body[i] == '>' {
			i++
			depth++
			if i < len(body) && body[i] == ' ' {
				i++
			}
		}
		end := nextLine(body, i)
		line := body[i:end]
		i = end
		if sig.in(line, depth) {
			continue
		}
		if inDiff && len(line) > 0 && skipsDiffLine(line) {
			continue
		}
		inDiff = bytes.HasPrefix(line, diffGit) || bytes.HasPrefix(line, hunkHead)
		if dump && len(bytes.TrimSpace(line)) > 0 {
			continue
		}
		dump = isDumpHead(bytes.TrimLeft(line, " \t"))
		if !inDiff && !dump && counted(line) {
			out[n] = true
		}
	}
	return out
}

// prefilterSample is 2000 generated messages, split, for the prefilter
// benchmarks.
func prefilterSample(b *testing.B) (msgs [][]byte, size int64) {
	g := gen.New(7)
	var sb strings.Builder
	for i := range 2000 {
		sb.WriteString(g.Message(i))
	}
	sc := mbox.NewRawScanner(strings.NewReader(sb.String()))
	for sc.Scan() {
		msgs = append(msgs, bytes.Clone(sc.Message().Data))
		size += int64(len(msgs[len(msgs)-1]))
	}
	if len(msgs) == 0 {
		b.Fatal("no messages")
	}
	return msgs, size
}

// BenchmarkPrefilter measures the decision the crawl takes for every
// message (header scan, then the prefilter on the raw or viewed body), in
// MB/s of whole raw messages.
func BenchmarkPrefilter(b *testing.B) {
	msgs, size := prefilterSample(b)
	var v viewer
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, m := range msgs {
			h := scanHeader(m)
			v.needsDecode(m, &h)
		}
	}
}

// TestParseDate checks the direct parse of the common form against
// net/mail on the forms mailers write.
func TestParseDate(t *testing.T) {
	for _, v := range []string{
		"Mon, 02 Jan 2023 10:00:00 +0000",
		"Tue, 03 Jan 2023 23:59:59 -0800",
		"Mon, 2 Jan 2023 10:00:00 +0100",
		"Mon,  2 Jan 2023 10:00:00 +0100",
		"Sun, 12 Mar 2023 01:02:03 -0700 (PDT)",
		"2 Jan 2023 10:00:00 -0000",
		"Wed, 04 Jan 2023 01:02:03 +0530 (IST)",
		"Thu, 05 Jan 2023 01:02:03 GMT",
	} {
		want, err := netmail.ParseDate(v)
		require.NoError(t, err, v)
		got := parseDate(v)
		require.NotNil(t, got, v)
		assert.True(t, want.Equal(*got), "%s: %v != %v", v, got, want)
	}
	assert.Nil(t, parseDate("yesterday"))
	assert.Nil(t, parseDate(""))
	// The forms of nearly every message take the direct parse: no error
	// of a form tried in vain is allocated, only the result.
	for _, v := range []string{"Mon, 02 Jan 2023 10:00:00 +0000", "Mon, 2 Jan 2023 10:00:00 +0100", "Mon,  2 Jan 2023 10:00:00 +0100", "Sun, 12 Mar 2023 01:02:03 -0700 (PDT)"} {
		assert.LessOrEqual(t, testing.AllocsPerRun(10, func() { parseDate(v) }), 1.0, v)
	}
}

// TestDecodeWords checks white-space collapsing against strings.Fields,
// with and without encoded words.
func TestDecodeWords(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Re: [PATCH v2 1/3] sched: Cut wakeup cost", "Re: [PATCH v2 1/3] sched: Cut wakeup cost"},
		{"  Re:  [PATCH]\tfix ", "Re: [PATCH] fix"},
		{"folded\r\n subject", "folded subject"},
		{"no\u00a0break", "no break"},
		{"ideographic\u3000space", "ideographic space"},
		{"café über", "café über"},
		{"=?UTF-8?q?caf=C3=A9?=  ok", "café ok"},
		{"", ""},
	} {
		assert.Equal(t, tc.want, decodeWords(tc.in), tc.in)
	}
}
