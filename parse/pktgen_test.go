package parse

import "testing"

var pktgenCases = []cellCase{
	{
		name: "a result and its rates",
		in: "Params: count 400000  min_pkt_size: 64  max_pkt_size: 64\n" +
			"Result: OK: 30200(c29900+d300) usec, 400000 (64byte,0frags)\n  13245pps 6Mb/sec (6781440bps) errors: 0\n",
		tables: 1,
		cells: []string{"result||usec|30200", "result||busy|29900", "result||idle|300", "result||pkts|400000",
			"result||pps|13245", "result||mb/s|6", "result||bps|6781440", "result||errors|0"},
	},
	{
		name:   "two results, times in nsec, the rates line missing from one",
		in:     "Result: OK: 7100000(c7000000+d100000) nsec, 1000 (1500byte,2frags)\n\nResult: OK: 910(c900+d10) usec, 2000 (60byte,0frags)\n  2197802pps 1055Mb/sec (1055000000bps) errors: 3\n",
		tables: 2,
		cells:  []string{"result||nsec|7100000", "result||pkts|1000", "--", "result||errors|3"},
	},
	{
		name:   "a run that did not finish",
		in:     "Result: Idle\nResult: ERROR: no device\n",
		tables: 0,
	},
}

func TestPktgenRead(t *testing.T) { runCellCases(t, pktgenFamily{}, pktgenCases) }

func FuzzPktgen(f *testing.F) { fuzzCells(f, pktgenFamily{}, pktgenCases) }
