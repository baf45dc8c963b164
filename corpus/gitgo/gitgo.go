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

// Messages calls fn with every message of the epoch repository at dir,
// oldest commit first: the content of the blob "m" of each commit.
// Deletion commits (a blob "d" instead) are skipped. With since, only the
// commits after it are read; when the walk back from HEAD does not meet
// it (a rewritten history), every commit is. An error of fn stops the
// walk and is returned.
func Messages(ctx context.Context, dir, since string, fn func(commit string, data []byte) error) error {
	repo, hashes, err := commits(ctx, dir, since)
	if err != nil {
		return err
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

// Count returns the number of commits Messages reads with since.
func Count(ctx context.Context, dir, since string) (int64, error) {
	_, hashes, err := commits(ctx, dir, since)
	return int64(len(hashes)), err
}

// commits lists the commits after since back from HEAD, newest first;
// 20 bytes per commit is all that is kept to replay them oldest first.
func commits(ctx context.Context, dir, since string) (*git.Repository, []plumbing.Hash, error) {
	repo, err := git.PlainOpen(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", dir, err)
	}
	head, err := repo.Head()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: HEAD: %w", dir, err)
	}
	iter, err := repo.Log(&git.LogOptions{From: head.Hash()})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: log: %w", dir, err)
	}
	stop := plumbing.NewHash(since)
	var hashes []plumbing.Hash
	found := false
	err = iter.ForEach(func(c *object.Commit) error {
		if since != "" && c.Hash == stop {
			found = true
			return storer.ErrStop
		}
		hashes = append(hashes, c.Hash)
		return ctx.Err()
	})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: log: %w", dir, err)
	}
	if since != "" && !found {
		return commits(ctx, dir, "")
	}
	return repo, hashes, nil
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
