package parse

import (
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// The tcrypt family reads the speed tests of the kernel's tcrypt module
// (modprobe tcrypt mode=N sec=S), as the kernel log shows them:
//
//	tcrypt: testing speed of async sha256 (sha256-avx2)
//	tcrypt: test  0 (   16 byte blocks,   16 bytes per update,   1 updates):   610 cycles/operation,   38 cycles/byte
//	tcrypt: test  1 (   64 byte blocks,   16 bytes per update,   4 updates):  2948467 opers/sec,  47175472 bytes/sec
//	tcrypt: testing speed of async ecb(aes) (ecb-aes-aesni) encryption
//	tcrypt: test 0 (128 bit key, 16 byte blocks): 1 operation in 1610 cycles (1024 bytes)
//	tcrypt: test 1 (128 bit key, 64 byte blocks): 14488906 operations in 1 seconds (927289984 bytes)
//
// A row per test, named by the settings in its parentheses ("16 byte
// blocks, 16 bytes per update, 1 updates"): the block and key sizes are
// what the test varies, so they are its label, not results. Fields by
// the unit written: cycles_per_operation, cycles_per_byte,
// opers_per_sec, bytes_per_sec; and for the cipher lines operations,
// cycles or seconds, and bytes. The "testing speed of" line above a run
// is its heading. A table is one run of test lines.
func init() { Register(tcryptFamily{}, 44) }

type tcryptFamily struct{}

// Name is the format recorded for these tables.
func (tcryptFamily) Name() string { return "tcrypt" }

var (
	// tcryptTest is "test 0 (16 byte blocks, ...): REST", the prefix
	// optional where the result was pasted alone.
	tcryptTest = regexp.MustCompile(`^(?:test\s+\d+\s+\(([^()]*)\):\s*)?(.*)$`)
	// tcryptRates is "610 cycles/operation, 38 cycles/byte" or "2948467
	// opers/sec, 47175472 bytes/sec".
	tcryptRates = regexp.MustCompile(`^(\d+)\s+(cycles/operation|opers/sec),\s+(\d+)\s+(cycles/byte|bytes/sec)$`)
	// tcryptOps is "1 operation in 1610 cycles (1024 bytes)" or
	// "14488906 operations in 1 seconds (927289984 bytes)".
	tcryptOps = regexp.MustCompile(`^(\d+)\s+operations?\s+in\s+(\d+(?:\.\d+)?)\s+(cycles|seconds)\s+\((\d+)\s+bytes\)$`)
)

// tcryptText returns a line without its kernel log stamp and "tcrypt: "
// prefix.
func tcryptText(s string) string {
	s = cutLogStamp(s)
	if rest, ok := strings.CutPrefix(s, "tcrypt:"); ok {
		return strings.TrimSpace(rest)
	}
	return s
}

// tcryptRow reads one test line.
func tcryptRow(b *Block, j int, text string) (model.Row, bool) {
	if !strings.Contains(text, "oper") {
		return model.Row{}, false // both readings name operations
	}
	m := tcryptTest.FindStringSubmatch(text)
	label := strings.Join(strings.Fields(strings.ReplaceAll(m[1], ",", ", ")), " ")
	label = strings.ReplaceAll(label, " ,", ",")
	row := rowAt(b, j, label)
	if r := tcryptRates.FindStringSubmatch(m[2]); r != nil {
		addCell(&row, b.Comma, "", strings.ReplaceAll(r[2], "/", "_per_"), r[1])
		addCell(&row, b.Comma, "", strings.ReplaceAll(r[4], "/", "_per_"), r[3])
		return row, len(row.Cells) == 2
	}
	if r := tcryptOps.FindStringSubmatch(m[2]); r != nil {
		addCell(&row, b.Comma, "", "operations", r[1])
		addCell(&row, b.Comma, "", r[3], r[2])
		addCell(&row, b.Comma, "", "bytes", r[4])
		return row, len(row.Cells) == 3
	}
	return model.Row{}, false
}

// Read returns one table per run of test lines, its heading the
// "testing speed of" line above it.
func (tcryptFamily) Read(b *Block) []Match {
	var out []Match
	for i := 0; i < len(b.Lines); {
		start, heading := i, ""
		if h, ok := strings.CutPrefix(tcryptText(b.trim(i)), "testing speed of "); ok {
			heading = "testing speed of " + h
			i++
		}
		t := model.Table{Benchmark: "tcrypt"}
		j := i
		for ; j < len(b.Lines); j++ {
			row, ok := tcryptRow(b, j, tcryptText(b.trim(j)))
			if !ok {
				break
			}
			t.Rows = append(t.Rows, row)
		}
		if len(t.Rows) > 0 {
			m := Match{Start: start, End: j, Table: t}
			if heading != "" {
				m.Inner = []string{heading}
			}
			out = append(out, m)
		}
		i = max(j, i+1)
	}
	return out
}
