package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var iostatCases = []struct {
	name, in string
	want     []string
}{
	{
		name: "samples with the header repeated",
		in: "Device            r_await w_await aqu-sz  %util\nsdc                  0.21    0.40   0.02   3.10\n\n" +
			"Device            r_await w_await aqu-sz  %util\nsdc                  0.25    0.38   0.03   3.40\n",
		want: []string{"sdc||r_await|0.21", "sdc||w_await|0.40", "sdc||aqu-sz|0.02", "sdc||%util|3.10",
			"sdc||r_await|0.25", "sdc||w_await|0.38", "sdc||aqu-sz|0.03", "sdc||%util|3.40"},
	},
	{
		name: "cpu report and old device header, two devices",
		in: "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n           3.50    0.00    1.25    0.75    0.00   94.50\n\n" +
			"Device:         rrqm/s   wrqm/s     r/s     w/s   svctm  %util\nvda               0.00     1.00   12.00    4.00    0.50   0.80\nvdb               0.00     0.00    0.00    9.00    0.20   0.18\n",
		want: []string{"avg-cpu||%user|3.50", "avg-cpu||%nice|0.00", "avg-cpu||%system|1.25", "avg-cpu||%iowait|0.75", "avg-cpu||%steal|0.00", "avg-cpu||%idle|94.50",
			"vda||rrqm/s|0.00", "vda||wrqm/s|1.00", "vda||r/s|12.00", "vda||w/s|4.00", "vda||svctm|0.50", "vda||%util|0.80",
			"vdb||rrqm/s|0.00", "vdb||wrqm/s|0.00", "vdb||r/s|0.00", "vdb||w/s|9.00", "vdb||svctm|0.20", "vdb||%util|0.18"},
	},
	{
		name: "a device listing of another tool",
		in:   "Device     Start      End  Sectors  Size Type\n/dev/sda1   2048  1050623  1048576  512M EFI System\n",
	},
	{
		name: "header without rows",
		in:   "Device            r_await w_await aqu-sz  %util\nno samples were taken\n",
	},
}

func TestIostatRead(t *testing.T) {
	for _, tc := range iostatCases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, renderCells(iostatFamily{}.Read(blockOf(tc.in))))
		})
	}
}

func FuzzIostat(f *testing.F) {
	for _, tc := range iostatCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkRead(t, iostatFamily{}, in)
	})
}
