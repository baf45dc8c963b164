package mbox

import (
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gz compresses s.
func gz(t testing.TB, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, err := w.Write([]byte(s))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return b.Bytes()
}

func TestLoreMessageID(t *testing.T) {
	tests := map[string]string{
		"<20221115171851.835-1-vincent.guittot@linaro.org>":                    "20221115171851.835-1-vincent.guittot@linaro.org",
		"20221115171851.835-1-vincent.guittot@linaro.org":                      "20221115171851.835-1-vincent.guittot@linaro.org",
		"https://lore.kernel.org/lkml/20221115171851.835-1-vg@linaro.org/":     "20221115171851.835-1-vg@linaro.org",
		"https://lore.kernel.org/lkml/20221115171851.835-1-vg@linaro.org/T/#u": "20221115171851.835-1-vg@linaro.org",
		"https://lore.kernel.org/all/a%2Bb@example.org/t.mbox.gz":              "a+b@example.org",
		"https://lore.kernel.org/r/abc@x":                                      "abc@x",
		"https://lore.kernel.org/lkml/CAKfTPtB%3Dxyz@mail.gmail.com/":          "CAKfTPtB=xyz@mail.gmail.com",
	}
	for in, want := range tests {
		got, err := loreMessageID(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"", "<>", "two words", "https://lore.kernel.org/"} {
		_, err := loreMessageID(bad)
		assert.Error(t, err, bad)
	}
}

func TestFetchLore(t *testing.T) {
	archive := gz(t, "From mboxrd@z Thu Jan  1 00:00:00 1970\nMessage-ID: <a@b>\nSubject: x\n\nhi\n")
	var gotPath, gotUA string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotPath, gotUA = r.URL.EscapedPath(), r.UserAgent()
		switch r.URL.Path {
		case "/all/a@b/t.mbox.gz":
			w.Header().Set("Content-Type", "application/gzip")
			_, _ = w.Write(archive)
		case "/all/bot@b/t.mbox.gz":
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<!doctype html><html><head><title>Making sure you&#39;re not a bot!</title></head><body>...</body></html>"))
		case "/all/html@b/t.mbox.gz":
			_, _ = w.Write([]byte("<html><title>lore</title></html>"))
		case "/all/slow@b/t.mbox.gz":
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	ctx := context.Background()

	name, data, err := FetchLore(ctx, srv.Client(), srv.URL, "https://lore.kernel.org/lkml/a@b/T/#u")
	require.NoError(t, err)
	assert.Equal(t, archive, data)
	assert.Equal(t, srv.URL+"/all/a@b/t.mbox.gz", name)
	assert.Equal(t, "/all/a@b/t.mbox.gz", gotPath)
	assert.Equal(t, "lkmlbench/"+Version+" (+https://github.com/lkmlbench/lkmlbench)", gotUA)
	res, err := Read(name, data, Options{})
	require.NoError(t, err)
	assert.Equal(t, "mbox.gz", res.Kind)
	require.Len(t, res.Messages, 1)
	assert.Equal(t, "a@b", res.Messages[0].Meta.ID)

	_, _, err = FetchLore(ctx, srv.Client(), srv.URL, "<missing@b>")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "404")
	assert.Contains(t, err.Error(), "no such message id")

	_, _, err = FetchLore(ctx, srv.Client(), srv.URL, "bot@b")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "anti-bot proof-of-work page")

	_, _, err = FetchLore(ctx, srv.Client(), srv.URL, "html@b")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "expected a gzip mbox")

	tctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	_, _, err = FetchLore(tctx, srv.Client(), srv.URL, "slow@b")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "timed out")
}

func TestFetchLoreOffline(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base := srv.URL
	srv.Close() // nothing listens there any more
	_, _, err := FetchLore(context.Background(), nil, base, "a@b")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the server refused the connection")
}

// TestLoreClientRedirects: redirects stay on the base's scheme and host.
func TestLoreClientRedirects(t *testing.T) {
	c := LoreClient("https://lore.kernel.org")
	check := func(to string) error {
		req, err := http.NewRequest(http.MethodGet, to, nil)
		require.NoError(t, err)
		return c.CheckRedirect(req, []*http.Request{req})
	}
	assert.NoError(t, check("https://lore.kernel.org/all/x@y/t.mbox.gz"))
	assert.ErrorContains(t, check("http://lore.kernel.org/all/x@y/t.mbox.gz"), "outside https://lore.kernel.org: not followed")
	assert.ErrorContains(t, check("https://evil.example.org/all/x@y/t.mbox.gz"), "outside https://lore.kernel.org: not followed")
	assert.ErrorContains(t, check("https://lore.kernel.org:8443/x"), "not followed")
}
