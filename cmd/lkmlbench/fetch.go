package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/mbox"
)

// fetchTimeout bounds one thread named on the command line, its download
// and its reading together (as --timeout does for --lore).
const fetchTimeout = 30 * time.Second

// addInput reads one command-line input. A name that is no file but looks
// like a message id or a lore URL is fetched as a whole thread, as
// "b4 mbox MSGID" does; anything else is read as a path, so that a typo
// gets the usual "no such file" error.
func addInput(ctx context.Context, ex *lkmlbench.Extractor, in, base string) error {
	if in == "-" || !fetchable(in) {
		return ex.AddPath(in)
	}
	if _, err := os.Stat(in); err == nil {
		return ex.AddPath(in)
	}
	ctx, cancel := context.WithTimeout(ctx, fetchTimeout)
	defer cancel()
	name, body, err := openThread(ctx, base, in)
	if err != nil {
		return fmt.Errorf("%s: no such file, and fetching it as a message id failed: %w", in, err)
	}
	defer body.Close()
	if err := ex.AddReader(ctx, name, body); err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	return nil
}

// fetchable reports whether s may name a message rather than a file.
func fetchable(s string) bool {
	return strings.Contains(s, "@") || strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")
}

// openThread opens a thread through the cache: lore's threads change only
// by new replies, and a report re-run should not fetch them again. The
// cache is $XDG_CACHE_HOME/lkmlbench/lore (LKMLBENCH_CACHE overrides it;
// "off" disables it). A download is streamed to the caller (see
// mbox.OpenLore: one deadline covers download and reading) and copied to
// the cache on the way; the copy is kept only when the download was read
// to its end, and a cache that cannot be written only costs the next
// download.
func openThread(ctx context.Context, base, idOrURL string) (string, io.ReadCloser, error) {
	dir := cacheDir()
	var key string
	if dir != "" {
		sum := sha256.Sum256([]byte(base + "\n" + idOrURL))
		key = filepath.Join(dir, hex.EncodeToString(sum[:16]))
		name, nerr := os.ReadFile(key + ".name")
		f, ferr := os.Open(key + ".mbox.gz")
		if nerr == nil && ferr == nil {
			return string(name), f, nil
		}
		if ferr == nil {
			f.Close()
		}
	}
	name, body, err := mbox.OpenLore(ctx, nil, base, idOrURL)
	if err != nil || key == "" || os.MkdirAll(dir, 0o755) != nil {
		return name, body, err
	}
	tmp, err := os.CreateTemp(dir, "fetch-*.part")
	if err != nil {
		return name, body, nil
	}
	return name, &cachingBody{body: body, tmp: tmp, key: key, name: name}, nil
}

// cachingBody copies a download to a temporary file in the cache and
// moves it into place once the download has been read to its end.
type cachingBody struct {
	body     io.ReadCloser
	tmp      *os.File // nil once the copy is given up
	key      string
	name     string
	complete bool
}

func (c *cachingBody) Read(p []byte) (int, error) {
	n, err := c.body.Read(p)
	if n > 0 && c.tmp != nil {
		if _, werr := c.tmp.Write(p[:n]); werr != nil {
			c.drop()
		}
	}
	switch {
	case errors.Is(err, io.EOF):
		c.complete = true
	case err != nil:
		c.drop()
	}
	return n, err
}

// Close ends the download and keeps the copy if it is whole.
func (c *cachingBody) Close() error {
	err := c.body.Close()
	if c.tmp == nil {
		return err
	}
	if !c.complete {
		c.drop()
		return err
	}
	// The data first: a name without data is never taken as a hit.
	if c.tmp.Close() == nil && os.Rename(c.tmp.Name(), c.key+".mbox.gz") == nil {
		os.WriteFile(c.key+".name", []byte(c.name), 0o644)
	} else {
		os.Remove(c.tmp.Name())
	}
	c.tmp = nil
	return err
}

// drop gives up the copy.
func (c *cachingBody) drop() {
	if c.tmp != nil {
		c.tmp.Close()
		os.Remove(c.tmp.Name())
		c.tmp = nil
	}
}

// cacheDir is where fetched threads are kept; "" when caching is off or
// no cache directory is known.
func cacheDir() string {
	if d := os.Getenv("LKMLBENCH_CACHE"); d != "" {
		if d == "off" {
			return ""
		}
		return d
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "lkmlbench", "lore")
}
