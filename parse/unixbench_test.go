package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var unixbenchCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "results",
		in:   "Execl Throughput        4012.1 lps   (30.0 s, 2 samples)\nShell Scripts (8 concurrent)   1234.5 lpm   (60.0 s, 2 samples)\n",
		want: []string{"Execl Throughput||value|4012.1", "Shell Scripts (8 concurrent)||value|1234.5"},
	},
	{
		name: "index",
		in:   "System Benchmarks Index Values               BASELINE       RESULT    INDEX\nExecl Throughput                                 43.0       4012.1    933.0\n                                                                   ========\nSystem Benchmarks Index Score                                        1401.2\n",
		want: []string{"Execl Throughput||baseline|43.0", "Execl Throughput||value|4012.1", "Execl Throughput||index|933.0", "System Benchmarks Index Score||index|1401.2"},
	},
	{
		name: "index rows without header",
		in:   "Execl Throughput                                 43.0       4012.1    933.0\n",
	},
	{
		name: "no sample note",
		in:   "Execl Throughput        4012.1 lps\n",
	},
}

func TestUnixbenchRead(t *testing.T) {
	for _, tc := range unixbenchCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(unixbenchFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzUnixbench(f *testing.F) {
	for _, tc := range unixbenchCases {
		f.Add(tc.in)
	}
	for _, s := range fixtures(f, "unixbench") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, unixbenchFamily{}, in)
	})
}

func BenchmarkUnixbench(b *testing.B) { benchFamily(b, unixbenchFamily{}) }
