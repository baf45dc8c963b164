package parse

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestKernelName(t *testing.T) {
	for s, want := range map[string]bool{
		"9.1-rc3": true, "v6.10": true, "6.14-rc5+": true, "2.6.32": true, "9.2-patched+nodelay": true,
		"Baseline:": true, "patched": true,
		"tip":              true,  // the tip tree
		"08605b27815e":     true,  // a commit
		"ffff888109760900": false, // a 64 bit word of a dump
		"50.0th":           false, "31245.10": false, "0.7293": false, "123.4": false, "hackbench": false, "": false,
	} {
		assert.Equal(t, want, kernelName(s), "%q", s)
	}
}

func TestLabelOf(t *testing.T) {
	for line, want := range map[string]string{
		"Before:":                               "Before",
		"**Patched**":                           "Patched",
		"Kernel: 9.1-rc3 + busy-poll-v3":        "9.1-rc3 + busy-poll-v3",
		"Result before applying the patchset:":  "before applying the patchset",
		"6.4.0":                                 "6.4.0",
		"RUN 1:":                                "",
		"Throughput, 5 runs each:":              "",
		"The numbers before the patch are here": "",
	} {
		assert.Equal(t, want, labelOf(line), "%q", line)
	}
}

func TestVariantWord(t *testing.T) {
	for s, want := range map[string]bool{"patch": true, "base": true, "6.14-rc5": true, "1182.4": false, "GB6 Single": false, "": false} {
		assert.Equal(t, want, variantWord(s), "%q", s)
	}
}

func TestRowsAreKernels(t *testing.T) {
	assert.True(t, rowsAreKernels([]string{"9.1-base", "9.1-patched"}, []string{"QD", "IOPS"}))
	assert.True(t, rowsAreKernels([]string{"Baseline:", "Patched:"}, []string{"Bandwidth", "Latency"}))
	assert.False(t, rowsAreKernels([]string{"1", "8"}, []string{"6.9", "6.9+fix"}), "kernels title the columns")
	assert.False(t, rowsAreKernels([]string{"hackbench-1", "hackbench-8"}, []string{"base", "new"}))
}

// table builds a single-series table for the semantics tests.
func table(context []string, rows map[string]float64) model.Table {
	t := model.Table{Format: "whitespace", Context: context}
	for _, c := range []string{"create", "remove", "stat"} {
		if v, ok := rows[c]; ok {
			n := model.Number(strconv.FormatFloat(v, 'f', -1, 64))
			t.Rows = append(t.Rows, model.Row{Case: c, Cells: []model.Cell{{Field: "mean", Value: n}}})
		}
	}
	return t
}

func TestMergeLabelled(t *testing.T) {
	before := table([]string{"mdtest", "Before"}, map[string]float64{"create": 1, "remove": 2})
	after := table([]string{"mdtest", "After"}, map[string]float64{"create": 3, "remove": 4})
	other := table([]string{"mdtest", "RUN 1"}, map[string]float64{"create": 5, "remove": 6})
	got := mergeLabelled([]model.Table{before, after, other}, nil)
	if assert.Len(t, got, 2) {
		m := got[0]
		assert.Equal(t, []string{"Before", "After"}, m.Variants)
		assert.Equal(t, "Before", m.Baseline)
		assert.Equal(t, []string{"mdtest"}, m.Context)
		assert.Len(t, m.Rows, 4)
		assert.Equal(t, "After", m.Rows[2].Cells[0].Variant)
		assert.Equal(t, []string{"mdtest", "RUN 1"}, got[1].Context, "a run number is no label")
	}
	// different cases: two measurements, not one comparison
	odd := table([]string{"mdtest", "After"}, map[string]float64{"stat": 3})
	assert.Len(t, mergeLabelled([]model.Table{before, odd}, nil), 2)
}

func TestOrientByEarlier(t *testing.T) {
	first := model.Table{Variants: []string{"async", "sync"}, Rows: []model.Row{{Case: "1", Cells: []model.Cell{{Variant: "async", Field: "bw", Value: "9"}, {Variant: "sync", Field: "bw", Value: "8"}}}}}
	second := model.Table{Variants: []string{"create", "unlink"}, Rows: []model.Row{
		{Case: "async", Cells: []model.Cell{{Variant: "create", Field: "value", Value: "101"}, {Variant: "unlink", Field: "value", Value: "123"}}},
		{Case: "sync", Cells: []model.Cell{{Variant: "create", Field: "value", Value: "100"}, {Variant: "unlink", Field: "value", Value: "114"}}},
	}}
	ts := []model.Table{first, second}
	orientByEarlier(ts)
	assert.Equal(t, []string{"async", "sync"}, ts[1].Variants)
	assert.Equal(t, "create", ts[1].Rows[0].Case)
	assert.Equal(t, "async", ts[1].Rows[0].Cells[0].Variant)
	assert.Equal(t, "async", ts[0].Variants[0], "the first table stays as it is")
}

