package gen

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"mime/quotedprintable"
	"strings"
	"time"
)

// Gen writes messages; all randomness comes from its seeded source, so
// the output is the same for the same seed.
type Gen struct {
	r     *rand.Rand
	ids   []string // recent message ids, for replies
	start time.Time
}

// New returns a generator seeded with seed.
func New(seed uint64) *Gen {
	return &Gen{r: rand.New(rand.NewPCG(seed, 0x6c6b6d6c)), start: time.Date(2022, 1, 3, 8, 0, 0, 0, time.UTC)}
}

var (
	people = []string{"Vincent Guittot <vincent.guittot@linaro.org>", "Peter Zijlstra <peterz@infradead.org>",
		"K Prateek Nayak <kprateek.nayak@amd.com>", "Mel Gorman <mgorman@techsingularity.net>",
		"Chen Yu <yu.c.chen@intel.com>", "Dietmar Eggemann <dietmar.eggemann@arm.com>",
		"Ingo Molnar <mingo@kernel.org>", "Juri Lelli <juri.lelli@redhat.com>",
		"Valentin Schneider <vschneid@redhat.com>", "Steven Rostedt <rostedt@goodmis.org>",
		"Qais Yousef <qyousef@layalina.io>", "Joel Fernandes <joel@joelfernandes.org>"}
	subsystems = []string{"sched/fair", "mm/page_alloc", "net/tcp", "block/mq", "x86/mm", "fs/ext4", "sched/core", "rcu"}
	verbs      = []string{"Fix", "Add", "Remove", "Rework", "Avoid", "Introduce", "Simplify", "Limit"}
	objects    = []string{"latency nice handling", "idle balance cost", "spurious wakeups", "lock contention in reclaim",
		"stale cpu capacity", "the wakeup preemption check", "util_est updates", "NUMA imbalance"}
	words = strings.Fields(`the scheduler task runqueue when wakeup latency load balance cpu group
		this patch we should would could because regression improvement tested on machine with
		results show that numbers about same but also variance between runs kernel tree commit`)
)

func (g *Gen) pick(l []string) string { return l[g.r.IntN(len(l))] }

// Message renders message i, From_ line included: a patch, a reply or
// (every 50th message) a reply with a result table; 3% are base64 and 5%
// quoted-printable.
func (g *Gen) Message(i int) string {
	date := g.start.Add(time.Duration(i) * 47 * time.Second)
	id := fmt.Sprintf("%d%04d.%d-%d-%s", date.Unix(), i%10000, g.r.IntN(99999), i, "lkml@example.org")
	from := g.pick(people)
	kind := g.r.IntN(100)
	var subject, body string
	var reply string
	if len(g.ids) > 0 && kind >= 40 {
		reply = g.ids[g.r.IntN(len(g.ids))]
	}
	title := fmt.Sprintf("%s: %s %s", g.pick(subsystems), g.pick(verbs), g.pick(objects))
	version := 1 + g.r.IntN(9)
	switch {
	case i%50 == 7:
		subject = fmt.Sprintf("Re: [PATCH v%d 0/%d] %s", version, 3+g.r.IntN(8), title)
		body = g.prose(3) + "\n" + g.table() + "\n" + g.prose(2) + g.signature()
	case kind < 40:
		subject = fmt.Sprintf("[PATCH v%d %d/%d] %s", version, 1+g.r.IntN(5), 5+g.r.IntN(5), title)
		body = g.prose(5) + "\nSigned-off-by: " + from + "\n---\n" + g.diff()
	default:
		subject = fmt.Sprintf("Re: [PATCH v%d %d/%d] %s", version, 1+g.r.IntN(5), 5+g.r.IntN(5), title)
		body = g.quoted(g.pick(people), date) + "\n" + g.prose(3) + g.signature()
	}
	g.ids = append(g.ids, id)
	if len(g.ids) > 200 {
		g.ids = g.ids[1:]
	}
	cte := "8bit"
	switch g.r.IntN(100) {
	case 0, 1, 2:
		cte, body = "base64", wrap64(base64.StdEncoding.EncodeToString([]byte(body)))
	case 3, 4, 5, 6, 7:
		var b strings.Builder
		w := quotedprintable.NewWriter(&b)
		w.Write([]byte(body))
		w.Close()
		cte, body = "quoted-printable", b.String()
	}
	var h strings.Builder
	fmt.Fprintf(&h, "From mboxrd@z Thu Jan  1 00:00:00 1970\n")
	g.headers(&h, from, subject, id, reply, date, cte)
	h.WriteString("\n")
	h.WriteString(body)
	if !strings.HasSuffix(body, "\n") {
		h.WriteString("\n")
	}
	h.WriteString("\n")
	return h.String()
}

