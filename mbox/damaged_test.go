package mbox

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/internal/gold"
	"github.com/lkmlbench/lkmlbench/model"
)

func TestDamagedSeeds(t *testing.T) {
	tests := []struct {
		seed, from, subject, id string
		date                    time.Time
	}{
		{"002_", "Hillf Danton", "Re: [PATCH v5 7/7] sched/fair: Add latency list",
			"20221008103439.107-1-hdanton@sina.com", time.Date(2022, 10, 8, 10, 34, 39, 0, time.UTC)},
		{"003_", "K Prateek Nayak", "Re: [PATCH V3 1/2] sched: Reduce the default slice to avoid tasks getting an extra tick",
			"3d0f9c2b-8498-4405-b178-9f6c8615f73b@amd.com", time.Date(2025, 3, 7, 4, 10, 11, 0, time.UTC)},
	}
	for _, tc := range tests {
		t.Run(tc.seed, func(t *testing.T) {
			name, data := readSeed(t, tc.seed)
			res, err := Read(name, data, Options{})
			require.NoError(t, err)
			require.Equal(t, "damaged-mbox", res.Kind)
			require.True(t, res.Reconstructed)
			require.Len(t, res.Messages, 1)
			m := res.Messages[0]
			assert.Equal(t, tc.from, m.Meta.From.Name)
			assert.Equal(t, tc.subject, m.Meta.Subject)
			assert.Equal(t, tc.id, m.Meta.ID)
			require.NotNil(t, m.Meta.Date)
			assert.True(t, tc.date.Equal(*m.Meta.Date), "date %v", m.Meta.Date)
			assert.True(t, m.Meta.Reconstructed)
			checkOffsets(t, data, m.Body)
			checkGoldAnchors(t, name, m.Body)
		})
	}
}

// checkOffsets verifies that every non-empty rebuilt line's text is found
// in the original file at its offset.
func checkOffsets(t *testing.T, data []byte, body []model.Line) {
	t.Helper()
	prevNo := 0
	for _, l := range body {
		require.Greater(t, l.No, prevNo, "line numbers increase")
		prevNo = l.No
		text := strings.TrimSpace(l.Text)
		if text == "" {
			continue
		}
		require.Less(t, int(l.Offset), len(data))
		assert.Contains(t, string(data[l.Offset:min(int(l.Offset)+len(l.Text)+64, len(data))]), text, "line %d", l.No)
	}
}

// checkGoldAnchors requires every gold table's anchor row to be one rebuilt
// line at the gold quote depth, by the gold author. An anchor that spans a
// wrapped row ("... | > max: ...") must continue on the next line.
func checkGoldAnchors(t *testing.T, name string, body []model.Line) {
	t.Helper()
	var keys *gold.File
	for _, f := range gold.Load(t) {
		if f.Name == name {
			keys = &f
		}
	}
	if keys == nil {
		t.Skipf("no gold for %s", name)
	}
	require.NotEmpty(t, keys.Tables)
	for _, g := range keys.Tables {
		depth, text := unquote(g.Anchor)
		require.Equal(t, g.QuoteDepth, depth, g.ID)
		first, rest := text, ""
		marker := " " + strings.Repeat(">", 1) + " "
		if depth > 1 {
			marker = " " + strings.TrimSpace(strings.Repeat("> ", depth)) + " "
			if !strings.Contains(text, marker) {
				marker = " " + strings.Repeat(">", depth) + " "
			}
		}
		if i := strings.Index(text, marker); i >= 0 {
			first, rest = text[:i], text[i+len(marker):]
		}
		found := false
		for i, l := range body {
			if l.Text != first {
				continue
			}
			found = true
			assert.Equal(t, g.QuoteDepth, l.Depth, "%s depth", g.ID)
			assert.Equal(t, gold.Str(g.Author), l.Author, "%s author", g.ID)
			if rest != "" {
				require.Less(t, i+1, len(body), g.ID)
				assert.True(t, strings.HasPrefix(body[i+1].Text, rest), "%s continuation %q", g.ID, body[i+1].Text)
			}
		}
		assert.True(t, found, "%s: no rebuilt line %q", g.ID, first)
	}
}

