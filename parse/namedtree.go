package parse

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// A run of named lines whose labels are drawn as a tree, the levels set
// apart by leader dots and the branches by ':' columns:
//
//	  small
//	   :... v1.0 ... cold ... 2.1 s, 50 MB/s
//	   :    :....... warm ... 1.9 s, 55 MB/s
//	   :... v1.1 ... cold ... 2.0 s, 52 MB/s
//	        :....... warm ... 1.8 s, 57 MB/s
//
// Each label is a path. A line writes the last levels of its path, down
// to the leaf that holds its figures, and keeps the levels above them
// from the lines before it (a line that writes only "warm" keeps "v1.0"),
// so that the path does not hang on columns a mailer or an editor may
// shift; a label line with no figures ("small") is the root. A level
// whose parts all name kernels ("v1.0", "6.1-rc2") is the variant; the
// other levels, joined, are the case ("small cold").

// namedTree reports whether the labels of a run are drawn as a tree: a
// named line whose label holds leader dots.
func namedTree(run []namedRow) bool {
	for _, r := range run {
		if r.line.figures == nil {
			continue
		}
		for _, t := range scanNamed(r.text[:r.line.labelEnd]) {
			if t.kind == nkLead {
				return true
			}
		}
	}
	return false
}

// treeParts cuts a drawn label into its levels.
func treeParts(label string) []string {
	var out []string
	var cur []ntok
	flush := func() {
		if len(cur) > 0 {
			if text := cleanNamedLabel(label[cur[0].start:cur[len(cur)-1].end]); text != "" {
				out = append(out, text)
			}
		}
		cur = nil
	}
	for _, t := range scanNamed(label) {
		switch {
		case t.kind == nkLead, t.kind == nkSep && t.text == ":", t.kind == nkDash:
			flush()
		default:
			cur = append(cur, t)
		}
	}
	flush()
	return out
}

// treeTable reads a run whose labels are drawn as a tree.
func treeTable(b *Block, run []namedRow) (Match, bool) {
	depth := 0 // levels below the root
	for _, r := range run {
		if r.line.figures != nil {
			depth = max(depth, len(treeParts(r.text[:r.line.labelEnd])))
		}
	}
	var root string
	var path []string
	paths := make([][]string, len(run))
	for k, r := range run {
		if r.line.figures == nil {
			root, path = cleanNamedLabel(r.text), nil
			continue
		}
		parts := treeParts(r.text[:r.line.labelEnd])
		keep := max(0, min(len(path), depth-len(parts)))
		path = append(path[:keep:keep], parts...)
		if root != "" {
			paths[k] = append([]string{root}, path...)
		} else {
			paths[k] = path
		}
	}
	level := kernelLevel(run, paths)
	t := model.Table{Variants: []string{}}
	units := map[string]bool{}
	seen := map[string]bool{}
	first, strong := -1, 0
	for k, r := range run {
		if r.line.figures == nil {
			continue
		}
		if first < 0 {
			first = k
		}
		if r.line.strong {
			strong++
		}
		path, variant := paths[k], ""
		if level >= 0 {
			variant = path[level]
			path = append(append([]string{}, path[:level]...), path[level+1:]...)
		}
		row, ok := namedModelRow(b, r.at, strings.Join(path, " "), r.line, units)
		if !ok {
			return Match{}, false
		}
		if variant != "" {
			for c := range row.Cells {
				row.Cells[c].Variant = variant
			}
			if !seen[variant] {
				seen[variant] = true
				t.Variants = append(t.Variants, variant)
			}
		}
		t.Rows = append(t.Rows, row)
	}
	if len(t.Rows) < 2 || 2*strong <= len(t.Rows) {
		return Match{}, false
	}
	if len(t.Variants) > 1 {
		if t.Baseline = pickBaseline(t.Variants, false); t.Baseline == "" {
			t.Baseline = t.Variants[0]
		}
	}
	if len(units) == 1 {
		for u := range units {
			t.Unit = u
		}
	}
	sameQuantity(&t)
	return Match{Start: run[first].at, End: run[len(run)-1].at + 1, Table: t}, true
}

// kernelLevel returns the level of the paths of the named lines whose
// parts all name kernels, -1 when there is none or the paths differ in
// depth.
func kernelLevel(run []namedRow, paths [][]string) int {
	depth := -1
	for k, r := range run {
		if r.line.figures == nil {
			continue
		}
		if depth < 0 {
			depth = len(paths[k])
		} else if len(paths[k]) != depth {
			return -1
		}
	}
	for level := 0; level < depth; level++ {
		all := true
		for k, r := range run {
			if r.line.figures != nil && !kernelName(paths[k][level]) {
				all = false
				break
			}
		}
		if all {
			return level
		}
	}
	return -1
}
