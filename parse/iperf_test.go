package parse

import "testing"

var iperfCases = []cellCase{
	{
		name: "tcp intervals and summary",
		in: "[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n" +
			"[  5]   0.00-1.00   sec  1.02 GBytes  8.77 Gbits/sec    3   1.21 MBytes\n" +
			"[  5]   1.00-2.00   sec  1.05 GBytes  9.02 Gbits/sec    0   1.30 MBytes\n" +
			"- - - - - - - - - - - - - - - - - - - - - - - - -\n" +
			"[ ID] Interval           Transfer     Bitrate         Retr\n" +
			"[  5]   0.00-2.00   sec  2.07 GBytes  8.89 Gbits/sec    3             sender\n" +
			"[  5]   0.00-2.04   sec  2.06 GBytes  8.70 Gbits/sec                  receiver\n",
		tables: 2,
		cells: []string{"0.00-1.00||transfer|1.02", "0.00-1.00||bitrate|8.77", "0.00-1.00||retr|3", "0.00-1.00||cwnd|1.21",
			"0.00-2.00 sender||bitrate|8.89", "0.00-2.00 sender||retr|3", "0.00-2.04 receiver||bitrate|8.70"},
	},
	{
		name: "udp summary",
		in: "[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n" +
			"[  5]   0.00-10.00  sec  1.19 MBytes  1.00 Mbits/sec  0.000 ms  0/863 (0%)  sender\n" +
			"[  5]   0.00-10.01  sec  1.19 MBytes   997 Kbits/sec  0.021 ms  2/863 (0.23%)  receiver\n",
		tables: 1,
		cells: []string{"0.00-10.00 sender||bitrate|1.00", "0.00-10.01 receiver||jitter|0.021",
			"0.00-10.01 receiver||lost|2", "0.00-10.01 receiver||total|863", "0.00-10.01 receiver||lost_pct|0.23"},
	},
	{
		name: "parallel streams name the stream",
		in: "[  5]   0.00-10.00  sec  4.10 GBytes  3.52 Gbits/sec  12             sender\n" +
			"[  7]   0.00-10.00  sec  4.00 GBytes  3.44 Gbits/sec  20             sender\n" +
			"[SUM]   0.00-10.00  sec  8.10 GBytes  6.96 Gbits/sec  32             sender\n",
		tables: 1,
		cells:  []string{"[5] 0.00-10.00 sender||bitrate|3.52", "[SUM] 0.00-10.00 sender||retr|32"},
	},
	{
		name: "double-spaced by the mailer, iperf 2 header",
		in: "[ ID] Interval       Transfer     Bandwidth\n\n" +
			"[  3]  0.0- 1.0 sec   112 MBytes   940 Mbits/sec\n\n" +
			"[  3]  1.0- 2.0 sec   111 MBytes   933 Mbits/sec\n",
		tables: 1,
		cells:  []string{"0.0-1.0||bandwidth|940", "1.0-2.0||transfer|111"},
	},
	{
		name:   "connection lines are no result",
		in:     "[  5] local 10.1.1.1 port 40001 connected to 10.1.1.2 port 5201\n",
		tables: 0,
	},
}

func TestIperfRead(t *testing.T) { runCellCases(t, iperfFamily{}, iperfCases) }

func FuzzIperf(f *testing.F) { fuzzCells(f, iperfFamily{}, iperfCases) }
