package mbox

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

func TestFormsOrder(t *testing.T) {
	forms := Forms()
	require.GreaterOrEqual(t, len(forms), 4)
	assert.Equal(t, []string{"mbox.gz", "mbox"}, forms[:2])
	assert.Equal(t, []string{"message", "text"}, forms[len(forms)-2:])
}

func TestReadForms(t *testing.T) {
	mboxData, err := os.ReadFile("testdata/thread.mbox")
	require.NoError(t, err)
	qp, err := os.ReadFile("testdata/qp.eml")
	require.NoError(t, err)
	tests := []struct {
		name     string
		data     []byte
		kind     string
		messages int
	}{
		{"thread.mbox", mboxData, "mbox", 2},
		{"thread.mbox.gz", gz(t, string(mboxData)), "mbox.gz", 2},
		{"qp.eml", qp, "message", 1},
		{"lore-raw", append([]byte("From mboxrd@z Thu Jan  1 00:00:00 1970\n"), qp...), "mbox", 1},
		{"notes.txt", []byte("Note: numbers\n\n  a  1.0\n"), "text", 1},
		{"blank.txt", []byte("\n\n  \n"), "", 0},
		{"empty", nil, "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Read(tc.name, tc.data, Options{})
			require.NoError(t, err)
			assert.Equal(t, tc.kind, res.Kind)
			assert.Len(t, res.Messages, tc.messages)
			for _, m := range res.Messages {
				assert.Equal(t, tc.name, m.Meta.Source)
			}
		})
	}
}

func TestReadMbox(t *testing.T) {
	res, err := ReadPath("testdata/thread.mbox", Options{})
	require.NoError(t, err)
	assert.Empty(t, res.Warnings)
	require.Len(t, res.Messages, 2)
	cover, reply := res.Messages[0], res.Messages[1]
	assert.Equal(t, "cover@example.org", cover.Meta.ID)
	assert.Equal(t, 2, cover.Meta.StartLine)
	assert.Equal(t, 9, cover.Meta.EndLine)
	assert.Equal(t, "From the numbers below it helps a little.", cover.Body[2].Text)
	assert.Equal(t, 9, cover.Body[2].No)

	assert.Equal(t, 12, reply.Meta.StartLine)
	assert.Equal(t, "cover@example.org", reply.Meta.InReplyTo)
	want := []string{
		"19|0|attribution|Bob Reviewer|On Mon, Feb 13, 2023 at 09:00:00AM +0100, Ada Tester wrote:",
		"20|1|text|Ada Tester|This series trims the wakeup path.",
	}
	for i, w := range want {
		l := reply.Body[i]
		assert.Equal(t, w, strings.Join([]string{strconv.Itoa(l.No), strconv.Itoa(l.Depth), l.Kind.String(), l.Author, l.Text}, "|"))
	}
	data, _ := os.ReadFile("testdata/thread.mbox")
	assert.Equal(t, ">"+cover.Body[2].Text, firstLineAt(data, cover.Body[2].Offset), "offset of an unescaped line")
	for _, l := range reply.Body {
		assert.True(t, strings.HasSuffix(firstLineAt(data, l.Offset), l.Text), "offset of line %d", l.No)
	}
	require.Len(t, reply.Meta.Trailers, 1)
	assert.Equal(t, 27, reply.Meta.Trailers[0].Line)

	th := Threads(res.Messages)
	require.Len(t, th, 1)
	assert.Equal(t, "cover@example.org", th[0].Root)
}

// firstLineAt returns the line of data starting at off.
func firstLineAt(data []byte, off int64) string {
	s := string(data[off:])
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func TestReadErrors(t *testing.T) {
	_, err := Read("junk.bin", []byte("\x00\x01\x02binary\xff\xfe"), Options{})
	var pe *model.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "junk.bin", pe.File)
	assert.Contains(t, err.Error(), "junk.bin: binary data")
	assert.Contains(t, err.Error(), "supported forms: mbox.gz, mbox")

	_, err = ReadPath("testdata/does-not-exist", Options{})
	require.ErrorAs(t, err, &pe)
	assert.Contains(t, err.Error(), "testdata/does-not-exist")

	latin := []byte("caf\xe9 r\xe9sultats \xb1 2%\n")
	res, err := Read("latin.txt", latin, Options{})
	require.NoError(t, err, "a few Latin-1 bytes are still text")
	assert.Equal(t, "café résultats ± 2%", res.Messages[0].Body[0].Text)
	require.Len(t, res.Warnings, 1)
	assert.Contains(t, res.Warnings[0].Message, "Latin-1")
}