// headers writes a lore-like header block of 2-3 KB.
func (g *Gen) headers(h *strings.Builder, from, subject, id, reply string, date time.Time, cte string) {
	fmt.Fprintf(h, "Return-Path: <linux-kernel+bounces-%d-lkml=lkml.kernel.org@vger.kernel.org>\n", g.r.IntN(1e6))
	for k := 0; k < 3+g.r.IntN(3); k++ {
		fmt.Fprintf(h, "Received: from mail-%s.example.net (mail-%s.example.net [10.%d.%d.%d])\n\tby smtp.subspace.kernel.org (Postfix) with ESMTPS id %X\n\tfor <linux-kernel@vger.kernel.org>; %s\n",
			g.pick(words), g.pick(words), g.r.IntN(255), g.r.IntN(255), g.r.IntN(255), g.r.Uint32(), date.Format(time.RFC1123Z))
	}
	fmt.Fprintf(h, "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=example.org; s=k1;\n\tt=%d; bh=%s;\n\th=From:To:Cc:Subject:Date:Message-Id:In-Reply-To:References;\n\tb=%s\n",
		date.Unix(), g.b64(32), wrapHeader(g.b64(256)))
	fmt.Fprintf(h, "ARC-Seal: i=1; a=rsa-sha256; d=subspace.kernel.org; s=arc; t=%d;\n\tcv=none; b=%s\n", date.Unix(), wrapHeader(g.b64(256)))
	fmt.Fprintf(h, "Authentication-Results: smtp.subspace.kernel.org; dkim=pass (2048-bit key) header.d=example.org\n")
	fmt.Fprintf(h, "From: %s\nTo: %s\n", from, g.pick(people))
	cc := make([]string, 4+g.r.IntN(8))
	for k := range cc {
		cc[k] = g.pick(people)
	}
	fmt.Fprintf(h, "Cc: %s\n", strings.Join(cc, ",\n\t"))
	fmt.Fprintf(h, "Subject: %s\nDate: %s\nMessage-ID: <%s>\n", subject, date.Format(time.RFC1123Z), id)
	if reply != "" {
		fmt.Fprintf(h, "In-Reply-To: <%s>\nReferences: <%s>\n\t<%s>\n", reply, g.pick(g.ids), reply)
	}
	fmt.Fprintf(h, "List-Id: <linux-kernel.vger.kernel.org>\nList-Subscribe: <mailto:linux-kernel+subscribe@vger.kernel.org>\nList-Unsubscribe: <mailto:linux-kernel+unsubscribe@vger.kernel.org>\nPrecedence: bulk\nX-Mailing-List: linux-kernel@vger.kernel.org\n")
	fmt.Fprintf(h, "MIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: %s\n", cte)
}

func (g *Gen) b64(n int) string {
	b := make([]byte, n*3/4)
	for i := range b {
		b[i] = byte(g.r.Uint32())
	}
	return base64.StdEncoding.EncodeToString(b)
}

func wrapHeader(s string) string {
	var out []string
	for len(s) > 70 {
		out = append(out, s[:70])
		s = s[70:]
	}
	return strings.Join(append(out, s), "\n\t ")
}

func wrap64(s string) string {
	var b strings.Builder
	for len(s) > 76 {
		b.WriteString(s[:76] + "\n")
		s = s[76:]
	}
	return b.String() + s + "\n"
}

// prose writes n paragraphs of list-style text.
func (g *Gen) prose(n int) string {
	var b strings.Builder
	for p := 0; p < n; p++ {
		line := 0
		for k := 0; k < 30+g.r.IntN(40); k++ {
			w := g.pick(words)
			if line+len(w) > 72 {
				b.WriteString("\n")
				line = 0
			}
			b.WriteString(w + " ")
			line += len(w) + 1
		}
		b.WriteString("\n\n")
	}
	return b.String()
}

func (g *Gen) signature() string { return "\n-- \nThanks and Regards,\n" + g.pick(people) + "\n" }

