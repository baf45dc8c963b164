package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var tcryptCases = []cellCase{
	{
		name: "hash cycles under a heading, with stamps",
		in: "[  301.000100] tcrypt: testing speed of async sha512 (sha512-avx2)\n" +
			"[  301.000200] tcrypt: test  0 (   16 byte blocks,   16 bytes per update,   1 updates):   902 cycles/operation,   56 cycles/byte\n" +
			"[  301.000300] tcrypt: test  1 (   64 byte blocks,   16 bytes per update,   4 updates):  2710 cycles/operation,   42 cycles/byte\n",
		tables: 1,
		cells: []string{"16 byte blocks, 16 bytes per update, 1 updates||cycles_per_operation|902",
			"16 byte blocks, 16 bytes per update, 1 updates||cycles_per_byte|56",
			"64 byte blocks, 16 bytes per update, 4 updates||cycles_per_byte|42"},
	},
	{
		name: "hash rates",
		in: "testing speed of async crc32c (crc32c-intel)\n" +
			"test  0 (   16 byte blocks,   16 bytes per update,   1 updates):  3100200 opers/sec,  49603200 bytes/sec\n",
		tables: 1,
		cells: []string{"16 byte blocks, 16 bytes per update, 1 updates||opers_per_sec|3100200",
			"16 byte blocks, 16 bytes per update, 1 updates||bytes_per_sec|49603200"},
	},
	{
		name: "cipher cycles and seconds, two runs",
		in: "tcrypt: testing speed of async cbc(aes) (cbc-aes-aesni) encryption\n" +
			"tcrypt: test 0 (128 bit key, 16 byte blocks): 1 operation in 212 cycles (16 bytes)\n" +
			"tcrypt: test 1 (128 bit key, 1024 byte blocks): 1 operation in 3310 cycles (1024 bytes)\n" +
			"tcrypt: testing speed of async cbc(aes) (cbc-aes-aesni) decryption\n" +
			"tcrypt: test 0 (128 bit key, 16 byte blocks): 9871002 operations in 1 seconds (157936032 bytes)\n",
		tables: 2,
		cells: []string{"128 bit key, 16 byte blocks||cycles|212", "128 bit key, 16 byte blocks||bytes|16",
			"128 bit key, 1024 byte blocks||cycles|3310", "128 bit key, 16 byte blocks||operations|9871002",
			"128 bit key, 16 byte blocks||seconds|1"},
	},
	{
		name:   "the result pasted without its test prefix",
		in:     "1 operation in 1610 cycles (1024 bytes)\n",
		tables: 1,
		cells:  []string{"||cycles|1610", "||bytes|1024"},
	},
	{
		name:   "a heading alone",
		in:     "tcrypt: testing speed of async sha1 (sha1-ni)\n",
		tables: 0,
	},
	{
		name:   "prose",
		in:     "it took 1 operation in about 1610 cycles for most sizes\n",
		tables: 0,
	},
}

func TestTcryptRead(t *testing.T) { runCellCases(t, tcryptFamily{}, tcryptCases) }

func TestTcryptHeading(t *testing.T) {
	ms := tcryptFamily{}.Read(blockOf(tcryptCases[2].in))
	if assert.Len(t, ms, 2) {
		assert.Equal(t, []string{"testing speed of async cbc(aes) (cbc-aes-aesni) encryption"}, ms[0].Inner)
		assert.Equal(t, []string{"testing speed of async cbc(aes) (cbc-aes-aesni) decryption"}, ms[1].Inner)
	}
}

func FuzzTcrypt(f *testing.F) { fuzzCells(f, tcryptFamily{}, tcryptCases) }
