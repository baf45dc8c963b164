package gitgo

import (
	"context"
	"errors"
	"fmt"
	"io"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Messages calls fn with every message of the epoch repository at dir,
// oldest commit first: the content of the blob "m" of each commit.
// Deletion commits (a blob "d" instead) are skipped. An error of fn stops
// the walk and is returned.
func Messages(ctx context.Context, dir string, fn func(commit string, data []byte) error) error {
	repo, err := git.PlainOpen(dir)
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	head, err := repo.Head()
	if err != nil {
		return fmt.Errorf("%s: HEAD: %w", dir, err)
	}
	iter, err := repo.Log(&git.LogOptions{From: head.Hash()})
	if err != nil {
		return fmt.Errorf("%s: log: %w", dir, err)
	}
	// The log runs newest first; 20 bytes per commit is all that is kept
	// to replay it oldest first.
	var hashes []plumbing.Hash
	err = iter.ForEach(func(c *object.Commit) error {
		hashes = append(hashes, c.Hash)
		return ctx.Err()
	})
	if err != nil {
		return fmt.Errorf("%s: log: %w", dir, err)
	}
	for i := len(hashes) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return err
		}
		data, err := message(repo, hashes[i])
		if errors.Is(err, object.ErrFileNotFound) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: commit %s: %w", dir, hashes[i], err)
		}
		if err := fn(hashes[i].String(), data); err != nil {
			return err
		}
	}
	return nil
}

// message returns the blob "m" of a commit.
func message(repo *git.Repository, h plumbing.Hash) ([]byte, error) {
	c, err := repo.CommitObject(h)
	if err != nil {
		return nil, err
	}
	f, err := c.File("m")
	if err != nil {
		return nil, err
	}
	r, err := f.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}