func TestListing(t *testing.T) {
	row := func(label string, values ...string) model.Row {
		r := model.Row{Case: label}
		for _, v := range values {
			r.Cells = append(r.Cells, model.Cell{Field: "value", Value: model.Number(v)})
		}
		return r
	}
	for name, tc := range map[string]struct {
		t    model.Table
		want bool
	}{
		"diffstat":       {model.Table{Rows: []model.Row{row(".../bindings/mfd/a.txt", "1"), row("drivers/x/y.c", "12")}}, true},
		"frequencies":    {model.Table{Rows: []model.Row{row("devfreq0", "165000000", "825000000"), row("devfreq1", "84000000", "400000000")}}, true},
		"descriptors":    {model.Table{Variants: []string{"Data 0x0009"}, Rows: []model.Row{row("bLength", "9")}}, true},
		"results":        {model.Table{Rows: []model.Row{row("hackbench-1", "4.25", "4.14"), row("hackbench-8", "5.45", "5.44")}}, false},
		"round but few":  {model.Table{Rows: []model.Row{row("ops", "12000", "13410"), row("lat", "120.5", "118.2")}}, false},
		"suffixed sizes": {model.Table{Rows: []model.Row{{Case: "randread", Cells: []model.Cell{{Value: "250000", Text: "250K"}, {Value: "262000", Text: "262K"}, {Value: "270000", Text: "270K"}}}}}, false},
	} {
		assert.Equal(t, tc.want, listing(&tc.t), name)
	}
}

func TestLogStamp(t *testing.T) {
	for s, want := range map[string]bool{"[   88.593830] free:7986878": true, "<4>[": true, "[12.5]": false, "1.00 [ -0.00]": false, "plain": false} {
		assert.Equal(t, want, logStamp(s), "%q", s)
	}
}

func TestListingShapes(t *testing.T) {
	buckets := model.Table{}
	for _, b := range [][2]string{{"1", "1"}, {"2", "3"}, {"4", "7"}, {"8", "15"}} {
		buckets.Rows = append(buckets.Rows, model.Row{Case: b[0], Cells: []model.Cell{{Value: model.Number(b[1])}, {Value: "0.01"}}})
	}
	assert.True(t, listing(&buckets), "free-space buckets")
	assert.True(t, diffstatBar("6 +-----"))
	assert.False(t, diffstatBar("+-20"))
	assert.True(t, hexWord("8e690000 66c0000"))
	assert.False(t, hexWord("deadline 123456"))
}

func TestListingLogs(t *testing.T) {
	assert.True(t, testID("generic/068"))
	assert.True(t, testID("btrfs/021 extra"))
	assert.False(t, testID("mm/swap_state.c"))
	assert.False(t, testID("1/2"))
	assert.False(t, testID(""))
	assert.True(t, syslogStamp("May 30 14:08:26 box kernel: xfs"))
	assert.False(t, syslogStamp("May be 12"))
	assert.True(t, hexWord("f3 48 ab 89 d1"))
	assert.True(t, hexWord("48 89 ca 4d 89 c2 <48> 3d"))
	assert.False(t, hexWord("10 20 30 40"), "decimal numbers are no byte dump")
}

