package mbox

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
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
// archive as <base>/all/<message-id>/t.mbox.gz and returns it whole; see
// OpenLore, which it reads to the end (at most 256 MiB).
func FetchLore(ctx context.Context, client *http.Client, base, idOrURL string) (name string, data []byte, err error) {
	name, body, err := OpenLore(ctx, client, base, idOrURL)
	if err != nil {
		return "", nil, err
	}
	defer body.Close()
	data, err = io.ReadAll(body)
	if err != nil {
		return "", nil, err
	}
	return name, data, nil
}

// OpenLore starts the download of the whole thread of a message from a
// public-inbox archive, <base>/all/<message-id>/t.mbox.gz, and returns the
// URL fetched (to name the input) and the gzip stream, which Each reads as
// "mbox.gz" while it arrives; the caller closes it. idOrURL is a message id
// (with or without <>) or a lore URL such as
// https://lore.kernel.org/lkml/<id>/ or .../<id>/T/#u. base "" means
// lore.kernel.org. ctx bounds the whole exchange, reading included; without
// a deadline it gets one of 60 s for the request.
//
// The status is checked before any body is read: an HTTP error is reported
// from its status line alone, and only an answer 200 is looked at (for
// lore's anti-bot proof-of-work page, and for the gzip magic). Errors say plainly whether the name
// did not resolve, the server refused or reset the connection, the request
// timed out, the server answered with an error or with something that is
// not a gzip archive, or the archive exceeded 256 MiB. With client nil,
// LoreClient(base) is used: redirects stay on base's scheme and host.
func OpenLore(ctx context.Context, client *http.Client, base, idOrURL string) (name string, body io.ReadCloser, err error) {
	id, err := loreMessageID(idOrURL)
	if err != nil {
		return "", nil, err
	}
	if base == "" {
		base = DefaultLoreBase
	}
	u := strings.TrimRight(base, "/") + "/all/" + url.PathEscape(id) + "/t.mbox.gz"
	if client == nil {
		client = LoreClient(base)
	}
	cancel := context.CancelFunc(func() {})
	if _, ok := ctx.Deadline(); !ok {
		ctx, cancel = context.WithTimeout(ctx, loreTimeout)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		cancel()
		return "", nil, fmt.Errorf("lore: %w", err)
	}
	req.Header.Set("User-Agent", "lkmlbench/"+Version+" (+https://github.com/lkmlbench/lkmlbench)")
	resp, err := client.Do(req)
	if err != nil {
		cancel()
		return "", nil, fetchError(u, err)
	}
	fail := func(err error) (string, io.ReadCloser, error) {
		resp.Body.Close()
		cancel()
		return "", nil, err
	}
	br := bufio.NewReaderSize(resp.Body, 64<<10)
	if resp.StatusCode != http.StatusOK {
		// Reported from the status line alone: an error page may be huge
		// or never end.
		what := ""
		if resp.StatusCode == http.StatusNotFound {
			what = ": no such message id in the archive"
		}
		return fail(fmt.Errorf("lore: GET %s: HTTP %s%s", u, resp.Status, what))
	}
	head, perr := br.Peek(2)
	if !detectGzip(head) {
		head, _ = br.Peek(64 << 10)
		switch {
		case isProofOfWorkPage(head):
			return fail(powError(u))
		case len(head) == 0 && perr != nil && !errors.Is(perr, io.EOF):
			return fail(fetchError(u, perr))
		}
		return fail(fmt.Errorf("lore: GET %s: expected a gzip mbox, got %q", u, head[:min(len(head), 40)]))
	}
	return u, &loreBody{r: br, body: resp.Body, cancel: cancel, url: u, left: maxLoreBytes}, nil
}

// LoreClient is the HTTP client OpenLore uses by default: it follows at
// most 10 redirects, and only to base's own scheme and host, so that an
// https archive never sends the request on to plain http or to another
// server. To fetch from that other server, name it as the base.
func LoreClient(base string) *http.Client {
	b, err := url.Parse(base)
	return &http.Client{CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if err != nil || req.URL.Scheme != b.Scheme || req.URL.Host != b.Host {
			return fmt.Errorf("redirected to %s, outside %s: not followed (give that archive as --lore-base to fetch from it)", req.URL.Redacted(), base)
		}
		if len(via) >= 10 {
			return errors.New("more than 10 redirects")
		}
		return nil
	}}
}

// loreBody is a download in progress, bounded to maxLoreBytes; read
// errors say what happened to the connection.
type loreBody struct {
	r      *bufio.Reader
	body   io.Closer
	cancel context.CancelFunc
	url    string
	left   int64
}

func (b *loreBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, fmt.Errorf("lore: GET %s: archive larger than %d bytes: the rest is not read", b.url, maxLoreBytes)
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	if err != nil && !errors.Is(err, io.EOF) {
		err = fetchError(b.url, err)
	}
	return n, err
}

func (b *loreBody) Close() error {
	err := b.body.Close()
	b.cancel()
	return err
}

func powError(u string) error {
	return fmt.Errorf("lore: %s answered with its anti-bot proof-of-work page instead of the archive; "+
		"open the thread in a browser and save t.mbox.gz, then read the file", u)
}

// fetchError explains a failed request or download: a timeout, a name that
// does not resolve, a server that refuses or resets the connection.
func fetchError(u string, err error) error {
	var dnsErr *net.DNSError
	var opErr *net.OpError
	var what string
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		what = "timed out"
	case errors.Is(err, context.Canceled):
		what = "interrupted"
	case errors.As(err, &dnsErr):
		what = "cannot resolve the server's name (offline?)"
	case errors.Is(err, syscall.ECONNREFUSED):
		what = "the server refused the connection (nothing listens there?)"
	case errors.Is(err, syscall.ECONNRESET):
		what = "the server reset the connection"
	case errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH):
		what = "cannot reach the server: no route to it (offline?)"
	case errors.Is(err, io.ErrUnexpectedEOF):
		what = "the server closed the connection before the end of the archive"
	case errors.As(err, &opErr):
		what = "cannot reach the server"
	default:
		return fmt.Errorf("lore: GET %s: %w", u, err)
	}
	return fmt.Errorf("lore: GET %s: %s: %w", u, what, err)
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
// LoreMessageID returns the message id that a message id (with or
// without <>, "mid:" or "id:") or a lore URL names, as OpenLore fetches
// it: the one key of a thread however it was named.
func LoreMessageID(idOrURL string) (string, error) { return loreMessageID(idOrURL) }

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
