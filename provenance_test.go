package lkmlbench

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"mime/quotedprintable"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// provTable is the text of a reply holding one value-pct table, with a
// long prose line (which quoted-printable wraps with soft breaks) and
// Latin-1 letters above it, so that decoded and raw lines drift apart.
const provTable = `Hi Oskar,

I ran the series on a two socket machine with the governor pinned; this sentence is long on purpose so that a mailer wraps it with soft line breaks, and it goes on for quite a while longer still.

Die Ergebnisse sind gut, schöner als gedacht: café résumé.

hackbench (lower is better)
Test:            base                  patched
 1-groups:     4.21 (0.00 pct)      4.10 (2.61 pct)
 2-groups:     5.33 (0.00 pct)      5.20 (2.44 pct)
 4-groups:     6.87 (0.00 pct)      6.71 (2.33 pct)
 8-groups:     9.02 (0.00 pct)      8.80 (2.44 pct)

Tested-by: Ilse Marrow <ilse@example.org>
`

var provCases = []string{"1-groups", "2-groups", "4-groups", "8-groups"}

const provHeader = "From: Ilse Marrow <ilse@example.org>\nSubject: Re: [PATCH 1/2] sched: trim wakeups\nDate: Tue, 01 Mar 2022 10:00:00 +0000\nMessage-ID: <prov-%s@example.org>\nMIME-Version: 1.0\n"

func provB64(s string) string {
	enc := base64.StdEncoding.EncodeToString([]byte(s))
	var b strings.Builder
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\n")
	return b.String()
}

func provQP(s string) string {
	var b bytes.Buffer
	w := quotedprintable.NewWriter(&b)
	_, _ = w.Write([]byte(strings.ReplaceAll(s, "\n", "\r\n")))
	_ = w.Close()
	return strings.ReplaceAll(b.String(), "\r\n", "\n")
}

func latin1(s string) string {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

// provenanceInputs are the same table in the encodings and containers
// whose lines used to be misplaced; each gives its raw file.
func provenanceInputs() map[string]string {
	const mixed = "Content-Type: multipart/mixed; boundary=\"b-7\"\n\n--b-7\n"
	attach := "Content-Type: text/plain; charset=utf-8\n\nResults attached, see below.\nMore words here.\n\n--b-7\n" +
		"Content-Type: text/plain; charset=utf-8; name=\"results.txt\"\nContent-Disposition: attachment; filename=\"results.txt\"\nContent-Transfer-Encoding: base64\n\n" +
		provB64(provTable) + "--b-7--\n"
	return map[string]string{
		"qp.eml":        fmt.Sprintf(provHeader, "qp") + "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n" + provQP(provTable),
		"qp-multi.eml":  fmt.Sprintf(provHeader, "qpm") + mixed + "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n" + provQP(provTable) + "\n--b-7\nContent-Type: text/x-diff\n\nsome patch\n--b-7--\n",
		"base64.eml":    fmt.Sprintf(provHeader, "b64") + "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n" + provB64(provTable),
		"attach.eml":    fmt.Sprintf(provHeader, "att") + mixed + attach,
		"multipart.eml": fmt.Sprintf(provHeader, "mp") + mixed + "Content-Type: text/plain; charset=utf-8\n\nA first part.\n\n--b-7\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n" + provTable + "--b-7--\n",
		"latin1.eml":    fmt.Sprintf(provHeader, "l1") + "Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: 8bit\n\n" + latin1(provTable),
		"latin1-qp.eml": fmt.Sprintf(provHeader, "l1qp") + "Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n" + provQP(latin1(provTable)),
		"crlf.eml":      strings.ReplaceAll(fmt.Sprintf(provHeader, "crlf")+"Content-Type: text/plain; charset=utf-8\n\n"+provTable, "\n", "\r\n"),
		"crlf-b64.mbox": "From mboxrd@z Thu Jan  1 00:00:00 1970\n" + strings.ReplaceAll(fmt.Sprintf(provHeader, "crlfm")+mixed+attach, "\n", "\r\n") + "\r\n",
	}
}

// TestRowsPlacedInRawInput: every record names the raw line of its row
// and the offset where that line starts, and the line holds the row (or,
// in a quoted-printable or base64 part, encodes its first byte); rows of
// encoded parts also say their line in the decoded part.
func TestRowsPlacedInRawInput(t *testing.T) {
	dir := t.TempDir()
	for name, raw := range provenanceInputs() {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			require.NoError(t, os.WriteFile(path, []byte(raw), 0o644))
			ex := New(Options{Explain: true})
			require.NoError(t, ex.AddPath(path))
			require.NoError(t, ex.Flush())
			doc := ex.Document()
			obs := doc.Observations()
			require.Len(t, obs, 4*4)
			data := []byte(raw)
			encoded := strings.Contains(name, "qp") || strings.Contains(name, "b64") || strings.Contains(name, "base64") || strings.Contains(name, "attach")
			for _, o := range obs {
				require.Positive(t, o.Offset, o.Case)
				require.Equal(t, byte('\n'), data[o.Offset-1], "%s: offset %d is not a line start", o.Case, o.Offset)
				assert.Equal(t, bytes.Count(data[:o.Offset], []byte("\n"))+1, o.Line, "%s: line and offset disagree", o.Case)
				end := bytes.IndexByte(data[o.Offset:], '\n')
				line := string(data[o.Offset : o.Offset+int64(end)])
				switch {
				case strings.Contains(name, "qp"):
					dec, err := readQP(line)
					require.NoError(t, err)
					assert.True(t, strings.HasPrefix(strings.TrimSpace(dec), o.Case+":"), "%s: raw line %d is %q", o.Case, o.Line, line)
				case encoded:
					assert.Equal(t, wantB64Line(t, data, o.Case), o.Line, o.Case)
				default:
					assert.True(t, strings.HasPrefix(strings.TrimSpace(line), o.Case+":"), "%s: raw line %d is %q", o.Case, o.Line, line)
				}
				// --explain names the same raw lines.
				inBlock := false
				for _, x := range ex.Explanations() {
					for _, c := range x.Candidates {
						inBlock = inBlock || c.StartLine <= o.Line && o.Line <= c.EndLine
					}
				}
				assert.True(t, inBlock, "%s: no --explain block holds raw line %d", o.Case, o.Line)
				if encoded {
					assert.Equal(t, decodedLine(o.Case), o.DecodedLine, o.Case)
				} else {
					assert.Zero(t, o.DecodedLine, o.Case)
				}
			}
		})
	}
}

func readQP(s string) (string, error) {
	var b bytes.Buffer
	_, err := b.ReadFrom(quotedprintable.NewReader(strings.NewReader(s)))
	return b.String(), err
}

// decodedLine is the 1-based line of a row in provTable.
func decodedLine(label string) int {
	i := strings.Index(provTable, " "+label+":")
	return strings.Count(provTable[:i], "\n") + 1
}

// wantB64Line works out which raw line of a base64 part written by provB64
// (76 characters a line) encodes the first byte of a row of provTable.
func wantB64Line(t *testing.T, data []byte, label string) int {
	first := []byte(provB64(provTable)[:76])
	at := bytes.Index(data, first)
	require.GreaterOrEqual(t, at, 0)
	partLine := bytes.Count(data[:at], []byte("\n")) + 1
	b := strings.Index(provTable, " "+label+":")
	return partLine + b*8/6/76
}