// TestShownState pins each class of system state pasted as evidence, in
// shapes real mail uses, next to the result tables of the same shape that
// must stay.
func TestShownState(t *testing.T) {
	row := func(label string, values ...string) model.Row {
		r := model.Row{Case: label}
		for _, v := range values {
			r.Cells = append(r.Cells, model.Cell{Field: "value", Value: model.Number(v)})
		}
		return r
	}
	rows := func(rs ...model.Row) []model.Row { return rs }
	for name, tc := range map[string]struct {
		t    model.Table
		want bool
	}{
		"monitor samples stamped with the time": {model.Table{Rows: rows(row("10:00:01 sdb", "12.5", "300"), row("10:00:02 sdb", "13.1", "310"))}, true},
		"clock time with a meridiem":            {model.Table{Rows: rows(row("07:15:30 PM all", "2.1", "0.4"), row("07:15:31 PM all", "2.3", "0.5"))}, true},
		"only zeros (a quota report)":           {model.Table{Variants: []string{"used", "soft", "hard"}, Rows: rows(row("alice", "0", "0", "0"), row("bob", "0", "0", "0"))}, true},
		"zeros under compared kernels":          {model.Table{Variants: []string{"Menu No Patch", "Menu Patch"}, Rows: rows(row("5", "0.00", "0.00"), row("10", "0.00", "0.00"))}, false},
		"one zero row of a result":              {model.Table{Rows: rows(row("Total misses", "0", "0", "0"))}, false},
		"binding schema keywords":               {model.Table{Variants: []string{"minItems", "maxItems"}, Rows: rows(row("clocks", "1", "3"))}, true},
		"report line read as a title":           {model.Table{Variants: []string{"Queue 4 slots = 12 ( 3%)"}, Rows: rows(row("Bucket with 1 slot", "80", "20"))}, true},
		"parameter in a title":                  {model.Table{Variants: []string{"prio = 19", "prio = -20"}, Rows: rows(row("1", "4.2", "4.1"))}, false},
		"robot's dmesg counts":                  {model.Table{Variants: []string{"1a2b3c4d5e", "6f7a8b9c0d"}, Rows: rows(row("WARNING:at_mm/foo.c:#bar", "0", "9"), row("RIP:bar", "0", "9"))}, true},
		"contact details":                       {model.Table{Rows: rows(row("Tel: +1-555", "1234", "5678"))}, true},
		"key = lines":                           {model.Table{Rows: rows(row("<= 8 KB =", "120", "40.1"), row("<= 16 KB =", "90", "30.2"))}, true},
		"top's summary":                         {model.Table{Rows: rows(row("load average", "3.10", "2.05", "1.00"))}, true},
		"blame lines":                           {model.Table{Rows: rows(row("9f3e2a1b0c4 Ann Example 2019-03-01 120", "121"), row("9f3e2a1b0c4 Ann Example 2019-03-01 121", "122"))}, true},
		"commit ids with results":               {model.Table{Rows: rows(row("9f3e2a1b0c4", "100.2"), row("0c4d5e6f7a8", "98.1"))}, false},
		"lsmod header above":                    {model.Table{Lead: []string{"Module                  Size  Used by"}, Rows: rows(row("fake_mod", "16384", "1"))}, true},
		"free header as titles":                 {model.Table{Variants: []string{"total", "used", "free", "shared"}, Rows: rows(row("Memory", "32000", "12000", "20000", "100"))}, true},
		"structure capacities":                  {model.Table{Variants: []string{"Number of nodes", "Max records"}, Rows: rows(row("level 1", "1", "250"), row("level 2", "250", "62500"))}, true},
		"latency is no capacity":                {model.Table{Variants: []string{"Max latency", "Number of nodes"}, Rows: rows(row("1", "12.5", "4"))}, false},
		"source lines by file":                  {model.Table{Variants: []string{"include/linux/list.h"}, Rows: rows(row("(inlined by) list_del at", "120"))}, true},
		"fstests golden output":                 {model.Table{Variants: []string{"Before", "After"}, Lead: []string{"(Run 'diff -u tests/generic/999.out results/generic/999.out.bad' to see all)"}, Rows: rows(row("blocks", "0", "8"))}, true},
		"an fstests log line as title":          {model.Table{Variants: []string{"generic/999 12s"}, Rows: rows(row("real", "10.5"))}, true},
		"a result table":                        {model.Table{Variants: []string{"base", "patched"}, Rows: rows(row("hackbench-4", "1.25", "1.14"), row("hackbench-8", "2.50", "2.31"))}, false},
		"iostat summary of a run":               {model.Table{Variants: []string{"r/s", "rMB/s", "w/s"}, Rows: rows(row("nvme1n1", "0.0", "0.0", "25000.0"))}, false},
	} {
		assert.Equal(t, tc.want, shownState(&tc.t), name)
	}
}

