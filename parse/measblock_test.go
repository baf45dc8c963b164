package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var measureBlockCases = []cellCase{
	{
		name: "labelled blocks of the same metrics become variants",
		in: "host:\n  BW   : 1812 MiB/s (stdev: 12.1)\n  IOPS : 463k (stdev: 3.2k)\n\n" +
			"guest, polling:\n  BW   : 1790 MiB/s (stdev: 20.4)\n  IOPS : 458k (stdev: 5.0k)\n",
		tables: 1,
		cells: []string{"BW|host|value|1812", "BW|host|stddev|12.1", "IOPS|host|value|463", "IOPS|host|stddev|3.2",
			"BW|guest, polling|value|1790", "IOPS|guest, polling|stddev|5.0"},
	},
	{
		name: "comma additions, the first line bare",
		in: "Plain numbers, as asked:\n     small window off : 4410\n     small window on  : 3012, diff: -31.70%\n" +
			"     big window on    : 3650, diff: -17.23%\n",
		tables: 1,
		cells: []string{"small window off||value|4410", "small window on||value|3012", "small window on||pct|-31.70",
			"big window on||pct|-17.23"},
	},
	{
		name:   "sd in brackets, bare pct, bracketed block labels",
		in:     "[before]\nread latency = 81.2 us (sd 1.1 us)\nwrite latency = 96.0 us\n[after]\nread latency = 70.4 us (sd 0.9 us)\nwrite latency = 90.1 us (-6.1%)\n",
		tables: 1,
		cells:  []string{"read latency|before|value|81.2", "read latency|before|stddev|1.1", "write latency|after|pct|-6.1"},
	},
	{
		name:   "a machine listing is no measurement",
		in:     "CPU: 64\nMemory: 256 GB\nDisks: 4\n",
		tables: 0,
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
		name:   "a lone unitless pair is no measurement",
		in:     "nr_cpus: 8\nnr_nodes: 2\n",
		tables: 0,
	},
	{
		name:   "blocks with other cases stay apart",
		in:     "read:\n  lat : 10 ms\n  bw : 100 MB/s\nwrite:\n  iops : 2000 IOPS\n  bw : 90 MB/s\n",
		tables: 2,
		cells:  []string{"lat||value|10", "iops||value|2000"},
	},
}

func TestMeasureBlockRead(t *testing.T) { runCellCases(t, measureBlock{}, measureBlockCases) }

// measureBlockCase returns the text of the case named name.
func measureBlockCase(t *testing.T, name string) string {
	t.Helper()
	for _, c := range measureBlockCases {
		if c.name == name {
			return c.in
		}
	}
	t.Fatalf("no case %q", name)
	return ""
}

func TestMeasureBlockLabels(t *testing.T) {
	ms := measureBlock{}.Read(blockOf(measureBlockCase(t, "blocks with other cases stay apart")))
	if assert.Len(t, ms, 2) {
		assert.Equal(t, []string{"read"}, ms[0].Inner)
		assert.Equal(t, []string{"write"}, ms[1].Inner)
	}
	ms = measureBlock{}.Read(blockOf(measureBlockCase(t, "labelled blocks of the same metrics become variants")))
	if assert.Len(t, ms, 1) {
		assert.Equal(t, []string{"host", "guest, polling"}, ms[0].Table.Variants)
		assert.Equal(t, "host", ms[0].Table.Baseline)
	}
}

func FuzzMeasureBlock(f *testing.F) { fuzzCells(f, measureBlock{}, measureBlockCases) }
