package parse

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench/corpus/gitgo"
	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse/internal/grammar"
)

// denseRows is the number of table rows in the generated table-dense body.
const denseRows = 5000

// denseLayouts write one table of n rows each, in the layouts the families
// read: schbench value-pct, AMD pct-imp-cv, mmtests compare, whitespace
// columns, pipe grid with spreads and ratios, ASCII grid, LKP comparison,
// perf stat, arrow rows and lmbench-style positional columns. The numbers
// vary with the row and the table (seed) so that no two rows of the body
// are alike: a line met again in a later table would flatter any cache.
var denseLayouts = []func(b *strings.Builder, n, seed int){
	func(b *strings.Builder, n, seed int) {
		b.WriteString("#workers:     base                   patched\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(b, "%4d:   %8d.00 (0.00 pct)   %8d.00 (%d.%02d pct)\n", i+1, 100+seed+i, 101+seed+i, i%9, i%97)
		}
	},
	func(b *strings.Builder, n, seed int) {
		b.WriteString("  Case:           tip[pct imp](CV)      eevdf[pct imp](CV)\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(b, "  %4d-groups     1.00 [ -0.00]( %d.%02d)     0.%02d [  %d.%02d]( %d.11)\n", i+1, i%7, i%89, 50+i%49, seed%5, i%83, i%6)
		}
	},
	func(b *strings.Builder, n, seed int) {
		b.WriteString("Test               Metric  Parallelism          base                   patched\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(b, "unixbench-pipe     Hmean   unixbench-pipe-%-5d %10d.12 (   0.00%%)  %10d.50 *   %d.%02d%%*\n", i+1, 2800000+seed+i, 2850000+i, i%3, i%71)
		}
	},
	func(b *strings.Builder, n, seed int) {
		b.WriteString("threads   ops/s     latency   stddev\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(b, "%-9d %-9d %d.%d      %d.%02d\n", i+1, 10234+seed*3+i*17, 90+i%50, i%10, i%4, i%61)
		}
	},
	func(b *strings.Builder, n, seed int) {
		b.WriteString("| test      | base            | patched         | ratio  |\n")
		b.WriteString("|-----------|-----------------|-----------------|--------|\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(b, "| run%-6d | %d.%03d+/-0.%03d  | %d.%03d+/-0.%03d  | 1.%03dx |\n", i+1, 12+i%9, seed%997, i%613, 12+i%7, i%991, i%419, i%41)
		}
	},
	func(b *strings.Builder, n, seed int) {
		b.WriteString("+---------+-----------+-----------+\n")
		b.WriteString("| Clients | baseline  | patched   |\n")
		b.WriteString("+---------+-----------+-----------+\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(b, "| %-7d | %9.1f | %9.1f |\n", i+1, 31245.1+float64(seed+i), 31302.5+float64(i*3))
		}
		b.WriteString("+---------+-----------+-----------+\n")
	},
	func(b *strings.Builder, n, seed int) {
		b.WriteString("4e2c4a8b1b3c5a0d 9f1e0c7a2b3d4e5f6a7b8c9d0e1\n")
		b.WriteString("---------------- ---------------------------\n")
		b.WriteString("         %stddev     %change         %stddev\n")
		b.WriteString("             \\          |                \\  \n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(b, "  1.%03de+08 ±  %d%%     +%d.%d%%  1.%03de+08 ±  3%%  will-it-scale.metric_%d\n", 100+i%899, 1+i%5, i%30, i%10, 200+seed%799, i)
		}
	},
	func(b *strings.Builder, n, seed int) {
		b.WriteString(" Performance counter stats for 'hackbench' (5 runs):\n\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(b, "     %d,%03d,%03d,%03d      event_%d:u            #    1.%02d  insn per cycle   ( +-  0.%02d%% )\n", 1+i%9, seed%1000, (i*7)%1000, (i*13)%1000, i, i%99, i%97)
		}
	},
	func(b *strings.Builder, n, seed int) {
		for i := 0; i < n; i++ {
			fmt.Fprintf(b, "  case_%-6d %d.%02ds -> %d.%02ds (-%d.%d%%)\n", i+1, 4+i%5, seed%100, 4+i%4, (i*3)%100, i%9, i%10)
		}
	},
	func(b *strings.Builder, n, seed int) {
		b.WriteString("Host       OS  Mhz null null      open slct sig  sig  fork exec sh\n")
		b.WriteString("                   call  I/O stat clos TCP  inst hndl proc proc proc\n")
		b.WriteString("--------- ----- ---- ---- ---- ---- ---- ---- ---- ---- ---- ---- ----\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(b, "host%-5d 2.6.%-2d 2%03d 0.%02d 0.%02d 2.%02d 3.%02d 11.%d 0.%02d 1.%02d 1%02d. 5%02d. 1%03d\n", i, i%40, seed%1000, i%100, (i+5)%100, i%100, (i+9)%100, i%10, i%100, (i+3)%100, i%100, i%100, i%1000)
		}
	},
}

