package mbox

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

// row is a compact view of a line for table tests: "depth|kind|author|text".
func row(l model.Line) string {
	return fmt.Sprintf("%d|%s|%s|%s", l.Depth, l.Kind, l.Author, l.Text)
}

func TestBodyLines(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{
			name: "depth and alignment",
			in:   "top\n> one\n>two\n> > three\n>> four\n> >>   five  6\n>\n>    col  1.0\n",
			want: []string{"0|text|Me|top", "1|text||one", "1|text||two", "2|text||three", "2|text||four", "3|text||  five  6", "1|text||", "1|text||   col  1.0"},
		},
		{
			name: "a wrapped bound is no quote",
			in:   "IO depths : 1=0.1%, 32=99.9%,\n>=64=0.0%\n> >=64=1.0%\n",
			want: []string{"0|text|Me|IO depths : 1=0.1%, 32=99.9%,", "0|text|Me|>=64=0.0%", "1|text||>=64=1.0%"},
		},
		{
			name: "authors through two attribution levels",
			in: "On 11/15/2022 10:48 PM, Vincent Guittot wrote:\n> On Mon, Nov 14, 2022 at 12:29 AM, K Prateek Nayak\n> <kprateek.nayak@amd.com> wrote:\n" +
				">> results  1.0\n> reply\nmine\n",
			want: []string{"0|attribution|Me|On 11/15/2022 10:48 PM, Vincent Guittot wrote:",
				"1|attribution|Vincent Guittot|On Mon, Nov 14, 2022 at 12:29 AM, K Prateek Nayak",
				"1|attribution|Vincent Guittot|<kprateek.nayak@amd.com> wrote:",
				"2|text|K Prateek Nayak|results  1.0", "1|text|Vincent Guittot|reply", "0|text|Me|mine"},
		},
		{
			name: "attribution without colon and other styles",
			in: "On 7 Oct 2022 20:04:51 -0500 Youssef Esmat wrote\n> a\n* Peter Zijlstra <peterz@infradead.org> [2017-11-10 10:00:00]:\n> b\n" +
				"Mel Gorman <mgorman@suse.de> writes:\n> c\nQuoting Dietmar Eggemann (2021-03-01 12:00:00):\n> d\n",
			want: []string{"0|attribution|Me|On 7 Oct 2022 20:04:51 -0500 Youssef Esmat wrote", "1|text|Youssef Esmat|a",
				"0|attribution|Me|* Peter Zijlstra <peterz@infradead.org> [2017-11-10 10:00:00]:", "1|text|Peter Zijlstra|b",
				"0|attribution|Me|Mel Gorman <mgorman@suse.de> writes:", "1|text|Mel Gorman|c",
				"0|attribution|Me|Quoting Dietmar Eggemann (2021-03-01 12:00:00):", "1|text|Dietmar Eggemann|d"},
		},
		{
			name: "patch with diffstat hunk and signature",
			in: "Signed-off-by: A <a@b>\n---\n kernel/sched/fair.c | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n" +
				"diff --git a/kernel/sched/fair.c b/kernel/sched/fair.c\nindex 1111111..2222222 100644\n--- a/kernel/sched/fair.c\n+++ b/kernel/sched/fair.c\n" +
				"@@ -10,2 +10,2 @@ static int x;\n ctx\n-old\n+new\n\n-- \n2.34.1\n",
			want: []string{"0|text|Me|Signed-off-by: A <a@b>", "0|diff|Me|---", "0|diff|Me| kernel/sched/fair.c | 2 +-",
				"0|diff|Me| 1 file changed, 1 insertion(+), 1 deletion(-)", "0|text|Me|",
				"0|diff|Me|diff --git a/kernel/sched/fair.c b/kernel/sched/fair.c", "0|diff|Me|index 1111111..2222222 100644",
				"0|diff|Me|--- a/kernel/sched/fair.c", "0|diff|Me|+++ b/kernel/sched/fair.c", "0|diff|Me|@@ -10,2 +10,2 @@ static int x;",
				"0|diff|Me| ctx", "0|diff|Me|-old", "0|diff|Me|+new", "0|text|Me|", "0|signature|Me|-- ", "0|signature|Me|2.34.1"},
		},
		{
			name: "git binary patch",
			in: "diff --git a/fw/radio.bin b/fw/radio.bin\nnew file mode 100644\nindex 0000000..3c1e2d9\nGIT binary patch\nliteral 12\n" +
				"Lc${NAk=Y0123456\n\nliteral 0\nHcmV?d00001\n\nThe new image cuts boot by 12 ms.\n",
			want: []string{"0|diff|Me|diff --git a/fw/radio.bin b/fw/radio.bin", "0|diff|Me|new file mode 100644", "0|diff|Me|index 0000000..3c1e2d9",
				"0|diff|Me|GIT binary patch", "0|diff|Me|literal 12", "0|diff|Me|Lc${NAk=Y0123456", "0|text|Me|", "0|diff|Me|literal 0",
				"0|diff|Me|HcmV?d00001", "0|text|Me|", "0|text|Me|The new image cuts boot by 12 ms."},
		},
		{
			name: "quoted hunk resumes after review comment",
			in:   "> @@ -1,3 +1,3 @@\n>  a\n> -b\nWhy?\n> +c\n>  d\n> +----+----+\n",
			want: []string{"1|diff||@@ -1,3 +1,3 @@", "1|diff|| a", "1|diff||-b", "0|text|Me|Why?", "1|diff||+c", "1|diff|| d", "1|text||+----+----+"},
		},
		{
			name: "grid tables are not diffs",
			in:   "+--------+-------+\n| groups | time  |\n+--------+-------+\n|      1 | 1.05  |\n+--------+-------+\n-1.5% +2.0%\n--- \n",
			want: []string{"0|text|Me|+--------+-------+", "0|text|Me|| groups | time  |", "0|text|Me|+--------+-------+", "0|text|Me||      1 | 1.05  |", "0|text|Me|+--------+-------+", "0|text|Me|-1.5% +2.0%", "0|text|Me|--- "},
		},
		{
			name: "pipe table with one bar is not a diffstat",
			in:   " hackbench | 12\n tbench    | 3 +-\n",
			want: []string{"0|text|Me| hackbench | 12", "0|text|Me| tbench    | 3 +-"},
		},
		{
			name: "quoted signature ends with the quote",
			in:   "> text\n> --\n> Sig Name\nafter\n",
			want: []string{"1|text||text", "1|signature||--", "1|signature||Sig Name", "0|text|Me|after"},
		},
		{
			name: "signature at depth 0 leaves later quotes alone",
			in:   "reply\n-- \nname\n> quoted\n",
			want: []string{"0|text|Me|reply", "0|signature|Me|-- ", "0|signature|Me|name", "1|text||quoted"},
		},
		{
			name: "forwarded header block",
			in:   "-----Original Message-----\nFrom: Someone\nSent: Monday\nSubject: numbers\n  continued\n\nbody\nFrom: just one line\n",
			want: []string{"0|header|Me|-----Original Message-----", "0|header|Me|From: Someone", "0|header|Me|Sent: Monday", "0|header|Me|Subject: numbers", "0|header|Me|  continued", "0|text|Someone|", "0|text|Someone|body", "0|text|Someone|From: just one line"},
		},
		{
			name: "outlook header without marker credits the original",
			in:   "Looks good.\n\nFrom: Ann Lee <ann@example.com>\nSent: Tuesday\nTo: list\nSubject: results\n\nbase 1.0 2.0\n",
			want: []string{"0|text|Me|Looks good.", "0|text|Me|", "0|header|Me|From: Ann Lee <ann@example.com>", "0|header|Me|Sent: Tuesday", "0|header|Me|To: list", "0|header|Me|Subject: results", "0|text|Ann Lee|", "0|text|Ann Lee|base 1.0 2.0"},
		},
		{
			name: "PGP clear-signed body",
			in:   "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nrun 1.0 2.0\n- -- \nsig\n-----BEGIN PGP SIGNATURE-----\n\niQEz0A5\n=Ab1c\n-----END PGP SIGNATURE-----\n",
			want: []string{"0|header|Me|-----BEGIN PGP SIGNED MESSAGE-----", "0|header|Me|Hash: SHA256", "0|text|Me|", "0|text|Me|run 1.0 2.0", "0|signature|Me|-- ", "0|signature|Me|sig", "0|signature|Me|-----BEGIN PGP SIGNATURE-----", "0|signature|Me|", "0|signature|Me|iQEz0A5", "0|signature|Me|=Ab1c", "0|signature|Me|-----END PGP SIGNATURE-----"},
		},
		{
			name: "pipe quoting under an attribution",
			in:   "Bob wrote:\n| tbench 1.0 2.0\n| ok\nfine\n",
			want: []string{"0|attribution|Me|Bob wrote:", "1|text|Bob|tbench 1.0 2.0", "1|text|Bob|ok", "0|text|Me|fine"},
		},
		{
			name: "colon quoting of prose",
			in:   ": I measured this on a big box\n: and it is slower than before\nreply\n",
			want: []string{"1|text||I measured this on a big box", "1|text||and it is slower than before", "0|text|Me|reply"},
		},
		{
			name: "a terminal paste marked by a left bar",
			in:   "| $ time ./sum_files dir\n| real    0m0,731s\n| user    0m0,305s\n",
			want: []string{"1|text||$ time ./sum_files dir", "1|text||real    0m0,731s", "1|text||user    0m0,305s"},
		},
		{
			name: "pipe grid is not quoting",
			in:   "| test | base | new |\n| a    | 1.0  | 2.0 |\n",
			want: []string{"0|text|Me|| test | base | new |", "0|text|Me|| a    | 1.0  | 2.0 |"},
		},
		{
			name: "quoting indented as a whole",
			in:   "    > base  1.0\n    >\n    > > new   2.0\n  >10ms  4\n  >20ms  1\n",
			want: []string{"1|text||base  1.0", "1|text||", "2|text||new   2.0", "0|text|Me|  >10ms  4", "0|text|Me|  >20ms  1"},
		},
		{
			name: "wrapped rest of a quoted row regains its depth",
			in:   ">> Hmean     send-1024   5123.45 (   0.00%)   5234.56 (   2.17%)\n> 5301.12 (   3.47%)\n>> Hmean     send-2048   6123.45 (   0.00%)   6234.56 (   1.81%)\n",
			want: []string{"2|text||Hmean     send-1024   5123.45 (   0.00%)   5234.56 (   2.17%)", "2|text||5301.12 (   3.47%)", "2|text||Hmean     send-2048   6123.45 (   0.00%)   6234.56 (   1.81%)"},
		},
		{
			name: "CRLF and no trailing newline",
			in:   "a\r\n> b",
			want: []string{"0|text|Me|a", "1|text||b"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lines := BodyLines(tc.in, 1, 0, "Me")
			got := make([]string, len(lines))
			for i, l := range lines {
				got[i] = row(l)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestBodyLinesPositions(t *testing.T) {
	in := "ab\r\n> cd\n\nlast"
	lines := BodyLines(in, 10, 500, "")
	require.Len(t, lines, 4)
	for i, l := range lines {
		assert.Equal(t, 10+i, l.No)
	}
	assert.Equal(t, []int64{500, 504, 509, 510}, []int64{lines[0].Offset, lines[1].Offset, lines[2].Offset, lines[3].Offset})
	assert.Equal(t, int64(500+strings.Index(in, "last")), lines[3].Offset)
	assert.Empty(t, BodyLines("", 1, 0, ""))
}

func TestOnWroteName(t *testing.T) {
	tests := map[string]string{
		"On 11/15/2022 10:48 PM, Vincent Guittot wrote:":                                        "Vincent Guittot",
		"On 7 Oct 2022 20:04:51 -0500 Youssef Esmat wrote":                                      "Youssef Esmat",
		"On Fri, Nov 10, 2017 at 12:29 AM, Vincent Guittot <vincent.guittot@linaro.org> wrote:": "Vincent Guittot",
		"On Mon, 28 Nov 2022 06:52:19 +0530 K Prateek Nayak wrote:":                             "K Prateek Nayak",
		`On 2022-11-28 06:52, "Nayak, K Prateek" <k@amd.com> wrote:`:                            "Nayak, K Prateek",
		"On Tue, Jan 03, 2023 at 10:00:00AM +0100, <peterz@infradead.org> wrote:":               "peterz@infradead.org",
		"On 1/3/23 10:00, Chen Yu via Linux-kernel wrote:":                                      "Chen Yu",
		"On 1/3/23 10:00 wrote:":                                                                "",
	}
	for in, want := range tests {
		assert.Equal(t, want, onWroteName(in), in)
	}
}

func BenchmarkBodyLines(b *testing.B) {
	var sb strings.Builder
	for i := range 200 {
		fmt.Fprintf(&sb, "> On Mon, Nov %d, 2022, Someone wrote:\n>> hackbench  %d.5  (+1.2%%)\nplain prose line number %d\n", i%28+1, i, i)
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		BodyLines(text, 1, 0, "me")
	}
}