func TestReadGzipTruncated(t *testing.T) {
	var sb strings.Builder
	for i := range 200 {
		sb.WriteString("From mboxrd@z Thu Jan  1 00:00:00 1970\nSubject: m\nMessage-ID: <m" + strconv.Itoa(i) + "@x>\n\nbody " + strconv.Itoa(i*7919%1000) + "\n\n")
	}
	full := gz(t, sb.String())
	res, err := Read("cut.mbox.gz", full[:len(full)*2/3], Options{})
	require.NoError(t, err)
	assert.Equal(t, "mbox.gz", res.Kind)
	assert.NotEmpty(t, res.Messages)
	assert.Less(t, len(res.Messages), 200)
	require.NotEmpty(t, res.Warnings)
	assert.Contains(t, res.Warnings[0].Message, "gzip: data truncated")
	assert.Positive(t, res.Warnings[0].Offset)

	_, err = Read("bad.gz", []byte{0x1f, 0x8b, 0, 0}, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.gz")

	_, err = Read("nested.gz", gz(t, string(gz(t, "x"))), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nested")
}

func TestReadMaildirAndFolder(t *testing.T) {
	qp, err := os.ReadFile("testdata/qp.eml")
	require.NoError(t, err)
	md := t.TempDir()
	for _, sub := range []string{"cur", "new", "tmp"} {
		require.NoError(t, os.Mkdir(filepath.Join(md, sub), 0o755))
	}
	write := func(path string, data []byte) { require.NoError(t, os.WriteFile(path, data, 0o644)) }
	write(filepath.Join(md, "cur", "1676362364.M1P2.host:2,S"), qp)
	write(filepath.Join(md, "new", "1676362365.M2P2.host"), []byte("Subject: second\nMessage-ID: <s@x>\n\nhello\n"))
	write(filepath.Join(md, "tmp", "partial"), []byte("Subject: half"))
	res, err := ReadPath(md, Options{})
	require.NoError(t, err)
	assert.Equal(t, "maildir", res.Kind)
	require.Len(t, res.Messages, 2)
	assert.Equal(t, "20230214081244.5512-1-ada@example.org", res.Messages[0].Meta.ID)
	assert.Equal(t, "s@x", res.Messages[1].Meta.ID)
	assert.Equal(t, filepath.Join(md, "new", "1676362365.M2P2.host"), res.Messages[1].Meta.Source)

	dir := t.TempDir()
	write(filepath.Join(dir, "a.eml"), qp)
	write(filepath.Join(dir, "b.mbox"), []byte("From a@b Mon Nov 28 06:52:19 2022\nSubject: one\n\nx\n\nFrom a@b Mon Nov 28 06:52:20 2022\nSubject: two\n\ny\n"))
	write(filepath.Join(dir, "c.bin"), []byte{0, 1, 2, 3})
	write(filepath.Join(dir, ".hidden"), qp)
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	// A symlinked message file is read; a symlink to nothing or to a
	// folder is a fault, not a silent skip.
	require.NoError(t, os.Symlink("a.eml", filepath.Join(dir, "d-link.eml")))
	require.NoError(t, os.Symlink("gone.eml", filepath.Join(dir, "e-dangling.eml")))
	require.NoError(t, os.Symlink("sub", filepath.Join(dir, "f-folder")))
	res, err = ReadPath(dir, Options{})
	require.Error(t, err, "the files that could not be read are faults")
	require.NotNil(t, res, "what could be read is kept")
	assert.Equal(t, "folder", res.Kind)
	assert.Len(t, res.Messages, 4)
	assert.Empty(t, res.Warnings)
	assert.Contains(t, err.Error(), filepath.Join(dir, "c.bin")+": binary data")
	assert.Contains(t, err.Error(), filepath.Join(dir, "e-dangling.eml")+": skipped: symlink to nothing readable")
	assert.Contains(t, err.Error(), filepath.Join(dir, "f-folder")+": skipped: symlink to something that is not a file")
	assert.Equal(t, filepath.Join(dir, "d-link.eml"), res.Messages[3].Meta.Source)

	bad := t.TempDir()
	write(filepath.Join(bad, "x.bin"), []byte{0, 0})
	res, err = ReadPath(bad, Options{})
	require.NotNil(t, res)
	assert.Empty(t, res.Messages)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "binary data")
	_, err = ReadPath(t.TempDir(), Options{})
	assert.ErrorContains(t, err, "no message files")
	assert.False(t, errors.Is(err, os.ErrNotExist))
}

// TestNULMessage: a message holding NUL bytes is a fault with its
// position, in an mbox as in a single file; the other messages are read.
func TestNULMessage(t *testing.T) {
	in := "From a@b Mon Nov 28 06:52:19 2022\nSubject: one\n\nbody\n\n" +
		"From a@b Mon Nov 28 06:52:19 2022\nSubject: two\n\n\x00\x00\x00\x00\n\n" +
		"From a@b Mon Nov 28 06:52:19 2022\nSubject: three\n\nbody\n"
	res, err := Read("x.mbox", []byte(in), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "x.mbox:7: NUL bytes")
	assert.Len(t, res.Messages, 2)
	path := filepath.Join(t.TempDir(), "x.mbox")
	require.NoError(t, os.WriteFile(path, []byte(in), 0o644))
	res, err = ReadPath(path, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "x.mbox:7: NUL bytes")
	assert.Len(t, res.Messages, 2)

	_, err = Read("one.eml", []byte("Subject: x\n\n\x00\x00\n"), Options{})
	assert.ErrorIs(t, err, ErrNUL)
}

// seedDir holds the shared real threads, when present.
const seedDir = "../../shared/seeds"

// TestSeedBodies runs BodyLines over the real web-archive text seed: its
// attribution and quoted blocks must come out with the right authors.
func TestSeedBodies(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(seedDir, "000_*.txt"))
	if len(files) == 0 {
		t.Skip("seeds not present")
	}
	data, err := os.ReadFile(files[0])
	require.NoError(t, err)
	first, _, _ := strings.Cut(string(data), "\n")
	tag := ParseSubject(first)
	require.NotNil(t, tag)
	assert.Equal(t, 9, tag.Version)
	assert.True(t, tag.CoverLetter())
	assert.True(t, tag.Reply)

	lines := BodyLines(string(data), 1, 0, "K Prateek Nayak")
	var attr *model.Line
	quoted := 0
	for i, l := range lines {
		if l.Kind == model.KindAttribution && attr == nil {
			attr = &lines[i]
		}
		if attr != nil && l.Depth == 1 {
			quoted++
			assert.Equal(t, "Vincent Guittot", l.Author, "line %d", l.No)
		}
		if l.Depth == 0 {
			assert.Equal(t, "K Prateek Nayak", l.Author)
		}
	}
	require.NotNil(t, attr)
	assert.Equal(t, "On 11/15/2022 10:48 PM, Vincent Guittot wrote:", attr.Text)
	assert.Positive(t, quoted)
}

