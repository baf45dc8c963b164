package mbox

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// PGP clear-signed text (RFC 4880 section 7) wraps the signed text in
// armor lines and dash-escapes its lines that start with '-'.
const (
	pgpSignedBegin = "-----BEGIN PGP SIGNED MESSAGE-----"
	pgpSigBegin    = "-----BEGIN PGP SIGNATURE-----"
	pgpSigEnd      = "-----END PGP SIGNATURE-----"
)

// stripPGP reads clear-signed text at any quote depth: the armor line and
// its "Hash:" lines up to the blank line become header lines, the "- "
// escape is taken off the signed lines (so "- -- " is a signature
// separator again and "- ---" a diffstat rule), and the signature block
// becomes signature lines. Lines of other depths inside pass unchanged.
func stripPGP(lines []model.Line) {
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i].Text) != pgpSignedBegin {
			continue
		}
		d := lines[i].Depth
		lines[i].Kind = model.KindHeader
		j := i + 1
		for ; j < len(lines) && lines[j].Depth == d && strings.TrimSpace(lines[j].Text) != ""; j++ {
			lines[j].Kind = model.KindHeader // "Hash: SHA256"
		}
		for ; j < len(lines); j++ {
			l := &lines[j]
			if l.Depth != d {
				continue
			}
			t := strings.TrimSpace(l.Text)
			if t == pgpSigBegin {
				for ; j < len(lines) && lines[j].Depth >= d; j++ {
					lines[j].Kind = model.KindSignature
					if lines[j].Depth == d && strings.TrimSpace(lines[j].Text) == pgpSigEnd {
						break
					}
				}
				break
			}
			if t == pgpSignedBegin {
				j--
				break
			}
			l.Text = strings.TrimPrefix(l.Text, "- ")
		}
		i = j
	}
}
