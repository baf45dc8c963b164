package cell

import (
	"testing"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadKey(t *testing.T) {
	for _, tc := range []struct {
		in     string
		ok     bool
		names  []string
		head   string
		before string
		unit   string
	}{
		{"Throughput and CPU usage (usr/sys):", true, []string{"usr", "sys"}, "throughput", "Throughput and CPU usage", ""},
		{"Bandwidth and CPU (usr/sys)", true, []string{"usr", "sys"}, "bw", "Bandwidth and CPU", ""},
		{"old (real/user/sys)", true, []string{"real", "user", "sys"}, "", "old", ""},
		{"(real/user/sys)", true, []string{"real", "user", "sys"}, "", "", ""},
		{"lat [Min/Avg/Max] us", true, []string{"min", "avg", "max"}, "lat", "lat", "us"},
		{"IOPS (read/write)", true, []string{"read", "write"}, "iops", "IOPS", ""},
		{"latency (median/p99)", true, []string{"median", "p99"}, "latency", "latency", ""},
		{"Encryption (MiB/s)", false, nil, "", "", ""}, // a unit in brackets
		{"(AES-XTS)", false, nil, "", "", ""},          // one name
		{"Results (see below)", false, nil, "", "", ""},
		{"runs (a/b) were repeated", false, nil, "", "", ""}, // prose after the brackets
		{"size (4k/64k)", false, nil, "", "", ""},            // numbers, not names
		{"no legend here", false, nil, "", "", ""},
		{"(usr/sys", false, nil, "", "", ""},
	} {
		k, ok := ReadKey(tc.in)
		require.Equal(t, tc.ok, ok, tc.in)
		if !ok {
			continue
		}
		assert.Equal(t, tc.names, k.Names, tc.in)
		assert.Equal(t, tc.head, k.Head, tc.in)
		assert.Equal(t, tc.before, k.Before, tc.in)
		assert.Equal(t, tc.unit, k.Unit, tc.in)
	}
}

func TestReadTitleKey(t *testing.T) {
	k, ok := ReadTitleKey("before lat (avg/p99) us")
	require.True(t, ok)
	assert.Equal(t, []string{"lat_avg", "lat_p99"}, k.Names)
	assert.Equal(t, "before", k.Before)
	assert.Equal(t, "us", k.Unit)
	k, ok = ReadTitleKey("IOPS (read/write)") // the metric alone is the column's title
	require.True(t, ok)
	assert.Equal(t, []string{"read", "write"}, k.Names)
	assert.Equal(t, "IOPS", k.Before)
}

// named is one slot of a keyed cell as the test states it.
type named struct{ name, num, unit string }

func TestKeyRead(t *testing.T) {
	caption, _ := ReadKey("Throughput and CPU usage (usr/sys):")
	triple, _ := ReadKey("(real/user/sys)")
	lat, _ := ReadTitleKey("lat (avg/p99) us")
	bare, _ := ReadKey("(usr/sys)")
	for _, tc := range []struct {
		key  Key
		in   string
		want []named // nil: the legend does not name the cell
	}{
		{caption, "912MiB/s (10.20/41.75%)", []named{{"throughput", "912", "MiB/s"}, {"usr", "10.20", "%"}, {"sys", "41.75", "%"}}},
		{caption, "2947MiB/s ( 0.72/08.15%)", []named{{"throughput", "2947", "MiB/s"}, {"usr", "0.72", "%"}, {"sys", "8.15", "%"}}},
		{bare, "804 (9.85/38.10)", []named{{"value", "804", ""}, {"usr", "9.85", ""}, {"sys", "38.10", ""}}},
		{triple, "10.36 / 0.35 / 9.92", []named{{"real", "10.36", ""}, {"user", "0.35", ""}, {"sys", "9.92", ""}}},
		{triple, "3 10.36s / 0.35s / 9.92s", nil}, // a row's label and its cell: no one cell
		{lat, "41/230", []named{{"avg", "41", "us"}, {"p99", "230", "us"}}},
		{triple, "41/230", nil},                        // two numbers, three names
		{caption, "912MiB/s", nil},                     // one number
		{caption, "912MiB/s (+3.5%)", nil},             // a change, not the legend's group
		{caption, "912MiB/s (10.20, 41.75%)", nil},     // a tuple apart by ','
		{triple, "1.5 (+2%) / 0.3 / 1.1", nil},         // a change beside a part
		{triple, "real=1.5 / user=0.3 / sys=1.1", nil}, // the cell names its own
		{bare, "1.5s / 0.3s (wall/user)", nil},         // a legend of its own
		{bare, "N/A", nil},
	} {
		ss, ok := tc.key.Read(token.Line(tc.in), token.CommaUnknown)
		if tc.want == nil {
			assert.False(t, ok, tc.in)
			continue
		}
		require.True(t, ok, tc.in)
		got := make([]named, len(ss))
		for i, s := range ss {
			got[i] = named{s.Name, s.Num, s.Unit}
			assert.Equal(t, tc.in[s.Start:s.Start+len(s.Written())], s.Written(), tc.in)
		}
		assert.Equal(t, tc.want, got, tc.in)
	}
}

func TestKeyPair(t *testing.T) {
	lat, _ := ReadTitleKey("lat (avg/p99) us")
	pair := Cell{Slots: []Slot{{Num: "41", Extras: []Extra{{Kind: "second", Val: "230", Raw: "230"}}, End: 6}}, End: 6}
	ss, ok := lat.Pair(pair)
	require.True(t, ok)
	assert.Equal(t, []named{{"avg", "41", "us"}, {"p99", "230", "us"}}, []named{{ss[0].Name, ss[0].Num, ss[0].Unit}, {ss[1].Name, ss[1].Num, ss[1].Unit}})
	triple, _ := ReadKey("(real/user/sys)")
	_, ok = triple.Pair(pair)
	assert.False(t, ok, "three names over a pair")
	_, ok = lat.Pair(Cell{Slots: []Slot{{Num: "41", End: 2}}, End: 2})
	assert.False(t, ok, "a single number")
}

// FuzzKeyRead reads arbitrary cells under legends: every slot is a
// decimal inside the cell, named by the legend, and a cell is named
// whole or not at all.
func FuzzKeyRead(f *testing.F) {
	for _, s := range []string{"912MiB/s (10.20/41.75%)", "2947MiB/s ( 0.72/08.15%)", "10.36 / 0.35 / 9.92", "41/230",
		"12/41/230", "20100/19800", "804 (9.85/38.10)", "912MiB/s (+3.5%)", "1.5s / 0.3s (wall/user)"} {
		f.Add(s, "Throughput and CPU usage (usr/sys):")
		f.Add(s, "lat [min/avg/max] us")
		f.Add(s, "(real/user/sys)")
	}
	f.Fuzz(func(t *testing.T, in, legend string) {
		if len(in) > token.MaxLine {
			return
		}
		k, ok := ReadKey(legend)
		if !ok {
			return
		}
		ss, ok := k.Read(token.Line(in), token.CommaUnknown)
		if !ok {
			return
		}
		if len(ss) != len(k.Names) && len(ss) != len(k.Names)+1 {
			t.Fatalf("%q under %q: %d slots for %d names", in, legend, len(ss), len(k.Names))
		}
		for _, s := range ss {
			if !isDecimal(s.Num) || s.Name == "" {
				t.Fatalf("%q under %q: slot %+v", in, legend, s)
			}
			if s.Start < 0 || s.End > len(in) || s.End < s.Start {
				t.Fatalf("%q under %q: slot %+v out of the cell", in, legend, s)
			}
		}
	})
}