func TestStateCommand(t *testing.T) {
	for line, want := range map[string]bool{
		"$ free -m": true,
		"free -g":   true,
		"lsmod":     true,
		"root@board:~# cat /sys/kernel/debug/clk/clk_summary":                          true,
		"box ~ # cat /sys/class/thermal/thermal_zone0/temp":                            true,
		"[root@lab tmp]# lsblk -t":                                                     true,
		"--(/sys/kernel/debug) $ cat gpio":                                             true,
		"me@host:~/src> head -3 /proc/interrupts":                                      true,
		"root@box:~# for f in `ls /sys/x/`; do echo $f; cat /sys/x/$f; done":           true,
		"root@box:~# for f in 1 2 3; do ./bench $f; done":                              false,
		"d5# xfs_spaceman -c 'freesp -s' /mnt":                                         true,
		"root@vm:/sys/fs/fake/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d/stats# cat latency": true,
		"# cat /proc/meminfo":                                                          true,
		"$ perf stat -a sleep 1":                                                       false,
		"# cat results.txt":                                                            false,
		"top results below are from the second run":                                    false,
		"free memory went down after the patch":                                        false,
		"$ fio --rw=randread job.fio":                                                  false,
	} {
		assert.Equal(t, want, stateCommand(line) || lastCommandShowsState(line), "%q", line)
	}
	assert.True(t, lastCommandShowsState("me@box:~# echo 1 > /sys/x me@box:~# cat /sys/kernel/debug/y"))
}

// TestDumpedByCommand reads whole bodies: a listing printed by a state
// command gives no table, the same listing under a compared kernel or
// printed by a benchmark does.
func TestDumpedByCommand(t *testing.T) {
	dump := "Here is what the board shows:\n\nroot@board:~# cat /sys/kernel/debug/fake/stats\nstate   time_ms   count\nidle0   120500    331\nidle1   98000     120\nidle2   4500      12\n"
	assert.Empty(t, Tables(linesOf(dump)))
	assert.NotEmpty(t, Tables(linesOf(strings.Replace(dump, "root@board:~# cat /sys/kernel/debug/fake/stats\n", "", 1))),
		"without its command the same listing reads as a table")
	bench := "Results:\n\n$ ./bench --loops 10\ncase    time_ms   count\nsmall   120.5     331\nmedium  98.0      120\nlarge   45.2      12\n"
	assert.NotEmpty(t, Tables(linesOf(bench)))
	other := "$ cat /proc/cpuinfo | head -1\nmodel name : Fake CPU\n$ ./bench --loops 10\ncase    time_ms   count\nsmall   120.5     331\nmedium  98.0      120\nlarge   45.2      12\n"
	assert.NotEmpty(t, Tables(linesOf(other)), "the nearest command printed the table")
	listing := "online_cpus\n0 1 2 3\nmax_rate\n900\nlinked_cpus\n0 1 2 3\nrates_offered\n900000 600000 300000 100000\nmodes\n"
	assert.NotEmpty(t, Tables(linesOf(listing)))
	wrapped := "Settings:\nroot@box:~# for f in `ls\n/sys/fake/policy0/`; do echo $f; cat\n/sys/fake/policy0/$f; done\n" + listing
	assert.Empty(t, Tables(linesOf(wrapped)), "a wrapped loop over sysfs files")
	blocks := "   AG   extents   blocks\n    0      4012   901234\n    1      3990   899876\n    2      4101   902010\n{ sorted runs...\n      105      39345  151535709\n      106      69512   57950504\n      107      46464   10236142\n      108      40795    8666966\n"
	assert.Len(t, Tables(linesOf(blocks)), 2)
	assert.Empty(t, Tables(linesOf("# xfs_spaceman -c 'freesp -g' /mnt\n"+blocks)), "every block of a listing a state command printed")
	formatted := "The episodes file has the following format:\n,-Episode at 100us\n| step | level | time_ms | avg |\n|    0 |     2 |   1300  |  68 |\n|    1 |     3 |   1040  |  74 |\n,-Episode at 900us\n| step | level | time_ms | avg |\n|    0 |     2 |    750  |  68 |\n|    1 |     3 |    607  |  74 |\n"
	assert.Len(t, Tables(linesOf(strings.Replace(formatted, "has the following format:", "shows:", 1))), 2)
	assert.Empty(t, Tables(linesOf(formatted)), "every block of an interface's example output")
	compared := "root@board:~# cat /sys/kernel/debug/fake/stats\nstate   base      patched\nidle0   120500    110200\nidle1   98000     97000\nidle2   4500      4000\n"
	assert.NotEmpty(t, Tables(linesOf(compared)), "counters read under two kernels are a measurement")
}

