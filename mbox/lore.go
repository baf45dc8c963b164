package mbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Version is the lkmlbench version named in the User-Agent of lore
// requests; the command sets it from its build information.
var Version = "dev"

// DefaultLoreBase is the lore archive FetchLore uses when base is empty.
const DefaultLoreBase = "https://lore.kernel.org"

const (
	// loreTimeout applies when the caller's context has no deadline.
	loreTimeout = 60 * time.Second
	// maxLoreBytes bounds a download (a thread of thousands of mails is
	// a few MiB compressed).
	maxLoreBytes = 256 << 20
)

// FetchLore downloads the whole thread of a message from a public-inbox
// archive as <base>/all/<message-id>/t.mbox.gz. idOrURL is a message id
// (with or without <>) or a lore URL such as
// https://lore.kernel.org/lkml/<id>/ or .../<id>/T/#u. base "" means
// lore.kernel.org. It returns the URL fetched (to name the input) and the
// gzip data, which Read accepts as "mbox.gz". Errors say plainly when the
// network is unreachable, the request timed out, the server answered with
// an HTTP error, or lore's anti-bot proof-of-work page came back instead of
// the archive.
func FetchLore(ctx context.Context, client *http.Client, base, idOrURL string) (name string, data []byte, err error) {
	id, err := loreMessageID(idOrURL)
	if err != nil {
		return "", nil, err
	}
	if base == "" {
		base = DefaultLoreBase
	}
	u := strings.TrimRight(base, "/") + "/all/" + url.PathEscape(id) + "/t.mbox.gz"
	if client == nil {
		client = http.DefaultClient
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, loreTimeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", nil, fmt.Errorf("lore: %w", err)
	}
	req.Header.Set("User-Agent", "lkmlbench/"+Version+" (+https://github.com/lkmlbench/lkmlbench)")
	resp, err := client.Do(req)
	if err != nil {
		return "", nil, fetchError(u, err)
	}
	defer resp.Body.Close()
	data, err = io.ReadAll(io.LimitReader(resp.Body, maxLoreBytes+1))
	if err != nil {
		return "", nil, fetchError(u, err)
	}
	if isProofOfWorkPage(data) {
		return "", nil, fmt.Errorf("lore: %s answered with its anti-bot proof-of-work page instead of the archive; "+
			"open the thread in a browser and save t.mbox.gz, then read the file", u)
	}
	if resp.StatusCode != http.StatusOK {
		what := ""
		if resp.StatusCode == http.StatusNotFound {
			what = ": no such message id in the archive"
		}
		return "", nil, fmt.Errorf("lore: GET %s: HTTP %s%s", u, resp.Status, what)
	}
	if len(data) > maxLoreBytes {
		return "", nil, fmt.Errorf("lore: GET %s: archive larger than %d bytes", u, maxLoreBytes)
	}
	if !detectGzip(data) {
		return "", nil, fmt.Errorf("lore: GET %s: expected a gzip mbox, got %q", u, data[:min(len(data), 40)])
	}
	return u, data, nil
}

// fetchError explains a failed request: a timeout or an unreachable host.
func fetchError(u string, err error) error {
	var dnsErr *net.DNSError
	var opErr *net.OpError
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("lore: GET %s: timed out: %w", u, err)
	case errors.As(err, &dnsErr), errors.As(err, &opErr):
		return fmt.Errorf("lore: GET %s: cannot reach the server (offline?): %w", u, err)
	}
	return fmt.Errorf("lore: GET %s: %w", u, err)
}

// isProofOfWorkPage recognises the HTML page lore's bot protection (Anubis)
// serves: its <title> says it is making sure you are not a bot. Both the
// fetch and the html form ask it, so that a saved challenge page is told
// apart from a message page the same way.
func isProofOfWorkPage(data []byte) bool {
	head := bytes.ToLower(data[:min(len(data), 64<<10)])
	i := bytes.Index(head, []byte("<title"))
	if i < 0 {
		return false
	}
	title := head[i:]
	if j := bytes.Index(title, []byte("</title")); j >= 0 {
		title = title[:j]
	}
	return bytes.Contains(title, []byte("not a bot")) || bytes.Contains(title, []byte("not a robot")) || bytes.Contains(title, []byte("anubis"))
}

// loreMessageID extracts the message id from a bare id ("<id>", "id") or a
// lore URL (https://lore.kernel.org/<list>/<id>/[T/][#u], /r/<id>, ...).
func loreMessageID(s string) (string, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") {
		u, err := url.Parse(s)
		if err != nil {
			return "", fmt.Errorf("lore: bad URL %q: %w", s, err)
		}
		segs := strings.Split(strings.Trim(u.EscapedPath(), "/"), "/")
		// The id is the path segment holding '@' (ids always have one),
		// else the segment after the list name.
		for _, seg := range segs {
			if id, err := url.PathUnescape(seg); err == nil && strings.Contains(id, "@") {
				return strings.Trim(id, "<>"), nil
			}
		}
		if len(segs) >= 2 && segs[1] != "" {
			id, err := url.PathUnescape(segs[1])
			if err == nil {
				return strings.Trim(id, "<>"), nil
			}
		}
		return "", fmt.Errorf("lore: no message id in URL %q", s)
	}
	s = strings.TrimPrefix(strings.TrimPrefix(s, "mid:"), "id:")
	s = strings.Trim(s, "<> ")
	if s == "" || strings.ContainsAny(s, " \t\n") {
		return "", fmt.Errorf("lore: %q is not a message id or lore URL", s)
	}
	return s, nil
}
