package gold

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// File is the answer key of one seed input.
type File struct {
	// Name is the seed's file name ("000_34bd20fe453de2e0.txt").
	Name   string
	Notes  string  `json:"notes"`
	Tables []Table `json:"tables"`
}

// Table is one annotated table. Pointer fields are nil where the key says
// null: the text does not state the thing.
type Table struct {
	ID           string   `json:"id"`
	Anchor       string   `json:"anchor"`
	Author       *string  `json:"author"`
	QuoteDepth   int      `json:"quote_depth"`
	QuotedCopies int      `json:"quoted_copies"`
	Benchmark    *string  `json:"benchmark"`
	Context      []string `json:"context"`
	Format       string   `json:"format"`
	Variants     []string `json:"variants"`
	Baseline     *string  `json:"baseline"`
	Unit         *string  `json:"unit"`
	Direction    *string  `json:"direction"`
	Statistic    *string  `json:"statistic"`
	Cells        []Cell   `json:"cells"`
}

// Cell is one annotated number.
type Cell struct {
	Case    string      `json:"case"`
	Variant string      `json:"variant"`
	Field   string      `json:"field"`
	Value   json.Number `json:"value"`
	Flags   []string    `json:"flags"`
}

// Str returns *p, or "" for nil.
func Str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// shared is the folder beside the repository that holds seeds/ and gold/.
func shared() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared")
}

// Seed returns the path of the seed input a key describes.
func Seed(f File) string { return filepath.Join(shared(), "seeds", f.Name) }

// Load reads every answer key; it skips the test when the shared folder is
// not beside the checkout.
func Load(t testing.TB) []File {
	t.Helper()
	dir := filepath.Join(shared(), "gold", "seeds")
	paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(paths) == 0 {
		t.Skipf("no answer keys in %s", dir)
	}
	sort.Strings(paths)
	var out []File
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var f File
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		f.Name = strings.TrimSuffix(filepath.Base(p), ".json")
		out = append(out, f)
	}
	return out
}
