package corpus_test

import (
	"context"
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
	"github.com/lkmlbench/lkmlbench/export/sqlite"
)

// looseInbox writes a bare public-inbox epoch whose objects are all loose
// files, so that a test can delete or damage single objects: one commit
// per message (blob "m"), and where del[i] a deletion commit (blob "d")
// instead. It returns the epoch and, per commit, the commit and blob ids.
func looseInbox(t *testing.T, msgs []string, del map[int]bool) (string, []plumbing.Hash, []plumbing.Hash) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "0.git")
	repo, err := git.PlainInit(dir, true)
	require.NoError(t, err)
	st := repo.Storer
	put := func(o interface {
		Encode(plumbing.EncodedObject) error
	}, typ plumbing.ObjectType) plumbing.Hash {
		obj := st.NewEncodedObject()
		obj.SetType(typ)
		require.NoError(t, o.Encode(obj))
		h, err := st.SetEncodedObject(obj)
		require.NoError(t, err)
		return h
	}
	var commits, blobs []plumbing.Hash
	var parent []plumbing.Hash
	for i, m := range msgs {
		obj := st.NewEncodedObject()
		obj.SetType(plumbing.BlobObject)
		w, err := obj.Writer()
		require.NoError(t, err)
		_, err = w.Write([]byte(m))
		require.NoError(t, err)
		require.NoError(t, w.Close())
		blob, err := st.SetEncodedObject(obj)
		require.NoError(t, err)
		name := "m"
		if del[i] {
			name = "d"
		}
		tree := put(&object.Tree{Entries: []object.TreeEntry{{Name: name, Mode: filemode.Regular, Hash: blob}}}, plumbing.TreeObject)
		sig := object.Signature{Name: "public-inbox", Email: "pi@example.org", When: time.Date(2023, 3, 1, 0, i, 0, 0, time.UTC)}
		c := put(&object.Commit{Author: sig, Committer: sig, Message: "msg", TreeHash: tree, ParentHashes: parent}, plumbing.CommitObject)
		parent = []plumbing.Hash{c}
		commits, blobs = append(commits, c), append(blobs, blob)
	}
	require.NoError(t, st.SetReference(plumbing.NewHashReference("refs/heads/master", parent[0])))
	require.NoError(t, st.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, "refs/heads/master")))
	return dir, commits, blobs
}

// objectFile is the loose file of an object.
func objectFile(repo string, h plumbing.Hash) string {
	s := h.String()
	return filepath.Join(repo, "objects", s[:2], s[2:])
}

// gitReaders are the git readers this machine runs: go-git always, and the
// git binary when it is on PATH; the fault tests hold both to one answer.
func gitReaders() []string {
	readers := []string{"go-git"}
	if _, err := exec.LookPath("git"); err == nil {
		readers = append(readers, "git")
	}
	return readers
}

// crawlFaults crawls the inbox repo into st with the named git reader and
// returns its progress and the faults it reported.
func crawlFaults(t *testing.T, st *sqlite.Store, repo, reader string) (corpus.Progress, []corpus.Fault) {
	t.Helper()
	var faults []corpus.Fault
	p, err := corpus.Crawl(context.Background(), st, []string{repo}, corpus.Options{GitReader: reader, OnFault: func(f corpus.Fault) { faults = append(faults, f) }})
	require.NoError(t, err)
	return p, faults
}

