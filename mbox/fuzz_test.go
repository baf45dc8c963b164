package mbox

import (
	"github.com/lkmlbench/lkmlbench/model"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func FuzzSplit(f *testing.F) {
	for _, tc := range splitCases {
		f.Add([]byte(tc.in))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		sc := NewRawScannerOptions(strings.NewReader(string(in)), "fuzz", Options{MaxLineBytes: 64, MaxMessageBytes: 512})
		var total int
		lastOff := int64(-1)
		for sc.Scan() {
			m := sc.Message()
			if m.Line < 1 || m.Offset <= lastOff || m.Offset > int64(len(in)) {
				t.Fatalf("bad position %d/%d after %d", m.Line, m.Offset, lastOff)
			}
			lastOff = m.Offset
			total += len(m.Data)
		}
		if sc.Err() != nil {
			t.Fatal(sc.Err())
		}
		if total > len(in) {
			t.Fatalf("messages hold %d bytes of a %d byte input", total, len(in))
		}
	})
}

func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.eml")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("Content-Type: multipart/mixed; boundary=a\n\n--a\nContent-Type: text/html\n\n<p>x</p>\n--a--\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, _ := Decode("fuzz", RawMessage{Data: data, Line: 5, Offset: 100})
		if m == nil || m.Meta.ID == "" {
			t.Fatal("message without id")
		}
		prev := 0
		for _, l := range m.Body {
			if l.No < 5 || l.Depth < 0 {
				t.Fatalf("bad line %+v", l)
			}
			if l.No < prev {
				t.Fatalf("line numbers go back: %d after %d", l.No, prev)
			}
			prev = l.No
		}
	})
}

func FuzzBodyLines(f *testing.F) {
	f.Add("> a\n>> b\n> > c\n")
	f.Add("On 1 Jan 2022, A wrote:\n> x\n-- \nsig\n")
	f.Add("@@ -1,2 +1,2 @@\n a\n-b\n+c\n")
	f.Add(" f | 2 +-\n 1 file changed\n")
	f.Add("diff --git a/x b/x\nindex 0..1\nGIT binary patch\nliteral 8\nHcmV?d00001\n\nliteral 0\nHcmV?d00001\n")
	f.Add("On Fri, Nov 10, 2017 at 12:29 AM, V G\n<v@g> wrote:\n> q\r\n")
	f.Add("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n- -- \nx\n-----BEGIN PGP SIGNATURE-----\n=ab\n-----END PGP SIGNATURE-----\n")
	f.Add("A wrote:\n| a 1 2\n| b 3 4\n: c d e f\n: g h i j\n")
	f.Add("-----Original Message-----\nFrom: X <x@y>\nSent: today\n\nrow 1 2\n")
	f.Add(">> Hmean     send-1024   5123.45 (   0.00%)   5234.56 (   2.17%)\n> 5301.12\n>> x 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		lines := BodyLines(text, 1, 0, "me")
		want := strings.Count(text, "\n")
		if !strings.HasSuffix(text, "\n") && text != "" {
			want++
		}
		if len(lines) != want {
			t.Fatalf("%d lines, want %d", len(lines), want)
		}
		outlook := false // below a mail header block, the original's author
		for i, l := range lines {
			outlook = outlook || l.Kind == model.KindHeader
			if l.No != i+1 || l.Offset < 0 || l.Offset > int64(len(text)) {
				t.Fatalf("bad position %+v", l)
			}
			if !strings.HasSuffix(strings.TrimSuffix(lineAt(text, l.Offset), "\r"), l.Text) {
				t.Fatalf("text %q not at offset %d", l.Text, l.Offset)
			}
			if l.Depth == 0 && l.Author != "me" && !outlook {
				t.Fatalf("depth 0 author %q", l.Author)
			}
		}
	})
}

// lineAt returns the line of s starting at off, without its newline.
func lineAt(s string, off int64) string {
	line, _, _ := strings.Cut(s[off:], "\n")
	return line
}

// FuzzEach: streaming an input gives the messages reading it whole gives,
// in the same order, and never panics.
func FuzzEach(f *testing.F) {
	for _, tc := range splitCases {
		f.Add([]byte(tc.in))
	}
	files, _ := filepath.Glob("testdata/*")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil && len(data) < 64<<10 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		opts := Options{MaxLineBytes: 256, MaxMessageBytes: 4096}
		whole, werr := Read("fuzz", in, opts)
		var ids []string
		streamed, serr := Each("fuzz", strings.NewReader(string(in)), opts, func(m *Message) error {
			ids = append(ids, m.Meta.ID)
			return nil
		})
		if (whole == nil) != (streamed == nil) {
			t.Fatalf("Read gave %v (%v), Each %v (%v)", whole != nil, werr, streamed != nil, serr)
		}
		if whole == nil || len(in) > int(opts.MaxMessageBytes) {
			return // a non-mbox input is cut by Each only
		}
		var want []string
		for _, m := range whole.Messages {
			want = append(want, m.Meta.ID)
		}
		if strings.Join(want, "\n") != strings.Join(ids, "\n") {
			t.Fatalf("Read %q, Each %q", want, ids)
		}
	})
}
