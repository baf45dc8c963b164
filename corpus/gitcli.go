package corpus

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// gitMessages reads a public-inbox epoch through the git binary: one
// `git rev-list --reverse HEAD` lists the commits oldest first and one
// long-lived `git cat-file --batch` returns each commit's blob "m"
// (deletion commits have none and are skipped). fn gets the commit id and
// the message; the data is fn's to keep. With since, only the commits
// after it are read (since..HEAD).
func gitMessages(ctx context.Context, repo, since string, fn func(commit string, data []byte) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	list := exec.CommandContext(ctx, "git", "-C", repo, "rev-list", "--reverse", revRange(since))
	listOut, err := list.StdoutPipe()
	if err != nil {
		return err
	}
	var listErr bytes.Buffer
	list.Stderr = &listErr
	// git maps whole pack files (1 GiB windows by default) and keeps a
	// 96 MiB delta cache: on a 400 MB epoch cat-file alone grew to 500 MB
	// resident. Small windows and cache bound it near 80 MB at the same
	// CPU cost.
	cat := exec.CommandContext(ctx, "git", "-C", repo, "-c", "core.packedGitWindowSize=16m", "-c", "core.packedGitLimit=64m",
		"-c", "core.deltaBaseCacheLimit=16m", "cat-file", "--batch")
	catIn, err := cat.StdinPipe()
	if err != nil {
		return err
	}
	catOut, err := cat.StdoutPipe()
	if err != nil {
		return err
	}
	var catErr bytes.Buffer
	cat.Stderr = &catErr
	if err := list.Start(); err != nil {
		return fmt.Errorf("%s: git rev-list: %w", repo, err)
	}
	if err := cat.Start(); err != nil {
		list.Wait()
		return fmt.Errorf("%s: git cat-file: %w", repo, err)
	}
	// The feeder asks cat-file for "<commit>:m" in rev-list order and
	// tells the reader which commit each answer belongs to.
	commits := make(chan string, 4096)
	feedErr := make(chan error, 1)
	go func() {
		defer close(commits)
		defer catIn.Close()
		feedErr <- feed(ctx, bufio.NewReaderSize(listOut, 64<<10), catIn, commits)
	}()
	readErr := readBatch(bufio.NewReaderSize(catOut, 256<<10), commits, fn)
	if readErr != nil {
		cancel()
	}
	for range commits {
		// Drain so the feeder can finish after an early stop.
	}
	ferr := <-feedErr
	lerr := list.Wait()
	cerr := cat.Wait()
	switch {
	case readErr != nil:
		return readErr
	case ctx.Err() != nil:
		return ctx.Err()
	case ferr != nil:
		return fmt.Errorf("%s: %w", repo, ferr)
	case lerr != nil:
		return fmt.Errorf("%s: git rev-list: %v: %s", repo, lerr, strings.TrimSpace(listErr.String()))
	case cerr != nil:
		return fmt.Errorf("%s: git cat-file: %v: %s", repo, cerr, strings.TrimSpace(catErr.String()))
	}
	return nil
}

// revRange is the commits after since, or all of HEAD.
func revRange(since string) string {
	if since == "" {
		return "HEAD"
	}
	return since + "..HEAD"
}

// gitCount counts the commits gitMessages will read.
func gitCount(ctx context.Context, repo, since string) (int64, error) {
	out, err := exec.CommandContext(ctx, "git", "-C", repo, "rev-list", "--count", revRange(since)).Output()
	if err != nil {
		return 0, fmt.Errorf("%s: git rev-list --count: %w", repo, err)
	}
	return strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
}

// feed copies commit ids from rev-list to cat-file requests, flushing
// whenever rev-list has nothing more buffered so cat-file never waits.
func feed(ctx context.Context, list *bufio.Reader, cat io.Writer, commits chan<- string) error {
	w := bufio.NewWriterSize(cat, 64<<10)
	for {
		line, err := list.ReadString('\n')
		if c := strings.TrimSpace(line); c != "" {
			select {
			case commits <- c:
			case <-ctx.Done():
				return nil
			}
			if _, werr := w.WriteString(c + ":m\n"); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return w.Flush()
		}
		if err != nil {
			return err
		}
		if list.Buffered() == 0 {
			if err := w.Flush(); err != nil {
				return err
			}
		}
	}
}

// readBatch reads cat-file --batch answers: "<oid> blob <size>\n<data>\n"
// or "<name> missing\n".
func readBatch(r *bufio.Reader, commits <-chan string, fn func(commit string, data []byte) error) error {
	for commit := range commits {
		head, err := r.ReadString('\n')
		if err != nil {
			return fmt.Errorf("git cat-file: reading the answer for %s: %w", commit, err)
		}
		f := strings.Fields(head)
		if len(f) == 2 && f[1] == "missing" {
			continue // a deletion commit: "d" instead of "m"
		}
		if len(f) != 3 {
			return fmt.Errorf("git cat-file: unexpected answer %q for %s", strings.TrimSpace(head), commit)
		}
		size, err := strconv.Atoi(f[2])
		if err != nil || size < 0 {
			return fmt.Errorf("git cat-file: unexpected answer %q for %s", strings.TrimSpace(head), commit)
		}
		data := make([]byte, size+1)
		if _, err := io.ReadFull(r, data); err != nil {
			return fmt.Errorf("git cat-file: reading %s: %w", commit, err)
		}
		if f[1] != "blob" {
			continue // "m" names a tree or another object: not a message
		}
		if err := fn(commit, data[:size]); err != nil {
			return err
		}
	}
	return nil
}
