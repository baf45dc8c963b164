package token

import (
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/assert"
)

// partTokens lexes s with PartLexer and renders each token but blanks as
// "Type(text)".
func partTokens(s string) string {
	names := lexer.SymbolsByRune(PartLexer)
	l, _ := PartLexer.LexString("", s)
	var out []string
	for {
		t, err := l.Next()
		if err != nil {
			return "error"
		}
		if t.EOF() {
			return strings.Join(out, " ")
		}
		if names[t.Type] != "Space" {
			out = append(out, names[t.Type]+"("+t.Value+")")
		}
	}
}

func TestPartLexer(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"2048MiB/s (7.50/31.25%)", "Num(2048) Unit(MiB/s) Punct(() Num(7.50) Punct(/) Num(31.25) Pct(%) Punct())"},
		{"8.2 s, 41.7 MB/s", "Num(8.2) Unit(s) Punct(,) Num(41.7) Unit(MB/s)"},
		{"IOPS=33.1k, BW=129MiB/s", "Unit(IOPS) Punct(=) Num(33.1) Mag(k) Punct(,) Word(BW) Punct(=) Num(129) Unit(MiB/s)"},
		{"5.1s / 0.2s (wall/cpu)", "Num(5.1) Unit(s) Punct(/) Num(0.2) Unit(s) Punct(() Word(wall/cpu) Punct())"},
		{"2.75G/s", "Num(2.75) Unit(G/s)"},
		{"3/s", "Num(3) Unit(/s)"},
		{"~12M", "Approx(~) Num(12) Mag(M)"},
		{"16k", "Num(16) Mag(k)"},
		{"3m07s", "Dur(3m07s)"},
		{"0m2,125s", "Dur(0m2,125s)"},
		{"22.5 ± 0.4%", "Num(22.5) PM(±) Num(0.4) Pct(%)"},
		{"9.25+/-0.10", "Num(9.25) PM(+/-) Num(0.10)"},
		{"7,5(+/-1,25 %)", "Num(7,5) Punct(() PM(+/-) Num(1,25) Pct(%) Punct())"},
		{"2.00 (1.50 pct)", "Num(2.00) Punct(() Num(1.50) Word(pct) Punct())"},
		{"250.", "Num(250.)"},
		{"−4.5", "Num(−4.5)"},
		{"1.250x", "Num(1.250) Unit(x)"},
		{"N/A", "Missing(N/A)"},
		{"--", "Missing(--)"},
		{"---", "Other(---)"},
		{"x", "Missing(x)"},
		{"3.1.4", "Word(3.1.4)"},
		{"2-threads", "Word(2-threads)"},
		{"8k-seqwrite", "Word(8k-seqwrite)"},
		{"12zz", "Word(12zz)"},
		{"speed", "Word(speed)"},
	} {
		assert.Equal(t, c.want, partTokens(c.in), c.in)
	}
}

// FuzzPartLexer: the cell lexer lexes any text, its tokens are not empty
// and cover the text in order.
func FuzzPartLexer(f *testing.F) {
	for _, s := range []string{"2048MiB/s (7.50/31.25%)", "IOPS=33.1k, BW=129MiB/s", "3/s", "0m2,125s", "7,5(+/-1,25 %)", "−4.5 ±", "N/A", "\xff\xe2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := PartLexer.LexString("", s)
		if err != nil {
			t.Fatal(err)
		}
		at := 0
		for {
			tok, err := l.Next()
			if err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			if tok.EOF() {
				break
			}
			if tok.Value == "" || tok.Pos.Offset != at || s[at:at+len(tok.Value)] != tok.Value {
				t.Fatalf("%q: token %q at %d, want it at %d", s, tok.Value, tok.Pos.Offset, at)
			}
			at += len(tok.Value)
		}
		if at != len(s) {
			t.Fatalf("%q: tokens end at %d", s, at)
		}
	})
}

func TestUnitOf(t *testing.T) {
	for s, want := range map[string]UnitKind{
		"usec": Time, "ms": Time, "s": Time, "MiB": Size, "B": Size, "bytes": Size, "MB/s": Rate, "K/sec": Rate,
		"/s": Rate, "G/s": Rate, "Mops/s": Rate, "calls/s": Rate, "IOPS": Rate, "Mbps": Rate, "ns/op": Cost,
		"usecs/op": Cost, "cycles/byte": Cost, "ns/thread": Cost, "fps": Rate, "Mops": Rate, "TBytes": Size, "GHz": Freq, "x": Ratio, "W": Energy, "%": PercentUnit,
		"b": NoUnit, "MS": NoUnit, "speed": NoUnit, "read/write": NoUnit, "a/b/s": NoUnit, "": NoUnit,
	} {
		assert.Equal(t, want, UnitOf(s), s)
	}
}
