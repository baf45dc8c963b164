package corpus

import (
	"encoding/base64"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"

	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/parse"
)

const viewTable = "hackbench\n 1-groups:  4.20 (0.00 pct)  4.10 (2.38 pct)\n 2-groups:  4.90 (0.00 pct)  4.70 (4.08 pct)\n"

const viewProse = "Looks good to me, thanks for the quick turnaround.\n\nReviewed-by: A <a@example.org>\n"

// b64 wraps base64 text at 76 columns as mailers do.
func b64(s string) string {
	enc := base64.StdEncoding.EncodeToString([]byte(s))
	var b strings.Builder
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\n")
		enc = enc[76:]
	}
	return b.String() + enc + "\n"
}

// qp encodes s as quoted-printable with soft breaks every 20 bytes, so
// that rows of a table are split across raw lines.
func qp(s string) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n':
			b.WriteByte('\n')
			n = 0
			continue
		case c == '=' || c >= 0x7f || c < ' ' && c != '\t':
			b.WriteString("=" + strings.ToUpper(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])))
		default:
			b.WriteByte(c)
		}
		if n++; n >= 20 {
			b.WriteString("=\n")
			n = 0
		}
	}
	return b.String()
}

func single(cte, body string) string {
	return "Subject: Re: results\nMessage-ID: <v@example.org>\nMIME-Version: 1.0\n" +
		"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: " + cte + "\n\n" + body
}

func multipart(parts ...string) string {
	s := "Subject: Re: results\nMessage-ID: <m@example.org>\nMIME-Version: 1.0\n" +
		"Content-Type: multipart/mixed;\n boundary=\"=-b1-=\"\n\nThis is a multi-part message in MIME format.\n"
	for _, p := range parts {
		s += "--=-b1-=\n" + p
	}
	return s + "--=-b1-=--\n"
}

func utf16le(s string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		b.WriteByte(byte(u))
		b.WriteByte(byte(u >> 8))
	}
	return b.String()
}

var viewCases = []struct {
	name string
	raw  string
	want bool
}{
	{"plain prose", single("8bit", viewProse), false},
	{"plain table", single("8bit", viewTable), true},
	{"base64 prose", single("base64", b64(viewProse)), false},
	{"base64 table", single("base64", b64(viewTable)), true},
	{"qp prose", single("quoted-printable", qp(viewProse)), false},
	{"qp table split by soft breaks", single("quoted-printable", qp(viewTable)), true},
	{"multipart prose and patch attachment", multipart(
		"Content-Type: text/plain\n\n"+viewProse,
		"Content-Type: text/x-patch; name=\"fix.patch\"\nContent-Transfer-Encoding: base64\n\n"+b64("diff --git a/x.c b/x.c\n@@ -1,3 +1,3 @@\n-\tx = 1 + 2 + 3;\n+\tx = 4 + 5 + 6;\n")), false},
	{"multipart with base64 table part", multipart(
		"Content-Type: text/plain\n\n"+viewProse,
		"Content-Type: text/plain; name=\"results.txt\"\nContent-Transfer-Encoding: base64\n\n"+b64(viewTable)), true},
	{"nested multipart with qp table", multipart(
		"Content-Type: multipart/alternative; boundary=inner\n\n--inner\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n" + qp(viewTable) + "--inner--\n"), true},
	{"binary attachment dropped", multipart(
		"Content-Type: text/plain\n\n"+viewProse,
		"Content-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n"+b64("\x00\x01\x02 12 34 56\n\x00 78 90 12\n\x00 34 56 78\n")), false},
	{"utf-16 text gives up", single("base64", b64(utf16le(viewProse))), true},
	{"no closing boundary gives up", strings.TrimSuffix(multipart("Content-Type: text/plain\n\n"+viewProse), "--=-b1-=--\n"), true},
	{"multipart without boundary gives up", "Content-Type: multipart/mixed\n\n" + viewProse, true},
	{"broken base64 gives up", single("base64", "not*base64*at*all\n"), true},
}

// TestViewUnpadded: base64 without its padding (a body of 2 or 3 bytes
// mod 4, on one line or wrapped) is read as the decoder reads it, never a
// panic: the table in it is seen, prose is not.
func TestViewUnpadded(t *testing.T) {
	var v viewer
	for _, tc := range []struct {
		name, text string
		want       bool
	}{
		{"one byte", "k", false},
		{"two bytes", "ok", false},
		{"table", viewTable + "x", true},
		{"prose", viewProse + "xy", false},
	} {
		enc := base64.RawStdEncoding.EncodeToString([]byte(tc.text))
		for _, body := range []string{enc + "\n", strings.TrimSuffix(b64(tc.text), "\n") + "\n"} {
			body = strings.TrimRight(strings.TrimRight(body, "\n"), "=") + "\n"
			if len(strings.TrimSpace(strings.ReplaceAll(body, "\n", "")))%4 == 0 {
				t.Fatalf("%s: body is padded, the test reads nothing new", tc.name)
			}
			raw := []byte(single("base64", body))
			h := scanHeader(raw)
			assert.Equal(t, tc.want, v.needsDecode(raw, &h), tc.name)
		}
	}
}

func TestViewNeedsDecode(t *testing.T) {
	var v viewer
	for _, tc := range viewCases {
		raw := []byte(tc.raw)
		h := scanHeader(raw)
		assert.Equal(t, tc.want, v.needsDecode(raw, &h), tc.name)
	}
}

// FuzzView checks that the view never hides a table the full decoder
// would give the parsers: a body is sent plain, base64, quoted-printable
// and as a base64 part of a multipart message, and whenever the crawl
// would skip decoding, mbox.Decode must find no table of two rows or more
// that the prefilter counts (see FuzzPrefilter).
func FuzzView(f *testing.F) {
	for _, tc := range prefilterCases {
		f.Add(tc.body)
	}
	f.Add(viewTable)
	f.Fuzz(func(t *testing.T, body string) {
		var v viewer
		for _, raw := range []string{
			single("8bit", body),
			single("base64", b64(body)),
			single("quoted-printable", qp(body)),
			multipart("Content-Type: text/plain\n\n"+viewProse, "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n"+b64(body)),
		} {
			data := []byte(raw)
			h := scanHeader(data)
			if v.needsDecode(data, &h) {
				continue
			}
			m, _ := mbox.Decode("fuzz", mbox.RawMessage{Data: data, Line: 1})
			for _, tb := range parse.Tables(m.Body) {
				if n := countedRows(&tb, m.Body); n >= 2 {
					t.Fatalf("view skipped a message with a %s table of %d rows (%d counted):\n%s", tb.Format, len(tb.Rows), n, raw)
				}
			}
		}
	})
}
