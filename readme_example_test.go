package lkmlbench_test

import (
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/export"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
	"github.com/lkmlbench/lkmlbench/report"
)

// readmeThread is the thread the README's example reads here: one result
// table whose patched kernel regresses beyond the noise its CV gives.
const readmeThread = "From x@y Mon Jan  1 00:00:00 2024\nFrom: Kavya Rao <kavya@example.org>\nSubject: Re: [PATCH v2] sched: try harder\n" +
	"Message-ID: <r1@example.org>\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n\nhackbench\n\n" +
	"Clients: tip patched\n 1  573.26 [0.21] (0.00 pct)  778.14 [0.33] (-35.74 pct)\n 2  581.75 [0.10] (0.00 pct)  586.52 [0.20] (-0.82 pct)\n"

// Example_readme is the README's library example (TestReadmeExample holds
// the two equal and runs it), in a folder holding its two inputs.
func Example_readme() {
	dir, err := os.MkdirTemp("", "lkmlbench-readme")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	if err := os.Chdir(dir); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("thread.mbox", []byte(readmeThread), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("reply.eml", []byte("From: Ann Lee <ann@example.org>\nSubject: Re: x\n\nThanks, looks good.\n"), 0o644); err != nil {
		log.Fatal(err)
	}
	// README begin
	ex := lkmlbench.New(lkmlbench.Options{})
	for _, path := range []string{"thread.mbox", "reply.eml"} {
		if err := ex.AddPath(path); err != nil {
			log.Print(err) // the other inputs are still read
		}
	}
	doc := ex.Document()
	for _, o := range doc.Observations() {
		fmt.Println(o.Benchmark, o.Case, o.Variant, o.Field, o.Value, o.Author)
		if o.Verdict == model.VerdictRegressed { // improved, regressed, within noise
			fmt.Println("  regressed by", *o.ImprovementPct, "%, judged by", o.VerdictBasis)
		}
	}
	for _, s := range normalize.Summaries(doc, 0) { // per table, from the cells' verdicts
		fmt.Println(s.Table, s.Regressed, "of", s.Compared, "regress:", s.Verdict)
	}
	if err := export.Write(os.Stdout, doc, export.Summary); err != nil { // or JSONL, CSV, JSON, Table, Parquet
		log.Fatal(err)
	}
	f, err := os.Create("report.html")
	if err != nil {
		log.Fatal(err)
	}
	if err := report.Write(f, doc, report.Options{LoreBase: "https://lore.kernel.org"}); err != nil { // the HTML report
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	// README end
}

// TestReadmeExample: the README's library example is Example's body, so
// it compiles, runs and prints what Example's output says.
func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	src, err := os.ReadFile(filepath.Join("readme_example_test.go"))
	require.NoError(t, err)
	s := string(src)
	body := s[strings.Index(s, "// README begin\n")+len("// README begin\n") : strings.Index(s, "\t// README end")]
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	block := "## Library use\n\n```go\n" + strings.Join(lines, "\n") + "\n```\n"
	assert.True(t, strings.Contains(string(readme), block), "README.md's library example is not Example's body:\n%s", block)

	r, w, err := os.Pipe()
	require.NoError(t, err)
	stdout := os.Stdout
	os.Stdout = w
	done := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		done <- b
	}()
	Example_readme()
	os.Stdout = stdout
	w.Close()
	out := string(<-done)
	assert.Contains(t, out, "hackbench 1 patched value 778.14 Kavya Rao\n  regressed by -35.74 %, judged by cv\n")
	assert.NotContains(t, out, "0x", "a pointer printed instead of its value")
	assert.Contains(t, out, "1 table, 12 numbers from 2 messages in 2 inputs")
}