func TestListingShortDiffstat(t *testing.T) {
	assert.True(t, diffstatBar("7 ++"))
	assert.True(t, diffstatBar("26 +-"))
	assert.False(t, diffstatBar("12.5 +- 0.3 ms"), "a mean and its spread")
	assert.True(t, filePath("drivers/fake/Makefile"))
	assert.False(t, filePath("read/write"))
	assert.True(t, hexWord("28 ffffffff ffffffff 00000000"))
	assert.True(t, hexWord("do_thing+0x1c/0x80"))
	buckets := model.Table{Rows: []model.Row{
		{Case: "1", Cells: []model.Cell{{Value: "1"}, {Value: "10"}, {Value: "10"}, {Value: "0.01"}}},
		{Case: "2", Cells: []model.Cell{{Value: "3"}, {Value: "5"}, {Value: "12"}, {Value: "0.02"}}},
	}}
	assert.True(t, listing(&buckets), "a short free-space report keeps xfs_db's columns")
}

func TestStateFields(t *testing.T) {
	assert.Equal(t, 3, flagWords("ErrCap: FirstPtr: 00, GenCap- GenEn+ ChkCap-"))
	assert.Equal(t, 0, flagWords("-Per Chr- --Block-- -Rewrite-"), "bonnie++'s column groups")
	assert.True(t, descriptorField("bNumEndpoints"))
	assert.True(t, descriptorField("wMaxPacketSize"))
	assert.False(t, descriptorField("bandwidth"))
	assert.False(t, descriptorField("iops"))
	patch := model.Table{Rows: []model.Row{{Case: "+", Cells: []model.Cell{{Value: "3"}}}, {Case: "+ 2", Cells: []model.Cell{{Value: "4"}}}}}
	assert.True(t, shownState(&patch), "lines a patch adds")
	links := model.Table{Rows: []model.Row{{Case: "Link: https://example.org/x", Cells: []model.Cell{{Value: "1"}}}}}
	assert.True(t, shownState(&links))
}

func TestStateVerdictsAndIllustrations(t *testing.T) {
	suite := model.Table{Variants: []string{"Exit"}, Rows: []model.Row{
		{Case: "openat01 PASS", Cells: []model.Cell{{Value: "0"}}}, {Case: "openat02 FAIL", Cells: []model.Cell{{Value: "1"}}}}}
	assert.True(t, shownState(&suite), "a test suite's verdicts")
	sum := func(lead string) *model.Table {
		return &model.Table{Variants: []string{"count"}, Lead: []string{lead}, Rows: []model.Row{
			{Case: "cpu0", Cells: []model.Cell{{Value: "16"}}}, {Case: "cpu1", Cells: []model.Cell{{Value: "-16"}}}}}
	}
	assert.True(t, shownState(sum("and a reader racing with the update will see:")))
	assert.True(t, shownState(sum("Assume four CPUs, each holding a share:")))
	assert.False(t, shownState(sum("Counts after the run, which I supposed would be even:")), "supposed is no suppose")
	assert.False(t, shownState(sum("Counts after the run:")))
	assert.False(t, shownState(sum("The patch improves the calculation of the busy share:")), "how a measurement is computed")
	measured := sum("for example, on my laptop:")
	measured.Benchmark = "hackbench"
	assert.False(t, shownState(measured), "a named benchmark is measured")
	kernels := model.Table{Lead: []string{"which in theory should be the fastest:"}, Rows: []model.Row{
		{Case: "Baseline", Cells: []model.Cell{{Value: "2.5"}}}, {Case: "Patched", Cells: []model.Cell{{Value: "2.1"}}}}}
	assert.False(t, shownState(&kernels), "kernels as rows are a comparison")
	running := model.Table{Lead: []string{"E.g. on the test board the mapping", "is the following:"}, Rows: []model.Row{
		{Case: "400", Cells: []model.Cell{{Value: "300"}}}, {Case: "800", Cells: []model.Cell{{Value: "600"}}}}}
	assert.True(t, shownState(&running), "a sentence running over two lines")
	assert.Equal(t, []string{"b", "c"}, introSentence([]string{"A.", "b", "c"}))
	long := "and a long line that runs on past forty characters for sure"
	assert.Equal(t, []string{long}, introSentence([]string{"when e.g. two runs differ", long}), "only a short tail runs on")
	top := model.Table{Rows: []model.Row{{Case: "+ Mem: 1000k total, 500k used,", Cells: []model.Cell{{Value: "500"}}}, {Case: "free,", Cells: []model.Cell{{Value: "9"}}}}}
	assert.True(t, shownState(&top), "top's memory line, wrapped")
	assert.True(t, hasWord("e.g. this", "e.g."))
	assert.False(t, hasWord("theoretically", "theoretical"))
}