// TestEachGzip: streaming a gzip mbox keeps what a truncated stream
// decoded, with a warning at the compressed offset, and stops at the
// decoded-size cap with a warning.
func TestEachGzip(t *testing.T) {
	var sb strings.Builder
	for i := range 400 {
		sb.WriteString("From mboxrd@z Thu Jan  1 00:00:00 1970\nSubject: m\nMessage-ID: <m" + strconv.Itoa(i) + "@x>\n\nbody " + strconv.Itoa(i*7919%1000) + "\n\n")
	}
	full := gz(t, sb.String())
	count := func(data []byte, opts Options) (int, *Result, error) {
		n := 0
		res, err := Each("x.mbox.gz", bytes.NewReader(data), opts, func(*Message) error { n++; return nil })
		return n, res, err
	}
	n, res, err := count(full, Options{})
	require.NoError(t, err)
	assert.Equal(t, 400, n)
	assert.Equal(t, "mbox.gz", res.Kind)
	assert.Empty(t, res.Warnings)

	n, res, err = count(full[:len(full)*2/3], Options{})
	require.NoError(t, err)
	assert.Positive(t, n)
	assert.Less(t, n, 400)
	require.NotEmpty(t, res.Warnings)
	assert.Contains(t, res.Warnings[0].Message, "gzip: data truncated")
	assert.Positive(t, res.Warnings[0].Offset)

	// 400 messages of about 80 bytes; a 64-byte budget caps the text at
	// 64 times that.
	n, res, err = count(full, Options{MaxMessageBytes: 64})
	require.NoError(t, err)
	assert.Less(t, n, 400)
	require.NotEmpty(t, res.Warnings)
	assert.Contains(t, res.Warnings[0].Message, "decoded text longer than 4096 bytes")

	_, _, err = count(gz(t, string(gz(t, "x"))), Options{})
	assert.ErrorContains(t, err, "nested")
}
