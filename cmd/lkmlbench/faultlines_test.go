package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFaultsOutliveWarnings crawls an mbox whose first message gives more
// warnings than are printed (cells no float64 holds) and whose second is
// no mail at all (NUL bytes): the fault must still be printed, with
// --quiet too, as the exit status says the crawl met one.
func TestFaultsOutliveWarnings(t *testing.T) {
	var rows strings.Builder
	for i := range maxFaultLines + 20 {
		fmt.Fprintf(&rows, "case%-4d  1e999   2.0\n", i)
	}
	mbox := "From a@b Thu Jan  1 00:00:00 2024\n" +
		"From: A <a@example.org>\nSubject: [PATCH 0/1] widget speed\nMessage-ID: <w1@example.org>\n" +
		"Date: Mon, 1 Jan 2024 00:00:00 +0000\n\nResults (ops/s, higher is better):\n\n" +
		"case      base    patched\n" + rows.String() + "\n" +
		"From a@b Thu Jan  1 00:00:00 2024\n" +
		"From: A <a@example.org>\nSubject: binary\nMessage-ID: <w2@example.org>\n" +
		"Date: Mon, 1 Jan 2024 00:00:00 +0000\n\nbad \x00 byte\n"
	dir := t.TempDir()
	in := filepath.Join(dir, "warn.mbox")
	require.NoError(t, os.WriteFile(in, []byte(mbox), 0o644))
	for _, quiet := range []bool{false, true} {
		args := []string{"crawl", "--db", filepath.Join(dir, fmt.Sprintf("q%v.db", quiet)), in}
		if quiet {
			args = append([]string{"-q"}, args...)
		}
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 1, run(args, &stdout, &stderr), "quiet=%v", quiet)
		assert.Contains(t, stderr.String(), "lkmlbench: fault: "+in+": offset", "quiet=%v", quiet)
		assert.Contains(t, stderr.String(), "NUL bytes", "quiet=%v", quiet)
		if quiet {
			assert.NotContains(t, stderr.String(), "warning", "--quiet prints no warnings")
		} else {
			assert.Contains(t, stderr.String(), "lkmlbench: further warnings are only counted")
		}
	}
}
