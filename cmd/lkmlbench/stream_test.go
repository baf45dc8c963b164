package main

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStreaming: the records of the first input are on standard output
// before the second input (standard input, held open here) has been read.
func TestStreaming(t *testing.T) {
	for _, format := range []string{"jsonl", "csv"} {
		t.Run(format, func(t *testing.T) {
			stdinR, stdinW, err := os.Pipe()
			require.NoError(t, err)
			saved := os.Stdin
			os.Stdin = stdinR
			defer func() { os.Stdin = saved; stdinR.Close() }()

			outR, outW := io.Pipe()
			code := make(chan int, 1)
			go func() {
				var stderr strings.Builder
				code <- run([]string{"extract", "-f", format, filepath.Join("testdata", "thread.mbox"), "-"}, outW, &stderr)
				outW.Close()
			}()
			lines := make(chan string)
			go func() {
				sc := bufio.NewScanner(outR)
				for sc.Scan() {
					lines <- sc.Text()
				}
				close(lines)
			}()

			want := 12
			if format == "csv" {
				want++ // the header
			}
			for i := range want {
				select {
				case l := <-lines:
					if format == "jsonl" {
						assert.Contains(t, l, `"table":"t01"`)
					}
				case <-time.After(10 * time.Second):
					t.Fatalf("only %d lines written before the second input was read", i)
				}
			}
			_, err = stdinW.WriteString(stdinMessage)
			require.NoError(t, err)
			require.NoError(t, stdinW.Close())
			rest := 0
			for range lines {
				rest++
			}
			assert.Equal(t, 8, rest, "records of standard input")
			assert.Equal(t, exitOK, <-code)
		})
	}
}

const stdinMessage = `From: Pat Tester <pat@example.net>
Subject: Re: [PATCH] mm: Batch the LRU drain
Message-ID: <a1b2c3@example.net>

Test:       tip       patched
  1:    10.00 (0.00 pct)  9.50 (5.00 pct)
  2:    20.00 (0.00 pct)  19.00 (5.00 pct)
`
