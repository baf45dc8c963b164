package cell

import (
	"reflect"
	"testing"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fig is a figure as the tests write it: role, key, number, unit, and the
// main figure it belongs to.
type fig struct {
	role      Role
	key, num  string
	unit, sep string
	of        int
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in     string
		want   []fig
		legend []string
		tuple  bool
		approx bool
	}{
		{"2048MiB/s (7.50/31.25%)", []fig{{Main, "", "2048", "MiB/s", "", 0}, {Member, "", "7.50", "%", "", 0}, {Member, "", "31.25", "%", "/", 0}}, nil, false, false},
		{"8.2 s, 41.7 MB/s", []fig{{Main, "", "8.2", "s", "", 0}, {Main, "", "41.7", "MB/s", ",", 1}}, nil, false, false},
		{"212/57", []fig{{Main, "", "212", "", "", 0}, {Main, "", "57", "", "/", 1}}, nil, false, false},
		{"5.1s / 0.2s / 4.8s (wall/user/kernel)", []fig{{Main, "", "5.1", "s", "", 0}, {Main, "", "0.2", "s", "/", 1}, {Main, "", "4.8", "s", "/", 2}}, []string{"wall", "user", "kernel"}, false, false},
		{"IOPS=33.1k, BW=129MiB/s", []fig{{Main, "IOPS", "33100", "", "", 0}, {Main, "BW", "129", "MiB/s", ",", 1}}, nil, false, false},
		{"412 (37%)", []fig{{Main, "", "412", "", "", 0}, {Change, "", "37", "%", "", 0}}, nil, false, false},
		{"915.40(-3.25%)", []fig{{Main, "", "915.40", "", "", 0}, {Change, "", "-3.25", "%", "", 0}}, nil, false, false},
		{"388 usec", []fig{{Main, "", "388", "usec", "", 0}}, nil, false, false},
		{"2.75G/s", []fig{{Main, "", "2.75", "G/s", "", 0}}, nil, false, false},
		{"~12M", []fig{{Main, "", "12000000", "", "", 0}}, nil, false, true},
		{"16k", []fig{{Main, "", "16000", "", "", 0}}, nil, false, false},
		{"3m07s", []fig{{Main, "", "187", "s", "", 0}}, nil, false, false},
		{"22.5 ± 0.4%", []fig{{Main, "", "22.5", "", "", 0}, {Spread, "", "0.4", "%", "", 0}}, nil, false, false},
		{"9.25+/-0.10", []fig{{Main, "", "9.25", "", "", 0}, {Spread, "", "0.10", "", "", 0}}, nil, false, false},
		{"61.5 [1.2] (+0.80%)", []fig{{Main, "", "61.5", "", "", 0}, {Square, "", "1.2", "", "", 0}, {Change, "", "0.80", "%", "", 0}}, nil, false, false},
		{"2.00 (1.50 pct)", []fig{{Main, "", "2.00", "", "", 0}, {Change, "", "1.50", "%", "", 0}}, nil, false, false},
		{"41, 44, 39", []fig{{Main, "", "41", "", "", 0}, {Main, "", "44", "", ",", 1}, {Main, "", "39", "", ",", 2}}, nil, false, false},
		{"( 1.10%,  62.00%)", []fig{{Member, "", "1.10", "%", "", -1}, {Member, "", "62.00", "%", ",", -1}}, nil, true, false},
		{"(-4% / +31%)", []fig{{Member, "", "-4", "%", "", -1}, {Member, "", "31", "%", "/", -1}}, nil, true, false},
	} {
		r, ok := Parse(c.in, token.CommaUnknown)
		require.True(t, ok, c.in)
		var got []fig
		for _, f := range r.Figures {
			got = append(got, fig{f.Role, f.Key, f.Num, f.Unit, f.Sep, f.Of})
		}
		assert.Equal(t, c.want, got, c.in)
		assert.Equal(t, c.legend, r.Legend, c.in)
		assert.Equal(t, c.tuple, r.Tuple, c.in)
		assert.Equal(t, c.approx, r.Approx, c.in)
	}
	for _, in := range []string{"N/A", "-", "nan"} {
		r, ok := Parse(in, token.CommaUnknown)
		assert.True(t, ok && r.Missing, in)
	}
	for _, in := range []string{"throughput", "2-threads", "3.1.4", "12 (base)", "12 (a/b)", "(7%)", "1, ", "8k-seqwrite", "/ 12", "4.0 2.0 (one/two/three)"} {
		_, ok := Parse(in, token.CommaUnknown)
		assert.False(t, ok, in)
	}
}