func TestStateSettings(t *testing.T) {
	opp := func(lead string) *model.Table {
		return &model.Table{Variants: []string{"power (mW)"}, Lead: []string{lead}, Rows: []model.Row{
			{Case: "400000", Cells: []model.Cell{{Value: "35"}}}, {Case: "800000", Cells: []model.Cell{{Value: "90"}}}}}
	}
	assert.True(t, shownState(opp("The energy model of the little cores is:")))
	assert.True(t, shownState(opp("The fuse holds the speed grading as below:")))
	assert.False(t, shownState(opp("Power measured at each frequency:")))
	assert.True(t, statePath("/sys/kernel/debug/fake/time_in_state:"))
	assert.False(t, statePath("/sys/kernel/debug/fake is where it lives"))
	lspci := model.Table{Rows: []model.Row{{Case: "Capabilities: [100 v2]", Cells: []model.Cell{{Value: "19"}}}}}
	assert.True(t, shownState(&lspci))
}

func TestStateCalculationsAndInventory(t *testing.T) {
	one := func(label, v string) model.Row {
		return model.Row{Case: label, Cells: []model.Cell{{Value: model.Number(v)}}}
	}
	for name, tc := range map[string]struct {
		t    model.Table
		want bool
	}{
		"powers as cases":            {model.Table{Rows: []model.Row{one("2^40", "9100"), one("2^32", "8900")}}, true},
		"machine inventory":          {model.Table{Rows: []model.Row{one("Sockets", "2"), one("Memory", "65536"), one("NUMA Nodes", "2")}}, true},
		"memory as one metric":       {model.Table{Rows: []model.Row{one("Memory", "812"), one("Runtime", "41.2"), one("Ops/s", "1200")}}, false},
		"gdb value history":          {model.Table{Context: []string{"$2 = 0x10040"}, Rows: []model.Row{one("PG_dirty", "4")}}, true},
		"script parameters":          {model.Table{Variants: []string{"$2 fake_step"}, Rows: []model.Row{one("do_it", "0")}}, true},
		"shell arithmetic":           {model.Table{Context: []string{"ops=$((n * 1000))"}, Rows: []model.Row{one("4", "4000"), one("8", "8000")}}, true},
		"worked out":                 {model.Table{Lead: []string{"For a 1 TB disk this works out to:"}, Rows: []model.Row{one("4k", "250"), one("64k", "16")}}, true},
		"cpuidle attributes":         {model.Table{Variants: []string{"residency", "exit_latency"}, Rows: []model.Row{one("C1", "2"), one("C6", "170")}}, true},
		"hex dump offsets":           {model.Table{Rows: []model.Row{one("38", "0"), one("40", "0"), one("48", "1"), one("50", "0")}}, true},
		"sizes step evenly":          {model.Table{Rows: []model.Row{one("16", "10.5"), one("32", "20.1"), one("48", "30.2")}}, false},
		"register values as titles":  {model.Table{Variants: []string{"1f2e"}, Rows: []model.Row{one("QRate 00", "0"), one("QRate 10", "1")}}, true},
		"letterhead in capitals":     {model.Table{Rows: []model.Row{one("TEL +1 555", "0100"), one("VAT N° XY 12", "345")}}, true},
		"a platform named mobile":    {model.Table{Variants: []string{"usec/loop", "watts"}, Rows: []model.Row{one("mobile", "19.8"), one("desktop", "12.1")}}, false},
		"a word of hex letters":      {model.Table{Variants: []string{"beef"}, Rows: []model.Row{one("x", "1"), one("y", "2")}}, false},
		"an interface's format":      {model.Table{Lead: []string{"and the stats file has the following", "format:"}, Rows: []model.Row{one("0", "6500"), one("1", "7500")}}, true},
		"a timeline in stars":        {model.Table{Variants: []string{"--****----****"}, Rows: []model.Row{one("@ full speed", "1")}}, true},
		"named constants":            {model.Table{Rows: []model.Row{one("Core", "0"), one("FAKE_STATE_A", "1"), one("FAKE_STATE_B", "2"), one("FAKE_STATE_C", "3")}}, true},
		"counters named in capitals": {model.Table{Rows: []model.Row{one("NR_FAKE_PAGES", "1200"), one("NR_FAKE_SLABS", "98")}}, false},
		"command as a row label":     {model.Table{Variants: []string{"cpu MHz"}, Rows: []model.Row{one("$ grep 'cpu MHz' /proc/cpuinfo", "2500"), one("$ grep 'cpu MHz' /proc/cpuinfo ", "3300")}}, true},
		"xfs_io seek":                {model.Table{Variants: []string{"Result"}, Context: []string{"Whence   Result"}, Rows: []model.Row{one("HOLE", "4096")}}, true},
	} {
		assert.Equal(t, tc.want, shownState(&tc.t), name)
	}
}

