package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/mbox"
)

// fetchTimeout bounds one download of a thread named on the command line.
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
	name, data, err := fetchThread(ctx, base, in)
	if err != nil {
		return fmt.Errorf("%s: no such file, and fetching it as a message id failed: %w", in, err)
	}
	return ex.AddData(name, data)
}

// fetchable reports whether s may name a message rather than a file.
func fetchable(s string) bool {
	return strings.Contains(s, "@") || strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")
}

// fetchThread downloads a thread through the cache: lore's threads change
// only by new replies, and a report re-run should not fetch them again.
// The cache is $XDG_CACHE_HOME/lkmlbench/lore (LKMLBENCH_CACHE overrides
// it; "off" disables it); a cache that cannot be written only costs the
// next download.
func fetchThread(ctx context.Context, base, idOrURL string) (string, []byte, error) {
	dir := cacheDir()
	var key string
	if dir != "" {
		sum := sha256.Sum256([]byte(base + "\n" + idOrURL))
		key = filepath.Join(dir, hex.EncodeToString(sum[:16]))
		name, nerr := os.ReadFile(key + ".name")
		data, derr := os.ReadFile(key + ".mbox.gz")
		if nerr == nil && derr == nil {
			return string(name), data, nil
		}
	}
	name, data, err := mbox.FetchLore(ctx, http.DefaultClient, base, idOrURL)
	if err != nil {
		return "", nil, err
	}
	if key != "" && os.MkdirAll(dir, 0o755) == nil {
		// The data first: a name without data is never taken as a hit.
		if os.WriteFile(key+".mbox.gz", data, 0o644) == nil {
			os.WriteFile(key+".name", []byte(name), 0o644)
		}
	}
	return name, data, nil
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