// TestGitFaults: a missing blob, a damaged blob, a commit without m or d
// and a broken history are counted faults naming the commit; the crawl
// goes on past them, and a deletion commit is no fault. Both readers
// agree.
func TestGitFaults(t *testing.T) {
	readers := gitReaders()
	msgs := corpusMessages(12)
	for _, reader := range readers {
		t.Run(reader, func(t *testing.T) {
			t.Run("blobs", func(t *testing.T) {
				repo, commits, blobs := looseInbox(t, msgs, map[int]bool{4: true})
				require.NoError(t, os.Remove(objectFile(repo, blobs[2])))
				f := objectFile(repo, blobs[7])
				require.NoError(t, os.Chmod(f, 0o644))
				require.NoError(t, os.WriteFile(f, []byte("not zlib at all"), 0o644))
				var faults []corpus.Fault
				st := openStore(t, filepath.Join(t.TempDir(), "c.db"))
				p, err := corpus.Crawl(context.Background(), st, []string{repo}, corpus.Options{GitReader: reader, OnFault: func(f corpus.Fault) { faults = append(faults, f) }})
				require.NoError(t, err)
				assert.EqualValues(t, 9, p.Stored, "12 commits: one deletion, two unreadable")
				assert.EqualValues(t, 2, p.Faults)
				require.Len(t, faults, 2)
				assert.Equal(t, commits[2].String(), faults[0].Commit)
				assert.Equal(t, commits[7].String(), faults[1].Commit)
				for _, f := range faults {
					assert.Contains(t, f.Error(), "blob m")
					assert.Contains(t, f.Error(), repo+": commit ")
				}
			})
			t.Run("no message", func(t *testing.T) {
				repo, commits, _ := looseInbox(t, msgs, nil)
				// A tree that cannot be read: the commit's message is lost.
				c, err := object.GetCommit(mustOpen(t, repo).Storer, commits[5])
				require.NoError(t, err)
				require.NoError(t, os.Remove(objectFile(repo, c.TreeHash)))
				var faults []corpus.Fault
				st := openStore(t, filepath.Join(t.TempDir(), "c.db"))
				p, err := corpus.Crawl(context.Background(), st, []string{repo}, corpus.Options{GitReader: reader, OnFault: func(f corpus.Fault) { faults = append(faults, f) }})
				require.NoError(t, err)
				assert.EqualValues(t, 11, p.Stored)
				require.Len(t, faults, 1)
				assert.Equal(t, commits[5].String(), faults[0].Commit)
				assert.Contains(t, faults[0].Err.Error(), "cannot be read")
			})
			t.Run("damaged tree", func(t *testing.T) {
				repo, commits, _ := looseInbox(t, msgs, nil)
				// A tree that is there but cannot be read: git's listing
				// stops at it, after the commits before it.
				c, err := object.GetCommit(mustOpen(t, repo).Storer, commits[5])
				require.NoError(t, err)
				f := objectFile(repo, c.TreeHash)
				require.NoError(t, os.Chmod(f, 0o644))
				require.NoError(t, os.WriteFile(f, []byte("not zlib at all"), 0o644))
				var faults []corpus.Fault
				st := openStore(t, filepath.Join(t.TempDir(), "c.db"))
				p, err := corpus.Crawl(context.Background(), st, []string{repo}, corpus.Options{GitReader: reader, OnFault: func(f corpus.Fault) { faults = append(faults, f) }})
				require.NoError(t, err)
				assert.EqualValues(t, 11, p.Stored, "every commit but the damaged one")
				require.Len(t, faults, 1)
				assert.Equal(t, commits[5].String(), faults[0].Commit)
			})
			t.Run("broken history", func(t *testing.T) {
				repo, commits, _ := looseInbox(t, msgs, nil)
				require.NoError(t, os.Remove(objectFile(repo, commits[3])))
				var faults []corpus.Fault
				st := openStore(t, filepath.Join(t.TempDir(), "c.db"))
				p, err := corpus.Crawl(context.Background(), st, []string{repo}, corpus.Options{GitReader: reader, OnFault: func(f corpus.Fault) { faults = append(faults, f) }})
				require.NoError(t, err)
				// Commits 4..11 are reachable; 0..3 are behind the break.
				assert.EqualValues(t, 8, p.Stored)
				require.Len(t, faults, 1)
				assert.True(t, strings.Contains(faults[0].Err.Error(), "history before this commit cannot be read"), faults[0].Error())
			})
		})
	}
}

// TestGitFaultsIncremental: an unreadable commit moves no checkpoint. A
// re-run reads only the commits after the last one stored: a fault behind
// it is not met again, one at the end of the epoch is read (and reported)
// again.
func TestGitFaultsIncremental(t *testing.T) {
	readers := gitReaders()
	msgs := corpusMessages(12)
	for _, reader := range readers {
		t.Run(reader, func(t *testing.T) {
			repo, commits, blobs := looseInbox(t, msgs, nil)
			require.NoError(t, os.Remove(objectFile(repo, blobs[5])))
			require.NoError(t, os.Remove(objectFile(repo, blobs[11])))
			st := openStore(t, filepath.Join(t.TempDir(), "c.db"))
			crawl := func() (corpus.Progress, []corpus.Fault) { return crawlFaults(t, st, repo, reader) }
			p, faults := crawl()
			assert.EqualValues(t, 10, p.Stored)
			require.Len(t, faults, 2)
			assert.Equal(t, commits[5].String(), faults[0].Commit)
			assert.Equal(t, commits[11].String(), faults[1].Commit)

			p, faults = crawl()
			assert.Zero(t, p.Stored)
			require.Len(t, faults, 1, "only the commit after the checkpoint is read again")
			assert.Equal(t, commits[11].String(), faults[0].Commit)
			assert.Contains(t, faults[0].Error(), "blob m")
		})
	}
}

func mustOpen(t *testing.T, dir string) *git.Repository {
	t.Helper()
	r, err := git.PlainOpen(dir)
	require.NoError(t, err)
	return r
}

// TestGitRepeatedMessage: a message committed again after a deletion has
// the tree and blob of its first commit, which the git reader's listing
// names only once; the later commits are still read (the repeat is a
// duplicate, the deletion no fault), by both readers.
func TestGitRepeatedMessage(t *testing.T) {
	readers := gitReaders()
	msgs := corpusMessages(6)
	msgs = append(msgs, msgs[2], msgs[2], corpusMessages(8)[7])
	for _, reader := range readers {
		t.Run(reader, func(t *testing.T) {
			repo, _, _ := looseInbox(t, msgs, map[int]bool{6: true})
			var faults []corpus.Fault
			st := openStore(t, filepath.Join(t.TempDir(), "c.db"))
			p, err := corpus.Crawl(context.Background(), st, []string{repo}, corpus.Options{GitReader: reader, OnFault: func(f corpus.Fault) { faults = append(faults, f) }})
			require.NoError(t, err)
			assert.Empty(t, faults)
			assert.EqualValues(t, 8, p.Messages, "9 commits, one deletion")
			assert.EqualValues(t, 7, p.Stored)
			assert.EqualValues(t, 1, p.Duplicates)
		})
	}
}
