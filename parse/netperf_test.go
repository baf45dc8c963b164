package parse

import "testing"

var netperfCases = []familyCase{
	{"tcp stream", "MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET\nRecv   Send    Send\nSocket Socket  Message  Elapsed\nSize   Size    Size     Time     Throughput\nbytes  bytes   bytes    secs.    10^6bits/sec\n\n131072  16384  16384    10.00    21541.95\n", 1, 5},
	{"older banner without MIGRATED", "TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to 10.0.0.2 () port 0 AF_INET\nRecv   Send    Send\nSocket Socket  Message  Elapsed\nSize   Size    Size     Time     Throughput\nbytes  bytes   bytes    secs.    10^6bits/sec\n\n 87380  16384  16384    60.00    9412.33\n", 1, 5},
	{"banner without results", "MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET\nRecv   Send    Send\nSocket Socket  Message  Elapsed\n\nnetperf: send_omni: connect_data_socket failed: Connection refused\n", 0, 0},
	{"titles missing", "MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET\n\n131072  16384  16384    10.00    21541.95\n", 0, 0},
	{"prose mentioning a test", "The TCP STREAM TEST from the lab box shows 10 to 20 Gbit/s.\n", 0, 0},
}

func TestNetperf(t *testing.T) { runFamily(t, netperfFamily{}, netperfCases) }

func FuzzNetperf(f *testing.F) { fuzzFamily(f, netperfFamily{}, netperfCases) }

func BenchmarkNetperf(b *testing.B) { benchFamily(b, netperfFamily{}) }
