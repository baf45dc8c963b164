package parse

import "testing"

var lockContCases = []cellCase{
	{
		name: "the default columns",
		in: " contended   total wait     max wait     avg wait         type   caller\n\n" +
			"      1204     18.02 ms     512.30 us     14.97 us     spinlock   lock_a+0x2c\n" +
			"       310      2.11 ms      40.00 us      6.81 us        mutex   path_b+0x90\n",
		tables: 1,
		cells: []string{"lock_a||contended|1204", "lock_a||total_wait|18.02", "lock_a||max_wait|512.30",
			"path_b||avg_wait|6.81"},
	},
	{
		name:   "a min wait column and lock names",
		in:     " contended  total wait  max wait  avg wait  min wait  address  symbol\n      40   1.10 ms   90.00 us   27.50 us   1.20 us   ffff8881  dev_lock\n",
		tables: 1,
		cells:  []string{"dev_lock||min_wait|1.20", "dev_lock||contended|40"},
	},
	{
		name:   "rows that are no lock rows end the table",
		in:     " contended   total wait     max wait     avg wait         type   caller\n      12  1.00 ms  10 apples  1.00 us  spinlock  x\n",
		tables: 0,
	},
}

func TestLockContRead(t *testing.T) { runCellCases(t, lockContFamily{}, lockContCases) }

func FuzzLockCont(f *testing.F) { fuzzCells(f, lockContFamily{}, lockContCases) }
