package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/corpus"
)

// warnedMessage is a reply whose MIME structure is broken (a closing
// delimiter and no part), which every reader warns about, holding a table.
const warnedMessage = `From: Ada Test <ada@example.org>
Subject: Re: [PATCH] sched: numbers
Date: Tue, 01 Mar 2022 10:00:00 +0000
Message-ID: <quiet1@example.org>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="zz"

hackbench
Test:            base                 patched
 1-groups:     4.21 (0.00 pct)     4.10 (2.61 pct)
 2-groups:     5.33 (0.00 pct)     5.20 (2.44 pct)

--zz--
`

// TestQuiet: every command takes -q/--quiet, which silences warnings,
// progress and closing counts but never an error.
func TestQuiet(t *testing.T) {
	for _, cmd := range []string{"extract", "summary", "compare", "report", "series", "crawl", "query", "merge"} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, exitOK, run([]string{cmd, "-q", "--help"}, &stdout, &stderr), "%s -q: %s", cmd, stderr.String())
		assert.Equal(t, exitOK, run([]string{"--quiet", cmd, "--help"}, &stdout, &stderr), "--quiet %s: %s", cmd, stderr.String())
	}
	dir := t.TempDir()
	msg := filepath.Join(dir, "warned.eml")
	require.NoError(t, os.WriteFile(msg, []byte(warnedMessage), 0o644))
	box := filepath.Join(dir, "warned.mbox")
	require.NoError(t, os.WriteFile(box, []byte("From mboxrd@z Thu Jan  1 00:00:00 1970\n"+warnedMessage+"\n"), 0o644))
	db := filepath.Join(dir, "a.db")
	runs := []struct {
		args  []string
		noisy string // what stderr says without -q
	}{
		{[]string{"extract", msg}, "warning: MIME error"},
		{[]string{"extract", "-f", "jsonl", msg}, "warning: MIME error"},
		{[]string{"crawl", "--db", db, box}, "crawl: 1 messages"},
		{[]string{"merge", "-o", filepath.Join(dir, "m.db"), db}, "merge: 1 messages added"},
		{[]string{"compare", "--baseline", "nosuch", msg}, "compare: 0 tables compared, 1 skipped"},
	}
	for _, r := range runs {
		os.Remove(filepath.Join(dir, "m.db"))
		var stdout, stderr bytes.Buffer
		code := run(r.args, &stdout, &stderr)
		assert.Equal(t, exitOK, code, "%v: %s", r.args, stderr.String())
		assert.Contains(t, stderr.String(), r.noisy, r.args)
		if r.args[0] == "crawl" {
			require.NoError(t, os.Remove(db))
		}
		os.Remove(filepath.Join(dir, "m.db"))
		quiet := append([]string{r.args[0], "-q"}, r.args[1:]...)
		stdout.Reset()
		stderr.Reset()
		assert.Equal(t, code, run(quiet, &stdout, &stderr), quiet)
		assert.Empty(t, stderr.String(), quiet)
	}
	// Errors stay.
	var stdout, stderr bytes.Buffer
	assert.Equal(t, exitError, run([]string{"extract", "-q", msg, filepath.Join(dir, "missing.eml")}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "missing.eml")
	assert.NotContains(t, stderr.String(), "warning")
	folder := filepath.Join(dir, "mail")
	require.NoError(t, os.MkdirAll(folder, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(folder, "nul.eml"), []byte("Subject: x\n\n\x00\x00\n"), 0o644))
	stderr.Reset()
	assert.Equal(t, exitError, run([]string{"crawl", "-q", "--db", filepath.Join(dir, "f.db"), folder}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "fault")
	assert.NotContains(t, stderr.String(), "crawl: ")
}

// TestProgressBarRate: over mbox bytes the bar's rate is in bytes per
// second, over git commits in commits per second, and the bar fills the
// terminal's width (80 columns where none is known).
func TestProgressBarRate(t *testing.T) {
	for _, tc := range []struct {
		bytes      bool
		want, lose string
	}{
		{true, "B/s", "commits/s"},
		{false, "commits/s", "B/s"},
	} {
		var buf bytes.Buffer
		bar := progressbar.NewOptions64(100<<20, barOptions(&buf, tc.bytes)...)
		time.Sleep(300 * time.Millisecond)
		require.NoError(t, bar.Set64(40<<20))
		out := buf.String()
		lines := strings.Split(out, "\r")
		last := lines[len(lines)-1]
		assert.Contains(t, last, tc.want, last)
		assert.NotContains(t, last, tc.lose, last)
		assert.InDelta(t, 80, len([]rune(strings.TrimRight(last, " "))), 2, "the bar fills the line: %q", last)
	}
	// The view picks bytes for files and commits for epochs.
	var buf bytes.Buffer
	v := &progressView{w: &buf, tty: true}
	v.update(corpus.Progress{TotalBytes: 10 << 20, Bytes: 1 << 20})
	v.finish()
	assert.NotContains(t, buf.String(), "commits")
}

// cacheServer serves the example thread at /all/<id>/t.mbox.gz, counting
// the downloads, and at /all/cut@x/ a gzip stream cut in half and ended
// cleanly (no Content-Length: the client sees a normal end).
func cacheServer(t *testing.T) (*httptest.Server, *atomic.Int32) {
	gz := gzippedThread(t)
	var hits atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("/all/"+loreID+"/t.mbox.gz", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Write(gz.Bytes())
	})
	mux.HandleFunc("/all/cut@x/t.mbox.gz", func(w http.ResponseWriter, r *http.Request) {
		w.Write(gz.Bytes()[:gz.Len()/2])
		w.(http.Flusher).Flush()
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, &hits
}

// TestLoreCacheKeysAgeRefresh: the cache has one entry per message id
// whichever way it is written, an entry older than the maximum age is
// fetched again, --refresh bypasses it, and a truncated download is never
// kept.
func TestLoreCacheKeysAgeRefresh(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("LKMLBENCH_CACHE", cache)
	t.Setenv("LKMLBENCH_CACHE_MAX_AGE", "")
	srv, hits := cacheServer(t)
	fetch := func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		require.Equal(t, exitOK, run(append([]string{"extract", "-f", "jsonl", "--lore-base", srv.URL}, args...), &stdout, &stderr), stderr.String())
		return stdout.String()
	}
	first := fetch(loreID)
	assert.EqualValues(t, 1, hits.Load())
	assert.Equal(t, first, fetch("<"+loreID+">"))
	assert.Equal(t, first, fetch("--lore", loreID))
	assert.Equal(t, first, fetch(srv.URL+"/lkml/"+url.PathEscape(loreID)+"/T/#u"))
	assert.EqualValues(t, 1, hits.Load(), "<id>, id and its URL are one entry")
	entries, err := filepath.Glob(filepath.Join(cache, "*.mbox.gz"))
	require.NoError(t, err)
	require.Len(t, entries, 1)

	assert.Equal(t, first, fetch("--refresh", loreID))
	assert.EqualValues(t, 2, hits.Load(), "--refresh fetches again")
	run([]string{"summary", "--refresh", "--lore-base", srv.URL, loreID}, &bytes.Buffer{}, &bytes.Buffer{})
	assert.EqualValues(t, 3, hits.Load(), "summary --refresh fetches again")

	old := time.Now().Add(-defaultCacheMaxAge - time.Minute)
	require.NoError(t, os.Chtimes(entries[0], old, old))
	assert.Equal(t, first, fetch(loreID))
	assert.EqualValues(t, 4, hits.Load(), "an entry older than the maximum age is fetched again")
	fetch(loreID)
	assert.EqualValues(t, 4, hits.Load(), "the new download is the entry")
	t.Setenv("LKMLBENCH_CACHE_MAX_AGE", "0s")
	fetch(loreID)
	assert.EqualValues(t, 5, hits.Load(), "LKMLBENCH_CACHE_MAX_AGE sets the maximum age")

	// A cut stream: whatever the reading made of it, nothing is kept.
	t.Setenv("LKMLBENCH_CACHE_MAX_AGE", "")
	var stdout, stderr bytes.Buffer
	run([]string{"extract", "-f", "jsonl", "--lore-base", srv.URL, "cut@x"}, &stdout, &stderr)
	entries, err = filepath.Glob(filepath.Join(cache, "*"))
	require.NoError(t, err)
	assert.Len(t, entries, 2, "only the whole thread and its name: %v", entries)
}
