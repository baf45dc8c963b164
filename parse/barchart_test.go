package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var barChartCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "stars",
		in:   "base  *****  10 ms\nnew   ***    6 ms\n",
		want: []string{"base||value|10", "new||value|6"},
	},
	{
		name: "pipes and hashes",
		in:   "6.5 |#### 3.5 MB/s\n6.6 |##### 4.25 MB/s\n",
		want: []string{"6.5||value|3.5", "6.6||value|4.25"},
	},
	{
		name: "one bar",
		in:   "base  *****  10 ms\n",
	},
	{
		name: "rules and banners",
		in:   "=====\n*** 5 ***\n### 12 items ###\n",
	},
}

func TestBarChartRead(t *testing.T) {
	for _, tc := range barChartCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(barChartFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzBarChart(f *testing.F) {
	for _, tc := range barChartCases {
		f.Add(tc.in)
	}
	for _, s := range fixtures(f, "bar-chart") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, barChartFamily{}, in)
	})
}

func BenchmarkBarChart(b *testing.B) { benchFamily(b, barChartFamily{}) }
