package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The cryptsetup family reads "cryptsetup benchmark":
//
//	PBKDF2-sha256    1680410 iterations per second for 256-bit key
//	#     Algorithm |       Key |      Encryption |      Decryption
//	        aes-cbc        128b      1012.5 MiB/s      3302.1 MiB/s
//	        aes-xts        512b      2716.0 MiB/s      2723.9 MiB/s
//
// The cipher lines are rows named by algorithm and key size ("aes-xts
// 512b") with fields encryption and decryption, the unit written after
// each in Text; the key-derivation lines rows by function with field
// iterations_per_second. A table needs the cipher header or two PBKDF2
// lines; the argon2 lines (settings the benchmark chose) give no cells.
type cryptsetupFamily struct{}

func init() { Register(cryptsetupFamily{}, 44) }

// Name is the format recorded for these tables.
func (cryptsetupFamily) Name() string { return "cryptsetup" }

// words: a table holds the cipher header or PBKDF2 lines.
func (cryptsetupFamily) words() []string { return []string{"Algorithm", "PBKDF2"} }

// cryptHeader reports whether a line is the cipher table's header.
func cryptHeader(text string) bool {
	f := strings.Fields(strings.NewReplacer("#", " ", "|", " ").Replace(text))
	return len(f) == 4 && f[0] == "Algorithm" && f[1] == "Key" && f[2] == "Encryption" && f[3] == "Decryption"
}

// Read returns one table per benchmark run.
func (cryptsetupFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		t := model.Table{Benchmark: "cryptsetup benchmark", Direction: "higher"}
		j, header, kdf := i, false, 0
	lines:
		for ; j < len(b.Lines); j++ {
			text := b.trim(j)
			f := strings.Fields(text)
			switch {
			case cryptHeader(text):
				header = true
				continue
			case strings.HasPrefix(text, "# Tests are approximate"), strings.HasPrefix(text, "argon2"):
				continue
			case len(f) == 8 && strings.HasPrefix(f[0], "PBKDF2") && strings.Join(f[2:5], " ") == "iterations per second":
				row := rowAt(b, j, f[0])
				addCell(&row, b.Comma, "", "iterations_per_second", f[1])
				if len(row.Cells) == 1 {
					t.Rows, kdf = append(t.Rows, row), kdf+1
					continue
				}
			case header && len(f) == 6 && strings.HasSuffix(f[1], "b") && allDigits(strings.TrimSuffix(f[1], "b")):
				row := rowAt(b, j, f[0]+" "+f[1])
				for k, field := range []string{"encryption", "decryption"} {
					n := len(row.Cells)
					addCell(&row, b.Comma, "", field, f[2+2*k])
					if len(row.Cells) > n {
						row.Cells[n].Text = f[2+2*k] + " " + f[3+2*k]
					}
				}
				if len(row.Cells) == 2 {
					t.Rows = append(t.Rows, row)
					continue
				}
			}
			break lines
		}
		if header && len(t.Rows) > kdf || kdf >= 2 {
			out = append(out, Match{Start: i, End: j, Table: t})
		}
		i = max(j, i+1)
	}
	return out
}
