package mbox

import (
	"bytes"
	"encoding/base64"
	"mime/quotedprintable"
	"strings"
	"testing"
)

// placeWrappings send a body in the encodings and containers whose lines
// do not stand in the input as they are read.
var placeWrappings = []func(body string) string{
	func(b string) string { return "Subject: a\n\n" + b },
	func(b string) string {
		return "Subject: a\nContent-Transfer-Encoding: base64\n\n" + base64.StdEncoding.EncodeToString([]byte(b)) + "\n"
	},
	func(b string) string {
		var q bytes.Buffer
		w := quotedprintable.NewWriter(&q)
		w.Write([]byte(b))
		w.Close()
		return "Subject: a\nContent-Transfer-Encoding: quoted-printable\n\n" + q.String()
	},
	func(b string) string {
		return "Subject: a\nContent-Type: multipart/mixed; boundary=zz\n\n--zz\nContent-Type: text/plain\n\nfirst part\n--zz\nContent-Type: text/html\n\n<p>" +
			strings.ReplaceAll(b, "\n", "<br>\n") + "</p>\n--zz\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: base64\n\n" +
			base64.StdEncoding.EncodeToString([]byte(b)) + "\n--zz--\n"
	},
}

// FuzzRawPlaces: whatever the body, in every wrapping, each body line is
// placed on a raw line of the message: its offset starts that line, and
// the line Place gives is the one at that offset.
func FuzzRawPlaces(f *testing.F) {
	f.Add("a\nb  1  2  3\n")
	f.Add("")
	f.Add("caf\xe9 1 2\r\n\r\nx=3D4\n")
	f.Fuzz(func(t *testing.T, body string) {
		for _, wrap := range placeWrappings {
			raw := []byte("From x\n" + wrap(body))
			m, _ := Decode("fuzz", RawMessage{Data: raw, Line: 1})
			for _, l := range m.Body {
				line, _ := m.Place(l.No)
				if l.Offset < 0 || l.Offset > int64(len(raw)) || l.Offset > 0 && raw[l.Offset-1] != '\n' {
					t.Fatalf("line %d: offset %d is no line start of\n%q", l.No, l.Offset, raw)
				}
				if want := bytes.Count(raw[:l.Offset], []byte("\n")) + 1; line != want {
					t.Fatalf("line %d placed on raw line %d, its offset %d is on line %d:\n%q", l.No, line, l.Offset, want, raw)
				}
			}
		}
	})
}