// TestExplainSaysEvidence: a table dropped as system state shows in
// Explain as dropped, with the reason, not as kept.
func TestExplainSaysEvidence(t *testing.T) {
	body, err := os.ReadFile("testdata/golden/state-negative.txt")
	require.NoError(t, err)
	dropped := 0
	for _, c := range Explain(linesOf(string(body))) {
		for _, v := range c.Verdicts {
			if strings.Contains(v.Why, "system state") {
				require.False(t, v.Kept)
				dropped++
			}
		}
	}
	require.Positive(t, dropped)
	require.Empty(t, Tables(linesOf(string(body))))
}

func TestCleanLabel(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"# stock kernel", "stock kernel"},
		{"[after]", "after"},
		{"Polling,", "Polling"},
		{"--- Kernel: 6.9-rc2 ---", "6.9-rc2"},
		{"**Patched**", "Patched"},
		{"2) With the series applied:", "With the series applied"},
		{"## dd if=/dev/zero of=/mnt/f bs=1M count=64", "dd if=/dev/zero of=/mnt/f bs=1M count=64"},
		{"The numbers below were taken on an idle box.", ""},
		{"12 34 56 78", ""},
		{"| a | b |", ""},
		{"one two three four five six seven eight nine ten", ""},
		{"Before the fix, \"netbench -t 4\" gave:", "Before the fix"},
		{"Total bandwidth: 0.95 Gbits/sec", ""},
		{"with patch: read throughput 41 MB/s, read size 4MB", "with patch"},
		{"- queue limit=32  (the limit on a two socket box)", "queue limit=32"},
		{"2.- dd to the sync mount", "dd to the sync mount"},
		{"TEST 2: kernel client", "kernel client"},
		{"#  RUN           open_perf.cached.open ...", "open_perf.cached.open"},
		{"=== RUN   TestOpenClose", "TestOpenClose"},
		{"- At its parent 0f9e8d7c6b5a", "At its parent 0f9e8d7c6b5a"},
		{"RUN 2", ""},
		{"Iteration #3:", ""},
		{"ls: cannot access '/mnt/x': Connection timed out", ""},
		{"Jobs: 1 (f=1): [W(1)][100.0%][w=120MiB/s][w=30.1k IOPS][eta 00m:00s]", ""},
	} {
		assert.Equal(t, tc.want, cleanLabel(tc.in), tc.in)
	}
}

func TestMergeNearLabels(t *testing.T) {
	mk := func(start int, cases ...string) model.Table {
		tb := model.Table{Format: "dd", StartLine: start, Context: []string{}}
		for k, c := range cases {
			tb.Rows = append(tb.Rows, model.Row{Case: c, Cells: []model.Cell{{Field: "bytes", Value: model.Number(strconv.Itoa(k + 1))}}})
		}
		return tb
	}
	near := map[int]blockGap{10: {near: "ramdisk"}, 20: {near: "crypt (old path)"}, 30: {near: "crypt (new path)"}}
	got := mergeLabelled([]model.Table{mk(10, "copied"), mk(20, "copied"), mk(30, "copied")}, near)
	if assert.Len(t, got, 1) {
		assert.Equal(t, []string{"ramdisk", "crypt (old path)", "crypt (new path)"}, got[0].Variants)
		assert.Equal(t, "crypt (new path)", got[0].Rows[2].Cells[0].Variant)
	}
	// samples without a case do not correspond across runs
	assert.Len(t, mergeLabelled([]model.Table{mk(10, ""), mk(20, "")}, near), 2)
	// no label line above the second block
	assert.Len(t, mergeLabelled([]model.Table{mk(10, "copied"), mk(40, "copied")}, near), 2)
}

