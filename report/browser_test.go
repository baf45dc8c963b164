package report_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/report"
)

// chromium finds Debian's headless browser; LKMLBENCH_CHROMIUM names
// another binary.
func chromium(t *testing.T) string {
	if p := os.Getenv("LKMLBENCH_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("browser test skipped: no chromium on PATH (apt-get install -y chromium; .ci/run installs it)")
	return ""
}

// reportCases are the documents rendered in the browser: the seeds when
// the shared folder is beside the checkout, the example thread, the
// series fixture, a thread of each kind of table (testdata/kinds.mbox:
// metrics side by side, a reference row in two versions of a series,
// rows that are the variants, a list of counters, variants without a
// baseline), and a crawled database named by LKMLBENCH_REPORT_DB
// (a crawl of a real list, made outside the repository).
func reportCases(t *testing.T) map[string]*model.Document {
	docs := map[string]*model.Document{}
	read := func(name string, paths ...string) {
		ex := lkmlbench.New(lkmlbench.Options{})
		for _, p := range paths {
			require.NoError(t, ex.AddPath(p))
		}
		docs[name] = ex.Document()
	}
	read("example", filepath.Join("..", "testdata", "example-thread.mbox"))
	read("series", filepath.Join("..", "testdata", "series.mbox"))
	read("kinds", filepath.Join("testdata", "kinds.mbox"))
	if seeds, _ := filepath.Glob(filepath.Join("..", "..", "shared", "seeds", "*.txt")); len(seeds) > 0 {
		read("seeds", seeds...)
	} else {
		t.Log("seeds not rendered: ../shared/seeds is not beside the checkout")
	}
	if db := os.Getenv("LKMLBENCH_REPORT_DB"); db != "" {
		st, err := sqlite.Open(db)
		require.NoError(t, err)
		doc, err := st.Document(context.Background(), store.Query{})
		st.Close()
		require.NoError(t, err)
		docs["crawl"] = doc
	}
	return docs
}

// TestReportInBrowser renders each report in headless Chromium: every
// table has its section with exactly one chart or a line saying why it
// has none, every series with two or more versions its pivots, each
// chart's box is drawn (not blank: a fair share of ink and the bar
// colours), legends and pivots are capped, and the page loads nothing
// but itself. LKMLBENCH_SCREENSHOTS=DIR keeps the screenshots.
func TestReportInBrowser(t *testing.T) {
	bin := chromium(t)
	for name, doc := range reportCases(t) {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), name+".html")
			var buf bytes.Buffer
			require.NoError(t, report.Write(&buf, doc, report.Options{LoreBase: "https://lore.kernel.org"}))
			require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
			checkPage(t, bin, path, name, doc)
		})
	}
}

