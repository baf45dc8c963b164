package mbox

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

func TestHTMLErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"anti-bot page", `<!doctype html><html><head><title>Making sure you&#39;re not a bot!</title></head><body><p>Loading...</p></body></html>`,
			"page.html: this is lore's anti-bot proof-of-work page"},
		{"no message", `<html><head><title>Index</title></head><body><p>Nothing here</p></body></html>`,
			"page.html: HTML page without a mail message"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read("page.html", []byte(tc.in), Options{})
			require.Error(t, err)
			var pe *model.ParseError
			require.True(t, errors.As(err, &pe))
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestDetectHTML(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"<!DOCTYPE html><html>", true},
		{"\n  <html><body>", true},
		{"<!-- saved --><pre>From: a</pre>", true},
		{"From: a\nSubject: <b>\n", false},
		{"Re: [PATCH] <html> in subject\n", false},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, detectHTML([]byte(tc.in)), tc.in)
	}
}

func TestHTMLLoreThread(t *testing.T) {
	data, err := os.ReadFile("testdata/forms/html_lore_thread.html")
	require.NoError(t, err)
	res, err := Read("t.html", data, Options{})
	require.NoError(t, err)
	require.Equal(t, "html", res.Kind)
	require.Len(t, res.Messages, 2)
	assert.Equal(t, "Paolo Greco", res.Messages[1].Meta.From.Name)
	assert.Equal(t, "ZPc0xY2mq1@example.it", res.Messages[1].Meta.ID)
	for _, l := range res.Messages[1].Body {
		if l.Depth == 1 {
			assert.Equal(t, "Greta Lind", l.Author)
		}
	}
}

func FuzzHTML(f *testing.F) {
	for _, name := range []string{"html_lore_message.html", "html_lkml_org.html", "html_hypermail.html", "html_marc.html", "html_openwall.html"} {
		if data, err := os.ReadFile("testdata/forms/" + name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("<html><pre>From: a\nDate: x\n\n&gt; q<br>b</pre>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := readHTML("fuzz", data, Options{MaxLineBytes: 4096})
		if err != nil {
			var pe *model.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error is not a ParseError: %v", err)
			}
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

// TestHTMLTooDeep: a page nested deeper than the parser accepts is an
// error naming the line where the nesting goes too deep.
func TestHTMLTooDeep(t *testing.T) {
	page := "<html><head><title>x</title></head><body>\n<pre>\nFrom: A <a@x>\nSubject: s\n\nhi\n</pre>\n" +
		strings.Repeat("<div>\n", 600) + strings.Repeat("</div>", 600) + "</body></html>\n"
	_, err := Read("deep.html", []byte(page), Options{})
	require.Error(t, err)
	var pe *model.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Contains(t, err.Error(), "nested deeper than 512")
	// <html>, <body>, <pre> closed: the 511th <div> is the 513th element open.
	assert.Equal(t, 8+510, pe.Pos.Line)
}

// BenchmarkReadHTMLLarge reads a page of 400 lore message pages end to
// end (750 KB): placing the lines must stay linear in the page's size.
func BenchmarkReadHTMLLarge(b *testing.B) {
	page, err := os.ReadFile("testdata/forms/html_lore_message.html")
	if err != nil {
		b.Fatal(err)
	}
	data := bytes.Repeat(page, 400)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := readHTML("bench.html", data, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