func TestDetectDamaged(t *testing.T) {
	long := strings.Repeat("word ", 200)
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"collapsed mbox", "From mboxrd@z Thu Jan 1 00:00:00 1970 From: A B To: C Subject: x Date: Mon, 1 Jan 2024 00:00:00 +0000 Message-ID: " + long, true},
		{"header first", "Received: from x by y; Mon, 1 Jan 2024 From: A Subject: hi X-Mailer: z " + long, true},
		{"short", "From: A To: B Subject: c", false},
		{"ordinary mail", strings.Repeat("From: A\nTo: B\nSubject: c\n\nbody line of ordinary text\n", 30), false},
		{"prose", "Hello " + long, false},
		{"too few headers", "From: A " + long, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, detectDamaged([]byte(tc.in)))
		})
	}
}

func TestDamagedHeaderBoundary(t *testing.T) {
	tests := []struct {
		name, in, firstBody string
	}{
		{"greeting", "From: A B Subject: s X-Id: abc Hello all, this is the body", "Hello all, this is the body"},
		{"quote marker", "From: A Subject: s List-ID: > quoted text", "> quoted text"},
		{"attribution", "From: A Subject: s List-ID: On Mon, 1 Jan 2024, B wrote: > x", "On Mon, 1 Jan 2024, B wrote:"},
		{"sentence", "From: A Subject: s X-Tag: 123 Applied the patch to the tree.", "Applied the patch to the tree."},
		{"no signal", "From: A Subject: s X-Tag: 123 4 5", "4 5"},
		{"subject with prose", "Subject: Re: Hello there is a bug here From: A X-Tag: q Thanks for the fix", "Thanks for the fix"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rb, err := dmgRebuild("x", []byte(tc.in), Options{}.withDefaults())
			require.NoError(t, err)
			parts := strings.SplitN(rb.text, "\n\n", 2)
			require.Len(t, parts, 2)
			assert.True(t, strings.HasPrefix(parts[1], tc.firstBody), "body %q", parts[1])
		})
	}
}

