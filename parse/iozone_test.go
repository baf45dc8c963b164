package parse

import "testing"

const iozoneHead = "                                                              random    random     bkwd    record    stride\n" +
	"              kB  reclen    write  rewrite    read    reread    read     write     read   rewrite      read   fwrite frewrite    fread  freread\n"

var iozoneCases = []cellCase{
	{
		name: "auto mode rows",
		in: iozoneHead +
			"           65536       4   612003   801992  2210023  2301200  1900210   700021  1800011   1700202  1600320   590012   780040  2000120  2100003\n" +
			"           65536       8   710020   900100  2400300  2500011  2100200   800301  1900002   1800500  1700020   690010   880111  2100400  2200100\n",
		tables: 1,
		cells: []string{"65536 4||write|612003", "65536 4||rewrite|801992", "65536 4||random read|1900210",
			"65536 4||random write|700021", "65536 4||bkwd read|1800011", "65536 4||record rewrite|1700202",
			"65536 4||stride read|1600320", "65536 4||freread|2100003", "65536 8||reread|2500011"},
	},
	{
		name: "only write and random tests: blank columns",
		in: iozoneHead +
			"          131072      16   505000   620000                     1500000   420000\n",
		tables: 1,
		cells:  []string{"131072 16||write|505000", "131072 16||rewrite|620000", "131072 16||random read|1500000", "131072 16||random write|420000"},
	},
	{
		name: "throughput mode",
		in: "\tChildren see throughput for  4 initial writers \t=  470012.30 kB/sec\n" +
			"\tParent sees throughput for  4 initial writers \t=  455001.12 kB/sec\n" +
			"\tMin throughput per process \t\t\t=  110200.00 kB/sec \n" +
			"\tAvg throughput per process \t\t\t=  117503.07 kB/sec\n" +
			"\tMin xfer \t\t\t\t\t= 1046528.00 kB\n",
		tables: 1,
		cells: []string{"Children see throughput for 4 initial writers||value|470012.30",
			"Avg throughput per process||value|117503.07", "Min xfer||value|1046528.00"},
	},
	{
		name:   "a header alone",
		in:     iozoneHead,
		tables: 0,
	},
	{
		name:   "one throughput line",
		in:     "Children see throughput for 1 readers = 100.00 kB/sec\n",
		tables: 0,
	},
}

func TestIozoneRead(t *testing.T) { runCellCases(t, iozoneFamily{}, iozoneCases) }

func FuzzIozone(f *testing.F) { fuzzCells(f, iozoneFamily{}, iozoneCases) }
