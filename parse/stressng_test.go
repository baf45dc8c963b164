package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var stressNGCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "metrics-brief with its unit line, then --times",
		in: "setting to a 30 second run per stressor\ndispatching hogs: 4 dentry\n" +
			"stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n" +
			"                          (secs)    (secs)    (secs)   (real time) (usr+sys time)\n" +
			"dentry           412034     30.01      3.20    101.15     13730.22        3948.44\n" +
			"dentry:\n         2 System Management Interrupts\nfor a 30.02s run time:\n" +
			"   1921.28s available CPU time\n      3.20s user time   (  0.17%)\n    101.15s system time (  5.26%)\n" +
			"load average: 4.10 1.52 0.61\npassed: 4: dentry (4)\nfailed: 0\nsuccessful run completed in 30.02s\n",
		want: []string{"dentry||bogo_ops|412034", "dentry||real_time|30.01", "dentry||usr_time|3.20", "dentry||sys_time|101.15",
			"dentry||bogo_ops_per_s_real_time|13730.22", "dentry||bogo_ops_per_s_usr_sys_time|3948.44", "--",
			"System Management Interrupts||count|2", "run time||seconds|30.02", "available CPU time||seconds|1921.28",
			"user time||seconds|3.20", "user time||share|0.17", "system time||seconds|101.15", "system time||share|5.26",
			"load average||load1|4.10", "load average||load5|1.52", "load average||load15|0.61",
			"passed||count|4", "passed||dentry|4", "failed||count|0", "successful run completed in||seconds|30.02"},
	},
	{
		name: "prefixed lines, eight columns",
		in: "stress-ng: metrc: [5120] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s CPU used per       RSS Max\n" +
			"stress-ng: metrc: [5120]                           (secs)    (secs)    (secs)   (real time) (usr+sys time) instance (%)          (KB)\n" +
			"stress-ng: metrc: [5120] cpu               90210     10.00     39.80      0.05      9020.85        2263.74        99.61          4012\n",
		want: []string{"cpu||bogo_ops|90210", "cpu||real_time|10.00", "cpu||usr_time|39.80", "cpu||sys_time|0.05",
			"cpu||bogo_ops_per_s_real_time|9020.85", "cpu||bogo_ops_per_s_usr_sys_time|2263.74", "cpu||cpu_used_per_instance|99.61", "cpu||rss_max|4012"},
	},
	{
		name: "run that completed in minutes",
		in:   "for a 61.50s run time:\n    492.00s available CPU time\nsuccessful run completed in 61.50s (1 min, 1.50 secs)\n",
		want: []string{"run time||seconds|61.50", "available CPU time||seconds|492.00", "successful run completed in||seconds|61.50",
			"successful run completed in||minutes|1", "successful run completed in||secs|1.50"},
	},
	{
		name: "settings alone",
		in:   "setting to a 60 second run per stressor\ndispatching hogs: 8 cpu\n",
	},
	{
		name: "prose about the run time",
		in:   "for a 60s run time: it looked fine\nthe 3 runs took 12.5s user time each\n",
	},
}

func TestStressNGRead(t *testing.T) {
	for _, tc := range stressNGCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(stressNG{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzStressNG(f *testing.F) {
	for _, tc := range stressNGCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, stressNG{}, in)
	})
}
