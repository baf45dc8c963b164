package parse

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unwrapCases are bodies with the lines unwrapRows must give back.
var unwrapCases = []struct {
	name string
	in   string
	want []string // "No: text" of every line after unwrapping
}{
	{
		name: "gmail 4+2 wrap of mmtests rows",
		in: `                          6.8-rc1                6.8-rc1                6.8-rc1
                          vanilla                 fix-v1                 fix-v2
Hmean     send-64       234.56 (   0.00%)      240.12 (   2.37%)      241.90 (
3.13%)
Hmean     send-128      456.78 (   0.00%)      470.01 (   2.90%)      469.55 (
2.80%)
Hmean     send-256      890.12 (   0.00%)      901.23 (   1.25%)      899.00 (
1.00%)`,
		want: []string{
			"1:                           6.8-rc1                6.8-rc1                6.8-rc1",
			"2:                           vanilla                 fix-v1                 fix-v2",
			"3: Hmean     send-64       234.56 (   0.00%)      240.12 (   2.37%)      241.90 ( 3.13%)",
			"5: Hmean     send-128      456.78 (   0.00%)      470.01 (   2.90%)      469.55 ( 2.80%)",
			"7: Hmean     send-256      890.12 (   0.00%)      901.23 (   1.25%)      899.00 ( 1.00%)",
		},
	},
	{
		name: "5+1 wrap with a unit word, one row whole",
		in: `Test:                   tip               sis_core
  1-groups:     4.28 (0.00 pct)     4.50 (-5.14 pct)     4.31 (-0.70
pct)
  2-groups:     4.63 (0.00 pct)     4.61 (0.43 pct)     4.66 (-0.65 pct)
  4-groups:     5.01 (0.00 pct)     4.99 (0.40 pct)     5.12 (-2.20
pct)`,
		want: []string{
			"1: Test:                   tip               sis_core",
			"2:   1-groups:     4.28 (0.00 pct)     4.50 (-5.14 pct)     4.31 (-0.70  pct)",
			"4:   2-groups:     4.63 (0.00 pct)     4.61 (0.43 pct)     4.66 (-0.65 pct)",
			"5:   4-groups:     5.01 (0.00 pct)     4.99 (0.40 pct)     5.12 (-2.20  pct)",
		},
	},
	{
		name: "quoted rows wrapped onto the next >> line",
		in: `>> kernel     run1     run2     run3     run4     run5     run6     run7
>> base     10.01    10.20    10.11    10.05    10.30    10.22    10.19
>> patched   9.81     9.90     9.85     9.88     9.91     9.87
>> 9.86
>> other     9.11     9.20     9.15     9.18     9.21     9.17
>> 9.16`,
		want: []string{
			"1: kernel     run1     run2     run3     run4     run5     run6     run7",
			"2: base     10.01    10.20    10.11    10.05    10.30    10.22    10.19",
			"3: patched   9.81     9.90     9.85     9.88     9.91     9.87  9.86",
			"5: other     9.11     9.20     9.15     9.18     9.21     9.17  9.16",
		},
	},
	{
		name: "a full row followed by a stray value is not wrapped",
		in: `kernel     run1     run2     run3     run4     run5     run6     run7
base     10.01    10.20    10.11    10.05    10.30    10.22    10.19
patched   9.81     9.90     9.85     9.88     9.91     9.87     9.86
9.95
other     9.11     9.20     9.15     9.18     9.21     9.17     9.16
9.25`,
		want: []string{
			"1: kernel     run1     run2     run3     run4     run5     run6     run7",
			"2: base     10.01    10.20    10.11    10.05    10.30    10.22    10.19",
			"3: patched   9.81     9.90     9.85     9.88     9.91     9.87     9.86",
			"4: 9.95",
			"5: other     9.11     9.20     9.15     9.18     9.21     9.17     9.16",
			"6: 9.25",
		},
	},
	{
		name: "short lines were not wrapped",
		in: `groups  base   new
1       1.04   1.01
2
4       2.77   2.61
8       5.10   4.90`,
		want: []string{"1: groups  base   new", "2: 1       1.04   1.01", "3: 2", "4: 4       2.77   2.61", "5: 8       5.10   4.90"},
	},
	{
		name: "labelled next row is not a continuation",
		in: `Hmean     64         1433.95 (   0.00%)     1466.19 *   2.25%*
Hmean     128        2741.26 (   0.00%)     2760.11 (   0.69%)`,
		want: []string{"1: Hmean     64         1433.95 (   0.00%)     1466.19 *   2.25%*", "2: Hmean     128        2741.26 (   0.00%)     2760.11 (   0.69%)"},
	},
	{
		name: "numeric-case rows of one width stay apart", // and lose the indentation they share
		in: `  1     1.00 [ 0.00]( 0.40)  1.01 [ 1.00]( 0.20)  0.99 [ -1.00]( 0.30)
  2     1.00 [ 0.00]( 1.10)  0.97 [ -3.00]( 1.40)  1.00 [ 0.00]( 0.70)
  4     1.00 [ 0.00]( 0.50)  0.98 [ -2.00]( 1.20)  1.02 [ 2.00]( 0.90)`,
		want: []string{
			"1: 1     1.00 [ 0.00]( 0.40)  1.01 [ 1.00]( 0.20)  0.99 [ -1.00]( 0.30)",
			"2: 2     1.00 [ 0.00]( 1.10)  0.97 [ -3.00]( 1.40)  1.00 [ 0.00]( 0.70)",
			"3: 4     1.00 [ 0.00]( 0.50)  0.98 [ -2.00]( 1.20)  1.02 [ 2.00]( 0.90)",
		},
	},
	{
		name: "labels holding numbers, every row wrapped 2+1",
		in: `Suite of checks                               START        END
Loop 2 with stride variables                  116700.0   45665777.0
3913.1
Plain scalar loop                                 55.0       6808.3
1237.9
Copy 1024 chunk 2000 pieces                     3960.0    1285429.0
3246.0`,
		want: []string{
			"1: Suite of checks                               START        END",
			"2: Loop 2 with stride variables                  116700.0   45665777.0  3913.1",
			"4: Plain scalar loop                                 55.0       6808.3  1237.9",
			"6: Copy 1024 chunk 2000 pieces                     3960.0    1285429.0  3246.0",
		},
	},
	{
		name: "two tables of one run keep their own widths",
		in: `  1-clients:     4.28 (0.00 pct)     4.50 (-5.14 pct)
  2-clients:     4.63 (0.00 pct)     4.61 (0.43 pct)
  4-clients:     5.01 (0.00 pct)     4.99 (0.40 pct)
sweep
pipe-a Hmean pipe-a-1 2830206.03 ( 0.00%) 2854405.99 ( 0.86%) 2811111.11
( -0.68%)
pipe-a Hmean pipe-a-8 2828971.95 ( 0.00%) 2856578.72 ( 0.98%) 2899999.01
( 2.51%)
pipe-a Hmean pipe-a-64 326225385.37 ( 0.00%) 328941270.81 ( 0.83%)
327000000.00 ( 0.24%)`,
		want: []string{
			"1:   1-clients:     4.28 (0.00 pct)     4.50 (-5.14 pct)",
			"2:   2-clients:     4.63 (0.00 pct)     4.61 (0.43 pct)",
			"3:   4-clients:     5.01 (0.00 pct)     4.99 (0.40 pct)",
			"4: sweep",
			"5: pipe-a Hmean pipe-a-1 2830206.03 ( 0.00%) 2854405.99 ( 0.86%) 2811111.11  ( -0.68%)",
			"7: pipe-a Hmean pipe-a-8 2828971.95 ( 0.00%) 2856578.72 ( 0.98%) 2899999.01  ( 2.51%)",
			"9: pipe-a Hmean pipe-a-64 326225385.37 ( 0.00%) 328941270.81 ( 0.83%)  327000000.00 ( 0.24%)",
		},
	},
	{
		name: "grid rows are whole",
		in: `|      1 |   8 |     8 | 1.0534  | 0.13722 | 0.7293 (+30.7%) | 0.02653 |
|      2 |   8 |    16 | 1.6219  | 0.16631 | 1.6391 (-1%)    | 0.24001 |
|      4 |   8 |    32 | 2.0101  | 0.11111 | 2.0001 (+0.5%)  | 0.01000 |`,
		want: []string{
			"1: |      1 |   8 |     8 | 1.0534  | 0.13722 | 0.7293 (+30.7%) | 0.02653 |",
			"2: |      2 |   8 |    16 | 1.6219  | 0.16631 | 1.6391 (-1%)    | 0.24001 |",
			"3: |      4 |   8 |    32 | 2.0101  | 0.11111 | 2.0001 (+0.5%)  | 0.01000 |",
		},
	},
	{
		name: "a row broken inside its bracket among rows broken after a marker",
		in: `Hmean     faults/sec-64     734567.1234 (   0.00%)   740123.5678 *
2.37%*   741901.2345 *   3.13%*
Hmean     faults/sec-128    656789.1234 (   0.00%)   670012.3456 (
2.90%)   669551.2345 *   2.80%*
Hmean     faults/sec-256    590123.1234 (   0.00%)   601234.5678 *
1.25%*   599001.2345 *   1.00%*`,
		want: []string{
			"1: Hmean     faults/sec-64     734567.1234 (   0.00%)   740123.5678 *  2.37%*   741901.2345 *   3.13%*",
			"3: Hmean     faults/sec-128    656789.1234 (   0.00%)   670012.3456 ( 2.90%)   669551.2345 *   2.80%*",
			"5: Hmean     faults/sec-256    590123.1234 (   0.00%)   601234.5678 *  1.25%*   599001.2345 *   1.00%*",
		},
	},
}

