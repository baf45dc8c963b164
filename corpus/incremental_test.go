package corpus_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/corpus"
)

// appendInbox adds one commit per message to a public-inbox epoch, the
// way public-inbox does when mail arrives: blob "m" in a fresh tree,
// parent the old HEAD.
func appendInbox(t *testing.T, epoch string, msgs []string) {
	t.Helper()
	repo, err := git.PlainOpen(epoch)
	require.NoError(t, err)
	head, err := repo.Head()
	require.NoError(t, err)
	parent := head.Hash()
	sig := object.Signature{Name: "public-inbox", Email: "pi@example.org", When: time.Date(2023, 4, 1, 0, 0, 0, 0, time.UTC)}
	store := func(o interface {
		Encode(plumbing.EncodedObject) error
	}) plumbing.Hash {
		obj := repo.Storer.NewEncodedObject()
		require.NoError(t, o.Encode(obj))
		h, err := repo.Storer.SetEncodedObject(obj)
		require.NoError(t, err)
		return h
	}
	for _, m := range msgs {
		blob := repo.Storer.NewEncodedObject()
		blob.SetType(plumbing.BlobObject)
		w, err := blob.Writer()
		require.NoError(t, err)
		_, err = w.Write([]byte(m))
		require.NoError(t, err)
		require.NoError(t, w.Close())
		bh, err := repo.Storer.SetEncodedObject(blob)
		require.NoError(t, err)
		tree := store(&object.Tree{Entries: []object.TreeEntry{{Name: "m", Mode: filemode.Regular, Hash: bh}}})
		parent = store(&object.Commit{Author: sig, Committer: sig, Message: "msg", TreeHash: tree, ParentHashes: []plumbing.Hash{parent}})
	}
	require.NoError(t, repo.Storer.SetReference(plumbing.NewHashReference(head.Name(), parent)))
}

// laterMessages are n messages unlike corpusMessages' (other ids), every
// other one with a table.
func laterMessages(n int) []string {
	out := make([]string, n)
	for i := range out {
		body := proseBody(100 + i)
		if i%2 == 0 {
			body = tableBody(100 + i)
		}
		out[i] = mail(100+i, fmt.Sprintf("Re: [PATCH v4 0/4] sched/fair: Rework wakeup (%d)", i), body)
	}
	return out
}

// TestIncrementalAppend crawls an archive, appends mail to it, and checks
// that the second crawl reads and adds exactly the new mail, in each form
// that can grow: a public-inbox epoch (through git and go-git), a plain
// mbox and a Maildir.
func TestIncrementalAppend(t *testing.T) {
	type form struct {
		name   string
		build  func(t *testing.T, dir string) string
		append func(t *testing.T, in string, msgs []string)
		opts   corpus.Options
	}
	forms := []form{
		{"mbox", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "list.mbox")
			writeMbox(t, p, corpusMessages(20))
			return p
		}, func(t *testing.T, in string, msgs []string) {
			f, err := os.OpenFile(in, os.O_APPEND|os.O_WRONLY, 0)
			require.NoError(t, err)
			for _, m := range msgs {
				_, err = fmt.Fprintf(f, "From mboxrd@z Thu Jan  1 00:00:00 1970\n%s\n", m)
				require.NoError(t, err)
			}
			require.NoError(t, f.Close())
		}, corpus.Options{}},
		// Old Mac line endings: read as LF on both crawls, so that the
		// checkpoint's digest matches and only the new mail is read.
		{"mbox CR-only", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "list.mbox")
			writeMbox(t, p, corpusMessages(20))
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(p, bytes.ReplaceAll(data, []byte("\n"), []byte("\r")), 0o644))
			return p
		}, func(t *testing.T, in string, msgs []string) {
			f, err := os.OpenFile(in, os.O_APPEND|os.O_WRONLY, 0)
			require.NoError(t, err)
			for _, m := range msgs {
				_, err = f.WriteString(strings.ReplaceAll("From mboxrd@z Thu Jan  1 00:00:00 1970\n"+m+"\n", "\n", "\r"))
				require.NoError(t, err)
			}
			require.NoError(t, f.Close())
		}, corpus.Options{}},
		{"maildir", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "Maildir")
			writeMaildir(t, p, corpusMessages(20))
			return p
		}, func(t *testing.T, in string, msgs []string) {
			for i, m := range msgs {
				name := filepath.Join(in, "new", fmt.Sprintf("1680%06d.M%dP2.host", i, i))
				require.NoError(t, os.WriteFile(name, []byte(m), 0o644))
			}
			// A flag change renames a stored message: it is not new.
			cur, err := filepath.Glob(filepath.Join(in, "cur", "*:2,S"))
			require.NoError(t, err)
			require.NotEmpty(t, cur)
			require.NoError(t, os.Rename(cur[0], cur[0]+"R"))
		}, corpus.Options{}},
		{"public-inbox/go-git", func(t *testing.T, dir string) string {
			return writeInbox(t, filepath.Join(dir, "inbox"), corpusMessages(20), 5)
		}, appendInbox, corpus.Options{GitReader: "go-git"}},
	}
	if _, err := exec.LookPath("git"); err == nil {
		forms = append(forms, form{"public-inbox/git", func(t *testing.T, dir string) string {
			return writeInbox(t, filepath.Join(dir, "inbox"), corpusMessages(20), 5)
		}, appendInbox, corpus.Options{GitReader: "git"}})
	}
	for _, f := range forms {
		t.Run(f.name, func(t *testing.T) {
			dir := t.TempDir()
			in := f.build(t, dir)
			st := openStore(t, filepath.Join(dir, "c.db"))
			first, err := corpus.Crawl(context.Background(), st, []string{in}, f.opts)
			require.NoError(t, err)
			stored := count(t, st, "SELECT count(*) FROM messages")
			tables := count(t, st, "SELECT count(*) FROM tables")
			require.EqualValues(t, stored, first.Stored)

			f.append(t, in, laterMessages(7))
			p, err := corpus.Crawl(context.Background(), st, []string{in}, f.opts)
			require.NoError(t, err)
			assert.EqualValues(t, 7, p.Messages, "only the new mail is read")
			assert.EqualValues(t, 7, p.Stored)
			assert.EqualValues(t, 0, p.Duplicates)
			assert.EqualValues(t, 4, p.Tables)
			assert.Equal(t, stored+7, count(t, st, "SELECT count(*) FROM messages"))
			assert.Equal(t, tables+4, count(t, st, "SELECT count(*) FROM tables"))

			p, err = corpus.Crawl(context.Background(), st, []string{in}, f.opts)
			require.NoError(t, err)
			assert.EqualValues(t, 0, p.Messages, "nothing new: nothing read")
		})
	}
}