func checkPage(t *testing.T, bin, path, name string, doc *model.Document) {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1900, 3000),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 2*time.Minute+time.Duration(len(doc.Tables))*time.Second)
	defer cancel()

	var mu sync.Mutex
	var requests []string
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("about:blank")))
	require.NoError(t, chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			requests = append(requests, e.Request.URL)
			mu.Unlock()
		}
	}))
	_, err := chromedp.Call(ctx, network.Enable, network.EnableParams{})
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("file://"+path), chromedp.WaitReady("body")))
	count := func(js string) int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](js))
		require.NoError(t, err, js)
		return n
	}
	tables := count(`document.querySelectorAll("section.table").length`)
	charts := count(`document.querySelectorAll("section.table .bar-chart svg").length`)
	timelines := count(`document.querySelectorAll(".timeline-chart table.pivot").length`)
	assert.Equal(t, len(doc.Tables), tables, "a section per table")
	perTable, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`Array.from(document.querySelectorAll("section.table")).map(s =>
		s.querySelectorAll(".bar-chart svg").length + 10 * s.querySelectorAll(".no-chart").length)`))
	require.NoError(t, err)
	for i, n := range perTable {
		assert.True(t, n == 1 || n == 10, "table section %d: %d charts, %d notes of none", i+1, n%10, n/10)
	}
	legends, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`Array.from(document.querySelectorAll("section.table .legend")).map(l =>
		l.querySelectorAll(".swatch").length)`))
	require.NoError(t, err)
	for i, n := range legends {
		assert.LessOrEqual(t, n, 12, "legend %d: at most a colour per variant the palette tells apart", i+1)
	}
	pivotRows, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`Array.from(document.querySelectorAll(".timeline-chart table.pivot")).map(p =>
		p.querySelectorAll("tbody tr").length)`))
	require.NoError(t, err)
	for i, n := range pivotRows {
		assert.True(t, n >= 1 && n <= 20, "pivot %d has %d rows", i+1, n)
	}
	switch name {
	case "example", "series":
		assert.Equal(t, len(doc.Tables), charts, "every table of a thread with baselines has a chart")
	case "kinds":
		assert.Equal(t, len(doc.Tables)-1, charts, "the list of counters far apart has no chart")
		assert.Equal(t, 2, timelines, "a pivot per metric of the series with a reference row (alloc, free; not the printed overhead)")
		names, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll(
			"section.table .legend")).map(l => l.textContent)`))
		require.NoError(t, err)
		assert.Contains(t, strings.Join(names, "|"), "(3) charging + stats", "the rows compared with the reference row are the variants")
		assert.NotContains(t, strings.Join(names, "|"), "(1 baseline)", "the reference row has no bar")
	}
	if name == "series" {
		assert.Equal(t, 1, timelines, "one timeline pivot: one benchmark in one series")
	}

	// Each chart's box, in page coordinates, in page order; a chart wider
	// than the page scrolls inside its box, whose visible part counts.
	boxes, err := chromedp.Run(ctx, chromedp.Evaluate[[]chartBox](`Array.from(document.querySelectorAll(
		".bar-chart svg")).map(s => { const r = s.getBoundingClientRect();
		const p = s.parentElement.getBoundingClientRect(); const right = Math.min(r.right, p.right);
		return {id: s.parentElement.id || s.closest("section").id, x: r.left + window.scrollX,
		y: r.top + window.scrollY, w: right - r.left, h: r.height} })`))
	require.NoError(t, err)
	require.Len(t, boxes, charts)
	// One screenshot of the viewport holds several charts: scroll to the
	// first chart not yet seen, capture, cut out every chart wholly in
	// view. (A screenshot per element costs seconds on a page of a
	// thousand charts.)
	keep := os.Getenv("LKMLBENCH_SCREENSHOTS")
	done := 0
	for done < len(boxes) {
		top, err := chromedp.Run(ctx, chromedp.Evaluate[float64](
			fmt.Sprintf(`window.scrollTo(0, %f); window.scrollY`, math.Max(boxes[done].Y-4, 0))))
		require.NoError(t, err)
		shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		img, err := png.Decode(bytes.NewReader(shot))
		require.NoError(t, err)
		view := img.Bounds()
		start := done
		for done < len(boxes) {
			b := boxes[done]
			r := image.Rect(int(b.X), int(b.Y-top), int(math.Ceil(b.X+b.W)), int(math.Ceil(b.Y-top+b.H)))
			if !r.In(view) {
				break
			}
			chart := img.(interface {
				SubImage(image.Rectangle) image.Image
			}).SubImage(r)
			assert.Greater(t, r.Dx(), 200, "%s width", b.ID)
			assert.Greater(t, r.Dy(), 150, "%s height", b.ID)
			ink, colour := inkAndColour(chart)
			assert.Greater(t, ink, 0.005, "%s: the chart box is blank", b.ID)
			assert.True(t, colour, "%s: no coloured bar or line drawn", b.ID)
			if keep != "" {
				require.NoError(t, os.MkdirAll(keep, 0o755))
				var out bytes.Buffer
				require.NoError(t, png.Encode(&out, chart))
				require.NoError(t, os.WriteFile(filepath.Join(keep, fmt.Sprintf("%s-%s.png", name, b.ID)), out.Bytes(), 0o644))
			}
			done++
		}
		if done == start {
			require.FailNow(t, "a chart does not fit in the window", "%+v", boxes[done])
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, u := range requests {
		assert.True(t, strings.HasPrefix(u, "file://") || strings.HasPrefix(u, "data:") || u == "about:blank",
			"the page loaded %s", u)
	}
	assert.NotEmpty(t, requests, "the page itself was requested")
}

// chartBox is where a chart's SVG lies on the page, in CSS pixels.
type chartBox struct {
	ID string  `json:"id"`
	X  float64 `json:"x"`
	Y  float64 `json:"y"`
	W  float64 `json:"w"`
	H  float64 `json:"h"`
}

// inkAndColour measures a screenshot: the share of pixels that are not
// near white (axes and labels alone give about 1%), and whether any is
// saturated (a bar or a line in a palette colour, not only black axes and
// text): a chart whose data were not drawn fails the second.
func inkAndColour(img image.Image) (float64, bool) {
	b := img.Bounds()
	ink, total, colour := 0, 0, false
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			total++
			if r < 230 || g < 230 || bl < 230 {
				ink++
			}
			if max(r, g, bl)-min(r, g, bl) > 60 {
				colour = true
			}
		}
	}
	return float64(ink) / float64(total), colour
}