func TestUnwrapRows(t *testing.T) {
	for _, tc := range unwrapCases {
		t.Run(tc.name, func(t *testing.T) {
			segs := segments(linesOf(tc.in))
			require.Len(t, segs, 1)
			s := segs[0]
			s.unwrapRows(s.tableRuns())
			var got []string
			for _, l := range s.lines {
				got = append(got, strings.TrimRight(itoa(l.No)+": "+l.Text, " "))
			}
			assert.Equal(t, tc.want, got)
			assert.Len(t, s.tableish, len(s.lines))
		})
	}
}

// TestUnwrapKeepsOffsets checks that a joined line keeps its first line's
// position in the input.
func TestUnwrapKeepsOffsets(t *testing.T) {
	in := unwrapCases[0].in
	s := segments(linesOf(in))[0]
	s.unwrapRows(s.tableRuns())
	require.Len(t, s.lines, 5)
	assert.Equal(t, int64(strings.Index(in, "Hmean     send-128")), s.lines[3].Offset)
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

func FuzzUnwrap(f *testing.F) {
	for _, tc := range unwrapCases {
		f.Add(tc.in)
	}
	for _, tc := range damageCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, s := range segments(linesOf(in)) {
			n := len(s.lines)
			s.unwrapRows(s.tableRuns())
			if len(s.lines) > n || len(s.tableish) != len(s.lines) {
				t.Fatalf("unwrap grew the segment or lost tableish: %d -> %d", n, len(s.lines))
			}
			_ = s.blocks()
		}
	})
}

