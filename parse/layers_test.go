package parse

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// layers are the packages under parse/internal, lowest first (doc.go
// names them): each may import only the ones before it, and model.
var layers = []string{"text", "shell", "token", "grammar", "cell", "layout"}

// TestLayers holds the internal packages to their order, so that no layer
// reads one above it, and makes every new package take its place in it.
func TestLayers(t *testing.T) {
	const module = "github.com/lkmlbench/lkmlbench/"
	dirs, err := os.ReadDir("internal")
	require.NoError(t, err)
	var found []string
	for _, d := range dirs {
		if d.IsDir() {
			found = append(found, d.Name())
		}
	}
	require.ElementsMatch(t, layers, found, "every package under parse/internal has its place in layers")
	below := map[string]bool{"model": true}
	for _, name := range layers {
		pkg, err := build.ImportDir(filepath.Join("internal", name), 0)
		require.NoError(t, err)
		for _, imp := range pkg.Imports {
			rel, ours := strings.CutPrefix(imp, module)
			if !ours {
				continue
			}
			require.True(t, below[rel], "parse/internal/%s imports %s, which is not below it", name, rel)
		}
		below["parse/internal/"+name] = true
	}
}
