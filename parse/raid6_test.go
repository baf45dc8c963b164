package parse

import "testing"

var raid6Cases = []cellCase{
	{
		name: "boot log with stamps, both passes and the choice",
		in: "[    0.912001] raid6: avx512x4 gen() 31002 MB/s\n[    0.930002] raid6: avx512x4 xor() 17770 MB/s\n" +
			"[    0.948003] raid6: avx2x2   gen() 20110 MB/s\n[    0.966004] raid6: avx2x2   xor() 12001 MB/s\n" +
			"[    0.966100] raid6: using algorithm avx512x4 gen() 31002 MB/s\n[    0.984000] raid6: .... xor() 17770 MB/s, rmw enabled\n" +
			"[    0.984100] raid6: using avx512x2 recovery algorithm\n",
		tables: 1,
		cells:  []string{"avx512x4||gen|31002", "avx512x4||xor|17770", "avx2x2||gen|20110", "avx2x2||xor|12001"},
	},
	{
		name:   "old kernel without gen()",
		in:     "raid6: int64x1    1402 MB/s\nraid6: int64x2    1830 MB/s\nraid6: sse2x2    5536 MB/s\nraid6: using algorithm sse2x2 (5536 MB/s)\n",
		tables: 1,
		cells:  []string{"int64x1||gen|1402", "int64x2||gen|1830", "sse2x2||gen|5536"},
	},
	{
		name:   "xor module",
		in:     "xor: measuring software checksum speed\n   prefetch64-sse  : 21380 MB/sec\n   generic_sse     : 19020 MB/sec\nxor: using function: prefetch64-sse (21380 MB/sec)\n",
		tables: 1,
		cells:  []string{"prefetch64-sse||checksum|21380", "generic_sse||checksum|19020"},
	},
	{
		name:   "one figure quoted in prose is no table",
		in:     "raid6: avx2x4   gen() 17018 MB/s\nwhich is what we expected.\n",
		tables: 0,
	},
	{
		name:   "a listing with a colon and MB/sec but no xor heading",
		in:     "disk0 : 200 MB/sec\ndisk1 : 210 MB/sec\n",
		tables: 0,
	},
}

func TestRaid6Read(t *testing.T) { runCellCases(t, raid6Family{}, raid6Cases) }

func TestRaid6Selected(t *testing.T) {
	ms := raid6Family{}.Read(blockOf(raid6Cases[0].in))
	if len(ms) != 1 || len(ms[0].Table.Rows) != 2 {
		t.Fatalf("want one table of two rows, got %d tables", len(ms))
	}
	if got := ms[0].Table.Rows[0].Flags; len(got) != 1 || got[0] != "selected" {
		t.Errorf("row avx512x4 flags = %v, want [selected]", got)
	}
	if got := ms[0].Table.Rows[1].Flags; len(got) != 0 {
		t.Errorf("row avx2x2 flags = %v, want none", got)
	}
}

func FuzzRaid6(f *testing.F) { fuzzCells(f, raid6Family{}, raid6Cases) }