func BenchmarkUnwrap(b *testing.B) {
	in := strings.Repeat(unwrapCases[0].in+"\n\n", 50)
	b.SetBytes(int64(len(in)))
	lines := linesOf(in)
	for b.Loop() {
		for _, s := range segments(lines) {
			s.unwrapRows(s.tableRuns())
		}
	}
}

// damageCases are bodies a mailer damaged, with the lines the segment
// holds once closeDoubleSpacing and joinTails have repaired them.
var damageCases = []struct {
	name string
	in   string
	want []string // "No: text" of every line after the repair
}{
	{
		name: "double-spaced rows close up",
		in:   "size   old   new\n4k     1.5   1.2\n\n16k    2.5   2.1\n\n64k    3.5   3.0\n\nThat is all.",
		want: []string{"1: size   old   new", "2: 4k     1.5   1.2", "4: 16k    2.5   2.1", "6: 64k    3.5   3.0", "7:", "8: That is all."},
	},
	{
		name: "a blank line between groups of rows stays",
		in:   "size   old   new\n4k     1.5   1.2\n8k     1.9   1.6\n\n16k    2.5   2.1\n32k    3.1   2.7",
		want: []string{"1: size   old   new", "2: 4k     1.5   1.2", "3: 8k     1.9   1.6", "4:", "5: 16k    2.5   2.1", "6: 32k    3.1   2.7"},
	},
	{
		name: "header and rule tails go back",
		in: "   Step                           Fast           Slow           Mean\nStd Dev\n" +
			"   ----                           ----           ----           ----\n-------\n" +
			"   warm                      41822.114      39870.551      40911.372     801.224",
		want: []string{
			"1:    Step                           Fast           Slow           Mean  Std Dev",
			"3:    ----                           ----           ----           ----  -------",
			"5:    warm                      41822.114      39870.551      40911.372     801.224",
		},
	},
	{
		name: "a sub-heading under a wide header is no tail",
		in: "              |      base-kernel     |     base+series     |      change\nmode=a:\n" +
			"   p50:       |        120           |         118         |      -1.7%\n" +
			"   p99:       |        900           |         700         |     -22.2%",
		want: []string{
			"1:               |      base-kernel     |     base+series     |      change",
			"2: mode=a:",
			"3:    p50:       |        120           |         118         |      -1.7%",
			"4:    p99:       |        900           |         700         |     -22.2%",
		},
	},
	{
		name: "grid rows broken after and before a separator close up",
		in: "| run | cold   | warm   | hot    | cold   | warm   | hot    | cold   |\n" +
			"| a   | 101.50 | 102.25 | 103.75 | 104.50 | 105.25 | 106.75 | 107.50 |\n108.25 | 109.75 |\n" +
			"| b   | 111.50 | 112.25 | 113.75 | 114.50 | 115.25 | 116.75 | 117.50 | 118.2\n| 119.75 |\n" +
			"| c   | 121.50 | 122.25 | 123.75 | 124.50 | 125.25 | 126.75 | 127.50 | 128.25 | 129.75 |",
		want: []string{
			"1: | run | cold   | warm   | hot    | cold   | warm   | hot    | cold   |",
			"2: | a   | 101.50 | 102.25 | 103.75 | 104.50 | 105.25 | 106.75 | 107.50 | 108.25 | 109.75 |",
			"4: | b   | 111.50 | 112.25 | 113.75 | 114.50 | 115.25 | 116.75 | 117.50 | 118.2 | 119.75 |",
			"6: | c   | 121.50 | 122.25 | 123.75 | 124.50 | 125.25 | 126.75 | 127.50 | 128.25 | 129.75 |",
		},
	},
	{
		name: "a grid border ending in a corner is whole",
		in: "|                     | off        |     1024     |       -       |\n" +
			"|       store-a       +------------+--------------+---------------+\n" +
			"|   build 7 & 8       | on         |      512     |      50%      |",
		want: []string{
			"1: |                     | off        |     1024     |       -       |",
			"2: |       store-a       +------------+--------------+---------------+",
			"3: |   build 7 & 8       | on         |      512     |      50%      |",
		},
	},
	{
		name: "a header's tail goes back over a blank line before the rows",
		in: "                        first                second v1\nthird try\n\n" +
			"tiny < x                41      12.50%          52      15.25%  63     18.75%",
		want: []string{
			"1:                         first                second v1  third try",
			"3:",
			"4: tiny < x                41      12.50%          52      15.25%  63     18.75%",
		},
	},
	{
		name: "the rest of an indented line at the margin goes back",
		in: "  write: ops=812, rate=97MiB/s (102MB/s)(9.5GiB/100310msec); 31 queue\nflushes\n" +
			"    lat (usec): min=11, max=130, avg=40.01, stdev=17.50\n" +
			"     |  1.00th=[  501],  5.00th=[  512], 10.00th=[  518], 20.00th=[\n1233],\n" +
			"     | 30.00th=[ 1280], 40.00th=[ 1330]",
		want: []string{
			"1:   write: ops=812, rate=97MiB/s (102MB/s)(9.5GiB/100310msec); 31 queue  flushes",
			"3:     lat (usec): min=11, max=130, avg=40.01, stdev=17.50",
			"4:      |  1.00th=[  501],  5.00th=[  512], 10.00th=[  518], 20.00th=[ 1233],",
			"6:      | 30.00th=[ 1280], 40.00th=[ 1330]",
		},
	},
	{
		name: "a line at the margin heading indented rows as one above does stays",
		in:   "./tool -n 1\n\t50.0th\t\t\t\t\t15\t\t13\n\t99.0th\t\t\t\t\t221\t\t203\n./tool -n 2\n\t50.0th\t\t\t\t\t26\t\t23",
		want: []string{
			"1: ./tool -n 1",
			"2:         50.0th                                  15              13",
			"3:         99.0th                                  221             203",
			"4: ./tool -n 2",
			"5:         50.0th                                  26              23",
		},
	},
	{
		name: "a group label at the margin after a row is no rest",
		in: "                  first   |  second   |  third\n1 Thread\n" +
			"  50.0th:          16.00     |     16.00        |       15.00\n" +
			"  99.9th:          21.00     |     18.00        |       17.00\n8 Threads\n" +
			"  50.0th:          11.00     |     10.00        |       10.00",
		want: []string{
			"1:                   first   |  second   |  third",
			"2: 1 Thread",
			"3:   50.0th:          16.00     |     16.00        |       15.00",
			"4:   99.9th:          21.00     |     18.00        |       17.00",
			"5: 8 Threads",
			"6:   50.0th:          11.00     |     10.00        |       10.00",
		},
	},
	{
		name: "a group label at the margin after a wide row of its rows' shape is no rest",
		in: "  50.0th:             16.00        |        16.00           |          15.00\n" +
			"  99.9th:             21.00        |        18.00           |          17.00\n8 Threads\n" +
			"  50.0th:             11.00        |        10.00           |          10.00",
		want: []string{
			"1:   50.0th:             16.00        |        16.00           |          15.00",
			"2:   99.9th:             21.00        |        18.00           |          17.00",
			"3: 8 Threads",
			"4:   50.0th:             11.00        |        10.00           |          10.00",
		},
	},
	{
		name: "several titles of a header's tail right above its rule",
		in: "name          alpha_bw   alpha_ops  alpha_lat  beta_bw    beta_ops\nbeta_lat  load\n" +
			"=====================================================================\n" +
			"one           1853440    14480      2208.1     0          0\n0.0        98.1",
		want: []string{
			"1: name          alpha_bw   alpha_ops  alpha_lat  beta_bw    beta_ops  beta_lat  load",
			"3: =====================================================================",
			"4: one           1853440    14480      2208.1     0          0",
			"5: 0.0        98.1",
		},
	},
	{
		name: "prose keeps its lines",
		in:   "We ran the suite on both kernels and the numbers below are the mean of\nfive runs.\nsize   old   new\n4k     1.5   1.2",
		want: []string{"1: We ran the suite on both kernels and the numbers below are the mean of", "2: five runs.", "3: size   old   new", "4: 4k     1.5   1.2"},
	},
}

