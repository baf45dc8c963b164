package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var cryptsetupCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "full run",
		in: "# Tests are approximate using memory only (no storage IO).\nPBKDF2-sha1       901120 iterations per second for 256-bit key\n" +
			"PBKDF2-sha256    1680410 iterations per second for 256-bit key\n" +
			"argon2id     4 iterations, 1048576 memory, 4 parallel threads (CPUs) for 256-bit key (requested 2000 ms time)\n" +
			"#     Algorithm |       Key |      Encryption |      Decryption\n        aes-cbc        128b      1012.5 MiB/s      3302.1 MiB/s\n" +
			"        aes-xts        512b      2716.0 MiB/s      2723.9 MiB/s\n",
		want: []string{"PBKDF2-sha1||iterations_per_second|901120", "PBKDF2-sha256||iterations_per_second|1680410",
			"aes-cbc 128b||encryption|1012.5", "aes-cbc 128b||decryption|3302.1", "aes-xts 512b||encryption|2716.0", "aes-xts 512b||decryption|2723.9"},
	},
	{
		name: "cipher lines without the header",
		in:   "        aes-cbc        128b      1012.5 MiB/s      3302.1 MiB/s\n        aes-xts        512b      2716.0 MiB/s      2723.9 MiB/s\n",
	},
	{
		name: "one key derivation line",
		in:   "PBKDF2-sha256    1680410 iterations per second for 256-bit key\n",
	},
}

func TestCryptsetupRead(t *testing.T) {
	for _, tc := range cryptsetupCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(cryptsetupFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzCryptsetup(f *testing.F) {
	for _, tc := range cryptsetupCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, cryptsetupFamily{}, in)
	})
}
