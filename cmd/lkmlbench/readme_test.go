package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench"
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

// TestReadmeLimits: the "Limits and faults" table gives the budgets the
// code enforces.
func TestReadmeLimits(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	readme := string(b)
	for _, want := range []string{
		thousands(parse.MaxBlockLines) + " lines or " + strconv.Itoa(parse.MaxBlockBytes>>20) + " MiB",
		thousands(lkmlbench.MaxTextLines) + " lines of text per message",
		thousands(lkmlbench.MaxWaiting) + " tables",
		strconv.Itoa(mbox.DefaultMaxMessageBytes>>20) + " MiB",
	} {
		assert.Contains(t, readme, want)
	}
}

// thousands renders n with comma separators, as the README writes numbers.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// helpFlag finds the flags kong lists in a command's help.
var helpFlag = regexp.MustCompile(`(?m)^\s+(?:-\w, )?(--[a-z][a-z-]*)`)