func TestMailerDamage(t *testing.T) {
	for _, tc := range damageCases {
		t.Run(tc.name, func(t *testing.T) {
			segs := segments(linesOf(tc.in))
			require.Len(t, segs, 1)
			s := segs[0]
			s.closeDoubleSpacing()
			s.joinTails()
			var got []string
			for _, l := range s.lines {
				got = append(got, strings.TrimRight(itoa(l.No)+": "+l.Text, " "))
			}
			assert.Equal(t, tc.want, got)
			assert.Len(t, s.tableish, len(s.lines))
		})
	}
}

func TestQuotedRests(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []string // "depth: text" of every line
	}{
		{
			name: "a quoted line's rest at the margin goes back",
			in: ">> reading from the first disk\n>>     READ: bw=612MiB/s (641MB/s), 612MiB/s-612MiB/s\n" +
				"(641MB/s-641MB/s), io=71.2GiB (76.4GB), run=120000-120000msec\n>>",
			want: []string{"2: reading from the first disk",
				"2:     READ: bw=612MiB/s (641MB/s), 612MiB/s-612MiB/s (641MB/s-641MB/s), io=71.2GiB (76.4GB), run=120000-120000msec",
				"2: "},
		},
		{
			name: "a one-line reply between quoted lines stays",
			in: ">     READ: bw=612MiB/s (641MB/s), 612MiB/s-612MiB/s (641MB/s-641MB/s)\n" +
				"Nice numbers.\n> io=71.2GiB (76.4GB), run=120000-120000msec",
			want: []string{"1:     READ: bw=612MiB/s (641MB/s), 612MiB/s-612MiB/s (641MB/s-641MB/s)",
				"0: Nice numbers.", "1: io=71.2GiB (76.4GB), run=120000-120000msec"},
		},
		{
			name: "a column's name longer than a line goes back after its gap",
			in: ">       7.10 ±  4%      -1.9        5.20 ±  6%\n" +
				"probe-trace.calls.frob_widget.twiddle_knob.do_syscall_64.entry_SYSCALL_64_after_hwframe.frob\n" +
				">       3.30            +0.4        3.70        probe-trace.calls.twiddle",
			want: []string{"1:       7.10 ±  4%      -1.9        5.20 ±  6%  probe-trace.calls.frob_widget.twiddle_knob.do_syscall_64.entry_SYSCALL_64_after_hwframe.frob",
				"1:       3.30            +0.4        3.70        probe-trace.calls.twiddle"},
		},
		{
			name: "the wrap took the gap before the last column out",
			in:   ">  5.321e+09            +3.1%  5.480e+09        probe.stat.instructions\n>  2.104e+09            +1.2%  2.130e+09\nprobe.stat.branch-instructions\n>",
			want: []string{"1:  5.321e+09            +3.1%  5.480e+09        probe.stat.instructions",
				"1:  2.104e+09            +1.2%  2.130e+09  probe.stat.branch-instructions", "1: "},
		},
		{
			name: "a short quoted line was not wrapped",
			in:   "> base 1.0\n2.0 here\n> new 1.1",
			want: []string{"1: base 1.0", "0: 2.0 here", "1: new 1.1"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, l := range quotedRests(linesOf(tc.in)) {
				got = append(got, itoa(l.Depth)+": "+l.Text)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}
