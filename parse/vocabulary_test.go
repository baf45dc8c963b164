package parse

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// caseInputs returns the in field of every element of a slice of test
// cases, whatever the case type.
func caseInputs(cases any) []string {
	v := reflect.ValueOf(cases)
	out := make([]string, v.Len())
	for i := range out {
		out[i] = v.Index(i).FieldByName("in").String()
	}
	return out
}

// vocabularyInputs are, per family that names its words, the inputs of
// its own tests.
var vocabularyInputs = map[string][]string{
	"cryptsetup": caseInputs(cryptsetupCases),
	"stress-ng":  caseInputs(stressNGCases),
	"iostat":     caseInputs(iostatCases),
	"kunit":      caseInputs(kunitCases),
	"iozone":     caseInputs(iozoneCases),
	"dbench":     caseInputs(dbenchCases),
	"pktgen":     caseInputs(pktgenCases),
	"perf-lock":  caseInputs(lockContCases),
}

// readWithout runs a family on every block of body with its guard off.
func readWithout(f Family, body string) []Match {
	var out []Match
	for _, seg := range segments(linesOf(body)) {
		for _, b := range seg.blocks() {
			out = append(out, f.Read(b)...)
		}
	}
	return out
}

// TestFamilyWords holds each family that names its words to them: with
// every word taken out of the inputs of its own tests it reads no table
// there, and on every golden fixture and the table-dense body it reads
// none from a block that holds none of its words. The guard in resolve
// then loses no table.
func TestFamilyWords(t *testing.T) {
	var bodies []string
	files, err := filepath.Glob("testdata/golden/*.txt")
	require.NoError(t, err)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		bodies = append(bodies, string(b))
	}
	bodies = append(bodies, denseBody())
	named := 0
	for _, r := range families {
		v, ok := r.family.(vocabulary)
		if !ok {
			continue
		}
		named++
		for _, w := range v.words() {
			require.NotContains(t, w, "\n")
		}
		inputs, ok := vocabularyInputs[r.family.Name()]
		require.True(t, ok, "family %s names words but has no inputs here", r.family.Name())
		read := 0
		for _, in := range inputs {
			read += len(readWithout(r.family, in))
			for _, w := range v.words() {
				in = strings.ReplaceAll(in, w, strings.Repeat("~", len(w)))
			}
			require.Empty(t, readWithout(r.family, in), "%s read a table without its words from:\n%s", r.family.Name(), in)
		}
		require.Positive(t, read, "%s read nothing from its own inputs", r.family.Name())
		for _, body := range bodies {
			checkWords(t, r.family, v, body)
		}
	}
	require.Equal(t, len(vocabularyInputs), named)
}

// checkWords fails when the family reads a table from a block of body
// that holds none of its words.
func checkWords(t *testing.T, f Family, v vocabulary, body string) {
	t.Helper()
	for _, seg := range segments(linesOf(body)) {
		for _, b := range seg.blocks() {
			if !b.mentions(v.words()) {
				require.Empty(t, f.Read(b), "%s read a table from a block without its words", f.Name())
			}
		}
	}
}

// FuzzFamilyWords: on any body, no family that names its words reads a
// table from a block that holds none of them.
func FuzzFamilyWords(f *testing.F) {
	for _, inputs := range vocabularyInputs {
		for _, in := range inputs {
			f.Add(in)
		}
	}
	f.Fuzz(func(t *testing.T, body string) {
		if len(body) > 1<<14 {
			return
		}
		for _, r := range families {
			if v, ok := r.family.(vocabulary); ok {
				checkWords(t, r.family, v, body)
			}
		}
	})
}
