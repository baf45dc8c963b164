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

// escMbox is a message whose author, subject, context and charset hold
// terminal escapes: a clear-screen, a window title set by OSC ... BEL, a
// colour and a right-to-left override.
const escMbox = "From x@y Mon Jan  1 00:00:00 2024\nFrom: =?utf-8?q?Eve_=1B]0;owned=07?= <eve@example.org>\n" +
	"Subject: Re: [PATCH] sched: \x1b[2Jclear \u202egnp.exe\nMessage-ID: <e1@example.org>\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n" +
	"MIME-Version: 1.0\nContent-Type: text/plain; charset=\"x-\x1b[5mblink\"\n\n" +
	"hackbench \x1b[31mred\n\nTest:            tip                  patched\n 1-groups:     4.25 (0.00 pct)     4.14 (2.58 pct)\n 2-groups:     4.89 (0.00 pct)     4.71 (3.68 pct)\n"

// TestTerminalEscapesShown: what mail puts in headers and labels reaches a
// terminal with its control characters shown (as git shows them), from
// every printer for people and in the warnings; the machine formats keep
// the text exact.
func TestTerminalEscapesShown(t *testing.T) {
	in := filepath.Join(t.TempDir(), "esc.mbox")
	require.NoError(t, os.WriteFile(in, []byte(escMbox), 0o644))
	for _, args := range [][]string{
		{"extract", "-f", "table"},
		{"extract", "-f", "summary"},
		{"summary"},
		{"compare"},
		{"extract", "--explain"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append(args, in), &stdout, &stderr)
		require.Equal(t, 0, code, "%v: %s", args, stderr.String())
		for _, out := range []string{stdout.String(), stderr.String()} {
			assert.NotContains(t, out, "\x1b", args)
			assert.NotContains(t, out, "\x07", args)
			assert.NotContains(t, out, "\u202e", args)
		}
		assert.Contains(t, stdout.String()+stderr.String(), "^[", args)
	}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"extract", "-f", "table", in}, &stdout, &stderr))
	assert.Contains(t, stdout.String(), "sched: ^[[2Jclear <U+202E>gnp.exe")
	assert.Contains(t, stdout.String(), "Eve ^[]0;owned^G")

	stdout.Reset()
	require.Equal(t, 0, run([]string{"extract", "-f", "jsonl", in}, &stdout, &stderr))
	assert.True(t, strings.Contains(stdout.String(), `"author":"Eve \u001b]0;owned\u0007"`), stdout.String())
}
