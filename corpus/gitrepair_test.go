package corpus_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/corpus"
)

// TestGitHistoryRepaired breaks an epoch's history (a commit object
// lost), crawls it, repairs the object and crawls again: the first crawl
// must leave the checkpoint where it was, so that the second reads the
// commits the break hid, by both readers.
func TestGitHistoryRepaired(t *testing.T) {
	readers := gitReaders()
	msgs := corpusMessages(12)
	for _, reader := range readers {
		t.Run(reader, func(t *testing.T) {
			repo, commits, _ := looseInbox(t, msgs, nil)
			obj := objectFile(repo, commits[3])
			saved, err := os.ReadFile(obj)
			require.NoError(t, err)
			require.NoError(t, os.Remove(obj))
			st := openStore(t, filepath.Join(t.TempDir(), "c.db"))
			crawl := func() (corpus.Progress, []corpus.Fault) { return crawlFaults(t, st, repo, reader) }
			p, faults := crawl()
			assert.EqualValues(t, 8, p.Stored)
			require.Len(t, faults, 1)
			assert.Contains(t, faults[0].Error(), "history before this commit cannot be read")

			p, faults = crawl()
			assert.EqualValues(t, 0, p.Stored, "still broken: nothing new")
			assert.EqualValues(t, 8, p.Duplicates, "the readable commits are read again")
			require.Len(t, faults, 1, "and the break is reported again")

			require.NoError(t, os.WriteFile(obj, saved, 0o444))
			p, faults = crawl()
			assert.Empty(t, faults)
			assert.EqualValues(t, 4, p.Stored, "the commits behind the repaired break")
			assert.Equal(t, 12, count(t, st, "SELECT count(*) FROM messages"))

			p, _ = crawl()
			assert.EqualValues(t, 0, p.Messages, "the checkpoint moves once the history is whole")
		})
	}
}

// TestInboxEpochFaults: an inbox whose epoch 1 is missing and whose
// git/3.git is a file reads epochs 0 and 2 and reports each of the
// others as a fault.
func TestInboxEpochFaults(t *testing.T) {
	inbox := filepath.Join(t.TempDir(), "inbox")
	writeInbox(t, inbox, corpusMessages(4), 99)
	other := writeInbox(t, filepath.Join(t.TempDir(), "other"), laterMessages(3), 99)
	require.NoError(t, os.Rename(other, filepath.Join(inbox, "git", "2.git")))
	require.NoError(t, os.WriteFile(filepath.Join(inbox, "git", "3.git"), []byte("not an epoch\n"), 0o644))
	st := openStore(t, filepath.Join(t.TempDir(), "c.db"))
	var faults []string
	p, err := corpus.Crawl(context.Background(), st, []string{inbox}, corpus.Options{OnFault: func(f corpus.Fault) { faults = append(faults, f.Error()) }})
	require.NoError(t, err)
	assert.EqualValues(t, 7, p.Stored)
	assert.EqualValues(t, 2, p.Faults)
	require.Len(t, faults, 2)
	assert.Contains(t, faults[0], filepath.Join("git", "3.git")+": not a git repository")
	assert.Contains(t, faults[1], filepath.Join("git", "1.git")+" missing")
}
