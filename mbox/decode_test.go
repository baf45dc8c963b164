package mbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

// decodeFixture decodes a testdata message as the first message of a file.
func decodeFixture(t *testing.T, file string) (*Message, []model.Warning) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	require.NoError(t, err)
	return Decode(file, RawMessage{Data: data, Line: 1})
}

// texts returns the Text of each line.
func texts(lines []model.Line) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.Text
	}
	return out
}

func TestDecodeBodies(t *testing.T) {
	tests := []struct {
		file      string
		want      []string // body texts
		firstNo   int      // line number of the first body line
		warnings  []string // substrings, in order
		wantEmpty bool
	}{
		{
			file: "qp.eml",
			want: []string{"Hello Bob,", "", "hackbench on a 2 socket box, lower is better:", "",
				"  groups    base             patched",
				"  1         1.0421 (± 0.8%)  1.0109 (± 1.1%)",
				"  4         2.7714 (± 0.5%)  2.6102 (± 0.7%)", "",
				"Tested-by: Ada Tester <ada@example.org>"},
			firstNo: 13,
		},
		{file: "base64.eml", want: []string{"Results:", "  tbench  100.5  101.2"}, firstNo: 8},
		{file: "latin1.eml", want: []string{"netperf  1234.5 ± 2.1%"}, firstNo: 8},
		{file: "alternative.eml", want: []string{"Plain version", "  row  1.0  2.0"}, firstNo: 16},
		{file: "html-only.eml", want: []string{"Numbers below:", "a & b", "1.5 < 2.5"}, firstNo: 6},
		{
			file:    "html-table.eml",
			want:    []string{"Results:", "| Test | base | patched |", "| tbench | 100.5 | 101.2 |", "old text"},
			firstNo: 6,
		},
		{
			// format=flowed: soft breaks joined (delsp drops the space),
			// space-stuffing removed, the signature separator kept.
			file:    "flowed.eml",
			want:    []string{"Results on a 64 core box, higher is better:", "From the numbers the gain holds:", " kernel   run1     run2     run3     run4     run5     run6     run7   8.90", "-- ", "Ann"},
			firstNo: 6,
		},
		{
			file:     "qp-noheader.eml",
			want:     []string{"hackbench, lower is better:", "", "  groups  base        patched", "  1       1.0421 (± 0.8%)  1.0109 (± 1.1%)", "  a = b"},
			firstNo:  6,
			warnings: []string{"quoted-printable without a Content-Transfer-Encoding"},
		},
		{file: "fio-settings-noheader.eml", want: []string{"  read: IOPS=20.5k, BW=80.1MiB/s (84.0MB/s)(4806MiB/60001msec)", "  write: IOPS=19.8k, BW=77.3MiB/s (81.1MB/s)(4638MiB/60001msec)"}, firstNo: 6},
		{file: "latin1-mislabelled.eml", want: []string{"netperf  1234.5 ± 2.1%"}, firstNo: 6, warnings: []string{"not valid UTF-8"}},
		{file: "attach-octet.eml", want: []string{"See the attached results.", "tbench  100.5  101.2"}, firstNo: 10},
		{
			file:     "broken-boundary.eml",
			want:     []string{"--XYZ", "Content-Type: text/plain", "", "the text part", "--XYZ", "Content-Type: text/plain", "", "second part that never ends"},
			firstNo:  7,
			warnings: []string{"MIME error, body read as plain text"},
		},
		{file: "unknown-charset.eml", want: []string{"qapla 1.25 2.50"}, firstNo: 6, warnings: []string{"unknown charset"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			m, warns := decodeFixture(t, tc.file)
			assert.Equal(t, tc.want, texts(m.Body))
			require.NotEmpty(t, m.Body)
			assert.Equal(t, tc.firstNo, m.Body[0].No)
			var got []string
			for _, w := range warns {
				got = append(got, w.Message)
				assert.Equal(t, tc.file, w.Source)
			}
			require.Len(t, got, len(tc.warnings), "warnings: %q", got)
			for i, w := range tc.warnings {
				assert.Contains(t, got[i], w)
			}
		})
	}
}