func TestDamagedQuoteDepths(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // rebuilt body lines
	}{
		{"empty quoted line before attribution",
			"> Hi, > > On Mon, Jan 1, 2024 at 1:00 AM Bob Smith wrote: > > > > text at two > > more text",
			[]string{"> Hi,", ">", "> On Mon, Jan 1, 2024 at 1:00 AM Bob Smith wrote:", "> >", "> > text at two", "> > more text"}},
		{"double marker style",
			"> one line >> deeper >> >> deeper again > > back at one",
			[]string{"> one line", ">> deeper", ">>", ">> deeper again", ">", "> back at one"}},
		{"quote runs into reply",
			"> Is this right? Thanks for checking the numbers on your machine, they match mine.",
			[]string{"> Is this right?", "Thanks for checking the numbers on your machine, they match mine."}},
		{"wrapped sentence keeps depth",
			"> > first > > --- > > second line of the reply that goes on > and ends here.",
			[]string{"> > first", "> > ---", ">", "> second line of the reply that goes on", "> and ends here."}},
		{"unquoted patch keeps operators",
			"Try this: @@ -1,2 +1,2 @@ int x; - if (a > b) + if (a >= b) return;",
			[]string{"Try this:", "@@ -1,2 +1,2 @@ int x;", "- if (a > b)", "+ if (a >= b) return;"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte(tc.in)
			var got []string
			for _, sp := range dmgBody(data, dmgTokens(data, 0, len(data))) {
				got = append(got, string(data[sp.s:sp.e]))
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestDamagedUnquotedRows(t *testing.T) {
	in := "Results: ~~~~~ Test : tbench Units : MB/s ~~~~~ Clients: tip[pct imp](CV) new[pct imp](CV) " +
		"1 1.00 [ 0.00]( 0.40) 1.00 [ -0.44]( 0.47) 2 1.00 [ 0.00]( 0.49) 0.99 [ -0.65]( 1.39) " +
		"| a | 1 | 2 | | b | 3 | 4 | ^ | c | 5 | 6 | 1-groups: 4.25 (0.00 pct) 4.14 (2.58 pct) 2-groups: 4.55 (0.00 pct) 4.49 (1.31 pct) " +
		"Looks good to me. Tested-by: Jane Doe -- Jane"
	want := []string{"Results:", "~~~~~", "Test : tbench", "Units : MB/s", "~~~~~",
		"Clients: tip[pct imp](CV) new[pct imp](CV)",
		"1 1.00 [ 0.00]( 0.40) 1.00 [ -0.44]( 0.47)", "2 1.00 [ 0.00]( 0.49) 0.99 [ -0.65]( 1.39)",
		"| a | 1 | 2 |", "| b | 3 | 4 | ^", "| c | 5 | 6 |",
		"1-groups: 4.25 (0.00 pct) 4.14 (2.58 pct)", "2-groups: 4.55 (0.00 pct) 4.49 (1.31 pct)",
		"Looks good to me.", "Tested-by: Jane Doe", "--", "Jane"}
	data := []byte(in)
	var got []string
	for _, sp := range dmgBody(data, dmgTokens(data, 0, len(data))) {
		got = append(got, string(data[sp.s:sp.e]))
	}
	assert.Equal(t, want, got)
}

// TestDamagedHuge feeds a few MB of collapsed text, half of it one token,
// and requires bounded output with the long line cut.
func TestDamagedHuge(t *testing.T) {
	var b strings.Builder
	b.WriteString("From mboxrd@z Thu Jan 1 00:00:00 1970 From: A B Subject: big X-Id: 1 Hello all, ")
	b.WriteString(strings.Repeat("> > 1 2 3 ", 200000))
	b.WriteString(strings.Repeat("x", 3<<20))
	res, err := Read("big", []byte(b.String()), Options{MaxLineBytes: 1 << 20})
	require.NoError(t, err)
	require.Len(t, res.Messages, 1)
	for _, l := range res.Messages[0].Body {
		require.LessOrEqual(t, len(l.Text), 1<<20)
	}
	require.NotEmpty(t, res.Warnings)
}

func FuzzDamaged(f *testing.F) {
	f.Add([]byte("From mboxrd@z Thu Jan 1 00:00:00 1970 From: A Subject: s X-A: b Hello > > 0 1 2 >> x -- y"))
	f.Add([]byte("Subject: s From: A List-ID: On 1 Jan B > a > > b >> c @@ -1 +1 @@ - x; + y; | a | | b |"))
	if data, err := os.ReadFile("testdata/forms/damaged_own.txt"); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rb, err := dmgRebuild("fuzz", data, Options{}.withDefaults())
		if err != nil {
			return
		}
		if strings.Count(rb.text, "\n") != len(rb.offsets) {
			t.Fatalf("%d lines but %d offsets", strings.Count(rb.text, "\n"), len(rb.offsets))
		}
		for _, off := range rb.offsets {
			if off < 0 || off > int64(len(data)) {
				t.Fatalf("offset %d outside input of %d bytes", off, len(data))
			}
		}
		if _, err := Read("fuzz", data, Options{}); err != nil {
			var pe *model.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error is not a ParseError: %v", err)
			}
		}
	})
}

// BenchmarkDamagedRebuild rebuilds 8 MB of one-line mail that is mostly
// table rows, the slow case of the line rebuild; the floor is
// 20 MB/s.
func BenchmarkDamagedRebuild(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 8<<20; i++ {
		fmt.Fprintf(&sb, "From tess@example.org Mon Nov 28 06:52:19 2022 From: Tess Kernel <tess@example.org> Subject: Re: [PATCH] sched: rows Message-ID: <d%d@example.org> Hello, Results on the test box (lower is better): hackbench Test: tip patched ", i)
		for r := range 40 {
			fmt.Fprintf(&sb, " %d-groups: %d.%02d (0.00 pct) %d.%02d (%d.%02d pct) ", r+1, r%97, i%100, r%89, (i+3)%100, r%7, i%100)
		}
		sb.WriteString("Thanks, Tess ")
	}
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := readDamaged("bench.mbox", data, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
