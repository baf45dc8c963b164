package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var hackbenchCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "two runs",
		in:   "Running in process mode with 4 groups using 40 file descriptors each (== 160 tasks)\nEach sender will pass 100 messages of 100 bytes\nTime: 0.123\nRunning in threaded mode with 8 groups using 40 file descriptors each (== 320 tasks)\nEach sender will pass 100 messages of 100 bytes\nTime: 0.456\n",
		want: []string{"process mode with 4 groups||value|0.123", "threaded mode with 8 groups||value|0.456"},
	},
	{
		name: "no note line",
		in:   "Running in process mode with 4 groups using 40 file descriptors each (== 160 tasks)\nTime: 0.123\n",
		want: []string{"process mode with 4 groups||value|0.123"},
	},
	{
		name: "time far below",
		in:   "Running in process mode with 4 groups using 40 file descriptors each (== 160 tasks)\nsomething else\nTime: 0.123\n",
	},
	{
		name: "bare times",
		in:   "Time: 0.123\nTime: 0.456\n",
	},
}

func TestHackbenchRead(t *testing.T) {
	for _, tc := range hackbenchCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(hackbenchFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzHackbench(f *testing.F) {
	for _, tc := range hackbenchCases {
		f.Add(tc.in)
	}
	for _, s := range fixtures(f, "hackbench") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, hackbenchFamily{}, in)
	})
}

func BenchmarkHackbench(b *testing.B) { benchFamily(b, hackbenchFamily{}) }
