package main

import (
	"bytes"
	"compress/gzip"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const loreID = "20231113090211.4021-1-mira.lindqvist@example.com"

// gzippedThread is the example thread as lore serves it, a t.mbox.gz.
func gzippedThread(t *testing.T) *bytes.Buffer {
	t.Helper()
	thread, err := os.ReadFile(filepath.Join("..", "..", "testdata", "example-thread.mbox"))
	require.NoError(t, err)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err = zw.Write(thread)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return &gz
}

// loreServer serves the example thread as public-inbox does, at
// /all/<id>/t.mbox.gz, and blocks on /all/slow@x/ until the client gives up.
func loreServer(t *testing.T) *httptest.Server {
	gz := gzippedThread(t)

	mux := http.NewServeMux()
	mux.HandleFunc("/all/"+loreID+"/t.mbox.gz", func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.UserAgent(), "lkmlbench/") {
			http.Error(w, "no user agent", http.StatusForbidden)
			return
		}
		w.Write(gz.Bytes())
	})
	mux.HandleFunc("/all/slow@x/t.mbox.gz", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	})
	// A hostile or broken archive: an error status with a body that never
	// ends, a gzip bomb that decodes without end, a reset connection, and
	// redirects to another host and to plain http.
	mux.HandleFunc("/all/error@x/t.mbox.gz", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
		w.(http.Flusher).Flush()
		<-r.Context().Done() // the body never ends: it must not be read
	})
	mux.HandleFunc("/all/bomb@x/t.mbox.gz", func(w http.ResponseWriter, r *http.Request) {
		zw := gzip.NewWriter(w)
		zw.Write([]byte("From mboxrd@z Thu Jan  1 00:00:00 1970\nSubject: bomb\nMessage-ID: <bomb@x>\n\n"))
		row := bytes.Repeat([]byte(" 1-groups:  4.25 (0.00 pct)  4.14 (2.58 pct)\n"), 1000)
		for r.Context().Err() == nil {
			if _, err := zw.Write(row); err != nil {
				return
			}
		}
	})
	mux.HandleFunc("/all/reset@x/t.mbox.gz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100000")
		w.Write([]byte{0x1f, 0x8b})
		w.(http.Flusher).Flush()
		conn, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		conn.(*net.TCPConn).SetLinger(0) // close with a RST
		conn.Close()
	})
	mux.HandleFunc("/all/away@x/t.mbox.gz", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://elsewhere.example.org/all/away@x/t.mbox.gz", http.StatusFound)
	})
	mux.HandleFunc("/all/home@x/t.mbox.gz", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/all/"+loreID+"/t.mbox.gz", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// TestLore runs extract --lore against a local archive: never the network.
func TestLore(t *testing.T) {
	t.Setenv("LKMLBENCH_CACHE", "off")
	srv := loreServer(t)
	good := filepath.Join("testdata", "thread.mbox")
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   []string
		noStdout bool
		stderr   string
	}{{
		name:   "message id",
		args:   []string{"--lore", loreID},
		stdout: []string{`"source":"` + srv.URL + `/all/` + loreID + `/t.mbox.gz"`, `"author":"Kavya Rao"`, `"format":"pct-imp-cv"`},
	}, {
		name:   "lore URL and a file",
		args:   []string{good, "--lore", srv.URL + "/lkml/<" + loreID + ">/T/#u"},
		stdout: []string{`"source":"` + good + `"`, `"author":"Rahul Menon"`},
	}, {
		name:   "unknown id, the file is still read",
		args:   []string{"--lore", "nosuch@x", good},
		code:   1,
		stdout: []string{`"source":"` + good + `"`},
		stderr: "lkmlbench: nosuch@x: lore: GET " + srv.URL + "/all/nosuch@x/t.mbox.gz: HTTP 404 Not Found",
	}, {
		name:     "timeout",
		args:     []string{"--timeout", "200ms", "--lore", "slow@x"},
		code:     1,
		noStdout: true,
		stderr:   "lkmlbench: slow@x: lore: GET " + srv.URL + "/all/slow@x/t.mbox.gz: timed out",
	}, {
		name:     "error status, its endless body unread",
		args:     []string{"--timeout", "20s", "--lore", "error@x"},
		code:     1,
		noStdout: true,
		stderr:   "lkmlbench: error@x: lore: GET " + srv.URL + "/all/error@x/t.mbox.gz: HTTP 500 Internal Server Error",
	}, {
		name:     "a bomb stops at the deadline, reading included",
		args:     []string{"--timeout", "1s", "--lore", "bomb@x"},
		code:     1,
		noStdout: true,
		stderr:   "lkmlbench: bomb@x: " + srv.URL + "/all/bomb@x/t.mbox.gz: gave up after --timeout 1s (download and reading)",
	}, {
		name:     "reset connection",
		args:     []string{"--lore", "reset@x"},
		code:     1,
		noStdout: true,
		stderr:   "lkmlbench: reset@x: " + srv.URL + "/all/reset@x/t.mbox.gz: offset 2: gzip: lore: GET " + srv.URL + "/all/reset@x/t.mbox.gz: the server reset the connection",
	}, {
		name:     "redirect to another host refused",
		args:     []string{"--lore", "away@x"},
		code:     1,
		noStdout: true,
		stderr:   "lkmlbench: away@x: lore: GET " + srv.URL + "/all/away@x/t.mbox.gz: Get \"http://elsewhere.example.org/all/away@x/t.mbox.gz\": redirected to http://elsewhere.example.org/all/away@x/t.mbox.gz, outside " + srv.URL + ": not followed",
	}, {
		name:   "redirect on the same host followed",
		args:   []string{"--lore", "home@x"},
		stdout: []string{`"author":"Kavya Rao"`},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"extract", "-f", "jsonl", "--lore-base", srv.URL}, tc.args...)
			code := run(args, &stdout, &stderr)
			assert.Equal(t, tc.code, code, stderr.String())
			for _, s := range tc.stdout {
				assert.Contains(t, stdout.String(), s)
			}
			if tc.noStdout {
				assert.Empty(t, stdout.String())
			}
			if tc.stderr == "" {
				assert.Empty(t, stderr.String())
			} else {
				// The error line; warnings about what was read may precede it.
				assert.True(t, strings.HasPrefix(stderr.String(), tc.stderr) || strings.Contains(stderr.String(), "\n"+tc.stderr), stderr.String())
			}
		})
	}
}

