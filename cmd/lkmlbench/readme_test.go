package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export"
	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/parse"
)

// TestReadme keeps the README's reference in step with the code: every
// registered container form, table family, output format and extract flag
// is named there.
func TestReadme(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	readme := string(b)
	var names []string
	names = append(names, mbox.Forms()...)
	names = append(names, parse.Families()...)
	for _, f := range export.Formats {
		names = append(names, string(f))
	}
	for _, name := range names {
		assert.True(t, strings.Contains(readme, "`"+name+"`") || strings.Contains(readme, "|"+name+"`") ||
			strings.Contains(readme, name+"\\|"), "README.md does not name %q", name)
	}

	var stdout, stderr strings.Builder
	require.Equal(t, exitOK, run([]string{"extract", "--help"}, &stdout, &stderr))
	flags := helpFlag.FindAllStringSubmatch(stdout.String(), -1)
	require.NotEmpty(t, flags)
	for _, m := range flags {
		if m[1] != "--help" && m[1] != "--version" {
			assert.True(t, strings.Contains(readme, "`"+m[1]) || strings.Contains(readme, ", "+m[1]), "README.md does not document extract %s", m[1])
		}
	}
}

// helpFlag finds the flags kong lists in a command's help.
var helpFlag = regexp.MustCompile(`(?m)^\s+(?:-\w, )?(--[a-z][a-z-]*)`)