// denseBody builds a body of denseRows table rows: tables of 50 rows in
// turn of every layout above, each with a line of prose before it.
func denseBody() string {
	var b strings.Builder
	b.WriteString("Hi,\n\nthe results of this round:\n\n")
	for rows, k := 0, 0; rows < denseRows; k++ {
		n := min(50, denseRows-rows)
		fmt.Fprintf(&b, "Run %d of the series on the test box:\n\n", k)
		denseLayouts[k%len(denseLayouts)](&b, n, k)
		b.WriteString("\n")
		rows += n
	}
	b.WriteString("Thanks,\nSomeone\n")
	return b.String()
}

// BenchmarkTablesDense measures the whole reading on a table-dense body:
// 5,000 rows of mixed layouts. Run it on one core (-cpu 1).
func BenchmarkTablesDense(b *testing.B) {
	text := denseBody()
	lines := linesOf(text)
	if n := len(Tables(lines)); n == 0 {
		b.Fatal("no tables in the dense body")
	}
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	defer reportCPU(b, len(text))()
	for i := 0; i < b.N; i++ {
		grammar.ForgetLexemes()
		Tables(lines)
	}
}

// reportCPU starts measuring the CPU time of a benchmark; the function it
// returns reports it per operation ("cpu-ns/op") and as throughput over
// size bytes ("cpu-MB/s"), the figures to compare on a shared machine.
func reportCPU(b *testing.B, size int) func() {
	start := cpuTime()
	return func() {
		used := cpuTime() - start
		if used <= 0 {
			return
		}
		per := float64(used.Nanoseconds()) / float64(b.N)
		b.ReportMetric(per, "cpu-ns/op")
		b.ReportMetric(float64(size)/per*1e3, "cpu-MB/s")
	}
}

// BenchmarkTablesDev measures the reading of the real messages of the
// shared dev set, read at benchmark time (they are not ours to copy into
// the repository); it is skipped where the set is absent.
func BenchmarkTablesDev(b *testing.B) {
	dir := filepath.Join("..", "..", "shared", "dev", "cases")
	if _, err := os.Stat(dir); err != nil {
		b.Skip("no dev set at ", dir)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	var bodies [][]model.Line
	size := 0
	for _, f := range files {
		res, err := mbox.ReadPath(f, mbox.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range res.Messages {
			bodies = append(bodies, m.Body)
			for _, l := range m.Body {
				size += len(l.Text) + 1
			}
		}
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	defer reportCPU(b, size)()
	for i := 0; i < b.N; i++ {
		grammar.ForgetLexemes()
		for _, body := range bodies {
			Tables(body)
		}
	}
}

// archiveBodies are the bodies, holding at least one table, of the first
// messages of the public-inbox archives named by LKMLBENCH_ARCHIVES (a
// colon-separated list of epoch repositories), up to max bodies.
func archiveBodies(b *testing.B, max int) ([][]model.Line, int) {
	var bodies [][]model.Line
	size := 0
	for _, dir := range filepath.SplitList(os.Getenv("LKMLBENCH_ARCHIVES")) {
		enough := errors.New("enough")
		err := gitgo.Messages(context.Background(), dir, "", func(_ string, _ [20]byte, data []byte) error {
			res, err := mbox.Read("m", data, mbox.Options{})
			if err != nil {
				return nil
			}
			for _, m := range res.Messages {
				if len(Tables(m.Body)) == 0 {
					continue
				}
				bodies = append(bodies, m.Body)
				for _, l := range m.Body {
					size += len(l.Text) + 1
				}
			}
			if len(bodies) >= max {
				return enough
			}
			return nil
		}, func(string, error) error { return nil }) // a blob the mirror lacks is no benchmark's concern
		if err != nil && !errors.Is(err, enough) {
			b.Fatal(err)
		}
		if len(bodies) >= max {
			break
		}
	}
	return bodies, size
}

// BenchmarkTablesArchive measures the reading of real result mail: the
// first 300 messages with a table of the archives in LKMLBENCH_ARCHIVES
// (skipped when it is unset).
func BenchmarkTablesArchive(b *testing.B) {
	if os.Getenv("LKMLBENCH_ARCHIVES") == "" {
		b.Skip("LKMLBENCH_ARCHIVES is not set")
	}
	bodies, size := archiveBodies(b, 300)
	b.SetBytes(int64(size))
	b.ResetTimer()
	defer reportCPU(b, size)()
	for i := 0; i < b.N; i++ {
		grammar.ForgetLexemes()
		for _, body := range bodies {
			Tables(body)
		}
	}
}
