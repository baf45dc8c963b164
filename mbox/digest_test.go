package mbox

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

func TestDigestSeed(t *testing.T) {
	name, data := readSeed(t, "004_")
	res, err := Read(name, data, Options{})
	require.NoError(t, err)
	require.Equal(t, "digest", res.Kind)
	var authors []string
	for _, m := range res.Messages {
		authors = append(authors, m.Meta.From.Name)
	}
	// The seed holds ten "[Author]" openings (grep -c '^\[[A-Z][a-z].*\]$').
	assert.Equal(t, []string{"Joel Fernandes", "Vincent Guittot", "Joel Fernandes", "Vincent Guittot",
		"Dietmar Eggemann", "Joel Fernandes", "Joel Fernandes", "Vincent Guittot", "Joel Fernandes",
		"Vincent Guittot"}, authors)
	first := res.Messages[0]
	assert.Equal(t, name+"#1", first.Meta.ID)
	assert.Empty(t, first.Meta.InReplyTo)
	assert.Equal(t, "[PATCH] sched/fair: Consider RT/IRQ pressure in capacity_spare_wake", first.Meta.Subject)
	// Dietmar answers Joel's patch, not the message before his.
	assert.Equal(t, name+"#1", res.Messages[4].Meta.InReplyTo)
	lines := strings.Split(string(data), "\n")
	for _, m := range res.Messages {
		for _, l := range m.Body {
			assert.True(t, strings.HasSuffix(lines[l.No-1], l.Text), "line %d %q", l.No, l.Text)
			assert.True(t, strings.HasPrefix(string(data[l.Offset:]), lines[l.No-1]), "offset of line %d", l.No)
			if l.Depth > 0 && l.Kind == model.KindText && strings.Contains(l.Text, "| 0.7293 (+30.7%)") {
				assert.Equal(t, "Joel Fernandes", l.Author, "quoted grid at line %d", l.No)
			}
		}
	}
}

func TestDigestAuthorsOfQuotes(t *testing.T) {
	in := "[PATCH] mm: Speed up the thing\n\n[Ann Lee]\n\nResults:\n  base 10\n\n" +
		"Re: [PATCH] mm: Speed up the thing\n\n[Bo Chen]\n\n> Results:\n>   base 10\nNice.\n\n" +
		"Re: [PATCH] mm: Speed up the thing\n\n[Ann Lee]\n\n>> Results:\n> Nice.\nThanks.\n"
	res, err := Read("d.txt", []byte(in), Options{})
	require.NoError(t, err)
	require.Len(t, res.Messages, 3)
	second, third := res.Messages[1], res.Messages[2]
	assert.Equal(t, "d.txt#1", second.Meta.InReplyTo)
	assert.Equal(t, "d.txt#2", third.Meta.InReplyTo)
	assert.Equal(t, "Ann Lee", second.Body[0].Author, "unattributed depth 1 is the parent's author")
	assert.Equal(t, "Ann Lee", third.Body[0].Author, "depth 2 goes back two turns")
	assert.Equal(t, "Bo Chen", third.Body[1].Author)
	assert.Equal(t, 12, second.Body[0].No)
}

func TestDetectDigest(t *testing.T) {
	tests := []struct {
		name, in string
		want     bool
	}{
		{"opening first", "Subject line\n\n[Jane Doe]\n\nbody\n", true},
		{"title then opening", "Title\n\nSubject line\n\n[Jane Doe]\n\nbody\n", true},
		{"reference not author", "Subject\n\n[1] https://example.org\n\nbody\n", false},
		{"ellipsis", "Subject\n\n[..]\n\nbody\n", false},
		{"mail", "From: a\nSubject: b\n\nbody [Jane Doe]\n", false},
		{"opening too late", strings.Repeat("prose\n", 20) + "S\n\n[Jane Doe]\n\nb\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, detectDigest([]byte(tc.in)))
		})
	}
}

func FuzzDigest(f *testing.F) {
	f.Add([]byte("S\n\n[A B]\n\n> x\n>> y\nOn Mon, 1 Jan 2024, A B wrote:\n> z\n\nRe: S\n\n[C]\n\n"))
	f.Add([]byte("S\n\n[A]\n"))
	if data, err := os.ReadFile("testdata/forms/digest_thread.txt"); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := readDigest("fuzz", data, Options{MaxLineBytes: 4096})
		if err != nil {
			return
		}
		for _, m := range res.Messages {
			for _, l := range m.Body {
				if l.Offset < 0 || l.Offset > int64(len(data)) || l.No < 1 {
					t.Fatalf("bad position %d/%d", l.No, l.Offset)
				}
			}
		}
	})
}