// TestIncrementalRewritten checks that an mbox changed before its
// checkpoint (not only appended to) is read again from its start, that
// its stored messages are skipped before decoding, and that the store
// adds only the changed message.
func TestIncrementalRewritten(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "list.mbox")
	msgs := corpusMessages(20)
	writeMbox(t, in, msgs)
	st := openStore(t, filepath.Join(dir, "c.db"))
	_, err := corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{})
	require.NoError(t, err)

	msgs[19] = mail(19, "Re: [PATCH v3 4/4] sched/fair: Rework wakeup", proseBody(77))
	writeMbox(t, in, msgs)
	p, err := corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{})
	require.NoError(t, err)
	assert.EqualValues(t, 20, p.Messages)
	assert.EqualValues(t, 1, p.Stored)
	assert.EqualValues(t, 19, p.Duplicates)
	assert.EqualValues(t, 0, p.Decoded, "the stored messages with tables are not decoded again")
}

// TestIncrementalSelection checks that a crawl with a filter does not
// keep a crawl of everything from reading what the filter left out.
func TestIncrementalSelection(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "list.mbox")
	writeMbox(t, in, corpusMessages(20))
	st := openStore(t, filepath.Join(dir, "c.db"))
	opts := corpus.Options{}
	opts.Filter.Since = time.Date(2023, 3, 20, 0, 0, 0, 0, time.UTC)
	p, err := corpus.Crawl(context.Background(), st, []string{in}, opts)
	require.NoError(t, err)
	require.Positive(t, p.Filtered)

	p, err = corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{})
	require.NoError(t, err)
	assert.EqualValues(t, 20, p.Messages)
	assert.Equal(t, 20, count(t, st, "SELECT count(*) FROM messages"))
}

// TestInterruptResumeInbox stops a crawl of a public-inbox epoch after a
// few batches and resumes it: the resumed crawl reads only the commits
// after the last committed batch.
func TestInterruptResumeInbox(t *testing.T) {
	dir := t.TempDir()
	in := writeInbox(t, filepath.Join(dir, "inbox"), corpusMessages(40), 10)
	st := openStore(t, filepath.Join(dir, "c.db"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := corpus.Options{BatchSize: 5, OnProgress: func(p corpus.Progress) {
		if p.Stored >= 10 {
			cancel()
		}
	}}
	p, err := corpus.Crawl(ctx, st, []string{in}, opts)
	require.ErrorIs(t, err, context.Canceled)
	stored := count(t, st, "SELECT count(*) FROM messages")
	require.Less(t, stored, 40, "the crawl should have stopped early")
	assert.EqualValues(t, 41, p.TotalCommits, "40 messages and a deletion")

	p, err = corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{BatchSize: 5})
	require.NoError(t, err)
	assert.EqualValues(t, 0, p.Duplicates)
	assert.EqualValues(t, 40-stored, p.Stored)
	assert.Equal(t, 40, count(t, st, "SELECT count(DISTINCT message_id) FROM messages"))
	assert.Equal(t, 40, count(t, st, "SELECT count(*) FROM messages"))
}

// TestNoTotals: a crawl told to show no totals does not count the commits
// beforehand, and reads them all the same.
func TestNoTotals(t *testing.T) {
	dir := t.TempDir()
	in := writeInbox(t, filepath.Join(dir, "inbox"), corpusMessages(12), 10)
	st := openStore(t, filepath.Join(dir, "c.db"))
	p, err := corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{NoTotals: true})
	require.NoError(t, err)
	assert.EqualValues(t, 0, p.TotalCommits)
	assert.EqualValues(t, 12, p.Stored)
	assert.Positive(t, p.Commits)
}
