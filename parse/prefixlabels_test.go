package parse

import (
	"testing"

	"github.com/lkmlbench/lkmlbench/model"
	"github.com/stretchr/testify/assert"
)

func TestLabelPrefixes(t *testing.T) {
	checkLabelled(t, []labelledCase{{
		name: "a side written before each tool line",
		text: `The fix speeds up buffered reads a lot:

before: read: IOPS=1210k, BW=4727MiB/s (4956MB/s)(92.3GiB/20002msec)
after:  read: IOPS=2380k, BW=9297MiB/s (9749MB/s)(181GiB/20001msec)
`,
		variants: [][]string{{"before", "after"}},
		cells:    map[string][2]string{"9297": {"read", "after"}},
	}, {
		name: "named modes before each line, under headings that stay context",
		text: `wsize=2M:

Plain:      WRITE: bw=1010MiB/s (1059MB/s), 1010MiB/s-1010MiB/s (1059MB/s-1059MB/s), io=880GiB (945GB), run=892000-892000msec
UNCACHED:   WRITE: bw=640MiB/s (671MB/s), 640MiB/s-640MiB/s (671MB/s-671MB/s), io=560GiB (601GB), run=896000-896000msec

With a bigger payload the uncached writes catch up with the plain ones.

wsize=8M:

Plain:       WRITE: bw=1040MiB/s (1091MB/s), 1040MiB/s-1040MiB/s (1091MB/s-1091MB/s), io=910GiB (977GB), run=896000-896000msec
UNCACHED:    WRITE: bw=1170MiB/s (1227MB/s), 1170MiB/s-1170MiB/s (1227MB/s-1227MB/s), io=1030GiB (1106GB), run=901000-901000msec
`,
		variants: [][]string{{"Plain", "UNCACHED"}, {"Plain", "UNCACHED"}},
		cells:    map[string][2]string{"1170": {"WRITE", "UNCACHED"}},
	}, {
		name: "output file names that name the variant and the run",
		text: `# grep IOPS out-*.fio | column -t

plain-1.fio:  read:  IOPS=3100k,  BW=11.8GiB/s
plain-2.fio:  read:  IOPS=3150k,  BW=12.0GiB/s
plain-3.fio:  read:  IOPS=3120k,  BW=11.9GiB/s

fast-1.fio:   read:  IOPS=4900k,  BW=18.7GiB/s
fast-2.fio:   read:  IOPS=4950k,  BW=18.9GiB/s
fast-3.fio:   read:  IOPS=4880k,  BW=18.6GiB/s
`,
		variants: [][]string{{"plain", "fast"}},
		cells:    map[string][2]string{"12.0": {"read", "plain"}, "18.6": {"read", "fast"}},
	}, {
		name: "a side before each line of five runs",
		text: `cmdline: ./map_test -m 4 -v 20
Before patch: MAP_CREATE:  40.1s  40.3s  40.2s
After  patch: MAP_CREATE:   3.1s   3.2s   3.1s

Before patch: MAP_ADJUST:  39.8s  39.9s  39.7s
After  patch: MAP_ADJUST:   0.4s   0.5s   0.4s
`,
		variants: [][]string{{"Before patch", "After patch"}},
		cells:    map[string][2]string{"0.5": {"MAP_ADJUST", "After patch"}},
	}, {
		name: "a run number before each line repeats one case, no variant",
		text: `Wake times on the test box:

[Run 1]: Avg wake time (8 waiters) in 0.2104 ms (+-12.50%)
[Run 2]: Avg wake time (8 waiters) in 0.1987 ms (+-9.25%)
[Run 3]: Avg wake time (8 waiters) in 0.2311 ms (+-14.75%)
`,
		variants: [][]string{{}},
		cells:    map[string][2]string{"0.1987": {"[Run 2]: Avg wake time (8 waiters)", ""}},
	}, {
		name: "file names that name the workload of each line stay the case",
		text: `Results on the test box:

seqrd_bs512.txt:  read: IOPS=900k, BW=439MiB/s (461MB/s)(25.8GiB/60100msec)
seqrd_bs64k.txt:  read: IOPS=35.0k, BW=2188MiB/s (2294MB/s)(128GiB/60000msec)
seqwr_bs256k.txt: write: IOPS=4100, BW=1025MiB/s (1075MB/s)(60.1GiB/60050msec)
seqwr_bs4k.txt:   write: IOPS=200k, BW=781MiB/s (819MB/s)(45.8GiB/60040msec)
`,
		variants: [][]string{{}},
		cells:    map[string][2]string{"2188": {"seqrd_bs64k.txt: read", ""}},
	}})
}

func TestOperationPrefixes(t *testing.T) {
	row := func(label string) model.Row {
		return model.Row{Case: label, Cells: []model.Cell{{Field: "avg", Value: "77.1"}}}
	}
	ts := []model.Table{{Rows: []model.Row{row("Read Latency: clat (usec)"), row("Write Latency: clat (usec)")}}}
	splitLabelPrefixes(ts)
	assert.Empty(t, ts[0].Variants, "an operation names the case")
	assert.Equal(t, "Read Latency: clat (usec)", ts[0].Rows[0].Case)
}

func TestRunStem(t *testing.T) {
	for in, want := range map[string]string{
		"plain-2.fio": "plain", "base_nowait_13.log": "base_nowait", "plain.fio": "plain.fio",
		"v6.1": "v6.1", "run-123": "run-123", "Normal": "Normal",
	} {
		assert.Equal(t, want, runStem(in), in)
	}
}