func TestMergeSections(t *testing.T) {
	mk := func(start int, label, c string) model.Table {
		return model.Table{Format: "stress-ng", StartLine: start, Context: []string{label},
			Rows: []model.Row{{Case: c, Cells: []model.Cell{{Field: "seconds", Value: model.Number(strconv.Itoa(start))}}}}}
	}
	ts := []model.Table{mk(1, "Before:", "metrics"), mk(5, "Before:", "times"), mk(10, "After:", "metrics"), mk(15, "After:", "times")}
	got := mergeLabelled(ts, nil)
	if assert.Len(t, got, 2) {
		assert.Equal(t, []string{"Before", "After"}, got[0].Variants)
		assert.Equal(t, "metrics", got[0].Rows[1].Case)
		assert.Equal(t, "times", got[1].Rows[1].Case)
		assert.Equal(t, "After", got[1].Rows[1].Cells[0].Variant)
	}
	// the second section holds other cases: no comparison
	ts[3] = mk(15, "After:", "load")
	assert.Len(t, mergeLabelled(ts, nil), 4)
}

func TestSectionLabels(t *testing.T) {
	mk := func(start int, ctx []string, c string) model.Table {
		return model.Table{Format: "iostat", StartLine: start, Context: ctx,
			Rows: []model.Row{{Case: c, Cells: []model.Cell{{Field: "util", Value: model.Number(strconv.Itoa(start))}}}}}
	}
	// the side is named by the section heading above an inner heading;
	// the second table of each section has lost the section heading
	ts := []model.Table{
		mk(1, []string{"Numbers after the fix", "disk"}, "sda"), mk(5, []string{"latency"}, "read"),
		mk(10, []string{"Numbers before the fix", "disk"}, "sda"), mk(15, []string{"latency"}, "read"),
	}
	got := mergeLabelled(ts, nil)
	if assert.Len(t, got, 2) {
		assert.Equal(t, []string{"Numbers after the fix", "Numbers before the fix"}, got[0].Variants)
		assert.Equal(t, "Numbers before the fix", got[0].Baseline)
		assert.Equal(t, []string{"disk"}, got[0].Context)
		assert.Equal(t, "Numbers before the fix", got[1].Rows[1].Cells[0].Variant)
	}
	assert.False(t, sideMention("Results on the big box with eight sockets and more"))
}

func TestNearLabel(t *testing.T) {
	seg := func(text string) *segment { return &segment{lines: linesOf(text)} }
	for _, tc := range []struct{ in, want string }{
		{"Raw speed on the spare SSD\nfio -iodepth=8 --rw=randread -direct=1\n-numjobs=2 -name=t2\nread: IOPS=1\n", "Raw speed on the spare SSD"},
		{"# spare ramdisk\n\nread: IOPS=1\n", "spare ramdisk"},
		{"From the tool\n--------\nread: IOPS=1\n", ""},
		{"$ fio --rw=read --bs=4k\nread: IOPS=1\n", ""},
	} {
		s := seg(tc.in)
		assert.Equal(t, tc.want, s.nearLabel(len(s.lines)-1), tc.in)
	}
}

// TestBuildTitles: titles naming the builds compared (kernels, commits,
// sides, one title plus a qualifier) against titles naming quantities.
func TestBuildTitles(t *testing.T) {
	for _, c := range []struct {
		titles []string
		want   bool
	}{
		{[]string{"next", "next + series"}, true},
		{[]string{"base", "base+patch"}, true},
		{[]string{"v6.8", "v6.8 w/ fix", "change"}, true},
		{[]string{"trunk", "trunk-dirty"}, true},
		{[]string{"7c1e0a9f", "b2d4e6f80a"}, true},
		{[]string{"v7.1-rc2", "v7.1-rc2+"}, true},
		{[]string{"lat", "lat p99"}, false},                 // a statistic of the quantity
		{[]string{"ops", "ops/sec"}, false},                 // a unit after it
		{[]string{"read", "write"}, false},                  // two quantities
		{[]string{"next", "nextgen"}, false},                // another word
		{[]string{"base", "%change"}, false},                // one build and its change
		{[]string{"bandwidth", "bandwidth + fsync"}, false}, // a quantity's variant
		{[]string{"v6.8"}, false},                           // one build compares nothing
	} {
		assert.Equal(t, c.want, buildTitles(c.titles), "%q", c.titles)
	}
}
