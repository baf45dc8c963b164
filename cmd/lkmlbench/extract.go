package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/alecthomas/kong"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/export"
	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/model"
)

type extractCmd struct {
	Format          string        `short:"f" enum:"${formats}" default:"summary" help:"Output format: ${formatsOr}. jsonl is one record per number, json the whole document, table the records in columns, parquet the records as a Parquet file (needs -o)."`
	Output          string        `short:"o" placeholder:"FILE" help:"Write to FILE instead of standard output (written in full or not at all)."`
	KeepQuoted      bool          `help:"Export every quoted copy of a table with its own quote depth; by default a table quoted again in later replies is exported once."`
	Explain         bool          `help:"List every candidate block and what each table family made of it, on standard error."`
	Lore            []string      `placeholder:"ID|URL" sep:"none" help:"Also fetch the whole thread of this message id or lore URL from the archive (repeatable)."`
	LoreBase        string        `placeholder:"URL" default:"${loreBase}" help:"Archive that --lore fetches from (default ${default})."`
	Timeout         time.Duration `default:"30s" help:"Give up on a --lore download after this long."`
	MaxLineBytes    int           `default:"1048576" placeholder:"N" help:"Cut lines longer than N bytes, with a warning (default ${default})."`
	MaxMessageBytes int64         `default:"67108864" placeholder:"N" help:"Cut messages longer than N bytes, with a warning (default ${default})."`
	Check           bool          `help:"List on standard error every printed percentage that disagrees with its values (exit status 1 when any)."`
	Benchmarks      string        `placeholder:"FILE" type:"existingfile" help:"Better-direction list (JSON, as normalize/benchmarks.json) laid over the built-in one."`
	Inputs          []string      `arg:"" optional:"" name:"input" help:"Mail to read: mbox, mbox.gz, a message, a web-archive page (text or HTML), a digest, a Maildir or a folder of messages; - for standard input. The form is told by content, not by name. A message id or lore URL that names no file is fetched (whole thread, cached)."`
}

// Help is the long help of "lkmlbench extract --help".
func (c *extractCmd) Help() string {
	return `Reads every input in turn and writes the benchmark tables found in it. A
table quoted again in later replies is written once, from its least quoted
copy, attributed to the person who wrote it. Numbers in patches, signatures
and prose are never records.

An input that cannot be read is reported as "lkmlbench: FILE: reason" on
standard error; the other inputs are still read and written, and the exit
status is 1. Problems that do not stop the reading are reported as
"FILE:LINE: warning: ...". An empty input gives no records.

jsonl and csv records are written as soon as each input has been read.

Examples:

    lkmlbench extract testdata/example-thread.mbox
    lkmlbench extract --format jsonl thread.mbox > records.jsonl
    lkmlbench extract --format csv -o results.csv a.mbox b.eml
    curl -s https://lore.kernel.org/all/ID/raw | lkmlbench extract -f jsonl -
    lkmlbench extract --lore https://lore.kernel.org/lkml/ID/ --format json
    lkmlbench extract --explain reply.eml`
}

// Run reads every input, keeps going past a bad one, and returns errInputs
// when any failed.
func (c *extractCmd) Run(ctx context.Context, k *kong.Context) error {
	if len(c.Inputs) == 0 && len(c.Lore) == 0 {
		return usageErr("no input: give FILE..., - for standard input, or --lore ID")
	}
	if c.Format == string(export.Parquet) && (c.Output == "" || c.Output == "-") {
		return usageErr("--format parquet writes a binary file: give -o FILE")
	}
	bl, err := loadBenchmarks(c.Benchmarks)
	if err != nil {
		return err
	}
	out, err := createOutput(c.Output, k.Stdout)
	if err != nil {
		return err
	}
	ex := lkmlbench.New(lkmlbench.Options{
		Benchmarks: bl,
		KeepQuoted: c.KeepQuoted,
		Explain:    c.Explain,
		Mail:       mbox.Options{MaxLineBytes: c.MaxLineBytes, MaxMessageBytes: c.MaxMessageBytes},
	})
	r := &extractRun{cmd: c, ex: ex, stderr: k.Stderr}
	format := export.Format(c.Format)
	if format.Streams() {
		rw, err := export.NewRecordWriter(out, format)
		if err != nil {
			out.abort()
			return err
		}
		r.stream = export.NewStreamer(rw, ex.Final)
		r.flush = out.Flush
	}

	for _, in := range c.Inputs {
		r.done(addInput(ctx, ex, in, c.LoreBase))
		if err := r.progress(); err != nil {
			out.abort()
			return err
		}
	}
	for _, id := range c.Lore {
		r.done(c.fetchLore(ctx, ex, id))
		if err := r.progress(); err != nil {
			out.abort()
			return err
		}
	}

	switch {
	case r.stream != nil:
		err = r.stream.Finish(ex.Document())
	case format == export.Table && c.Output == "":
		err = export.WriteTable(out, ex.Document().Observations(), termWidth(k.Stdout))
	default:
		err = export.Write(out, ex.Document(), format)
	}
	if err == nil {
		err = out.commit()
	}
	if err != nil {
		out.abort()
		return err
	}
	if c.Check && reportMismatches(k.Stderr, ex.Document()) > 0 {
		return errInputs
	}
	if r.failed {
		return errInputs
	}
	return nil
}

// fetchLore downloads one thread and adds it; errors name the id asked for.
func (c *extractCmd) fetchLore(ctx context.Context, ex *lkmlbench.Extractor, id string) error {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	name, data, err := fetchThread(ctx, c.LoreBase, id)
	if err != nil {
		return fmt.Errorf("%s: %w", id, err)
	}
	return ex.AddData(name, data)
}

// extractRun is the state of one extract run between inputs.
type extractRun struct {
	cmd      *extractCmd
	ex       *lkmlbench.Extractor
	stderr   io.Writer
	stream   *export.Streamer
	flush    func() error
	failed   bool
	warnings int // warnings already reported
	explains int // explanations already listed
}

// done reports an input's error, if any, on standard error.
func (r *extractRun) done(err error) {
	if err == nil {
		return
	}
	r.failed = true
	if errors.Is(err, context.Canceled) {
		err = fmt.Errorf("interrupted: %w", err)
	}
	fmt.Fprintf(r.stderr, "lkmlbench: %v\n", err)
}

// progress reports what the last input added: its warnings, its --explain
// listing and the records that are settled.
func (r *extractRun) progress() error {
	doc := r.ex.Document()
	for _, w := range doc.Warnings[r.warnings:] {
		fmt.Fprintf(r.stderr, "%s: warning: %s\n", position(w), w.Message)
	}
	r.warnings = len(doc.Warnings)
	if r.cmd.Explain {
		all := r.ex.Explanations()
		writeExplain(r.stderr, all[r.explains:])
		r.explains = len(all)
	}
	if r.stream == nil {
		return nil
	}
	if err := r.stream.Progress(doc); err != nil {
		return err
	}
	return r.flush()
}

// position renders a warning's place as file:line or file: offset N.
func position(w model.Warning) string {
	switch {
	case w.Line > 0:
		return fmt.Sprintf("%s:%d", w.Source, w.Line)
	case w.Offset > 0:
		return fmt.Sprintf("%s: offset %d", w.Source, w.Offset)
	}
	return w.Source
}
