package normalize

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/lkmlbench/lkmlbench/model"
)

// Benchmark is one entry of the better-direction list: a benchmark or a
// metric name and which way is better.
type Benchmark struct {
	// Name is matched case-insensitively as a whole word in a table's
	// benchmark name or a row label; the longest matching name wins, so
	// that "unixbench-syscall" beats "unixbench".
	Name string `json:"name"`
	// Direction is "lower" or "higher".
	Direction string `json:"direction"`
	// Why documents the metric the direction refers to.
	Why string `json:"why,omitempty"`
}

// Benchmarks is a better-direction list. The zero value knows nothing.
type Benchmarks struct {
	entries []Benchmark // longest name first
	res     []*regexp.Regexp
}

//go:embed benchmarks.json
var builtin []byte

// Default returns the built-in list shipped in benchmarks.json. The list
// is read once and shared; callers must not modify it (With copies).
func Default() *Benchmarks { return defaultList() }

var defaultList = sync.OnceValue(func() *Benchmarks {
	b, err := ParseBenchmarks("benchmarks.json", builtin)
	if err != nil {
		panic(err) // the embedded file is tested; this cannot happen at run time
	}
	return b
})

// LoadBenchmarks reads a user list from a file and lays it over the
// built-in one: an entry whose name is already known replaces it.
func LoadBenchmarks(path string) (*Benchmarks, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	user, err := ParseBenchmarks(path, data)
	if err != nil {
		return nil, err
	}
	return Default().With(user.entries...), nil
}

// ParseBenchmarks reads a list in the benchmarks.json format; name labels
// the data in errors.
func ParseBenchmarks(name string, data []byte) (*Benchmarks, error) {
	var list []Benchmark
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, &model.ParseError{File: name, Pos: jsonPos(data, dec.InputOffset()), Err: err}
	}
	for i, b := range list {
		if strings.TrimSpace(b.Name) == "" {
			return nil, &model.ParseError{File: name, Err: fmt.Errorf("entry %d: empty name", i+1)}
		}
		if b.Direction != "lower" && b.Direction != "higher" {
			return nil, &model.ParseError{File: name, Err: fmt.Errorf("entry %q: direction %q is neither lower nor higher", b.Name, b.Direction)}
		}
	}
	return (&Benchmarks{}).With(list...), nil
}

// jsonPos turns a decoder offset into a line and column.
func jsonPos(data []byte, off int64) model.Pos {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return model.Pos{Line: line, Col: col, Offset: off}
}

// With returns a copy of the list with the given entries added; an entry
// replaces a known one of the same name.
func (l *Benchmarks) With(add ...Benchmark) *Benchmarks {
	byName := map[string]Benchmark{}
	for _, b := range l.entries {
		byName[b.Name] = b
	}
	for _, b := range add {
		b.Name = strings.ToLower(strings.TrimSpace(b.Name))
		byName[b.Name] = b
	}
	out := &Benchmarks{}
	for _, b := range byName {
		out.entries = append(out.entries, b)
	}
	sort.Slice(out.entries, func(i, j int) bool {
		a, b := out.entries[i].Name, out.entries[j].Name
		if len(a) != len(b) {
			return len(a) > len(b)
		}
		return a < b
	})
	for _, b := range out.entries {
		out.res = append(out.res, regexp.MustCompile(`(^|[^a-z0-9_])`+regexp.QuoteMeta(b.Name)+`($|[^a-z0-9_])`))
	}
	return out
}

// Entries returns the list, longest name first.
func (l *Benchmarks) Entries() []Benchmark { return append([]Benchmark(nil), l.entries...) }

// Lookup returns the entry whose name is the longest one found in s.
func (l *Benchmarks) Lookup(s string) (Benchmark, bool) {
	if l == nil || s == "" {
		return Benchmark{}, false
	}
	low := strings.ToLower(s)
	for i, b := range l.entries {
		if strings.Contains(low, b.Name) && l.res[i].MatchString(low) {
			return b, true
		}
	}
	return Benchmark{}, false
}