func TestDecodeMeta(t *testing.T) {
	m, warns := decodeFixture(t, "qp.eml")
	assert.Empty(t, warns)
	meta := m.Meta
	assert.Equal(t, "qp.eml", meta.Source)
	assert.Equal(t, "20230214081244.5512-1-ada@example.org", meta.ID)
	assert.Equal(t, "Re: [PATCH v3 2/4] sched/fair: Trim the wakeup path", meta.Subject)
	assert.Equal(t, model.Address{Name: "Ada Tester", Email: "ada@example.org"}, meta.From)
	require.NotNil(t, meta.Date)
	assert.True(t, meta.Date.Equal(time.Date(2023, 2, 14, 8, 12, 44, 0, time.UTC)))
	assert.Equal(t, "20230210101010.1111-3-bob@example.com", meta.InReplyTo)
	assert.Equal(t, []string{"20230210101010.1111-1-bob@example.com", "20230210101010.1111-3-bob@example.com"}, meta.References)
	require.NotNil(t, meta.Patch)
	assert.Equal(t, model.PatchTag{Prefix: "PATCH", Version: 3, Index: 2, Total: 4, Reply: true, Title: "sched/fair: Trim the wakeup path"}, *meta.Patch)
	assert.Equal(t, []model.Trailer{{Key: "Tested-by", Who: model.Address{Name: "Ada Tester", Email: "ada@example.org"}, Line: 22}}, meta.Trailers)
	assert.Equal(t, 1, meta.StartLine)
	assert.Equal(t, 22, meta.EndLine)
	// Quoted-printable soft breaks join input lines; the lines after them
	// keep their input line numbers.
	assert.Equal(t, 19, m.Body[6].No)
	assert.Equal(t, 22, m.Body[8].No)
	for _, l := range m.Body {
		assert.Equal(t, "Ada Tester", l.Author)
	}

	b, _ := decodeFixture(t, "base64.eml")
	assert.Equal(t, model.Address{Name: "Tester, Ada", Email: "ada@example.org"}, b.Meta.From)
}

func TestDecodeLenientHeaders(t *testing.T) {
	raw := "From: Vincent Guittot\nSubject: =?x-unknown?q?odd?= [PATCH] y\nDate: not a date\n" +
		"Message-ID: broken id@host\nIn-Reply-To: <a@b> (comment)\nReferences: c@d e@f\nbroken header line\nbody\n"
	m, warns := Decode("x.mbox", RawMessage{Data: []byte(raw), Line: 41, Offset: 1000})
	assert.Equal(t, model.Address{Name: "Vincent Guittot"}, m.Meta.From)
	assert.Nil(t, m.Meta.Date)
	assert.Equal(t, "broken id@host", m.Meta.ID)
	assert.Equal(t, "a@b", m.Meta.InReplyTo)
	assert.Equal(t, []string{"c@d", "e@f"}, m.Meta.References)
	require.Len(t, m.Body, 2)
	assert.Equal(t, model.Line{Text: "broken header line", No: 47, Offset: 1000 + int64(strings.Index(raw, "broken header")), Author: "Vincent Guittot"}, m.Body[0])
	require.Len(t, warns, 1)
	assert.Contains(t, warns[0].Message, "malformed header")
	assert.Equal(t, 47, warns[0].Line)
}

func TestDecodeSyntheticID(t *testing.T) {
	m, _ := Decode("thread.txt", RawMessage{Data: []byte("Subject: hi\n\ntext\n"), Line: 12})
	assert.Equal(t, "thread.txt#12", m.Meta.ID)
	assert.Equal(t, 14, m.Body[0].No)
	assert.Equal(t, int64(13), m.Body[0].Offset)
}

func TestDecodeCRLF(t *testing.T) {
	raw := "Subject: a\r\nFrom: x@y\r\n\r\nrow  1.0\r\n> quoted\r\n"
	m, warns := Decode("crlf", RawMessage{Data: []byte(raw), Line: 1})
	assert.Empty(t, warns)
	assert.Equal(t, []string{"row  1.0", "quoted"}, texts(m.Body))
	assert.Equal(t, 4, m.Body[0].No)
	assert.Equal(t, int64(strings.Index(raw, "> quoted")), m.Body[1].Offset)
	assert.Equal(t, "x@y", m.Body[0].Author)
}
