package main

import (
	"compress/gzip"
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
func addInput(ctx context.Context, ex *lkmlbench.Extractor, in, base string, refresh bool) error {
	if in == "-" || !fetchable(in) {
		return ex.AddPath(in)
	}
	if _, err := os.Stat(in); err == nil {
		return ex.AddPath(in)
	}
	ctx, cancel := context.WithTimeout(ctx, fetchTimeout)
	defer cancel()
	name, body, err := openThread(ctx, base, in, refresh)
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

// defaultCacheMaxAge is how long a fetched thread is read from the cache
// before it is fetched again, as b4's cache expires: a thread gains
// replies. LKMLBENCH_CACHE_MAX_AGE (a Go duration, "0" for always)
// overrides it.
const defaultCacheMaxAge = 10 * time.Minute

// openThread opens a thread through the cache: a report re-run soon after
// should not fetch its threads again. The cache is
// $XDG_CACHE_HOME/lkmlbench/lore (LKMLBENCH_CACHE overrides it; "off"
// disables it), one entry per archive and message id, however the id was
// written (<id>, id, a lore URL); an entry older than the maximum age (see
// defaultCacheMaxAge), or any entry with refresh, is fetched again. A
// download is streamed to the caller (see mbox.OpenLore: one deadline
// covers download and reading) and copied to a temporary file on the way;
// the copy replaces the entry only when the download was read to its end
// and is a whole gzip stream, and a cache that cannot be written only
// costs the next download.
func openThread(ctx context.Context, base, idOrURL string, refresh bool) (string, io.ReadCloser, error) {
	dir := cacheDir()
	var key string
	if id, err := mbox.LoreMessageID(idOrURL); dir != "" && err == nil {
		sum := sha256.Sum256([]byte(strings.TrimRight(base, "/") + "\n" + id))
		key = filepath.Join(dir, hex.EncodeToString(sum[:16]))
		if !refresh {
			if name, f := cached(key); f != nil {
				return name, f, nil
			}
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

// cached opens the entry key if it is there and younger than the maximum
// age; nil otherwise.
func cached(key string) (string, *os.File) {
	name, err := os.ReadFile(key + ".name")
	if err != nil {
		return "", nil
	}
	f, err := os.Open(key + ".mbox.gz")
	if err != nil {
		return "", nil
	}
	if fi, err := f.Stat(); err != nil || time.Since(fi.ModTime()) > cacheMaxAge() {
		f.Close()
		return "", nil
	}
	return string(name), f
}

// cacheMaxAge is the maximum age of a cache entry.
func cacheMaxAge() time.Duration {
	if v := os.Getenv("LKMLBENCH_CACHE_MAX_AGE"); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return defaultCacheMaxAge
}

// wholeGzip reports whether the file holds complete gzip members: a
// download that ended early (a connection closed without a length)
// leaves a stream without its trailer, which is never kept; nor is one
// that decodes to more than 4 GiB.
func wholeGzip(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return false
	}
	// Bounded as extract's reading of gzip text is: more is not kept.
	_, err = io.CopyN(io.Discard, zr, 4<<30)
	return errors.Is(err, io.EOF)
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
	// The data first: a name without data is never taken as a hit. The
	// old entry's name goes first, so that a crash between the two
	// renames leaves no name over other data.
	if c.tmp.Close() == nil && wholeGzip(c.tmp.Name()) {
		os.Remove(c.key + ".name")
		if os.Rename(c.tmp.Name(), c.key+".mbox.gz") == nil {
			writeAtomic(c.key+".name", []byte(c.name))
		}
	}
	os.Remove(c.tmp.Name())
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

// writeAtomic writes a small file through a temporary file and a rename.
func writeAtomic(path string, data []byte) {
	tmp := path + ".part"
	if os.WriteFile(tmp, data, 0o644) == nil && os.Rename(tmp, path) == nil {
		return
	}
	os.Remove(tmp)
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