// TestExitCodes pins the exit statuses a script can rely on.
func TestExitCodes(t *testing.T) {
	good := filepath.Join("testdata", "thread.mbox")
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"--help"}, exitOK},
		{[]string{"--version"}, exitOK},
		{[]string{"extract", good}, exitOK},
		{[]string{"extract", "-f", "json", good, good}, exitOK},
		{[]string{"extract", "missing.mbox", good}, exitError},
		{[]string{"extract", "-o", filepath.Join(t.TempDir(), "no", "dir"), good}, exitError},
		{[]string{}, exitUsage},
		{[]string{"extract"}, exitUsage},
		{[]string{"extract", "--format", "xml", good}, exitUsage},
		{[]string{"extract", "--timeout", "soon", good}, exitUsage},
		{[]string{"nosuch"}, exitUsage},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, tc.code, run(tc.args, &stdout, &stderr), "%q: %s", tc.args, stderr.String())
	}
}

// TestFetchInput names a message id where a file would go: the thread is
// fetched once, and a second run reads it from the cache with the archive
// gone.
func TestFetchInput(t *testing.T) {
	t.Setenv("LKMLBENCH_CACHE", t.TempDir())
	srv := loreServer(t)
	args := []string{"extract", "-f", "jsonl", "--lore-base", srv.URL, loreID}
	var stdout, stderr bytes.Buffer
	require.Equal(t, exitOK, run(args, &stdout, &stderr), stderr.String())
	first := stdout.String()
	assert.Contains(t, first, `"author":"Kavya Rao"`)
	srv.Close()
	stdout.Reset()
	require.Equal(t, exitOK, run(args, &stdout, &stderr), stderr.String())
	assert.Equal(t, first, stdout.String())

	stdout.Reset()
	assert.Equal(t, exitError, run([]string{"extract", "--lore-base", srv.URL, "missing@x"}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "missing@x: no such file, and fetching it as a message id failed")
}

// TestFetchCacheWhole: a download cut off (here by --timeout, a thread
// that never ends) leaves nothing in the cache, so that the next run
// fetches it again rather than reading half a thread.
func TestFetchCacheWhole(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("LKMLBENCH_CACHE", cache)
	srv := loreServer(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"extract", "-f", "jsonl", "--lore-base", srv.URL, "--timeout", "1s", "--lore", "bomb@x"}, &stdout, &stderr)
	assert.Equal(t, exitError, code, stderr.String())
	left, err := os.ReadDir(cache)
	require.NoError(t, err)
	assert.Empty(t, left)

	require.Equal(t, exitOK, run([]string{"extract", "-f", "jsonl", "--lore-base", srv.URL, "--lore", loreID}, &stdout, &stderr), stderr.String())
	left, err = os.ReadDir(cache)
	require.NoError(t, err)
	assert.Len(t, left, 2, "the whole thread and its name")
}
