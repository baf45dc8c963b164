package corpus

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/mbox"
)

// fastImportEpoch writes a public-inbox epoch holding the messages of the
// mbox files, one commit each (blob "m"; each commit's parent is the
// one before), through git fast-import.
func fastImportEpoch(t *testing.T, dir string, mboxes ...string) string {
	t.Helper()
	var stream bytes.Buffer
	n := 0
	for _, path := range mboxes {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		sc := mbox.NewRawScanner(bytes.NewReader(data))
		for sc.Scan() {
			n++
			msg := sc.Message().Data
			fmt.Fprintf(&stream, "commit refs/heads/master\ncommitter pi <pi@example.org> %d +0000\ndata 1\nm\n", 1700000000+n)
			fmt.Fprintf(&stream, "M 100644 inline m\ndata %d\n%s\n", len(msg), msg)
		}
		require.NoError(t, sc.Err())
	}
	epoch := filepath.Join(dir, "0.git")
	require.NoError(t, exec.Command("git", "init", "-q", "--bare", epoch).Run())
	cmd := exec.Command("git", "-C", epoch, "fast-import", "--quiet")
	cmd.Stdin = &stream
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.NoError(t, exec.Command("git", "-C", epoch, "symbolic-ref", "HEAD", "refs/heads/master").Run())
	return epoch
}

// TestBudgetBalanced: every byte a crawl takes from its budget comes
// back, whether the messages come from an mbox (the reader's share) or
// from runs of commits (a run's reservation, its tables' share), with
// one worker or several and batches small enough that tables wait for
// their turn.
func TestBudgetBalanced(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	mboxes := []string{filepath.Join("..", "testdata", "example-thread.mbox"), filepath.Join("..", "testdata", "series.mbox")}
	epoch := fastImportEpoch(t, dir, mboxes...)
	for _, workers := range []int{1, 3} {
		t.Run(fmt.Sprint(workers), func(t *testing.T) {
			st, err := sqlite.Open(filepath.Join(t.TempDir(), "c.db"))
			require.NoError(t, err)
			defer st.Close()
			inputs := append([]string{epoch}, mboxes...)
			c, err := prepare(context.Background(), st, inputs, Options{Workers: workers, BatchSize: 3, GitReader: "git"})
			require.NoError(t, err)
			p, err := c.run(context.Background(), inputs)
			require.NoError(t, err)
			assert.Positive(t, p.Tables)
			assert.Zero(t, c.budget.used)
		})
	}
}

// TestGitReadInParts: a run read one answer at a time (gitReadBytes
// passed by every message) hands on what a run read whole does.
func TestGitReadInParts(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	epoch := fastImportEpoch(t, t.TempDir(), filepath.Join("..", "testdata", "example-thread.mbox"), filepath.Join("..", "testdata", "series.mbox"))
	read := func() []string {
		var out []string
		r := NewGitReader(context.Background(), epoch)
		defer r.Close()
		err := GitList(context.Background(), epoch, "", func(run []GitCommit) error {
			return r.Read(run, func(m GitMessage) error {
				out = append(out, fmt.Sprintf("%d %s %x %d %v", m.Index, m.Commit, m.Blob, len(m.Data), m.Err))
				return nil
			})
		}, func(commit string, err error) error { return err })
		require.NoError(t, err)
		return out
	}
	whole := read()
	require.NotEmpty(t, whole)
	defer func(n int) { gitReadBytes = n }(gitReadBytes)
	gitReadBytes = 1
	assert.Equal(t, whole, read())
}
