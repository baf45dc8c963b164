package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const guardTable = "hackbench\nTest:            tip                  patched\n 1-groups:     4.25 (0.00 pct)     4.14 (2.58 pct)\n 2-groups:     4.89 (0.00 pct)     4.71 (3.68 pct)\n"

func guardMessage(id, body string) string {
	return "From x@y Mon Jan  1 00:00:00 2024\nFrom: Tess Runner <tess@example.org>\nSubject: Re: [PATCH] sched: try harder\nMessage-ID: <" + id + ">\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n\n" + body + "\n"
}

// tmpFiles lists the temporary files an output left in dir.
func tmpFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	require.NoError(t, err)
	return m
}

// TestOversizedLineEveryCommand: a line of a megabyte of '=' (and one of
// generated cells) is left out with a warning naming it, by every command
// that reads mail; the tables beside it and the inputs after it are read.
func TestOversizedLineEveryCommand(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.mbox")
	good := filepath.Join(dir, "good.mbox")
	require.NoError(t, os.WriteFile(big, []byte(guardMessage("b1@example.org", strings.Repeat("=", 1<<20)+"\n"+guardTable)+
		guardMessage("b2@example.org", strings.Repeat("1.0 (2.0 pct) ", 100000))), 0o644))
	require.NoError(t, os.WriteFile(good, []byte(guardMessage("g1@example.org", strings.ReplaceAll(guardTable, "4.71", "4.77"))), 0o644))
	for _, args := range [][]string{
		{"extract", "--format", "jsonl", "-o", filepath.Join(dir, "out.jsonl")},
		{"summary"},
		{"compare"},
		{"report", "-o", filepath.Join(dir, "out.html")},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append(args, big, good), &stdout, &stderr)
		assert.Equal(t, 0, code, "%s: %s", args[0], stderr.String())
		if args[0] == "extract" {
			assert.Contains(t, stderr.String(), "big.mbox:7: warning: table-like line 7 alone is")
		}
		assert.Empty(t, tmpFiles(t, dir), args[0])
	}
	out, err := os.ReadFile(filepath.Join(dir, "out.jsonl"))
	require.NoError(t, err)
	assert.Contains(t, string(out), `"message_id":"b1@example.org"`)
	assert.Contains(t, string(out), `"message_id":"g1@example.org"`)
}

// panicOnce panics on its first write, as a bug anywhere in a command
// would, and keeps what is written after.
type panicOnce struct {
	bytes.Buffer
	done bool
}

func (p *panicOnce) Write(b []byte) (int, error) {
	if !p.done {
		p.done = true
		panic("writer bug")
	}
	return p.Buffer.Write(b)
}

// TestInternalErrorLeavesNoTemp: a panic that reaches the CLI ends the run
// with exit status 1 and a message saying so, and the output file being
// written is removed, never left half-written or as a temporary file.
func TestInternalErrorLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.mbox")
	// The warning about the long line is the first write to stderr.
	require.NoError(t, os.WriteFile(in, []byte(guardMessage("w1@example.org", strings.Repeat("=", 1<<20)+"\n"+guardTable)), 0o644))
	var stdout bytes.Buffer
	stderr := &panicOnce{}
	code := run([]string{"extract", "--format", "csv", "-o", filepath.Join(dir, "out.csv"), in}, &stdout, stderr)
	assert.Equal(t, exitError, code)
	assert.Contains(t, stderr.String(), "lkmlbench: internal error (please report): writer bug")
	assert.Empty(t, tmpFiles(t, dir))
	assert.NoFileExists(t, filepath.Join(dir, "out.csv"))
}
