package corpus

import (
	"bytes"
	netmail "net/mail"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/corpus/internal/gen"
	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/parse"
)

var prefilterCases = []struct {
	name string
	body string
	want bool
}{
	{"prose", "Looks good to me.\n\nReviewed-by: A <a@example.org>\n", false},
	{"value-pct rows", "hackbench\n 1-groups:  4.20 (0.00 pct)  4.10 (2.38 pct)\n", true},
	{"three numeric rows", "case   base   new\nread   12.1   12.9\nwrite  33.0   31.2\nmmap   7.7    7.9\n", true},
	{"key-value", "Results:\nlatency: 12 us\nthroughput: 3400\nops = 17\n", true},
	{"ascii grid", "+------+------+\n| a    | b    |\n", true},
	{"mmtests", "Hmean  64  1.00 (  0.00%)  1.02 *  2.00%*\n%change vs base\n", true},
	{"quoted table", "On Mon, Jan 2, 2023 at 10:00, X wrote:\n> a  1.0  2.0  3.0\n> b  4.0  5.0  6.0\n", true},
	{"patch with numbers in hunks", "Fix it.\n\n 1 file changed, 3 insertions(+), 1 deletion(-)\n\ndiff --git a/x.c b/x.c\nindex 1..2 100644\n--- a/x.c\n+++ b/x.c\n@@ -10,7 +10,8 @@ int f(int a)\n-\tx = 1 + 2 + 3;\n+\tx = 4 + 5 + 6;\n \ty = 7 + 8 + 9;\n", false},
	{"quoted patch", "> diff --git a/x.c b/x.c\n> @@ -10,7 +10,8 @@\n> -\tx = 1 + 2 + 3;\n> +\tx = 4 + 5 + 6;\n>  \ty = 7 + 8 + 9;\n", false},
	{"diffstat bar", " kernel/sched/fair.c | 12 ++++++------\n", false},
	{"attributions", "On Mon, 2 Jan 2023 at 10:00, A wrote:\n> On Sun, 1 Jan 2023 at 09:00, B wrote:\n", false},
	{"single series with units", "A00000 A00001 A00\nA 00A0 0B\nA 0", true},
	{"single series across a blank line", "B B\nA 0\n\nA 0", true},
	{"collapsed lines", "From x Mon Jan 2 2023 Subject: y " + string(make([]byte, 600)), true},
}

func TestMayHoldTable(t *testing.T) {
	for _, tc := range prefilterCases {
		assert.Equal(t, tc.want, mayHoldTable([]byte(tc.body)), tc.name)
	}
}

func TestHasEncodedParts(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want bool
	}{
		{"Content-Transfer-Encoding: base64\n\nAAAA\n", true},
		{"content-transfer-encoding:Quoted-Printable\n\nx=3D1\n", true},
		{"Content-Type: multipart/mixed; boundary=b\n\n--b\nCONTENT-TRANSFER-ENCODING: \"base64\"\n\nAAAA\n--b--\n", true},
		{"Content-Transfer-Encoding: 8bit\n\nplain\n", false},
		{"Subject: about encoding: base64\n\ntext\n", false},
	} {
		assert.Equal(t, tc.want, hasEncodedParts([]byte(tc.raw)), tc.raw)
	}
}

func TestScanHeader(t *testing.T) {
	raw := "From: \"Tess K.\" <tess@example.org>\r\nSubject: =?UTF-8?q?Re=3A_caf=C3=A9?=\r\n\tcontinued\r\n" +
		"Message-ID: <a@b>\r\nMessage-ID: <second@b>\r\nReferences: <root@b>\r\n <mid@b>\r\nIn-Reply-To: <mid@b>\r\n" +
		"Date: Mon, 02 Jan 2023 10:00:00 +0000\r\n\r\nbody\r\n"
	h := scanHeader([]byte(raw))
	assert.Equal(t, "a@b", firstID(h.id))
	assert.Equal(t, "root@b", firstID(h.reference))
	assert.Equal(t, "mid@b", firstID(h.inReplyTo))
	assert.Equal(t, "Re: café continued", decodeWords(h.subject))
	assert.Equal(t, "Tess K.", address(h.from).Name)
	assert.Equal(t, "tess@example.org", address(h.from).Email)
	assert.NotNil(t, parseDate(h.date))
	assert.Equal(t, "body\r\n", raw[h.bodyStart:])
}

