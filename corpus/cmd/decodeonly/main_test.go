package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// invented is an invented mail: plain when parts is 0, else multipart with
// that many parts, the last one base64.
func invented(i, parts int) string {
	head := fmt.Sprintf("From: Dev %d <dev%d@example.org>\nSubject: [PATCH] thing %d\nMessage-ID: <m%d@example.org>\n", i, i, i, i)
	if parts == 0 {
		return head + "\nplain body\n"
	}
	var b strings.Builder
	b.WriteString(head + "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=BB\n\n")
	for p := 1; p <= parts; p++ {
		b.WriteString("--BB\n")
		if p == parts {
			b.WriteString("Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\naGVsbG8K\n")
		} else {
			b.WriteString("Content-Type: text/plain\n\npart text\n")
		}
	}
	b.WriteString("--BB--\n")
	return b.String()
}

// TestDecodeArchive checks that the yardstick reads every message of an
// mbox, a bare git epoch and an inbox holding it, and every part of each,
// in any number of workers.
func TestDecodeArchive(t *testing.T) {
	msgs := []string{invented(1, 0), invented(2, 3), invented(3, 2)}
	const parts = 1 + 3 + 2

	dir := t.TempDir()
	mb := filepath.Join(dir, "list.mbox")
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString("From dev@example.org Thu Jan  1 00:00:00 1970\n" + m + "\n")
	}
	require.NoError(t, os.WriteFile(mb, []byte(b.String()), 0o644))

	work := filepath.Join(dir, "work")
	repo, err := git.PlainInit(work, false)
	require.NoError(t, err)
	wt, err := repo.Worktree()
	require.NoError(t, err)
	sig := &object.Signature{Name: "pi", Email: "pi@example.org", When: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}
	for _, m := range msgs {
		require.NoError(t, os.WriteFile(filepath.Join(work, "m"), []byte(m), 0o644))
		_, err = wt.Add("m")
		require.NoError(t, err)
		_, err = wt.Commit("m", &git.CommitOptions{Author: sig})
		require.NoError(t, err)
	}
	epoch := filepath.Join(dir, "inbox", "git", "0.git")
	_, err = git.PlainClone(epoch, true, &git.CloneOptions{URL: work})
	require.NoError(t, err)

	for _, path := range []string{mb, epoch, filepath.Join(dir, "inbox")} {
		for _, workers := range []int{1, 3} {
			got, err := decodeArchive(path, workers)
			require.NoError(t, err, path)
			assert.Equal(t, tally{messages: 3, bytes: got.bytes, parts: parts}, got, "%s, %d workers", path, workers)
			assert.Greater(t, got.bytes, int64(len(msgs[0])), path)
		}
	}
	_, err = decodeArchive(filepath.Join(dir, "missing.mbox"), 1)
	assert.Error(t, err)
}
