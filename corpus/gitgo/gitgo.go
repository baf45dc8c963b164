package gitgo

import (
	"context"
	"errors"
	"fmt"
	"io"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
)

// ErrHistory is the fault of a history that breaks off: the commits
// before the one it names cannot be reached.
var ErrHistory = errors.New("the history before this commit cannot be read")

// Messages calls fn with every message of the epoch repository at dir,
// oldest commit first: the id and content of the blob "m" of each commit.
// Deletion commits (a blob "d" instead) are skipped. With since, only the
// commits after it are read; when the walk back from HEAD does not meet
// it (a rewritten history), every commit is. Every commit that cannot be
// read (missing or damaged objects, neither "m" nor "d") goes to fault,
// and the walk goes on past it; where the history itself breaks off (a
// parent commit cannot be read), the older commits are out of reach and
// fault is told so once. An error of fn or fault stops the walk and is
// returned.
func Messages(ctx context.Context, dir, since string, fn func(commit string, blob [20]byte, data []byte) error, fault func(commit string, err error) error) error {
	repo, hashes, logErr, err := commits(ctx, dir, since)
	if err != nil {
		return err
	}
	if logErr != nil {
		last := hashes[len(hashes)-1]
		if err := fault(last.String(), fmt.Errorf("%w, older messages are lost: %w", ErrHistory, logErr)); err != nil {
			return err
		}
	}
	for i := len(hashes) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return err
		}
		blob, data, err := message(repo, hashes[i])
		switch {
		case errors.Is(err, errDeletion):
			continue
		case err != nil:
			err = fault(hashes[i].String(), err)
		default:
			err = fn(hashes[i].String(), [20]byte(blob), data)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Count returns the number of commits Messages reads with since (up to
// where the history breaks off, if it does).
func Count(ctx context.Context, dir, since string) (int64, error) {
	_, hashes, _, err := commits(ctx, dir, since)
	return int64(len(hashes)), err
}

// commits lists the commits after since back from HEAD, newest first;
// 20 bytes per commit is all that is kept to replay them oldest first.
// logErr is where the walk broke off on an unreadable commit, with the
// commits listed before it (at least one: a walk that reads nothing is
// err).
func commits(ctx context.Context, dir, since string) (repo *git.Repository, hashes []plumbing.Hash, logErr, err error) {
	repo, err = git.PlainOpen(dir)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", dir, err)
	}
	head, err := repo.Head()
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: HEAD: %w", dir, err)
	}
	iter, err := repo.Log(&git.LogOptions{From: head.Hash()})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: log: %w", dir, err)
	}
	stop := plumbing.NewHash(since)
	found := false
	logErr = iter.ForEach(func(c *object.Commit) error {
		if since != "" && c.Hash == stop {
			found = true
			return storer.ErrStop
		}
		hashes = append(hashes, c.Hash)
		return ctx.Err()
	})
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}
	switch {
	case logErr != nil && len(hashes) == 0:
		return nil, nil, nil, fmt.Errorf("%s: log: %w", dir, logErr)
	case logErr == nil && since != "" && !found:
		return commits(ctx, dir, "")
	}
	return repo, hashes, logErr, nil
}

// errDeletion marks a deletion commit: blob "d" instead of "m".
var errDeletion = errors.New("deletion commit")

// message returns the blob "m" of a commit and its id, errDeletion for a
// deletion commit, or an error saying what could not be read.
func message(repo *git.Repository, h plumbing.Hash) (plumbing.Hash, []byte, error) {
	var none plumbing.Hash
	c, err := repo.CommitObject(h)
	if err != nil {
		return none, nil, fmt.Errorf("the commit cannot be read: %w", err)
	}
	tree, err := c.Tree()
	if err != nil {
		return none, nil, fmt.Errorf("the commit's tree cannot be read: %w", err)
	}
	entry, err := tree.FindEntry("m")
	if err != nil {
		if _, derr := tree.FindEntry("d"); derr == nil {
			return none, nil, errDeletion
		}
		return none, nil, errors.New("the commit holds neither a message (m) nor a deletion (d)")
	}
	blob, err := repo.BlobObject(entry.Hash)
	if err != nil {
		return none, nil, fmt.Errorf("blob m (%s) is missing from the repository or damaged: %w", entry.Hash, err)
	}
	r, err := blob.Reader()
	if err != nil {
		return none, nil, fmt.Errorf("blob m (%s) cannot be read: %w", entry.Hash, err)
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		return none, nil, fmt.Errorf("blob m (%s) is damaged: %w", entry.Hash, err)
	}
	return entry.Hash, data, nil
}
