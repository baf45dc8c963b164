package parse

import "testing"

var opensslSpeedCases = []cellCase{
	{
		name: "throughput table",
		in: "The 'numbers' are in 1000s of bytes per second processed.\n" +
			"type             16 bytes     64 bytes    256 bytes   1024 bytes\n" +
			"aes-256-gcm     501223.10k  1400112.02k  2801002.45k  3900110.77k\n" +
			"sha256          210012.33k   600001.90k  1200334.12k  1610223.00k\n",
		tables: 1,
		cells:  []string{"aes-256-gcm||16 bytes|501223.10", "aes-256-gcm||1024 bytes|3900110.77", "sha256||64 bytes|600001.90"},
	},
	{
		name:   "old two-word algorithm names",
		in:     "type             16 bytes     64 bytes\naes-128 cbc      91002.11k    97001.40k\ndes ede3         22001.00k    22500.31k\n",
		tables: 1,
		cells:  []string{"aes-128 cbc||16 bytes|91002.11", "des ede3||64 bytes|22500.31"},
	},
	{
		name: "sign and verify, then ecdh",
		in: "                  sign    verify    sign/s verify/s\n" +
			"rsa 2048 bits 0.000702s 0.000021s   1424.5  47619.0\n" +
			"rsa 4096 bits 0.004810s 0.000077s    207.9  12987.0\n" +
			"                              op      op/s\n" +
			" 256 bits ecdh (nistp256)   0.0001s  12010.4\n",
		tables: 2,
		cells: []string{"rsa 2048 bits||sign|0.000702", "rsa 2048 bits||verify/s|47619.0", "rsa 4096 bits||sign/s|207.9",
			"256 bits ecdh (nistp256)||op|0.0001", "256 bits ecdh (nistp256)||op/s|12010.4"},
	},
	{
		name:   "a header with no rows",
		in:     "type             16 bytes     64 bytes\n\nno results here\n",
		tables: 0,
	},
	{
		name:   "prose with the words",
		in:     "sign verify\nthen we sign 12 files\n",
		tables: 0,
	},
}

func TestOpensslSpeedRead(t *testing.T) { runCellCases(t, opensslSpeed{}, opensslSpeedCases) }

func FuzzOpensslSpeed(f *testing.F) { fuzzCells(f, opensslSpeed{}, opensslSpeedCases) }