// FuzzPrefilter checks that the prefilter never rejects a body in which
// the table parsers find a table of two rows or more (a one-row reading in
// a message without other numbers is missed by design), and that the
// header scanner stays in bounds on any input.
func FuzzPrefilter(f *testing.F) {
	for _, tc := range prefilterCases {
		f.Add(tc.body)
	}
	f.Fuzz(func(t *testing.T, body string) {
		h := scanHeader([]byte(body))
		if h.bodyStart < 0 || h.bodyStart > len(body) {
			t.Fatalf("bodyStart %d out of [0,%d]", h.bodyStart, len(body))
		}
		hasEncodedParts([]byte(body))
		if mayHoldTable([]byte(body)) {
			return
		}
		for _, tb := range parse.Tables(mbox.BodyLines(body, 1, 0, "")) {
			if len(tb.Rows) >= 2 {
				t.Fatalf("prefilter rejected a body with a %d-row %s table at line %d", len(tb.Rows), tb.Format, tb.StartLine)
			}
		}
	})
}

// prefilterSample is 2000 generated messages, split, for the prefilter
// benchmarks.
func prefilterSample(b *testing.B) (msgs [][]byte, size int64) {
	g := gen.New(7)
	var sb strings.Builder
	for i := range 2000 {
		sb.WriteString(g.Message(i))
	}
	sc := mbox.NewRawScanner(strings.NewReader(sb.String()))
	for sc.Scan() {
		msgs = append(msgs, bytes.Clone(sc.Message().Data))
		size += int64(len(msgs[len(msgs)-1]))
	}
	if len(msgs) == 0 {
		b.Fatal("no messages")
	}
	return msgs, size
}

// BenchmarkPrefilter measures the decision the crawl takes for every
// message (header scan, then the prefilter on the raw or viewed body), in
// MB/s of whole raw messages.
func BenchmarkPrefilter(b *testing.B) {
	msgs, size := prefilterSample(b)
	var v viewer
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, m := range msgs {
			h := scanHeader(m)
			v.needsDecode(m, &h)
		}
	}
}

// TestParseDate checks the direct parse of the common form against
// net/mail on the forms mailers write.
func TestParseDate(t *testing.T) {
	for _, v := range []string{
		"Mon, 02 Jan 2023 10:00:00 +0000",
		"Tue, 03 Jan 2023 23:59:59 -0800",
		"Mon, 2 Jan 2023 10:00:00 +0100",
		"2 Jan 2023 10:00:00 -0000",
		"Wed, 04 Jan 2023 01:02:03 +0530 (IST)",
		"Thu, 05 Jan 2023 01:02:03 GMT",
	} {
		want, err := netmail.ParseDate(v)
		require.NoError(t, err, v)
		got := parseDate(v)
		require.NotNil(t, got, v)
		assert.True(t, want.Equal(*got), "%s: %v != %v", v, got, want)
	}
	assert.Nil(t, parseDate("yesterday"))
	assert.Nil(t, parseDate(""))
}

// TestDecodeWords checks white-space collapsing against strings.Fields,
// with and without encoded words.
func TestDecodeWords(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Re: [PATCH v2 1/3] sched: Cut wakeup cost", "Re: [PATCH v2 1/3] sched: Cut wakeup cost"},
		{"  Re:  [PATCH]\tfix ", "Re: [PATCH] fix"},
		{"folded\r\n subject", "folded subject"},
		{"no\u00a0break", "no break"},
		{"ideographic\u3000space", "ideographic space"},
		{"café über", "café über"},
		{"=?UTF-8?q?caf=C3=A9?=  ok", "café ok"},
		{"", ""},
	} {
		assert.Equal(t, tc.want, decodeWords(tc.in), tc.in)
	}
}
