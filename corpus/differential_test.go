package corpus

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/parse"
)

// The differential tests hold the crawl to its promise: it stores the
// records extract prints for the same input. The prefilter may leave out
// only what it leaves out by design: a table with fewer than two rows the
// prefilter counts (a lone one-row reading, rows on noise-class lines).

// crawled crawls inputs into a fresh SQLite file and returns what it
// stored, as query prints it. The file is in a folder of its own whose
// name has no '#' (fuzz tests' folders do): the SQLite driver reads a
// path as a URI and cuts it there.
func crawled(t testing.TB, dir string, inputs ...string) []string {
	t.Helper()
	dir, err := os.MkdirTemp(dir, "db")
	require.NoError(t, err)
	if strings.ContainsAny(dir, "#?") {
		dir, err = os.MkdirTemp("", "crawl-db")
		require.NoError(t, err)
		defer os.RemoveAll(dir)
	}
	st, err := sqlite.Open(filepath.Join(dir, "crawl.db"))
	require.NoError(t, err)
	defer st.Close()
	_, err = Crawl(context.Background(), st, inputs, Options{})
	require.NoError(t, err)
	obs, err := store.Observations(context.Background(), st, store.Query{})
	require.NoError(t, err)
	return records(t, obs)
}

// records renders observations as JSONL lines, the form both commands
// print (a date's zone is compared as written, not as a Go value).
func records(t testing.TB, obs []model.Observation) []string {
	t.Helper()
	out := make([]string, len(obs))
	for i := range obs {
		b, err := json.Marshal(&obs[i])
		require.NoError(t, err)
		out[i] = string(b)
	}
	return out
}

// extracted returns the records extract prints for inputs.
func extracted(t testing.TB, inputs ...string) []string {
	t.Helper()
	ex := lkmlbench.New(lkmlbench.Options{})
	for _, in := range inputs {
		_ = ex.AddPath(in) // faults are compared by TestFaultsMatchExtract
	}
	return records(t, ex.Document().Observations())
}

// asMbox writes one message as an mbox, so that the crawl reads it
// through the prefilter as it reads archives.
func asMbox(t testing.TB, path string, msg []byte) {
	t.Helper()
	data := append([]byte("From mboxrd@z Thu Jan  1 00:00:00 1970\n"), msg...)
	if len(msg) > 0 && msg[len(msg)-1] != '\n' {
		data = append(data, '\n')
	}
	require.NoError(t, os.WriteFile(path, append(data, '\n'), 0o644))
}

// fixtureInputs lists the input files under the repository's testdata
// folders: mail, pages and table texts, not goldens, fuzz corpora or
// exports.
func fixtureInputs(t *testing.T) []string {
	var out []string
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "fuzz" || d.Name() == "postgres" || strings.HasPrefix(d.Name(), ".") && path != ".." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.Contains(filepath.ToSlash(path), "/testdata/") {
			return nil
		}
		switch filepath.Ext(path) {
		case ".json", ".jsonl", ".golden", ".csv", ".sh", ".sql", ".txtar":
			return nil
		}
		out = append(out, path)
		return nil
	})
	require.NoError(t, err)
	return out
}

// withoutPlace drops what differs between a file and the same message
// wrapped in an mbox: the source and the positions (one "From " line
// earlier).
func withoutPlace(t testing.TB, recs []string) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		var o model.Observation
		require.NoError(t, json.Unmarshal([]byte(r), &o))
		o.Source, o.Line, o.Offset = "", 0, 0
		if strings.Contains(o.MessageID, "#") {
			o.MessageID = "" // FILE#N: named after the input
		}
		b, err := json.Marshal(&o)
		require.NoError(t, err)
		out[i] = string(b)
	}
	return out
}

// TestFixturesCrawlMatchesExtract crawls every fixture of the repository
// into SQLite, once as the file and once (for single messages) wrapped in
// an mbox so that the prefilter decides, and compares the stored records
// with extract's. Every difference must be one the prefilter makes by
// design; they are counted and logged.
func TestFixturesCrawlMatchesExtract(t *testing.T) {
	files := fixtureInputs(t)
	require.Greater(t, len(files), 100)
	var equal, designed, records int
	for _, f := range files {
		dir := t.TempDir()
		want := extracted(t, f)
		records += len(want)
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		r, err := mbox.Read(f, data, mbox.Options{})
		single := err == nil && len(r.Messages) == 1
		got := crawled(t, dir, f)
		missed := 0
		if !single {
			if !assert.Equal(t, want, got, "%s: crawl of the file", f) {
				continue
			}
		} else {
			missed = missedByDesign(t, want, got, r.Messages[0])
		}
		if single && r.Kind == "message" {
			box := filepath.Join(dir, "one.mbox")
			asMbox(t, box, data)
			got = crawled(t, t.TempDir(), box)
			missed = max(missed, missedByDesign(t, withoutPlace(t, want), withoutPlace(t, got), r.Messages[0]))
		}
		if missed > 0 {
			designed++
			t.Logf("%s: %d tables left out by the prefilter by design (fewer than two counted rows)", f, missed)
			continue
		}
		equal++
	}
	t.Logf("%d fixtures, %d records: %d equal, %d with tables the prefilter leaves out by design", len(files), records, equal, designed)
	assert.LessOrEqual(t, designed, 2, "more fixtures than the two known (a one-row HTML table, a row named by a kernel config) left out")
}