func TestParseKeepsWrittenText(t *testing.T) {
	in := "1,250.5 ms ( +1.5% )"
	r, ok := Parse(in, token.CommaThousands)
	require.True(t, ok)
	assert.Equal(t, "1250.5", r.Figures[0].Num)
	assert.Equal(t, "1,250.5 ms", r.Figures[0].Text)
	assert.Equal(t, "+1.5%", r.Figures[1].Text)
	assert.Equal(t, len(in), r.Figures[1].Outer)
}

func TestLegend(t *testing.T) {
	assert.Equal(t, []string{"usr", "sys"}, Legend("(usr/sys)"))
	assert.Equal(t, []string{"avg", "stddev"}, Legend("avg/stddev"))
	assert.Nil(t, Legend("(std%)"))
	assert.Nil(t, Legend("MB/s"[:0]))
	assert.Nil(t, Legend("1/2"))
}

// direct reads text with the grammar, as Parse does but without the shape
// memo: the grammar run over the text itself.
func direct(text string, style token.CommaStyle) (Reading, bool) {
	if !mayRead(text) || len(text) > MaxCell {
		return Reading{}, false
	}
	at := make([]int, len(text)+1)
	for i := range at {
		at[i] = i
	}
	return read(text).fill(nil, text, at, style)
}

// FuzzParse: the cell grammar never panics; a reading's numbers are exact
// decimals and its figures lie in the text, in order; and the reading of
// a cell through the shape memo is the grammar's reading of the text
// itself, so that the memo may stand for the grammar.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"2048MiB/s (7.50/31.25%)", "8.2 s, 41.7 MB/s", "5.1s / 0.2s / 4.8s (wall/user/kernel)",
		"IOPS=33.1k, BW=129MiB/s", "915.40(-3.25%)", "~12M", "3m07s", "0m2,125s", "7,5(+/-1,25 %)", "( 1.10%,  62.00%",
		"61.5 [1.2] (+0.80%)", "41, 44, 39", "p50=12 p99=1234", "1e999", "12345/123456", "1m123s"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, style uint8) {
		st := token.CommaStyle(style % 3)
		r, ok := Parse(s, st)
		d, dok := direct(s, st)
		if ok != dok || !reflect.DeepEqual(r, d) {
			t.Fatalf("%q: the memo reads %v %+v, the grammar %v %+v", s, ok, r, dok, d)
		}
		if !ok {
			return
		}
		last := 0
		for _, x := range r.Figures {
			if !isDecimal(x.Num) {
				t.Fatalf("%q: figure %+v is no decimal", s, x)
			}
			if x.Start < last || x.End < x.Start || x.Outer < x.End || x.Outer > len(s) || s[x.Start:x.End] != x.Text {
				t.Fatalf("%q: figure %+v out of place", s, x)
			}
			last = x.End
		}
	})
}

// FuzzTokenCells: a piece the token layer has read whole reads alike by
// the grammar, so that tokenCells may stand for it.
func FuzzTokenCells(f *testing.F) {
	for _, s := range []string{"0.7293 (+30.7%)", "12.345+/-0.678", "12.3 ± 0.5%", "1,234(+/-5,67 %)", "12345/23456",
		"1234.5 [0.5] (+2.70%)", "131.", "1.5M 250K", "12.3ms 450MB/s", "5 %", "1.0242 (+1.5%) 1.0260 (+1.5%)"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, style uint8) {
		st := token.CommaStyle(style % 3)
		ts := token.Line("x " + s)
		if len(ts) < 2 {
			return
		}
		ts = ts[1:]
		start, end := ts[0].Start, ts[len(ts)-1].End
		fast, ok := tokenCells(ts, start, end, st)
		if !ok || end-start > MaxCell {
			return // the grammar reads no text longer than a cell
		}
		slow, sok := readText(ts, start, end, st, false)
		for _, cs := range [][]Cell{fast, slow} {
			for i := range cs {
				for j := range cs[i].Slots {
					for k := range cs[i].Slots[j].Extras {
						cs[i].Slots[j].Extras[k].Raw = "" // as written, bracket or not
					}
				}
			}
		}
		if !sok || !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q: the tokens read %+v, the grammar %v %+v", s, fast, sok, slow)
		}
	})
}
