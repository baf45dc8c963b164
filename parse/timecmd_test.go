package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var timeCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "shell time, two runs",
		in:   "real\t0m12.402s\nuser\t0m1.020s\nsys\t0m9.877s\n\nreal\t1m2.5s\nuser\t0m1.1s\nsys\t0m10s\n",
		want: []string{"real||seconds|12.402", "user||seconds|1.020", "sys||seconds|9.877",
			"real||seconds|62.5", "user||seconds|1.1", "sys||seconds|10"},
	},
	{
		name: "one-line summary of /usr/bin/time",
		in:   "0.98user 9.80system 0:12.40elapsed 86%CPU (0avgtext+0avgdata 5120maxresident)k\n",
		want: []string{"time||user|0.98", "time||system|9.80", "time||elapsed|12.40", "time||cpu|86", "time||maxresident|5120"},
	},
	{
		name: "verbose report",
		in: "\tCommand being timed: \"make -j8\"\n\tUser time (seconds): 301.55\n\tSystem time (seconds): 40.10\n\tPercent of CPU this job got: 712%\n" +
			"\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:02:03.5\n\tMaximum resident set size (kbytes): 250112\n",
		want: []string{"User time (seconds)||value|301.55", "System time (seconds)||value|40.10", "Percent of CPU this job got||value|712",
			"Elapsed (wall clock) time (h:mm:ss or m:ss)||seconds|3723.5", "Maximum resident set size (kbytes)||value|250112"},
	},
	{
		// a locale's decimal comma: seconds of time(1) never group thousands
		name: "shell time, decimal commas",
		in:   "real\t0m3,049s\nuser\t0m0,010s\nsys\t1m2,500s\n",
		want: []string{"real||seconds|3.049", "user||seconds|0.010", "sys||seconds|62.500"},
	},
	{
		name: "busybox time, a blank after the minutes",
		in:   "real\t0m 41.20s\nuser\t0m 40.90s\nsys\t0m 0.25s\n",
		want: []string{"real||seconds|41.20", "user||seconds|40.90", "sys||seconds|0.25"},
	},
	{
		name: "one line alone",
		in:   "real 0m1.5s\n",
	},
	{
		name: "prose",
		in:   "real users 5s later\nuser said 3s\n",
	},
}

func TestTimeRead(t *testing.T) {
	for _, tc := range timeCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(timeFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzTime(f *testing.F) {
	for _, tc := range timeCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, timeFamily{}, in)
	})
}
