package corpus_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/stretchr/testify/require"
)

// mail renders one list message in the style of lore's mbox downloads.
func mail(i int, subject, body string) string {
	date := time.Date(2023, 3, 1+i%27, 9, i%60, 0, 0, time.UTC)
	return fmt.Sprintf("From: Tess Kernel <tess%d@example.org>\nTo: linux-kernel@vger.kernel.org\n"+
		"Cc: Peter Zijlstra <peterz@infradead.org>,\n\tIngo Molnar <mingo@kernel.org>\n"+
		"Subject: %s\nDate: %s\nMessage-ID: <20230301.%04d-1-tess@example.org>\n\n%s",
		i, subject, date.Format(time.RFC1123Z), i, body)
}

// tableBody is a reply carrying an AMD-style value-pct table whose
// numbers depend on i, so that every table is distinct.
func tableBody(i int) string {
	return fmt.Sprintf(`Hello Tess,

Results on a dual socket machine (lower is better):

hackbench
Test:            tip                  patched
 1-groups:     4.%02d (0.00 pct)     4.%02d (1.20 pct)
 2-groups:     5.%02d (0.00 pct)     5.%02d (-0.40 pct)
 4-groups:     6.%02d (0.00 pct)     6.%02d (2.10 pct)

Tested-by: Tess Kernel <tess@example.org>
`, i%100, (i+3)%100, i%97, (i+5)%97, i%89, (i+7)%89)
}

// proseBody is a review without numbers worth decoding.
func proseBody(i int) string {
	return fmt.Sprintf("On Tue, Feb 28, 2023 at 10:%02d:00AM +0000, Ingo Molnar wrote:\n> The wakeup path is hot; please keep it cheap.\n\nAgreed, v%d drops the extra check.\n\nThanks,\nTess\n", i%60, 2+i%3)
}

// corpusMessages returns n messages, every fifth with a table.
func corpusMessages(n int) []string {
	out := make([]string, n)
	for i := range out {
		if i%5 == 2 {
			out[i] = mail(i, fmt.Sprintf("Re: [PATCH v3 0/4] sched/fair: Rework wakeup (%d)", i), tableBody(i))
		} else {
			out[i] = mail(i, fmt.Sprintf("Re: [PATCH v3 %d/4] sched/fair: Rework wakeup", 1+i%4), proseBody(i))
		}
	}
	return out
}

// writeMbox writes msgs as an mboxrd file.
func writeMbox(t *testing.T, path string, msgs []string) {
	t.Helper()
	var b bytes.Buffer
	for _, m := range msgs {
		b.WriteString("From mboxrd@z Thu Jan  1 00:00:00 1970\n")
		b.WriteString(m)
		b.WriteString("\n")
	}
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
}

// writeMboxGz writes msgs as a gzipped mbox.
func writeMboxGz(t *testing.T, path string, msgs []string) {
	t.Helper()
	plain := filepath.Join(t.TempDir(), "plain.mbox")
	writeMbox(t, plain, msgs)
	data, err := os.ReadFile(plain)
	require.NoError(t, err)
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	_, err = zw.Write(data)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
}

// writeMaildir writes msgs as a Maildir, alternating cur/ and new/, with a
// half-delivered message in tmp/ that must be ignored.
func writeMaildir(t *testing.T, dir string, msgs []string) {
	t.Helper()
	for _, sub := range []string{"cur", "new", "tmp"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, sub), 0o755))
	}
	for i, m := range msgs {
		sub := []string{"cur", "new"}[i%2]
		name := fmt.Sprintf("1677%06d.M%dP1.host:2,S", i, i)
		require.NoError(t, os.WriteFile(filepath.Join(dir, sub, name), []byte(m), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tmp", "partial"), []byte(mail(999, "half", tableBody(999))), 0o644))
}

// writeInbox builds a public-inbox v2 epoch with go-git: one commit per
// message with the message in blob "m", and after message del a deletion
// commit holding "d" instead. It returns the epoch path.
func writeInbox(t *testing.T, dir string, msgs []string, del int) string {
	t.Helper()
	work := filepath.Join(t.TempDir(), "work")
	repo, err := git.PlainInit(work, false)
	require.NoError(t, err)
	wt, err := repo.Worktree()
	require.NoError(t, err)
	sig := &object.Signature{Name: "public-inbox", Email: "pi@example.org", When: time.Date(2023, 3, 1, 0, 0, 0, 0, time.UTC)}
	commit := func(file, data, remove string) {
		if remove != "" {
			_, err := wt.Remove(remove)
			require.NoError(t, err)
		}
		require.NoError(t, os.WriteFile(filepath.Join(work, file), []byte(data), 0o644))
		_, err = wt.Add(file)
		require.NoError(t, err)
		_, err = wt.Commit("msg", &git.CommitOptions{Author: sig})
		require.NoError(t, err)
	}
	for i, m := range msgs {
		switch {
		case i == 0:
			commit("m", m, "")
		case i == del+1:
			commit("m", m, "d")
		default:
			commit("m", m, "")
		}
		if i == del {
			commit("d", m, "m")
		}
	}
	epoch := filepath.Join(dir, "git", "0.git")
	_, err = git.PlainClone(epoch, true, &git.CloneOptions{URL: work})
	require.NoError(t, err)
	return epoch
}
