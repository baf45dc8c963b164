package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The openssl-speed family reads the two kinds of table "openssl speed"
// prints at its end:
//
//	The 'numbers' are in 1000s of bytes per second processed.
//	type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes
//	aes-128-cbc     811022.31k   901120.00k   930011.52k   941002.24k   944111.62k
//	                  sign    verify    sign/s verify/s
//	rsa 2048 bits 0.000612s 0.000018s   1634.3  55436.8
//	                              op      op/s
//	 256 bits ecdh (nistp256)   0.0001s  13001.2
//
// The throughput table: a row per algorithm, a field per block size as
// the header writes it ("16 bytes"), the values in 1000s of bytes per
// second as printed (the "k" kept in Text); unit kB/s, higher is better.
// The public-key tables: a row per key ("rsa 2048 bits", "256 bits ecdh
// (nistp256)"), fields the header's words ("sign", "verify", "sign/s",
// "op/s"); the times (written with "s") are seconds per operation, the
// "/s" columns rates, so the table has no one direction. A row's label is
// what stands before its last numbers, as many as the header has titles.
func init() { Register(opensslSpeed{}, 44) }

type opensslSpeed struct{}

// Name is the format recorded for these tables.
func (opensslSpeed) Name() string { return "openssl-speed" }

// opensslPKWords are the titles of the public-key tables' headers.
var opensslPKWords = map[string]bool{"sign": true, "verify": true, "sign/s": true, "verify/s": true, "op": true,
	"op/s": true, "keygen": true, "encaps": true, "decaps": true, "keygens/s": true, "encaps/s": true,
	"decaps/s": true, "signs": true, "signs/s": true, "verifys/s": true, "keygen/s": true}

// opensslHeader returns the field titles of a header line and whether it
// is the throughput table's; nil when the line is neither header.
func opensslHeader(text string) (titles []string, sizes bool) {
	f := strings.Fields(text)
	if len(f) >= 3 && f[0] == "type" && len(f)%2 == 1 {
		for k := 1; k < len(f); k += 2 {
			if !allDigits(f[k]) || f[k+1] != "bytes" {
				return nil, false
			}
			titles = append(titles, f[k]+" bytes")
		}
		return titles, true
	}
	if len(f) < 2 {
		return nil, false
	}
	for _, w := range f {
		if !opensslPKWords[w] {
			return nil, false
		}
	}
	return f, false
}

// opensslRow reads a data row under titles: its label and one number per
// title, the throughput figures ending in "k", the times in "s".
func opensslRow(b *Block, j int, titles []string, sizes bool) (model.Row, bool) {
	f := strings.Fields(b.trim(j))
	n := len(titles)
	if len(f) <= n {
		return model.Row{}, false
	}
	row := rowAt(b, j, strings.Join(f[:len(f)-n], " "))
	for k, tok := range f[len(f)-n:] {
		num := tok
		switch {
		case sizes:
			num = strings.TrimSuffix(tok, "k")
		case !strings.HasSuffix(titles[k], "/s"):
			num = strings.TrimSuffix(tok, "s")
		}
		before := len(row.Cells)
		addCell(&row, b.Comma, "", titles[k], num)
		if len(row.Cells) == before {
			return model.Row{}, false
		}
		if num != tok {
			row.Cells[before].Text = tok
		}
	}
	return row, true
}

// Read returns one table per header and the rows under it.
func (opensslSpeed) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); i++ {
		titles, sizes := opensslHeader(b.trim(i))
		if titles == nil {
			continue
		}
		t := model.Table{Benchmark: "openssl speed"}
		if sizes {
			t.Unit, t.Direction = "kB/s", "higher"
		}
		j := i + 1
		for ; j < len(b.Lines); j++ {
			row, ok := opensslRow(b, j, titles, sizes)
			if !ok {
				break
			}
			t.Rows = append(t.Rows, row)
		}
		if len(t.Rows) > 0 {
			out = append(out, Match{Start: i, End: j, Table: t})
			i = j - 1
		}
	}
	return out
}