// missedByDesign checks that got is want less whole tables the prefilter
// may leave out (fewer than two counted rows in m) and returns how many.
func missedByDesign(t testing.TB, want, got []string, m *mbox.Message) int {
	t.Helper()
	if assert.ObjectsAreEqual(want, got) {
		return 0
	}
	require.Empty(t, got, "the crawl stored some tables of the message but not all:\nwant %v\ngot %v", want, got)
	n := 0
	for _, tb := range parse.Tables(m.Body) {
		require.Less(t, countedRows(&tb, m.Body), 2, "the prefilter left out a %s table of %d rows", tb.Format, len(tb.Rows))
		n++
	}
	return n
}

// readDifferential is a table extract reads that the crawl once dropped.
const readDifferential = `Numbers from the lab box (lower is better):

hackbench
Test:            base                 patched
 1-groups:     4.21 (0.00 pct)     4.10 (2.61 pct)
 2-groups:     5.33 (0.00 pct)     5.20 (2.44 pct)
 4-groups:     6.87 (0.00 pct)     6.71 (2.33 pct)
`

func diffMessage(id, header, body string) string {
	return "From: Ada Test <ada@example.org>\nSubject: numbers\nDate: Tue, 01 Mar 2022 10:00:00 +0000\nMessage-ID: <" + id + "@example.org>\nMIME-Version: 1.0\n" + header + "\n" + body
}

func ebcdic(s string) string {
	b, err := encoding.ReplaceUnsupported(charmap.CodePage037.NewEncoder()).String(s)
	if err != nil {
		panic(err)
	}
	return b
}

// wrappings are the MIME forms a body is sent in by the differential
// tests: plain, encoded, in a multipart, in charsets that are not ASCII.
var wrappings = []struct {
	name string
	wrap func(body string) string
}{
	{"8bit", func(b string) string { return diffMessage("w8", "Content-Type: text/plain\n", b) }},
	{"base64", func(b string) string {
		return diffMessage("w64", "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n", b64(b))
	}},
	{"quoted-printable", func(b string) string {
		return diffMessage("wqp", "Content-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n", qp(b))
	}},
	{"base64 part", func(b string) string {
		return diffMessage("wmp", "Content-Type: multipart/mixed; boundary=\"=-b1-=\"\n",
			"--=-b1-=\nContent-Type: text/plain\n\nSee the attachment.\n--=-b1-=\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\n"+b64(b)+"--=-b1-=--\n")
	}},
	{"only a closing delimiter", func(b string) string {
		return diffMessage("wclose", "Content-Type: multipart/mixed; boundary=\"zz\"\n", b+"\n--zz--\n")
	}},
	{"base64 EBCDIC", func(b string) string {
		return diffMessage("webcdic", "Content-Type: text/plain; charset=IBM037\nContent-Transfer-Encoding: base64\n", b64(ebcdic(b)))
	}},
	{"8bit EBCDIC part", func(b string) string {
		return diffMessage("webcdic2", "Content-Type: multipart/mixed; boundary=\"q\"\n",
			"--q\nContent-Type: text/plain; charset=cp037\nContent-Transfer-Encoding: base64\n\n"+b64(ebcdic(b))+"--q--\n")
	}},
}

// TestCrawlReadsWhatExtractReads: a multipart body with only a closing
// delimiter and EBCDIC bodies (the view's raw bytes show no digits) are
// decoded by the crawl and give extract's records.
func TestCrawlReadsWhatExtractReads(t *testing.T) {
	for _, w := range wrappings {
		t.Run(w.name, func(t *testing.T) {
			dir := t.TempDir()
			box := filepath.Join(dir, "m.mbox")
			asMbox(t, box, []byte(w.wrap(readDifferential)))
			want := extracted(t, box)
			require.Len(t, want, 12)
			assert.Equal(t, want, crawled(t, dir, box))
		})
	}
}

// FuzzCrawlMatchesExtract: whatever the body, in every wrapping, the
// crawl of an mbox holding it stores extract's records, less whole tables
// the prefilter leaves out by design. The wrappings are crawled together
// first (one database per input is slow) and one by one when the two
// differ.
func FuzzCrawlMatchesExtract(f *testing.F) {
	f.Add(readDifferential)
	for _, tc := range prefilterCases {
		f.Add(tc.body)
	}
	f.Fuzz(func(t *testing.T, body string) {
		if strings.IndexByte(body, 0) >= 0 || len(body) > 1<<14 {
			return // NUL bytes are a fault in both (TestFaultsMatchExtract)
		}
		dir := t.TempDir()
		// One mbox of every wrapping, crawled once: the common case.
		var all []byte
		for _, w := range wrappings {
			all = append(append(append(all, "From mboxrd@z Thu Jan  1 00:00:00 1970\n"...), w.wrap(body)...), "\n\n"...)
		}
		box := filepath.Join(dir, "all.mbox")
		require.NoError(t, os.WriteFile(box, all, 0o644))
		if assert.ObjectsAreEqual(extracted(t, box), crawled(t, dir, box)) {
			return
		}
		for i, w := range wrappings {
			box := filepath.Join(dir, fmt.Sprintf("%d.mbox", i))
			raw := w.wrap(body)
			asMbox(t, box, []byte(raw))
			want := extracted(t, box)
			got := crawled(t, dir, box)
			if assert.ObjectsAreEqual(want, got) {
				continue
			}
			r, err := mbox.Read(box, []byte("From x\n"+raw+"\n"), mbox.Options{})
			require.NoError(t, err)
			require.Len(t, r.Messages, 1)
			missedByDesign(t, want, got, r.Messages[0])
		}
	})
}
