package mbox

import "bytes"

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
			if qpTelling(rest[0], rest[1], rest[2:]) {
				telling++
			}
			i += 2
		default:
			return false
		}
	}
	return soft+escapes >= 2 && telling >= 1
}

// qpTelling reports whether the escape "=hilo" followed by after is one
// only an encoder writes: an encoded '=' ("=3D"); a blank kept at a line's
// end ("=20" before the break); a high byte that goes on into the next
// escape or a word ("=C2=B1", "caf=E9 "). Tool output writes settings as
// name=value, so "IOPS=20.5k" and "BW=80.1MiB/s" are numbers going on,
// not escapes: a digit or a decimal point after the pair tells nothing.
func qpTelling(hi, lo byte, after []byte) bool {
	if len(after) > 0 && (after[0] >= '0' && after[0] <= '9' || after[0] == '.') {
		return false
	}
	switch {
	case hi == '3' && lo == 'D':
		return true
	case hi == '2' && lo == '0':
		rest := bytes.TrimLeft(after, " \t")
		return len(rest) == 0 || rest[0] == '\n' || rest[0] == '\r' || rest[0] == '='
	}
	return hi >= '8'
}

func isUpperHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' }
