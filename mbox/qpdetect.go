package mbox

import (
	"bytes"
	"strings"

	"github.com/emersion/go-message"
)

// mimeEncoded reports whether the entity's Content-Transfer-Encoding is
// one go-message decodes (anything but the identity encodings).
func mimeEncoded(h message.Header) bool {
	switch strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))) {
	case "", "7bit", "8bit", "binary":
		return false
	}
	return true
}

// looksQP reports whether b is plainly quoted-printable: every '=' starts
// a soft line break or an upper-case hex escape ("=3D", "=20", "=C2=B1"),
// and there are at least two of them with one soft break or "=3D"/"=20"
// among them. Plain text has "a = b", "CONFIG_X=y", "mask=0xff": any such
// '=' rules QP out, so kernel mail is not decoded by mistake.
func looksQP(b []byte) bool {
	soft, escapes, telling := 0, 0, 0
	for i := 0; i < len(b); i++ {
		if b[i] != '=' {
			continue
		}
		rest := b[i+1:]
		eol := bytes.TrimLeft(rest, " \t")
		switch {
		case len(eol) == 0 || eol[0] == '\n' || eol[0] == '\r':
			soft++
			telling++
		case len(rest) >= 2 && isUpperHex(rest[0]) && isUpperHex(rest[1]):
			escapes++
			if rest[0] == '3' && rest[1] == 'D' || rest[0] == '2' && rest[1] == '0' || rest[0] >= '8' {
				telling++
			}
			i += 2
		default:
			return false
		}
	}
	return soft+escapes >= 2 && telling >= 1
}

func isUpperHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' }