// diff writes a diffstat and a patch of a few hunks.
func (g *Gen) diff() string {
	var b strings.Builder
	file := fmt.Sprintf("kernel/%s/%s.c", g.pick(subsystems), g.pick(words))
	fmt.Fprintf(&b, " %s | %d +++++---\n 1 file changed, %d insertions(+), %d deletions(-)\n\n", file, 8+g.r.IntN(40), 5+g.r.IntN(30), 3+g.r.IntN(20))
	fmt.Fprintf(&b, "diff --git a/%s b/%s\nindex %07x..%07x 100644\n--- a/%s\n+++ b/%s\n", file, file, g.r.IntN(1<<28), g.r.IntN(1<<28), file, file)
	for k := 0; k < 2+g.r.IntN(5); k++ {
		at := 100 + g.r.IntN(5000)
		fmt.Fprintf(&b, "@@ -%d,%d +%d,%d @@ static int %s_%s(struct rq *rq, int cpu)\n", at, 12, at+k, 14, g.pick(words), g.pick(words))
		for l := 0; l < 12; l++ {
			switch g.r.IntN(6) {
			case 0:
				fmt.Fprintf(&b, "-\tif (rq->nr_running > %d && cpu_of(rq) != %d)\n", g.r.IntN(64), g.r.IntN(256))
			case 1:
				fmt.Fprintf(&b, "+\tif (READ_ONCE(rq->nr_running) > %d)\n", g.r.IntN(64))
			default:
				fmt.Fprintf(&b, " \t%s = %s_%s(rq, %d);\n", g.pick(words), g.pick(words), g.pick(words), g.r.IntN(16))
			}
		}
	}
	return b.String() + "--\n2.34.1\n"
}

// quoted writes an attributed, quoted excerpt of an earlier message.
func (g *Gen) quoted(who string, date time.Time) string {
	name := who[:strings.IndexByte(who, '<')-1]
	var b strings.Builder
	fmt.Fprintf(&b, "On %s, %s wrote:\n", date.Add(-3*time.Hour).Format("Mon, Jan 2, 2006 at 15:04"), name)
	for _, l := range strings.Split(strings.TrimSpace(g.prose(2)), "\n") {
		b.WriteString("> " + l + "\n")
	}
	if g.r.IntN(3) == 0 {
		for _, l := range strings.Split(strings.TrimSpace(g.diff()), "\n")[:10] {
			b.WriteString("> " + l + "\n")
		}
	}
	return b.String()
}

// table writes one benchmark result table of a parsed family.
func (g *Gen) table() string {
	var b strings.Builder
	v := func() float64 { return 1 + g.r.Float64()*1000 }
	switch g.r.IntN(4) {
	case 0: // value-pct
		b.WriteString("hackbench (lower is better)\n\n                     tip                 patched\n")
		for _, c := range []string{"1-groups", "2-groups", "4-groups", "8-groups", "16-groups"} {
			x := v()
			fmt.Fprintf(&b, "%-12s %10.2f (0.00 pct) %10.2f (%.2f pct)\n", c+":", x, x*0.98, 2.0)
		}
	case 1: // AMD pct-imp-cv
		b.WriteString("==================================================================\nTest          : schbench\nUnits         : Normalized 99th percentile latency in us\nInterpretation: Lower is better\nStatistic     : Median\n==================================================================\n#workers:   tip[pct imp](CV)      patched[pct imp](CV)\n")
		for _, c := range []int{1, 2, 4, 8, 16} {
			fmt.Fprintf(&b, "  %2d        1.00 [ -0.00]( 3.%02d)     0.%02d [ +%d.00]( 4.%02d)\n", c, g.r.IntN(99), 90+g.r.IntN(9), g.r.IntN(9), g.r.IntN(99))
		}
	case 2: // mmtests
		b.WriteString("netperf-tcp\n                              baseline               patched\n")
		for _, c := range []int{64, 128, 256, 1024, 4096} {
			x := v()
			fmt.Fprintf(&b, "Hmean     %-6d %10.2f (   0.00%%)   %10.2f *   1.%02d%%*\n", c, x, x*1.01, g.r.IntN(99))
		}
	default: // ASCII grid
		b.WriteString("+-----------+----------+----------+--------+\n| Test      | base     | patched  | diff   |\n+-----------+----------+----------+--------+\n")
		for _, c := range []string{"tbench", "dbench", "stream", "ebizzy"} {
			x := v()
			fmt.Fprintf(&b, "| %-9s | %8.2f | %8.2f | %+5.1f%% |\n", c, x, x*1.02, 2.0)
		}
		b.WriteString("+-----------+----------+----------+--------+\n")
	}
	return b.String()
}
