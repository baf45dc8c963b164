package main

import (
	"bytes"
	"compress/gzip"
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

// loreServer serves the example thread as public-inbox does, at
// /all/<id>/t.mbox.gz, and blocks on /all/slow@x/ until the client gives up.
func loreServer(t *testing.T) *httptest.Server {
	thread, err := os.ReadFile(filepath.Join("..", "..", "testdata", "example-thread.mbox"))
	require.NoError(t, err)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err = zw.Write(thread)
	require.NoError(t, err)
	require.NoError(t, zw.Close())

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
				assert.True(t, strings.HasPrefix(stderr.String(), tc.stderr), stderr.String())
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
